"""``ctrl+s``: save the game under a name, in the saves folder."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ...play.match import Match
from ...storage import SaveError
from ...storage.saved import default_name, save_game, save_path
from .. import screen_keys
from ..keys import bindings
from ..screen_keys import CANCEL_SAVE, SAVE_IT


class SaveAsScreen(ModalScreen[Path | None]):
    """Saves ``match`` itself; dismisses with the file written, or None if cancelled."""

    DEFAULT_CSS = """
    SaveAsScreen {
        align: center middle;
    }
    SaveAsScreen > Vertical {
        width: 64;
        height: auto;
        border: heavy $primary;
        background: $panel;
        padding: 0 1;
    }
    SaveAsScreen Input {
        margin: 1 0 0 0;
    }
    SaveAsScreen #message {
        margin: 1 0 0 0;
    }
    SaveAsScreen #message.-problem {
        color: $warning;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = bindings(screen_keys.SAVE_AS)

    def __init__(self, match: Match, folder: Path | None = None) -> None:
        super().__init__()
        self.match = match
        self.folder = folder
        self._replace: Path | None = None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Save the game as:", id="title")
            names = [seat.name for seat in self.match.seats]
            yield Input(default_name(names, datetime.now()), id="name")
            yield Static(
                f"{SAVE_IT.named} to save, {CANCEL_SAVE.named} to cancel.", id="message"
            )

    def _say(self, text: str, problem: bool = True) -> None:
        message = self.query_one("#message", Static)
        message.update(text)
        message.set_class(problem, "-problem")

    def on_input_changed(self, event: Input.Changed) -> None:
        self._replace = None

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_save()

    def action_save(self) -> None:
        """Enter (a priority key, shown in the keys bar): save under the name typed."""
        name = self.query_one("#name", Input).value
        try:
            path = save_path(name, self.folder)
            replace = self._replace == path
            written = save_game(self.match, name, overwrite=replace, folder=self.folder)
        except ValueError as error:
            self._say(str(error))
        except FileExistsError as error:
            self._replace = path
            self._say(f"{error} Press Enter again to replace it.")
        except SaveError as error:
            self._say(f"{error} The game goes on.")
        else:
            self.dismiss(written)

    def action_cancel(self) -> None:
        self.dismiss(None)
