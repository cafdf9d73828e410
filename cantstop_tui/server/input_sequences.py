"""Which complete CSI sequences from a client reach Textual's parser, and in what form.

Textual's parser trusts its terminal: a size report resizes the app (a 10000x10000 screen
is drawn, however long it takes and whatever memory it needs), a mouse report far off the
screen is routed as if it were on it, a key code past Unicode's end raises inside the
parser. Over SSH the terminal is anyone, and the server asks it for nothing but keys,
SGR mouse reports, bracketed paste and whether it has synchronized output, so only those
pass (docs/ssh.md lists every kind and what becomes of it):

- keys: ``CSI [code[;modifiers]] final`` with a code that is a character (at most
  U+10FFFF, not a surrogate) and modifiers below 256;
- SGR mouse reports, with the position clamped into the session's screen;
- the bracketed paste markers (the paste itself is bounded by ``InputFilter``);
- an old terminal's mouse report (``CSI M`` and three bytes), which Textual ignores;
- the reply to the one mode the server asks about (2026, synchronized output).

Everything else is dropped: in-band size reports (``CSI 48 ; rows ; cols ; ... t``, the
size is the SSH channel's to say, clamped), every other window report (``t``), cursor
position reports (``R``), focus in and out (``CSI I``, ``CSI O``: the server never turns
focus reporting on), other mode replies (2048 would turn on pixel mouse positions), device
attributes and any other report.
"""

from __future__ import annotations

import re
from typing import Final

X10_MOUSE: Final = "\x1b[M"
"""An old terminal's mouse report (three bytes follow): Textual reads and ignores it, and
without it here those bytes would arrive as keys."""
PASTE_START: Final = "\x1b[200~"
PASTE_END: Final = "\x1b[201~"
MAX_CODE_POINT: Final = 0x10FFFF
MAX_MODIFIERS: Final = 255
ASKED_MODES: Final = frozenset({2026})
"""The modes the driver asks about (``CSI ? 2026 $ p``): only their replies pass."""

_KEY = re.compile(r"\x1b\[(?:(\d+)(?:;(\d+))?)?([A-HPQSZa-d~^$@u])")
_MOUSE = re.compile(r"\x1b\[<(\d+);(\d+);(\d+)([Mm])")
_MODE_REPLY = re.compile(r"\x1b\[\?(\d+);(\d)\$y")


def admit_csi(sequence: str, size: tuple[int, int]) -> str | None:
    """``sequence`` (a whole CSI sequence) as Textual may see it on a ``size`` screen
    (width, height), or None when it is dropped."""
    if sequence in (PASTE_START, PASTE_END, X10_MOUSE):
        return sequence
    if key := _KEY.fullmatch(sequence):
        code, modifiers, _final = key.groups()
        if code is not None and not _is_character(int(code)):
            return None
        if modifiers is not None and int(modifiers) > MAX_MODIFIERS:
            return None
        return sequence
    if mouse := _MOUSE.fullmatch(sequence):
        return _clamped_mouse(mouse, size)
    if (reply := _MODE_REPLY.fullmatch(sequence)) and int(reply[1]) in ASKED_MODES:
        return sequence
    return None


def _is_character(code: int) -> bool:
    return code <= MAX_CODE_POINT and not 0xD800 <= code <= 0xDFFF


def _clamped_mouse(mouse: re.Match[str], size: tuple[int, int]) -> str | None:
    """An SGR mouse report with its cell (1-based) moved onto the screen; None for a button
    code no terminal sends."""
    button, x, y, action = mouse.groups()
    if int(button) > MAX_MODIFIERS:
        return None
    width, height = size
    column = min(max(int(x), 1), width)
    row = min(max(int(y), 1), height)
    return f"\x1b[<{int(button)};{column};{row}{action}"
