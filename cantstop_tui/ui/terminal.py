"""What leaves a terminal as it was before a full-screen app, whatever state it is in."""

from __future__ import annotations

from typing import Final

RESTORE_TERMINAL: Final = (
    "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"  # mouse reporting off
    "\x1b[?2004l"  # bracketed paste off
    "\x1b[?7h"  # line wrap back on
    "\x1b[?1049l"  # back to the main screen
    "\x1b[?25h"  # cursor shown
    "\x1b[0m"  # plain colours
)
