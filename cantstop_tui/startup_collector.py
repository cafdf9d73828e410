"""Start-up without the garbage collector's passes.

What ``cantstop`` makes before its first frame (modules, classes, Textual's styles, the
first screen's widgets) lives as long as the program, so the collector's passes over it
during start-up (about a hundred of them) find nothing to free: they were about a tenth of
the first frame's CPU time. ``hold()`` stops them; ``release()``, once the first frame is
drawn, moves what start-up made out of the collector's sight for good (``gc.freeze``: every
later pass is shorter too) and starts it again. Both are no-ops unless ``hold`` stopped it,
so an app started in a process that never held (a server's visitors, the tests) leaves the
collector alone.
"""

from __future__ import annotations

import gc


class _Hold:
    held = False


def hold() -> None:
    """Stop the collector until ``release`` (if it runs: nothing is done otherwise)."""
    if gc.isenabled():
        gc.disable()
        _Hold.held = True


def release() -> None:
    """After start-up: what it made is kept out of later passes; the collector runs again."""
    if _Hold.held:
        _Hold.held = False
        gc.freeze()
        gc.enable()
