"""The app and its widgets: crash reports instead of Textual's traceback
(``report_fatal_errors``), a ``Log`` that lays out less and starts no thread per line
(``QuietLog``), a ``Footer`` that forgets the keys it replaced (``LeanFooter``), and what
tests read (an app's notifications, a ``Select``'s options).

Private parts (``App._fatal_error``, ``_exception``, ``_exit_renderables``,
``_close_messages_no_wait``, ``_notifications``; ``Log._update_size``, ``_process_line``,
``_update_maximum_width``, ``_scroll_update``; ``Select._options``; the reactives'
``__watchers``): tests/ui/test_compat_widgets.py and tests/ui/test_crash_reports.py name
each.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Self

from rich.cells import cell_len
from rich.text import Text
from textual.app import App
from textual.dom import DOMNode
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Footer, Log, Select


def report_fatal_errors(app: App[Any], report: Callable[[BaseException], str]) -> None:
    """An error the app does not handle: ``report(error)`` (a crash file, a sentence) is what
    the user reads, not Textual's screen-long traceback with local variables.

    Textual 8.2.8 private parts: ``App._fatal_error`` (called for such an error, after the
    terminal is restored it prints ``App._exit_renderables``), ``App._exception`` (the first
    such error) and ``App._close_messages_no_wait`` (how ``_fatal_error`` ends the app).
    """

    def fatal_error() -> None:
        error = app._exception or RuntimeError("an unknown error")
        app.bell()
        app._exit_renderables.append(Text(report(error)))
        app._close_messages_no_wait()

    app._fatal_error = fatal_error  # type: ignore[method-assign]


def notification_messages(app: App[Any]) -> list[str]:
    """What the app's notifications say (private: ``App._notifications``)."""
    return [str(notification.message) for notification in app._notifications]


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
