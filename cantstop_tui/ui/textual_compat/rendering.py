"""What Textual and Rich keep of what they drew, and the colours of another terminal.

- ``StylesCache.get_inner_outer`` kept every closed dialog's lines alive: fixed on import, for
  every app;
- Rich's styles and Textual's strips keep the escape codes of the first console that drew
  them (``forget_rendered_codes``);
- the colours of an SSH visitor's terminal (``terminal_console``: Rich's ``_environ``).

Private parts (``textual._styles_cache.StylesCache``, Rich's ``Style._ansi`` and
``Console(_environ=...)``, ``Strip._render_cache``): tests/ui/test_compat_rendering.py and
tests/server/test_terminal_colours.py name each.
"""

from __future__ import annotations

import gc
import io
from collections.abc import Mapping
from functools import lru_cache

from rich.console import Console
from rich.style import Style
from textual._styles_cache import StylesCache
from textual.color import Color
from textual.strip import Strip
from textual.style import Style as TextualStyle


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


UPSTREAM_GET_INNER_OUTER = StylesCache.get_inner_outer
"""Textual's own (kept for the test that checks its problem is still there)."""


StylesCache.get_inner_outer = _get_inner_outer  # type: ignore[assignment]


def forget_rendered_codes() -> int:
    """Forget the escape codes that Rich styles (``Style._ansi``) and Textual strips
    (``Strip._render_cache``) keep once drawn; return how many were kept.

    Both keep the codes of the first console that drew them, whatever its colour depth. A
    server's consoles all draw truecolor (``server.terminal_fit.fit_console``), so one depth is
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


def terminal_console(environ: Mapping[str, str]) -> Console:
    """A console that decides colours from ``environ`` as Textual's ``App`` decides them from
    the process's (private to Rich: ``Console(_environ=...)``, as ``App.__init__`` uses it):
    for a terminal that is not this process's (an SSH visitor's)."""
    return Console(
        file=io.StringIO(), force_terminal=True, legacy_windows=False, _environ=dict(environ)
    )
