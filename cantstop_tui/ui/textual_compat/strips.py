"""Textual's ``Strip`` (one line of one frame) made light while an SSH server runs.

Every ``Strip`` is born with seven empty caches, most never used: eight objects instead of
one, made by the hundred per redraw and walked by the garbage collector while they live. A
``LightStrip`` makes each cache when its method is first called; while an SSH server runs,
``Strip(...)`` makes ``LightStrip``s (``Strip.__init__`` is patched, and restored when the
last server closes; a ``LightStrip`` left over, in ``Strip.blank``'s cache say, still works
as one). There fifty apps share one process and one garbage collector, while a local game
has a process of its own and never notices.

Two ``Strip`` methods also cache a strip on itself. ``Strip.divide`` caches ``[self]``
when the cut is the whole strip, which the compositor does for most lines of every frame,
and ``Strip.crop_extend`` caches ``self`` when the crop is the whole strip, which line
widgets do for every line. Such a strip refers to itself, so it, its segments and its
caches are freed only by the cyclic garbage collector: about 200 objects per redraw per
app, and collections of 30 to 500 ms on a server hosting fifty apps. Returning the same
result without the self-reference lets reference counting free the strip once drawn. An
``UncycledStrip`` does so in every app, patching nothing: the game's widgets make their
lines of it where a line is made anew for a drawing (``one_style.Filtered``).

Private parts (``Strip._segments``, ``_cell_length``, ``_render_cache``, ``_link_ids``,
``_cell_count`` and the seven caches of ``CACHE_SIZES``): tests/ui/test_compat_strips.py
checks that the problems still exist upstream and are gone here, and that the patched
methods give what Textual's give.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import wraps
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.cache import FIFOCache
from textual.strip import Strip

UPSTREAM_DIVIDE = Strip.divide
UPSTREAM_CROP_EXTEND = Strip.crop_extend
UPSTREAM_INIT = Strip.__init__
"""Textual's own methods (what the light ones call, and what the tests compare with)."""


def _divide_without_self_reference(self: Strip, cuts: Iterable[int]) -> Sequence[Strip]:
    cuts = [cut for cut in cuts if cut <= self.cell_length]
    if cuts == [self.cell_length]:
        return [self]
    return UPSTREAM_DIVIDE(self, cuts)


def _crop_extend_without_self_reference(
    self: Strip, start: int, end: int, style: Style | None
) -> Strip:
    if start <= 0 and end == self.cell_length:
        return self  # what the original returns, minus caching itself on itself
    return UPSTREAM_CROP_EXTEND(self, start, end, style)


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


class UncycledStrip(Strip):
    """A ``Strip`` whose ``divide`` and ``crop_extend`` give it whole without caching it on
    itself, for every app: a line made anew for each drawing (the board's new rows, kept
    filtered) is freed by reference counting once the widget lets it go."""

    __slots__ = ()
    divide = _divide_without_self_reference
    crop_extend = _crop_extend_without_self_reference


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
        UPSTREAM_INIT(self, segments, cell_length)
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
            Strip.__init__ = UPSTREAM_INIT  # type: ignore[method-assign]


def strips_lightened() -> bool:
    return type(Strip([])) is LightStrip
