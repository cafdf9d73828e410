"""Who starts: every player's two-dice roll, ties rerolled, before the first turn."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ...play.match import Match
from ...play.narration import rolloff_lines
from .. import screen_keys
from ..keys import bindings
from ..screen_keys import PLAY
from ..widgets.keys_bar import KeysBar
from ..widgets.too_small import TooSmall
from .closing import close


class RolloffScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    RolloffScreen {
        align: center middle;
        background: $background;
    }
    RolloffScreen > Vertical {
        width: 64;
        height: auto;
        max-height: 20;
        border: heavy $primary;
        background: $panel;
        padding: 0 1;
    }
    RolloffScreen #title {
        text-style: bold;
    }
    RolloffScreen #play {
        margin: 1 0 0 0;
        link-style: none;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = bindings(screen_keys.ROLLOFF)

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(
                "Who starts? Everyone rolls two dice; the highest total begins.", id="title"
            )
            yield Static("\n".join(rolloff_lines(self.match)), id="rounds")
            yield Static(f"[@click=screen.close][reverse bold] {PLAY.button} [/][/]", id="play")
        yield KeysBar()
        yield TooSmall()

    def action_close(self) -> None:
        close(self, None)
