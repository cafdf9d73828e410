"""Names and words from files and strangers: made harmless before anything shows them.

One sanitiser for every name or line of text that reaches a terminal, whatever it came from
(a save, the records, the settings, an SSH login, a chat line): escape sequences, control
characters, bidirectional overrides, zero-width and other invisible characters (every
Default_Ignorable_Code_Point, the Hangul fillers among them) are removed, whitespace is
collapsed, and the result is capped. Each function first cuts its input to a bounded length,
so a megabyte-long name costs no more than a short one.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import cache
from typing import Final

MAX_NAME_LENGTH: Final = 16
"""Login names on a server: letters, digits and ``-_.'``, at most this many characters."""
MAX_PLAYER_NAME: Final = 24
"""A player's name in a game (local or from a file): at most this many characters."""
MAX_TEXT: Final = 200
"""A chat line, a table name or any other line of text from outside."""
_MAX_MARKS: Final = 2
"""Combining marks kept after one base character: enough for any script, not for 'zalgo'."""
_ESCAPE_SEQUENCE: Final = (
    r"""
    \x1b\[[0-?]*[ -/]*[@-~]?          # CSI: cursor moves, colours, erase
    | \x1b[\]PX^_][^\x07\x1b]*(?:\x07|\x1b\\)?   # OSC, DCS, SOS, PM, APC strings
    | \x1b[ -/]*[0-~]?                # two-character escapes (ESC c resets the terminal)
    | \x9b[0-?]*[ -/]*[@-~]?          # 8-bit CSI
    | [\x90\x9d\x98\x9e\x9f][^\x07\x9c\x1b]*(?:\x07|\x9c)?  # 8-bit string controls
    """
)
_ALLOWED_PUNCTUATION = frozenset(" -_.'")
_INVISIBLE: Final = (
    "["
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff"
    "\u2800"
    "]"
)
"""Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15), which
includes letters drawn as nothing (the Hangul fillers U+115F, U+1160, U+3164, U+FFA0) and
marks (variation selectors), and the blank Braille pattern U+2800: a name of them shows as
blanks."""


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """``_ESCAPE_SEQUENCE`` and ``_INVISIBLE`` compiled, on the first text that needs them
    (about 6 million instructions: a start-up's names are plain ASCII)."""
    return re.compile(_ESCAPE_SEQUENCE, re.VERBOSE), re.compile(_INVISIBLE)


def _visible(raw: str, limit: int, allowed: Callable[[str], bool] | None = None) -> str:
    """``raw`` without escape sequences, control, format (bidi, zero-width), private-use,
    unassigned or default-ignorable (``_INVISIBLE``) characters (and, given ``allowed``,
    without what it refuses), with at most two combining marks after a kept character;
    NFC-normalised, whitespace collapsed."""
    text = raw[: limit * 8]
    if not (text.isascii() and text.isprintable()):  # else neither pattern can match
        escapes, invisible = _patterns()
        text = invisible.sub("", escapes.sub("", text))
    kept: list[str] = []
    marks = 0
    base_kept = False
    for char in unicodedata.normalize("NFC", text):
        category = unicodedata.category(char)
        if category[0] == "M":
            marks += 1
            if base_kept and marks <= _MAX_MARKS:
                kept.append(char)
            continue
        marks = 0
        if category[0] == "Z":
            char = " "
        base_kept = category[0] != "C" and (allowed is None or allowed(char))
        if base_kept:
            kept.append(char)
        base_kept = base_kept and char != " "  # a mark never sits on a space
    return " ".join("".join(kept).split())


def clean_text(raw: object, limit: int = MAX_TEXT) -> str:
    """Any text from outside as one harmless line of at most ``limit`` characters.

    Anything that is not a string (a number in a hand-edited file) is shown as its ``str``.
    """
    text = raw if isinstance(raw, str) else str(raw)
    return _visible(text, limit)[:limit].strip()


def clean_name(raw: object) -> str:
    """A player's name as it may be shown: :func:`clean_text` capped at ``MAX_PLAYER_NAME``.

    Letters of every script, digits, punctuation, symbols and emoji stay.
    """
    return clean_text(raw, MAX_PLAYER_NAME)


def sanitize_name(raw: str) -> str:
    """A login name: only letters, digits, spaces and ``-_.'`` survive (no markup brackets,
    no symbols that look like others), cut to ``MAX_NAME_LENGTH`` characters."""
    text = _visible(raw, MAX_NAME_LENGTH, _name_character)
    return text[:MAX_NAME_LENGTH].strip()


def _name_character(char: str) -> bool:
    return char in _ALLOWED_PUNCTUATION or unicodedata.category(char)[0] in "LN"


def is_usable_name(name: str) -> bool:
    """A name people can read and tell apart: non-empty after sanitizing, with a letter or digit."""
    clean = sanitize_name(name)
    return clean == name and any(char.isalnum() for char in clean)


def sanitize_text(raw: str) -> str:
    """A chat line or table name without escape sequences, controls or invisible characters."""
    return clean_text(raw, MAX_TEXT)
