"""The one place that touches Textual's private parts (the lock files pin Textual to the
version ``cantstop_tui.textual_version`` names, with every private name used here;
tests/ui/test_textual_compat.py checks each and fails loudly when an upgrade moves one):

- a cache that kept every closed dialog's lines alive (``StylesCache.get_inner_outer``),
  fixed on import, for every app;
- work-arounds for Textual behaviour that costs time (``Strip``'s caches, below), applied
  while an SSH server runs only (``lightened_strips``, undone when the last server closes):
  there fifty apps share one process and one garbage collector, while a local game has a
  process of its own and never notices;
- crash reports instead of Textual's traceback (``report_fatal_errors``);
- a ``Log`` that lays out less and starts no thread per line (``QuietLog``);
- a ``Footer`` that forgets the keys it replaced (``LeanFooter``);
- the SSH driver's key parser (``new_key_parser``, ``forget_parsed_keys``), the driver's
  own state (``DriverState``) and the current app of a shared table's listener
  (``current_app``);
- the colours of an SSH visitor's terminal (``terminal_console``: Rich's ``_environ``);
- what tests read: an app's notifications, a ``Select``'s options;
- textual-serve's copy of the web game's stderr, taken over (``take_game_stderr``).


Every ``Strip`` (one line of one frame) is born with seven empty caches, most never used:
eight objects instead of one, made by the hundred per redraw and walked by the garbage
collector while they live. A ``LightStrip`` makes each cache when its method is first
called; while an SSH server runs, ``Strip(...)`` makes ``LightStrip``s (``Strip.__init__``
is patched, and restored when the last server closes; a ``LightStrip`` left over, in
``Strip.blank``'s cache say, still works as one).

Two ``Strip`` methods also cache a strip on itself. ``Strip.divide`` caches ``[self]``
when the cut is the whole strip, which the compositor does for most lines of every frame,
and ``Strip.crop_extend`` caches ``self`` when the crop is the whole strip, which line
widgets do for every line. Such a strip refers to itself, so it, its segments and its
caches are freed only by the cyclic garbage collector: about 200 objects per redraw per
app, and collections of 30 to 500 ms on a server hosting fifty apps. Returning the same
result without the self-reference lets reference counting free the strip once drawn.

textual is pinned to an exact version; tests/ui/test_textual_compat.py checks that the
problems still exist upstream (so the patches are still needed) and are gone here, and
that the patched methods give what Textual's give.
"""

from __future__ import annotations

import asyncio
import gc
import io
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import lru_cache, wraps
from typing import TYPE_CHECKING, Any, Self

from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual._context import active_app
from textual._styles_cache import StylesCache
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.cache import FIFOCache
from textual.color import Color
from textual.dom import DOMNode
from textual.driver import Driver
from textual.geometry import Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.style import Style as TextualStyle
from textual.widgets import Footer, Log, Select

if TYPE_CHECKING:  # imported by the web server only (it brings aiohttp)
    from textual_serve.app_service import AppService

_original_divide = Strip.divide
_original_crop_extend = Strip.crop_extend
_original_init = Strip.__init__


def _divide_without_self_reference(self: Strip, cuts: Iterable[int]) -> Sequence[Strip]:
    cuts = [cut for cut in cuts if cut <= self.cell_length]
    if cuts == [self.cell_length]:
        return [self]
    return _original_divide(self, cuts)


def _crop_extend_without_self_reference(
    self: Strip, start: int, end: int, style: Style | None
) -> Strip:
    if start <= 0 and end == self.cell_length:
        return self  # what the original returns, minus caching itself on itself
    return _original_crop_extend(self, start, end, style)


CACHE_SIZES = {
    "divide": ("_divide_cache", 4),
    "crop": ("_crop_cache", 16),
    "apply_style": ("_style_cache", 16),
    "apply_filter": ("_filter_cache", 4),
    "adjust_cell_length": ("_line_length_cache", 4),
    "crop_extend": ("_crop_extend_cache", 4),
    "apply_offsets": ("_offsets_cache", 4),
}
"""Each caching method of Strip, the slot of its cache and the size Textual gives it."""


