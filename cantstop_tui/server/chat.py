"""A table's chat: its last lines (people's words and the table's notices) and who listens."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from ..play.listeners import subscribe
from ..play.names import MAX_PLAYER_NAME, sanitize_text
from ..play.seating import Person

CHAT_LINES = 50
CHAT_LENGTH = 120
WATCHING = " (watching)"
"""After a watcher's name in the chat: not a player's line."""
KEPT_LENGTH = MAX_PLAYER_NAME + len(WATCHING) + len(": ") + CHAT_LENGTH
"""The longest line the chat keeps: a person's line with their name before it (read back
from the store cut at this, never at ``CHAT_LENGTH``, which the words alone are cut at)."""


class TableChat:
    def __init__(self) -> None:
        self.lines: deque[str] = deque(maxlen=CHAT_LINES)
        self._listeners: list[Callable[[str], None]] = []

    def say(self, person: Person, text: str, *, watching: bool = False) -> None:
        """What a person typed, sanitized and cut to ``CHAT_LENGTH``; nothing if empty. A
        watcher's line says so after their name (``carol (watching): hi``)."""
        line = sanitize_text(text)[:CHAT_LENGTH]
        if line:
            self.post(f"{person.name}{WATCHING if watching else ''}: {line}")

    def post(self, line: str) -> None:
        """A chat line or a notice, to everyone at the table."""
        self.lines.append(line)
        for listener in list(self._listeners):
            listener(line)

    def restore(self, lines: list[object]) -> None:
        """Lines read back from the server's store (hostile until cleaned)."""
        self.lines.extend(sanitize_text(str(line))[:KEPT_LENGTH] for line in lines)

    def subscribe(self, listener: Callable[[str], None]) -> Callable[[], None]:
        return subscribe(self._listeners, listener)
