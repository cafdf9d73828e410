"""Quit, after a confirmation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from .. import screen_keys
from ..keys import bindings
from ..widgets.too_small import TooSmall
from .closing import close


class QuitScreen(ModalScreen[bool]):
    DEFAULT_CSS = """
    QuitScreen {
        align: center middle;
    }
    QuitScreen > Vertical {
        width: 44;
        height: auto;
        border: heavy $error;
        background: $panel;
        padding: 0 1;
    }
    QuitScreen Horizontal {
        height: auto;
        margin: 1 0 0 0;
    }
    QuitScreen Button {
        margin: 0 2 0 0;
    }
    """

    KEYS = screen_keys.QUIT_DIALOG
    """Yes, then no."""
    BINDINGS: ClassVar[list[BindingType]] = bindings(KEYS)

    def __init__(
        self, saved: bool = False, question: str = "Quit Can't Stop?", yes: str = "Yes, quit"
    ) -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        yes_key, no_key = self.KEYS
        self.key_labels: Mapping[str, str] = {yes_key.action: yes, no_key.action: "No"}
        """The keys bar says what the buttons say ("Yes, leave" at a server's table):
        ``widgets.keys_bar.OwnLabels``."""
        self.saved = saved
        """An unfinished game is autosaved: say that the next start offers it."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question)
            if self.saved:
                yield Static("Your game is saved: cantstop offers to resume it next time.")
            with Horizontal():
                yes, no = self.KEYS
                yield Button(f"{self.yes} ({yes.first})", id="yes", variant="error", compact=True)
                yield Button(f"No ({no.first})", id="no", variant="primary", compact=True)
        yield TooSmall()

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        close(self, event.button.id == "yes")

    def action_answer(self, quit_: bool) -> None:
        close(self, quit_)


class ConfirmScreen(QuitScreen, inherit_bindings=False):
    """A yes-or-no question before something is left (y: yes; n, q or Escape: no)."""

    KEYS = screen_keys.CONFIRM
    BINDINGS: ClassVar[list[BindingType]] = bindings(KEYS)
