"""A screen's compositor that, after a key, draws only the widgets under what changed.

Textual's compositor answers a change by drawing every widget under the rectangle around
all that changed (``Compositor._get_renders`` with the union of the dirty regions): on the
game screen a roll changes the dice at the top right, the moves at the bottom left and the
keys bar, so all eleven widgets (the containers, the game log and its scroll bar among them)
were drawn again, each whole, though only the rows that changed are sent. ``LeanCompositor``
draws each widget only where one of the changed regions lies on it, over the rows it
spans; the rest of the rectangle is not drawn and not sent (Textual's update skips a part of
a line nobody drew). A full update (a new screen, a resize) is Textual's own.

For one screen (``lean_compositor``), not every app: nothing of Textual is patched.

Private parts (``textual_version.PRIVATE_PARTS``; tests/ui/test_compat_compositor.py checks
each): ``Widget._set_dirty`` and, for a widget without padding or border, what it does
(``_dirty_regions``, ``_repaint_regions``, ``_styles_cache.set_dirty``);
``Screen._compositor``, ``Compositor`` (in ``textual._compositor``), its
``_dirty_regions``, ``_get_renders`` and ``render_partial_update``, and ``visible_widgets``;
``ChopsUpdate``, its ``chops``, ``spans`` and ``chop_ends``, and ``render_segments``, which
``LeanUpdate`` writes as Textual's does but for the cursor moves' codes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import pairwise
from typing import Any

from rich.console import Console
from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

Render = tuple[Region, Region, list[Strip]]


class LeanCompositor(Compositor):
    """Textual's compositor; a partial update draws only the rows of each widget where a
    changed region lies on a part of the widget that shows (not hidden by a widget in front
    of it: a container under its children is not drawn when a child changes)."""

    def __init__(self) -> None:
        super().__init__()
        self.changing: list[Region] = []
        """The regions changed, while a partial update is drawn."""
        self.owners_of: object = None
        self.owners: list[list[tuple[int, int, Widget]]] = []
        """Each row's parts (x from, x to, the widget that shows there), for the layout of
        ``owners_of`` (``visible_widgets``, made again when the layout changes)."""

    def render_partial_update(self) -> ChopsUpdate | None:
        self.changing = list(self._dirty_regions)
        try:
            update = super().render_partial_update()
        finally:
            self.changing = []
        return None if update is None else LeanUpdate(update.chops, update.spans, update.chop_ends)

    def _get_renders(self, crop: Region | None = None) -> Iterable[Render]:
        if not self.changing:
            return super()._get_renders(crop)
        return self._changed_renders(self.changing)

    def row_owners(self) -> list[list[tuple[int, int, Widget]]]:
        widgets = self.visible_widgets
        if self.owners_of is not widgets:
            shown = [(w, region.intersection(clip)) for w, (region, clip) in widgets.items()]
            owners: list[list[tuple[int, int, Widget]]] = []
            for y, cuts in enumerate(self.cuts):
                row: list[tuple[int, int, Widget]] = []
                for x1, x2 in pairwise(cuts):
                    owner = next((w for w, area in shown if area.contains(x1, y)), None)
                    if owner is not None:
                        row.append((x1, x2, owner))
                owners.append(row)
            self.owners_of, self.owners = widgets, owners
        return self.owners

    def _changed_renders(self, changed: list[Region]) -> Iterator[Render]:
        owners = self.row_owners()
        rows: dict[Widget, set[int]] = {}
        for x, y, width, height in changed:
            right = x + width
            for row in range(y, min(y + height, len(owners))):
                for x1, x2, widget in owners[row]:
                    if x1 < right and x < x2:
                        rows.setdefault(widget, set()).add(row)
        for widget, (region, clip) in self.visible_widgets.items():
            if widget not in rows:
                continue
            shown = region.intersection(clip)
            for top, bottom in _bands(rows[widget]):
                band = Region(shown.x, top, shown.width, bottom - top)
                yield region, band, widget.render_lines(band.translate((-region.x, -region.y)))


class LeanUpdate(ChopsUpdate):
    """Textual's partial update, written as Textual writes it, each cursor move as its code
    (``ESC[row;columnH``) rather than through a rich ``Control`` (six function calls a move,
    some twenty moves a key)."""

    def render_segments(self, console: Console) -> str:
        sequences: list[str] = []
        append = sequences.append
        chops, chop_ends = self.chops, self.chop_ends
        last_y = self.spans[-1][0]
        for y, x1, x2 in self.spans:
            for end, (x, strip) in zip(chop_ends[y], chops[y].items(), strict=False):
                if strip is None or x > x2 or end <= x1:
                    continue
                if not (x2 > x >= x1 and end <= x2):
                    strip = strip.crop(0, min(end, x2) - x)
                append(f"\x1b[{y + 1};{x + 1}H")
                append(strip.render(console))
            if y != last_y:
                append("\n")
        return "".join(sequences)


def _bands(rows: set[int]) -> list[tuple[int, int]]:
    """Runs of consecutive rows, as (top, bottom exclusive)."""
    bands: list[tuple[int, int]] = []
    for row in sorted(rows):
        if bands and row == bands[-1][1]:
            bands[-1] = (bands[-1][0], row + 1)
        else:
            bands.append((row, row + 1))
    return bands


def repaint(widget: Widget, *regions: Region, gutterless: bool = False) -> None:
    """``widget.refresh(*regions)`` (all of it if none), its screen told at once if the
    screen has a ``LeanCompositor``: Textual marks the widget, wakes it, and at its idle the
    widget posts its screen an update (two messages and an idle a widget, each key some
    five widgets); here the screen is marked and woken once for all of them.

    ``gutterless``: the widget has no padding or border, so its content's regions are the
    widget's (Textual moves them by the content's offset, about ten calls to work out)."""
    screen = widget.screen if widget.is_mounted and widget.display else None
    if screen is None or not isinstance(screen._compositor, LeanCompositor):
        widget.refresh(*regions)
        return
    widget._layout_cache.clear()
    if regions and gutterless:  # Widget._set_dirty's, the offset (0, 0)
        widget._dirty_regions.update(regions)
        widget._repaint_regions.update(regions)
        widget._styles_cache.set_dirty(*regions)
    else:
        widget._set_dirty(*regions)
    widget.clear_cached_dimensions()
    widget._rich_style_cache.clear()
    if screen in screen._compositor:
        screen._dirty_widgets.add(widget)
        screen.check_idle()


def lean_compositor(screen: Screen[Any]) -> None:
    """``screen`` draws, after a change, only the widgets under what changed; call it in the
    screen's ``__init__``, before it is mounted."""
    screen._compositor = LeanCompositor()
