"""Player names from strangers: shown on other people's screens only once harmless."""

from __future__ import annotations

import re
import unicodedata

MAX_NAME_LENGTH = 16
_ESCAPE_SEQUENCE = re.compile(
    r"""
    \x1b\[[0-?]*[ -/]*[@-~]?          # CSI: cursor moves, colours, erase
    | \x1b[\]PX^_][^\x07\x1b]*(?:\x07|\x1b\\)?   # OSC, DCS, SOS, PM, APC strings
    | \x1b[ -/]*[0-~]?                # two-character escapes (ESC c resets the terminal)
    | \x9b[0-?]*[ -/]*[@-~]?          # 8-bit CSI
    | [\x90\x9d\x98\x9e\x9f][^\x07\x9c\x1b]*(?:\x07|\x9c)?  # 8-bit string controls
    """,
    re.VERBOSE,
)
_ALLOWED_PUNCTUATION = frozenset(" -_.'")


def sanitize_name(raw: str) -> str:
    """The name with every escape sequence and control character removed.

    Only letters, digits, spaces and ``-_.'`` survive (no markup brackets, no
    bidirectional overrides, no zero-width tricks); runs of spaces collapse and the
    result is cut to ``MAX_NAME_LENGTH`` characters.
    """
    text = _ESCAPE_SEQUENCE.sub("", raw)
    kept = [
        char
        for char in unicodedata.normalize("NFC", text)
        if char in _ALLOWED_PUNCTUATION or unicodedata.category(char)[0] in "LN"
    ]
    return " ".join("".join(kept).split())[:MAX_NAME_LENGTH].strip()


def is_usable_name(name: str) -> bool:
    """A name people can read and tell apart: non-empty after sanitizing, with a letter or digit."""
    clean = sanitize_name(name)
    return clean == name and any(char.isalnum() for char in clean)


def sanitize_text(raw: str) -> str:
    """A chat line or table name without escape sequences, controls or invisible characters."""
    text = _ESCAPE_SEQUENCE.sub("", raw)
    kept = [
        char
        for char in unicodedata.normalize("NFC", text)
        if unicodedata.category(char)[0] not in "CZM" or char == " "
    ]
    return " ".join("".join(kept).split())
