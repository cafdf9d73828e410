"""The rules in brief and every key."""

from __future__ import annotations

from typing import ClassVar, Protocol, runtime_checkable

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from .. import screen_keys
from ..glyphs import Glyphs
from ..keys import HURRY, LOCAL_HELP, Key, bindings, help_block
from ..screen_keys import said_of
from ..widgets.too_small import TooSmall
from .closing import close

RULES = (
    "[b]Can't Stop in brief[/b]\n"
    "Be the first to win {win} columns (2 to 12). On your turn roll four dice and split "
    "them into two pairs; each pair's sum is a column. Your three runners ({runner}) climb "
    "those columns: a new runner starts just above your own square, or at the bottom. "
    "You must play as many sums as the rules allow; if no sum can be played you [b]bust[/b] "
    "and lose this turn's climb. Roll again as often as you dare, or [b]stop[/b] to turn "
    "your runners into squares. Reach a column's top (underlined) and stop: the column is "
    "yours, and closed for everyone.\n"
    "Variants: [b]jump[/b]: runners skip spaces holding other players' squares. "
    "[b]forced[/b]: you may not stop while a runner shares a space with another player's "
    "square.\n\n"
    "[b]Players[/b]  {players}\n"
    "[b]Board[/b]  {runner} runner (this turn)   {empty} empty space   "
    "a won column is filled with its owner's shape\n\n"
    "{here}"
    "{keys}"
)
HURRY_LINE = f"  During a computer's turn {HURRY.said} plays the rest of it at once."


SEAT_WORDS = ("1st listed", "2nd", "3rd", "4th")
"""Who each shape is, in the help: the players' order at the table, as the side panel
lists them (a colour would not hold without colours)."""
LOCAL_KEYS = help_block(LOCAL_HELP)
KEYS_HERE = "Keys in this box"
KEYS_ON_SCREEN = "Keys on this screen"
KEYS_IN_GAME = "Keys in the game"


def keys_here(screen: Screen[object]) -> str:
    """The keys that act on ``screen`` now, as its keys bar shows them (its enabled
    bindings meant for the bar), in the help's columns: for the help opened over a dialog
    (the game-over box), whose keys are not the game's."""
    found: dict[str, tuple[list[str], str]] = {}
    for key, (_node, binding, enabled, _tip) in screen.active_bindings.items():
        if enabled and binding.show:
            found.setdefault(binding.action, ([], binding.description))[0].append(key)
    rows = [Key(said_of(",".join(keys)), label.lower()) for keys, label in found.values()]
    return help_block(rows[start : start + 2] for start in range(0, len(rows), 2))


@runtime_checkable
class OwnHelp(Protocol):
    """A screen that opens a help of its own (the guided game: its keys only)."""

    def open_help(self) -> None:
        """Push the screen's help."""
        ...


MORE_ABOVE = "more above"
MORE_BELOW = "more below (PgDn, the wheel)"


class HelpScreen(ModalScreen[None]):
    """The rules and the keys in a box that scrolls; its top and bottom edges say when
    there is more above or below (Textual's scroll bar is drawn in colours alone, so it is
    invisible with ``NO_COLOR``). The bottom line stays free for the keys bar."""

    DEFAULT_CSS = """
    HelpScreen {
        align: center middle;
    }
    HelpScreen > VerticalScroll {
        width: 80;
        max-width: 100%;
        height: 1fr;
        max-height: 24;
        margin: 0 0 1 0;  /* the keys bar shows under it */
        border: heavy $primary;
        background: $panel;
        padding: 0 1;
    }
    HelpScreen Button {
        margin: 1 0 0 0;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = bindings(screen_keys.HELP_SCREEN)
    HURRIES: ClassVar[bool] = True
    """Whether the help says a key hurries a computer's turn (not where none lasts)."""

    def __init__(
        self, glyphs: Glyphs, win_columns: int = 3, keys: str = LOCAL_KEYS, here: str = ""
    ) -> None:
        super().__init__()
        self.glyphs = glyphs
        self.win_columns = win_columns
        self.keys = keys
        """The game's keys block: two keys a line, as in ``LOCAL_KEYS``; empty on a screen
        that is not the game's (the new-game screen: ``here`` lists its keys alone)."""
        self.here = here
        """The keys of the dialog or screen the help opens over (``keys_here``), listed
        first, apart from the game's; empty over the game."""

    def compose(self) -> ComposeResult:
        # By seat, not by colour: the words hold in every colour mode (NO_COLOR too).
        players = "  ".join(f"{shape} {seat}" for shape, seat in zip(
            self.glyphs.shapes, SEAT_WORDS, strict=True))
        in_game = bool(self.keys)
        here_title = KEYS_HERE if in_game else KEYS_ON_SCREEN
        keys_title = KEYS_IN_GAME if self.here else "Keys"
        hurry = HURRY_LINE if self.HURRIES else ""
        text = RULES.format(
            win=self.win_columns,
            runner=self.glyphs.runner,
            empty=self.glyphs.empty,
            players=players,
            here=f"[b]{here_title}[/b]\n{self.here}\n" if self.here else "",
            keys=f"[b]{keys_title}[/b]\n{self.keys}{hurry}" if in_game else "",
        )
        with VerticalScroll(classes="dialog", id="help"):
            yield Static(text, id="rules")
            back = "Back to the game" if in_game else "Back"
            back += f" ({screen_keys.CLOSE_HELP.named})"
            yield Button(back, id="close", variant="primary", compact=True)
        yield TooSmall()

    def on_mount(self) -> None:
        scroll = self.query_one("#help", VerticalScroll)
        self.watch(scroll, "scroll_y", self._mark_more, init=False)
        self.watch(scroll, "virtual_size", self._mark_more)

    def on_resize(self) -> None:
        self.call_after_refresh(self._mark_more)

    def _mark_more(self) -> None:
        """``↑ more above`` on the box's top edge and ``↓ more below`` on its bottom edge,
        where the text goes on out of sight."""
        scroll = self.query_one("#help", VerticalScroll)
        above, below = scroll.scroll_y > 0, scroll.scroll_y < scroll.max_scroll_y
        scroll.border_title = f"{self.glyphs.earlier} {MORE_ABOVE}" if above else ""
        scroll.border_subtitle = f"{self.glyphs.later} {MORE_BELOW}" if below else ""

    def on_button_pressed(self, event: Button.Pressed) -> None:
        close(self, None)

    def action_close(self) -> None:
        close(self, None)
