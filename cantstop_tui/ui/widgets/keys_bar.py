"""The keys that apply now, in one line; a light footer that repaints only when they change.

The bar shows the keys of the screen on top: its own screen's, or those of the dialogs
(modal screens) over it, through which it shows. Each key shown is one a press of which
acts now (Textual's ``active_bindings``, checked against the screen's ``check_action``);
a key that is not allowed now is not shown. What does not fit in the width is left off
from the end (the tables in ``ui.keys`` and ``ui.screen_keys`` list the keys most
important first), the palette's key first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.binding import ActiveBinding
from textual.command import CommandPalette
from textual.screen import ModalScreen, Screen
from textual.strip import Strip

from ..keys import CHOOSE, is_move
from ..textual_compat import repaint
from .kept_strips import KeptStrips
from .one_style import OneStylePerRender

KEPT_LINES = 16
"""Drawn lines kept: a game's states show a handful of different key sets (roll, choose,
a computer's turn, the game over), drawn once each rather than on every key."""
KEPT_SETS = 16
"""Bindings dictionaries whose keys shown are kept (``KeysBar._sets``): more than the sets
of keys a game goes through."""
PALETTE_HINT = "  ^p commands"
"""Ends the bar where the command palette opens (ctrl+p, a priority key of every app)."""

Shown = tuple[str, str, str]
"""A key as the bar shows it: Textual's key name (a click presses it), its display, its
label."""


@runtime_checkable
class OwnLabels(Protocol):
    """An app or a screen (a dialog) whose keys the bar names in its own words, e.g. the
    quit question's "Yes, leave" and "No", as its buttons say."""

    @property
    def key_labels(self) -> Mapping[str, str]:
        """The bar's label of each action whose words differ from its binding's."""
        ...


def own_labels(node: object) -> Mapping[str, str]:
    """``node``'s own labels (none if it has none)."""
    return node.key_labels if isinstance(node, OwnLabels) else {}


def key_cells(display: str, label: str) -> int:
    """The cells a key takes in the bar: `` r Roll ``."""
    return cell_len(display) + cell_len(label) + 3


def fitted(keys: tuple[Shown, ...], palette: bool, width: int) -> tuple[tuple[Shown, ...], bool]:
    """The keys (and whether the palette's hint) that fit in ``width`` cells: the hint goes
    first, then keys from the end."""
    cells = sum(key_cells(display, label) for _key, display, label in keys)
    hint = cell_len(PALETTE_HINT) if palette else 0
    if cells + hint <= width:
        return keys, palette
    kept = list(keys)
    while kept and cells > width:
        _key, display, label = kept.pop()
        cells -= key_cells(display, label)
    return tuple(kept), False


def top_over(screen: Screen[object]) -> Screen[object]:
    """The screen whose keys act while ``screen`` shows: the top one if only dialogs lie
    over ``screen`` (it shows through them), else ``screen`` itself."""
    stack = screen.app.screen_stack
    if screen not in stack:
        return screen
    above = stack[stack.index(screen) + 1 :]
    if above and all(isinstance(over, ModalScreen) for over in above):
        return above[-1]
    return screen


