"""A scrolling log of the game: rolls, choices, busts and columns won."""

from __future__ import annotations

from textual.reactive import var
from textual.widgets import RichLog

from ...engine import Rolled
from ..explain import history_lines, log_lines, rolloff_lines
from ..view import GameView


class GameLog(RichLog):
    DEFAULT_CSS = """
    GameLog {
        height: 1fr;
        width: 1fr;
        background: $surface;
        border: none;
        scrollbar-size-vertical: 1;
        overflow-x: hidden;
        scrollbar-background: $surface;
        scrollbar-color: $primary 50%;
        padding: 0;
    }
    """

    view: var[GameView | None] = var(None)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(
            id=id, wrap=True, max_lines=400, min_width=16, markup=False, auto_scroll=True
        )
        self._game: tuple[object, ...] | None = None
        self._seen = 0
        self._rolled: Rolled | None = None

    def watch_view(self, view: GameView | None) -> None:
        if view is None:
            return
        match = view.match
        game = (match.seed, match.seats, match.config)
        if game != self._game or len(match.history) < self._seen:
            self.clear()
            for line in rolloff_lines(match):
                self.write(line)
            if match.history and not view.events:
                lines, self._rolled = history_lines(match)
                for line in lines:
                    self.write(line)
            self._game = game
        self._seen = len(match.history)
        lines, self._rolled = log_lines(match, view.events, self._rolled)
        for line in lines:
            self.write(line)
