"""The one place that touches Textual's private parts, one module a concern. The lock files
pin Textual to the version ``cantstop_tui.textual_version`` names, which lists every private
name used here; the tests named in each module check each and fail loudly when an upgrade
moves one.

- ``strips``: Textual's ``Strip`` without its caches and self-references while an SSH
  server runs (``lightened_strips``, undone when the last server closes); a strip that
  never caches itself on itself, for every app (``UncycledStrip``);
- ``rendering``: a cache that kept every closed dialog's lines alive
  (``StylesCache.get_inner_outer``), fixed on import, for every app; the escape codes kept
  once drawn (``forget_rendered_codes``); an SSH visitor's colours (``terminal_console``);
- ``driver``: the SSH driver's key parser (``new_key_parser``, ``forget_parsed_keys``), the
  driver's own state (``DriverState``) and the current app of a shared table's listener
  (``current_app``);
- ``app_parts``: crash reports instead of Textual's traceback (``report_fatal_errors``),
  some notices taken back, the others kept (``withdraw_notices``), and what tests read of
  an app (its notifications);
- ``logs``: a ``RichLog`` (a table's chat) that caches no more drawn lines than it keeps
  (``bound_line_cache``), where Textual's caches 1,024 of them, long gone or not;
- ``widgets``: what tests read of a ``Select`` (its options); imported by the tests, not
  from here (so the first frame does not load Textual's ``Select``);
- ``compositor``: a screen that draws, after a change, only the widgets under what changed
  (``lean_compositor``, for the game screen), and is told of a widget's change at once
  (``repaint``);
- ``messages``: the message that wakes an idle widget (``Prompt``) kept the closed screen
  that sent it alive; fixed on import, for every app;
- ``option_lists``: a list's highlighted line in reverse where its CSS says so (Textual's
  line style drops ``reverse``: without colours the highlight was a grey shade); fixed on
  import, for every app;
- ``terminal_input``: the terminal driver's input loop, which ends at its input's end where
  Textual's spins (``read_terminal``); imported by ``ui.compact_driver`` alone;
- ``palette``: the command palette drawn in ASCII (``command_palette``, its CSS), which
  reaches into the palette's inner ids;
- ``serve``: textual-serve's copy of the web game's stderr, taken over
  (``take_game_stderr``); imported by the web server alone, not from here.

The version itself is checked by ``cantstop_tui.textual_version``, outside this package: it
imports no private part, so it can say in a sentence what an upgrade broke before this
package fails to import.
"""

from __future__ import annotations

from .app_parts import notification_messages, report_fatal_errors, withdraw_notices
from .compositor import LeanCompositor, lean_compositor, repaint
from .driver import DriverState, KeyParser, current_app, forget_parsed_keys, new_key_parser
from .logs import bound_line_cache, cached_lines
from .messages import UPSTREAM_PROMPT_POST_INIT
from .option_lists import UPSTREAM_GET_VISUAL_STYLE
from .rendering import (
    UPSTREAM_GET_INNER_OUTER,
    forget_rendered_codes,
    terminal_console,
)
from .strips import (
    CACHE_SIZES,
    UPSTREAM_CROP_EXTEND,
    UPSTREAM_DIVIDE,
    UPSTREAM_INIT,
    LightStrip,
    UncycledStrip,
    lightened_strips,
    strips_lightened,
)

__all__ = [
    "CACHE_SIZES",
    "UPSTREAM_CROP_EXTEND",
    "UPSTREAM_DIVIDE",
    "UPSTREAM_GET_INNER_OUTER",
    "UPSTREAM_GET_VISUAL_STYLE",
    "UPSTREAM_INIT",
    "UPSTREAM_PROMPT_POST_INIT",
    "DriverState",
    "KeyParser",
    "LeanCompositor",
    "LightStrip",
    "UncycledStrip",
    "bound_line_cache",
    "cached_lines",
    "current_app",
    "forget_parsed_keys",
    "forget_rendered_codes",
    "lean_compositor",
    "lightened_strips",
    "new_key_parser",
    "notification_messages",
    "repaint",
    "report_fatal_errors",
    "strips_lightened",
    "terminal_console",
    "withdraw_notices",
]