class KeysBar(OneStylePerRender):
    DEFAULT_CSS = """
    KeysBar {
        dock: bottom;
        height: 1;
        width: 100%;
        background: $panel;
        color: $text;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self._keys: tuple[Shown, ...] = ()
        self._palette = True
        """Whether ctrl+p opens the palette now (not while it is open)."""
        self._followed: Screen[object] | None = None
        """The screen whose keys are shown (this one's, or a dialog's over it)."""
        self._drawn = KeptStrips(KEPT_LINES)
        """Each key set's line as drawn, by the keys, the width and the base style."""
        self._read: dict[str, ActiveBinding] | None = None
        """The bindings last read (``_bindings_changed``)."""
        self._sets: dict[int, tuple[dict[str, ActiveBinding], tuple[Shown, ...]]] = {}
        """The keys shown for each bindings dictionary of the followed screen read lately,
        by its id (the dictionary kept with them, so the id is not another's): a screen that
        keeps its bindings (the game's, one dictionary for each set of keys the game allows)
        has each worked out once, not on every key (about 170 calls)."""

    def on_mount(self) -> None:
        self.app.screen_change_signal.subscribe(self, self._screen_changed, immediate=True)
        self._screen_changed(self.app.screen)

    def on_unmount(self) -> None:
        self.app.screen_change_signal.unsubscribe(self)
        self._follow(None)

    def _screen_changed(self, _top: Screen[object]) -> None:
        self._follow(top_over(self.screen))

    def _follow(self, screen: Screen[object] | None) -> None:
        if screen is self._followed:
            return
        if self._followed is not None:
            self._followed.bindings_updated_signal.unsubscribe(self)
        self._followed = screen
        self._sets.clear()  # another screen's words (a dialog's labels)
        if screen is not None:
            # At once, not as a message to this widget (about 200 calls a key): the
            # screen's bindings are checked where they change.
            screen.bindings_updated_signal.subscribe(self, self._bindings_changed, immediate=True)
            self._bindings_changed(screen)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        active = screen.active_bindings
        if active is self._read:
            return  # the same bindings as last read (a screen that keeps them: the game's)
        self._read = active
        kept = self._sets.get(id(active))
        if kept is not None and kept[0] is active:
            keys = kept[1]
        else:
            keys = self._shown(screen, active)
            if len(self._sets) >= KEPT_SETS:
                self._sets.clear()
            self._sets[id(active)] = (active, keys)
        palette = not isinstance(screen, CommandPalette)
        if (keys, palette) != (self._keys, self._palette):
            self._keys, self._palette = keys, palette
            repaint(self)

    def _shown(
        self, screen: Screen[object], active: dict[str, ActiveBinding]
    ) -> tuple[Shown, ...]:
        """The keys to show of ``active``, the bindings of ``screen``."""
        shown: dict[str, Shown] = {}
        # Numbered choices (choose(1) ... choose(6)) show as one key range: "1-3"; a single
        # one as its own key (the guided game's step takes "2" alone).
        moves = [b.key for _, b, on, _t in active.values() if on and is_move(b)]
        ends = (min(moves, default=""), max(moves, default=""))
        choices = moves[0] if len(moves) == 1 else "-".join(ends)
        # The app's words, then a dialog's own (its buttons').
        labels = {**own_labels(self.app), **own_labels(screen)}
        for key, (_, binding, enabled, _tip) in active.items():
            move = is_move(binding)
            slot = CHOOSE.action if move else binding.action  # the moves: one entry
            if (binding.show or move) and enabled and slot not in shown:
                display = choices if move else (
                    binding.key_display or self.app.get_key_display(binding))
                label = labels.get(binding.action, binding.description)
                shown[slot] = (key, display, label)
        return tuple(shown.values())

    @property
    def keys(self) -> tuple[Shown, ...]:
        """The keys shown, as many as fit."""
        return fitted(self._keys, self._palette, self.size.width)[0]

    @property
    def screen_shown(self) -> Screen[object] | None:
        """The screen whose keys are shown: this bar's, or the dialog's over it."""
        return self._followed

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        keys, palette = fitted(self._keys, self._palette, self.size.width)
        for key, display, description in keys:
            click = Style.from_meta({"@click": f"app.simulate_key({key!r})"})
            text.append(f" {display}", style=Style(bold=True) + click)
            text.append(f" {description} ", style=click)
        if palette:
            text.append(PALETTE_HINT, style="dim")
        return text

    def render_line(self, y: int) -> Strip:
        """The line of ``render`` as Textual draws it (links underlined, click offsets),
        drawn once per key set: the keys change with the game's state on nearly every key,
        between a few sets."""
        key = (self._keys, self._palette, y, self.line_width, self.rich_style)
        return self._drawn.get(key, lambda: super(KeysBar, self).render_line(y))
