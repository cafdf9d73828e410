"""The terminal game: a Textual app driven by a ``Table`` and the engine's events."""