def _init_without_caches(
    self: Strip, segments: Iterable[Segment], cell_length: int | None = None
) -> None:
    self._segments = list(segments)
    self._cell_length = cell_length
    # The slots of CACHE_SIZES (a test checks they are the same), left empty.
    self._divide_cache = self._crop_cache = self._style_cache = None  # type: ignore[assignment]
    self._filter_cache = self._line_length_cache = None  # type: ignore[assignment]
    self._crop_extend_cache = self._offsets_cache = None  # type: ignore[assignment]
    self._render_cache = None
    self._link_ids = None
    self._cell_count = None


def _with_cache_made_on_first_call(
    method: Callable[..., Any], slot: str, size: int
) -> Callable[..., Any]:
    @wraps(method)
    def call(self: Strip, *args: Any) -> Any:
        if getattr(self, slot) is None:
            setattr(self, slot, FIFOCache(size))
        return method(self, *args)

    return call


class LightStrip(Strip):
    """A ``Strip`` without self-references and with its caches made on first use."""

    __slots__ = ()
    __init__ = _init_without_caches


_LIGHT_METHODS: dict[str, Callable[..., Any]] = {
    "divide": _divide_without_self_reference,
    "crop_extend": _crop_extend_without_self_reference,
}
for _name, (_slot, _size) in CACHE_SIZES.items():
    _method = _LIGHT_METHODS.get(_name, getattr(Strip, _name))
    setattr(LightStrip, _name, _with_cache_made_on_first_call(_method, _slot, _size))


def _init_light(self: Strip, segments: Iterable[Segment], cell_length: int | None = None) -> None:
    if type(self) is not Strip:  # a subclass of Textual's: its own caches
        _original_init(self, segments, cell_length)
        return
    self.__class__ = LightStrip
    _init_without_caches(self, segments, cell_length)


_servers_running: list[object] = []


@contextmanager
def lightened_strips() -> Iterator[None]:
    """While this is entered (by each running SSH server), ``Strip(...)`` makes
    ``LightStrip``s; when the last one leaves, ``Strip`` is Textual's own again."""
    token = object()
    if not _servers_running:
        Strip.__init__ = _init_light  # type: ignore[method-assign]
    _servers_running.append(token)
    try:
        yield
    finally:
        _servers_running.remove(token)
        if not _servers_running:
            Strip.__init__ = _original_init  # type: ignore[method-assign]


def strips_lightened() -> bool:
    return type(Strip([])) is LightStrip


@lru_cache(1024)
def _inner_outer(base_background: Color, background: Color) -> tuple[TextualStyle, TextualStyle]:
    return (
        TextualStyle(background=base_background + background),
        TextualStyle(background=base_background),
    )


def _get_inner_outer(
    self: StylesCache, base_background: Color, background: Color
) -> tuple[TextualStyle, TextualStyle]:
    """``StylesCache.get_inner_outer`` keyed by the colours alone: Textual's ``lru_cache``
    on the method also keys (and so keeps alive) the ``StylesCache`` of every widget that
    ever drew, with its cached lines: 1,024 of them, dialogs long closed included."""
    return _inner_outer(base_background, background)


def report_fatal_errors(app: App[Any], report: Callable[[BaseException], str]) -> None:
    """An error the app does not handle: ``report(error)`` (a crash file, a sentence) is what
    the user reads, not Textual's screen-long traceback with local variables.

    Textual 8.2.8 private parts: ``App._fatal_error`` (called for such an error, after the
    terminal is restored it prints ``App._exit_renderables``), ``App._exception`` (the first
    such error) and ``App._close_messages_no_wait`` (how ``_fatal_error`` ends the app).
    tests/ui/test_textual_compat.py names each.
    """

    def fatal_error() -> None:
        error = app._exception or RuntimeError("an unknown error")
        app.bell()
        app._exit_renderables.append(Text(report(error)))
        app._close_messages_no_wait()

    app._fatal_error = fatal_error  # type: ignore[method-assign]


