"""Game over: the winner, every player's turns, busts and columns, and what next."""

from __future__ import annotations

from typing import ClassVar, Literal

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...match import Match
from ..glyphs import Glyphs, player_style
from ..widgets.too_small import TooSmall

Choice = Literal["rematch", "new", "quit"]


class GameOverScreen(ModalScreen[Choice]):
    DEFAULT_CSS = """
    GameOverScreen {
        align: center middle;
    }
    GameOverScreen > Vertical {
        width: 60;
        height: auto;
        border: heavy $success;
        background: $panel;
        padding: 0 1;
    }
    GameOverScreen #winner {
        text-style: bold;
        margin: 0 0 1 0;
    }
    GameOverScreen Horizontal {
        height: auto;
        margin: 1 0 0 0;
    }
    GameOverScreen Button {
        margin: 0 2 0 0;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r,enter", "choose('rematch')", "Rematch"),
        Binding("n", "choose('new')", "New game"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def __init__(self, match: Match, glyphs: Glyphs) -> None:
        super().__init__()
        self.match = match
        self.glyphs = glyphs

    def compose(self) -> ComposeResult:
        match = self.match
        winner = match.state.winner if match.state.winner is not None else 0
        columns = ", ".join(str(c) for c in match.state.columns_won(winner))
        with Vertical():
            yield Static(
                f"{self.glyphs.shape(winner)} {match.seats[winner].name} wins, "
                f"with columns {columns}!",
                id="winner",
            )
            yield Static(self._stats(), id="stats")
            with Horizontal():
                yield Button("Rematch (r)", id="rematch", variant="primary", compact=True)
                yield Button("New game (n)", id="new", compact=True)
                yield Button("Quit (q)", id="quit", variant="error", compact=True)
        yield TooSmall()

    def _stats(self) -> RichTable:
        table = RichTable(box=None, padding=(0, 2, 0, 0))
        for heading in ("Player", "Turns", "Busts", "Columns"):
            table.add_column(heading, justify="left" if heading == "Player" else "right")
        state = self.match.state
        for player, seat in enumerate(self.match.seats):
            stats = self.match.stats[player]
            name = Text(f"{self.glyphs.shape(player)} ", style=player_style(player))
            name.append(seat.name, style="bold" if player == state.winner else "")
            won = ",".join(str(c) for c in state.columns_won(player)) or "-"
            table.add_row(name, str(stats.turns), str(stats.busts), won)
        return table

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_choose(event.button.id or "quit")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)  # type: ignore[arg-type]
