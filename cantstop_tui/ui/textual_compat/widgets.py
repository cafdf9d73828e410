"""Widgets: a ``Log`` that lays out less and starts no thread per line (``QuietLog``), a
``Footer`` that forgets the keys it replaced (``LeanFooter``), and what tests read (a
``Select``'s options). Not imported by the package: the screens that show these widgets
import this module, so the first frame does not load Textual's ``Log``, ``Footer`` and
``Select`` (``app_parts`` has what every app needs).

Private parts (``Log._update_size``, ``_process_line``, ``_update_maximum_width``,
``_scroll_update``; ``Select._options``; the reactives' ``__watchers``):
tests/ui/test_compat_widgets.py names each.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Self

from rich.cells import cell_len
from textual.dom import DOMNode
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Footer, Log, Select


def select_values(select: Select[Any]) -> list[object]:
    """The values a ``Select`` offers, its blank included (private: ``Select._options``)."""
    return [value for _prompt, value in select._options]


class QuietLog(Log):
    """Textual's ``Log`` without its two costs per line written (private: ``Log._update_size``,
    ``Log._process_line``, ``Log._update_maximum_width``, ``ScrollView._scroll_update``).

    ``Log`` changes its virtual size on every line, and a widget's virtual size asks for a
    layout of the whole screen (about 18 ms here, most of a roll's cost): lines only
    lengthen the scroll range, so a repaint and a scrollbar update do, and a layout happens
    only when the scrollbar comes or goes. And ``Log`` measures new lines on a new thread
    per write; short, already wrapped lines cost less to measure here.
    """

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)
    """Nor a repaint of every line: the new lines repaint themselves (``Log.write_lines``
    refreshes them), scrolling repaints what moved, and clearing or dropping old lines
    repaints all (below). A move in the game log sends its two new lines, not fifteen."""

    def watch_virtual_size(self, old: Size, new: Size) -> None:
        room = self.scrollable_content_region.size
        if old.height <= room.height and new.height <= room.height and new.width <= room.width:
            return  # it fits, as it did: nothing to scroll, the scrollbar stays as it is
        showing = self.show_vertical_scrollbar
        self._scroll_update(new)
        if self.show_vertical_scrollbar != showing:
            self.refresh(layout=True)

    def write_lines(self, lines: Iterable[str], scroll_end: bool | None = None) -> Self:
        lines = list(lines)
        count = self.line_count
        super().write_lines(lines, scroll_end)
        if self.line_count < count + sum(len(line.splitlines()) for line in lines):
            self.refresh()  # old lines were dropped (``max_lines``): every line moved up
        return self

    def clear(self) -> Self:
        super().clear()
        self.refresh()
        return self

    def _update_size(self, updates: int, lines: list[str]) -> None:  # type: ignore[override]
        if lines:
            widest = max(cell_len(self._process_line(line)) for line in lines)
            self._update_maximum_width(updates, widest)


WATCHERS = "__watchers"
"""Where ``textual.reactive._watch`` keeps an object's watchers (private)."""


def forget_detached_watchers(node: DOMNode) -> int:
    """Drop the watchers of ``node``'s reactives that belong to widgets no longer in the
    DOM; returns how many. Textual prunes them only when the reactive changes."""
    watchers: dict[str, list[tuple[object, object]]] = getattr(node, WATCHERS, {})
    dropped = 0
    for entries in watchers.values():
        kept = [(n, c) for n, c in entries if not isinstance(n, DOMNode) or n.is_attached]
        dropped += len(entries) - len(kept)
        entries[:] = kept
    return dropped


class LeanFooter(Footer):
    """Textual's ``Footer`` without its leak: each time the keys change it composes new
    ``FooterKey`` widgets bound to its ``compact`` reactive (``data_bind``), and the old keys'
    watchers stay on the footer until ``compact`` changes, which it never does: 12 keys
    (about 170 KB) per dialog opened and closed over the lobby, for as long as the visit."""

    async def recompose(self) -> None:
        await super().recompose()
        forget_detached_watchers(self)
