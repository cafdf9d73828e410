"""Game over: the winner, every player's turns, busts and columns, and what next."""

from __future__ import annotations

from typing import ClassVar, Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static
from textual.widgets.button import ButtonVariant

from ...play.match import Match
from ...play.name_cells import cells, ellipsis_for, name_column
from ...play.narration import verb
from .. import screen_keys
from ..glyphs import Glyphs, player_style
from ..keys import bindings
from ..widgets.too_small import TooSmall
from .closing import close
from .replay import PlayOn

Choice = Literal["rematch", "new", "quit"]
BOX_WIDTH = 60
"""The game-over box's width, its border and padding in it."""
STATS_ROOM = BOX_WIDTH - 4
"""The cells a line of the statistics has (the box less its border and padding)."""
STATS_NAME_CELLS = 16
"""The statistics' name column at least (``play.name_cells``); a longer name gets the room
the box has beside the other columns (``stats_name_cells``)."""
STATS_BESIDE = len("* ") + len("  ") + 6 + 7 + len("  ")
"""A statistics line less its name and columns won: shape, gap, turns, busts, gap."""


class GameOverScreen(ModalScreen["Choice | PlayOn"]):
    DEFAULT_CSS = f"""
    GameOverScreen {{
        align: center middle;
    }}
    GameOverScreen > Vertical {{
        width: {BOX_WIDTH};
        height: auto;
        border: heavy $success;
        background: $panel;
        padding: 0 1;
    }}
    GameOverScreen #winner {{
        text-style: bold;
        margin: 0 0 1 0;
    }}
    GameOverScreen Horizontal {{
        height: auto;
        margin: 1 0 0 0;
    }}
    GameOverScreen Button {{
        margin: 0 2 0 0;
        min-width: 0;  /* four buttons side by side in the box */
    }}
    """

    BINDINGS: ClassVar[list[BindingType]] = bindings(screen_keys.GAME_OVER)

    def __init__(self, match: Match, glyphs: Glyphs, advice: str | None = None) -> None:
        """``advice``: one line under the statistics (whether the next level up is worth a
        try, ``play.my_level``)."""
        super().__init__()
        self.match = match
        self.glyphs = glyphs
        self.advice = advice

    def compose(self) -> ComposeResult:
        match = self.match
        winner = match.state.winner if match.state.winner is not None else 0
        columns = ", ".join(str(c) for c in match.state.columns_won(winner))
        with Vertical(classes="dialog"):
            yield Static(
                f"{self.glyphs.shape(winner)} {verb(match.seats[winner].name, 'win')}, "
                f"with columns {columns}!",
                id="winner",
            )
            yield Static(self._stats(), id="stats")
            if self.advice:
                yield Static(self.advice, id="advice", markup=False)
            yield from self.below_stats()
            with Horizontal():
                for choice, label, variant in self.buttons():
                    yield Button(label, id=choice, variant=variant, compact=True)
        yield TooSmall()

    def below_stats(self) -> ComposeResult:
        """Lines between the statistics and the buttons (none here)."""
        yield from ()

    def buttons(self) -> tuple[tuple[str, str, ButtonVariant], ...]:
        """``(choice, label, variant)`` of each button."""
        return (
            ("rematch", screen_keys.REMATCH.button, "primary"),
            ("new", screen_keys.GAME_OVER_NEW.button, "default"),
            ("review", screen_keys.REVIEW_GAME.button, "default"),
            ("quit", screen_keys.GAME_OVER_QUIT.button, "error"),
        )

    def _stats(self) -> Text:
        room = stats_name_cells(self.match)
        header = f"  {'Player':<{room + 2}}{'Turns':>6}{'Busts':>7}  Columns\n"
        text = Text(header, style="bold")
        state = self.match.state
        for player, seat in enumerate(self.match.seats):
            stats = self.match.stats[player]
            text.append(f"{self.glyphs.shape(player)} ", style=player_style(player))
            name = name_column(seat.name, room, ellipsis_for(self.glyphs.plain)) + "  "
            text.append(name, style="bold" if player == state.winner else "")
            won = ",".join(str(c) for c in state.columns_won(player)) or "-"
            text.append(f"{stats.turns:>6}{stats.busts:>7}  {won}\n")
        return text

    PLAY_ON = True
    """Whether the review's replay may play on from a step (a local game: yes)."""

    def action_review(self) -> None:
        from .review import ReviewScreen

        review = ReviewScreen(self.match, "", self.glyphs, play_on=self.PLAY_ON)
        self.app.push_screen(review, self._reviewed)

    def _reviewed(self, choice: PlayOn | None) -> None:
        if choice is not None:
            close(self, choice)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "review":
            self.action_review()
            return
        self.action_choose(event.button.id or "quit")

    def action_choose(self, choice: str) -> None:
        close(self, choice)


def stats_name_cells(match: Match) -> int:
    """The statistics' name column: ``STATS_NAME_CELLS``, or as many cells as the longest
    name takes if the box has them beside the other columns (measured, not fixed)."""
    won = [",".join(str(c) for c in match.state.columns_won(p)) for p in range(len(match.seats))]
    widest = max(len("Columns"), *(len(columns) for columns in won))
    longest = max(cells(seat.name) for seat in match.seats)
    return max(STATS_NAME_CELLS, min(longest, STATS_ROOM - STATS_BESIDE - widest))
