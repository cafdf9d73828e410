"""Game over at a shared table: ask for a rematch and see whom it waits for, or leave.

The screen only says what the visitor wants (:class:`RematchWanted`, posted to the app);
the table decides when the next game starts, and the app closes this screen when it does.
Dismissed with ``"quit"`` when the visitor goes back to the lobby.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.message import Message
from textual.widgets import Button, Static
from textual.widgets.button import ButtonVariant

from ...play.match import Match
from .. import screen_keys
from ..glyphs import Glyphs
from ..keys import bindings
from .closing import close
from .game_over import GameOverScreen


def handover_lines(match: Match) -> list[str]:
    """Whose seat the computer played (a dropped or stalling player's), as the record says."""
    lines = []
    for seat, player in enumerate(match.seats):
        steps = [h.step for h in match.handovers if h.seat == seat and h.kind != player.kind]
        if not steps:
            continue
        if match.kind_of(seat) == player.kind:
            lines.append(f"The computer played part of {player.name}'s game.")
        else:
            lines.append(f"The computer played for {player.name} from step {steps[-1] + 1}.")
    return lines


@dataclass
class RematchWanted(Message):
    """The visitor asks for a rematch (``computer``: with the computer in the free seats)."""

    computer: bool = False


class TableOverScreen(GameOverScreen, inherit_bindings=False):
    DEFAULT_CSS = """
    TableOverScreen #status {
        margin: 1 0 0 0;
        color: $text-accent;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = bindings(screen_keys.TABLE_OVER)

    PLAY_ON = False  # the table decides its games

    def __init__(
        self, match: Match, glyphs: Glyphs, seated: bool, status: str = "", asked: bool = False
    ) -> None:
        super().__init__(match, glyphs)
        self.seated = seated
        self.status = status
        self.asked = asked

    def below_stats(self) -> ComposeResult:
        for line in handover_lines(self.match):
            yield Static(Text(line), classes="handover")
        yield Static(Text(self.status), id="status")

    def buttons(self) -> tuple[tuple[str, str, ButtonVariant], ...]:
        lobby: tuple[str, str, ButtonVariant] = ("lobby", screen_keys.TO_LOBBY.button, "default")
        review: tuple[str, str, ButtonVariant] = (
            "review", screen_keys.REVIEW_GAME.button, "default"
        )
        if self.seated:
            return (("rematch", screen_keys.REMATCH.button, "primary"), review, lobby)
        return (review, lobby)

    def on_mount(self) -> None:
        self.show_status(self.status, self.asked)

    def show_status(self, status: str, asked: bool) -> None:
        """Whom the rematch waits for, and whether this visitor asked, as the table says."""
        self.status, self.asked = status, asked
        if not self.is_mounted:
            return
        self.query_one("#status", Static).update(Text(status))
        if self.seated:
            button = self.query_one("#rematch", Button)
            button.label = "Rematch asked" if asked else screen_keys.REMATCH.button
            button.disabled = asked

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters and parameters[0] != "lobby":
            return self.seated
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "review":
            self.action_review()
            return
        self.action_choose(event.button.id or "lobby")

    def action_choose(self, choice: str) -> None:
        if choice == "lobby":
            close(self, "quit")
        elif self.seated:
            self.post_message(RematchWanted(computer=choice == "computer"))