# --- the SSH driver's key parser and the current app ---------------------------------


KeyParser = XTermParser
"""The type of Textual's parser of terminal input."""


def new_key_parser(debug: bool = False) -> KeyParser:
    """Textual's parser of terminal input (private: ``textual._xterm_parser.XTermParser``),
    fed the bytes of an SSH visitor's terminal by ``server.driver``."""
    return XTermParser(debug)


def forget_parsed_keys() -> None:
    """Empty the parser's class-wide key cache (private:
    ``XTermParser._parse_extended_key``, an ``lru_cache``): its entries hold each parser, the
    Key events it made and through them an ended session's whole app."""
    XTermParser._parse_extended_key.cache_clear()


def terminal_console(environ: Mapping[str, str]) -> Console:
    """A console that decides colours from ``environ`` as Textual's ``App`` decides them from
    the process's (private to Rich: ``Console(_environ=...)``, as ``App.__init__`` uses it):
    for a terminal that is not this process's (an SSH visitor's)."""
    return Console(
        file=io.StringIO(), force_terminal=True, legacy_windows=False, _environ=dict(environ)
    )


def current_app() -> App[Any] | None:
    """The app whose context this code runs in (private: ``textual._context.active_app``)."""
    return active_app.get(None)


class DriverState(Driver):
    """Textual's ``Driver`` with the state it keeps privately (``Driver._app``, ``_loop``,
    ``_size``, ``_mouse``, ``_debug``) under public names, for the SSH server's driver."""

    @property
    def app(self) -> App[Any]:
        return self._app

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        return self._loop

    @property
    def mouse(self) -> bool:
        return self._mouse

    @property
    def debug(self) -> bool:
        return self._debug

    @property
    def size(self) -> tuple[int, int] | None:
        """The terminal's size; ``App.size`` reads it until the app's first resize."""
        return self._size

    @size.setter
    def size(self, size: tuple[int, int]) -> None:
        self._size = size


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


UPSTREAM_GET_INNER_OUTER = StylesCache.get_inner_outer
"""Textual's own (kept for the test that checks its problem is still there)."""


def fix_styles_cache() -> None:
    StylesCache.get_inner_outer = _get_inner_outer  # type: ignore[assignment]


fix_styles_cache()


def forget_rendered_codes() -> int:
    """Forget the escape codes that Rich styles (``Style._ansi``) and Textual strips
    (``Strip._render_cache``) keep once drawn; return how many were kept.

    Both keep the codes of the first console that drew them, whatever its colour depth. A
    server's consoles all draw truecolor (``server.session.fit_console``), so one depth is
    ever kept there; a process where consoles of several depths draw (the test suite) calls
    this before it compares depths."""
    forgotten = 0
    for thing in gc.get_objects():
        if isinstance(thing, Style) and thing._ansi is not None:
            thing._ansi = None
            forgotten += 1
        elif isinstance(thing, Strip) and thing._render_cache is not None:
            thing._render_cache = None
            forgotten += 1
    return forgotten


# --- textual-serve: the web game's stderr --------------------------------------------


def take_game_stderr(
    service: AppService,
    take: Callable[[asyncio.StreamReader, asyncio.subprocess.Process], None],
) -> None:
    """Hand the stderr of the game process ``service`` starts to ``take`` (with the process):
    textual-serve's ``AppService.run`` would keep all of it in memory and copy it to the
    server's stdout, without a limit; it is given a stream that has already ended instead.
    Wraps ``AppService._open_app_process`` on this one service."""
    opened = service._open_app_process

    async def open_process(width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        process = await opened(width, height)
        if process.stderr is not None:
            take(process.stderr, process)
            process.stderr = asyncio.StreamReader()
            process.stderr.feed_eof()
        return process

    service._open_app_process = open_process  # type: ignore[method-assign]
