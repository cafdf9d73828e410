"""A game being played: the match record, the table that applies intents, seats, narration
and explanations. Built on the engine and the AI; knows nothing of Textual or storage."""
