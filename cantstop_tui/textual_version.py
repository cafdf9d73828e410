"""Is the installed Textual the one ``textual_compat`` was written for?

``textual_compat`` reaches into Textual's private parts, listed here by name (the one list:
tests/ui/test_compat_version.py checks each against the installed Textual). This module
imports none of them, so it can say in a sentence what an upgrade broke before the
compatibility package fails to import.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from pathlib import Path

TEXTUAL_VERSION = "8.2.8"
"""The Textual release the private parts below were read from (the lock files pin it)."""

PRIVATE_PARTS: tuple[str, ...] = (
    # ui/textual_compat/compositor.py
    "textual._compositor.Compositor",
    "textual._compositor.Compositor._dirty_regions",
    "textual._compositor.Compositor._get_renders",
    "textual._compositor.ChopsUpdate",
    "textual._compositor.ChopsUpdate.render_segments",
    "textual._compositor.ChopsUpdate.chops",
    "textual._compositor.ChopsUpdate.spans",
    "textual._compositor.ChopsUpdate.chop_ends",
    "textual.screen.Screen._compositor",
    "textual.screen.Screen._dirty_widgets",
    "textual.widget.Widget._set_dirty",
    "textual.widget.Widget._dirty_regions",
    "textual.widget.Widget._repaint_regions",
    "textual.widget.Widget._styles_cache",
    "textual._styles_cache.StylesCache.set_dirty",
    "textual.widget.Widget._layout_cache",
    "textual.widget.Widget._rich_style_cache",
    # ui/textual_compat/driver.py
    "textual._context.active_app",
    "textual._xterm_parser.XTermParser",
    "textual._xterm_parser.XTermParser._parse_extended_key",
    "textual.driver.Driver._app",
    "textual.driver.Driver._loop",
    "textual.driver.Driver._size",
    "textual.driver.Driver._mouse",
    "textual.driver.Driver._debug",
    # ui/textual_compat/terminal_input.py (and XTermParser, Driver._debug above)
    "textual._parser.ParseError",
    # ui/textual_compat/messages.py
    "textual.message.Message._sender",
    # ui/textual_compat/rendering.py
    "textual._styles_cache.StylesCache",
    "textual._styles_cache.StylesCache.get_inner_outer",
    # ui/textual_compat/strips.py (and rendering.py: Strip._render_cache)
    "textual.strip.Strip._segments",
    "textual.strip.Strip._cell_length",
    "textual.strip.Strip._render_cache",
    "textual.strip.Strip._link_ids",
    "textual.strip.Strip._cell_count",
    "textual.strip.Strip._divide_cache",
    "textual.strip.Strip._crop_cache",
    "textual.strip.Strip._style_cache",
    "textual.strip.Strip._filter_cache",
    "textual.strip.Strip._line_length_cache",
    "textual.strip.Strip._crop_extend_cache",
    "textual.strip.Strip._offsets_cache",
    # ui/textual_compat/logs.py
    "textual.widgets.RichLog._line_cache",
    # ui/textual_compat/widgets.py
    "textual.widgets.Select._options",
    # ui/textual_compat/app_parts.py
    "textual.app.App._fatal_error",
    "textual.app.App._exception",
    "textual.app.App._exit_renderables",
    "textual.app.App._close_messages_no_wait",
    "textual.app.App._notifications",
    "textual.app.App._unnotify",
)
"""Every private Textual name ``ui/textual_compat/`` uses, by module. Attributes that
Textual sets in ``__init__`` (``Driver._app``, ``App._exception``) are checked on an
instance by the tests; here, where nothing is built, only their class is looked up."""


def has_part(dotted: str) -> bool:
    """Whether ``dotted`` (module.Class[.attribute]) can be looked up; an attribute set
    only on instances counts if a method of the class (or a base) names it."""
    parts = dotted.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            owner: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:-1]:
            owner = getattr(owner, name, None)
            if owner is None:
                return False
        last = parts[-1]
        if hasattr(owner, last):
            return True
        return any(
            last in getattr(getattr(method, "__code__", None), "co_names", ())
            for cls in getattr(owner, "__mro__", ())
            for method in vars(cls).values()
        )
    return False


def installed_textual() -> str | None:
    """The installed Textual's version, None if there is none. Read from the name of the
    ``textual-VERSION.dist-info`` folder beside the package, as pip installs it:
    ``importlib.metadata`` (with the ``email`` package it loads) costs start-up more than
    the rest of this check, so it answers only where there is not exactly one such folder."""
    spec = importlib.util.find_spec("textual")
    if spec is None or spec.origin is None:
        return None
    prefix, suffix = "textual-", ".dist-info"
    with os.scandir(Path(spec.origin).parent.parent) as entries:
        found = [
            entry.name[len(prefix) : -len(suffix)]
            for entry in entries
            if entry.name.startswith(prefix) and entry.name.endswith(suffix)
        ]
    if len(found) == 1:
        return found[0]
    from importlib import metadata

    try:
        return metadata.version("textual")
    except metadata.PackageNotFoundError:
        return None


def textual_problem() -> str | None:
    """None if this Textual is the one the work-arounds were written for, or has every
    private part they use; else the sentence to show instead of a traceback."""
    installed = installed_textual()
    if installed is None:
        return "cantstop needs Textual, which is not installed: pip install cantstop-tui."
    if installed == TEXTUAL_VERSION:
        return None
    missing = [part for part in PRIVATE_PARTS if not has_part(part)]
    if not missing:
        return None
    return (
        f"cantstop was written for Textual {TEXTUAL_VERSION}, and this Python has Textual "
        f"{installed}, which lacks {', '.join(missing[:3])}"
        + (f" and {len(missing) - 3} more" if len(missing) > 3 else "")
        + f": pip install 'textual=={TEXTUAL_VERSION}' (or make run, which installs it)."
    )
