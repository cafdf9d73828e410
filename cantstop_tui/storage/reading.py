"""The one way the game reads a JSON file it did not just write: every file is hostile.

Every file the game reads can be edited, corrupted, cut off or planted by someone else
(saves are shared, data folders synced). ``read_json`` is the single door: it caps the size
and the nesting depth before parsing, refuses numbers that are not plain finite numbers of
sane length (NaN, Infinity, ``1e999``, a 5,000-digit integer), and turns every failure into
one ``SaveError`` sentence naming the file and the problem. It never writes.

The shapes of the values (types and ranges) are then checked by each file's own reader with
plain code over dataclasses (``record.py``, ``records.py``, the settings): a game record's
real check is replaying every action through the engine, which no schema library expresses,
so a validation library would add a dependency for the part that is already a few lines.
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any, Final

from .atomic import reason
from .errors import SaveError

MAX_BYTES: Final = 10 * 1024 * 1024
"""No file the game reads is anywhere near this; a bigger one is refused unread."""
MAX_DEPTH: Final = 32
"""The deepest nesting of lists and objects accepted (a game record needs 4)."""
MAX_DIGITS: Final = 40
"""The longest number accepted, in characters (a 64-bit seed has 20 digits)."""

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


class _Refused(ValueError):
    """A value the parser met that no file of ours holds; its text is the sentence."""


def _refuse_constant(name: str) -> Any:
    raise _Refused(f"it holds {name}, which is not a number this game uses.")


def _parse_int(text: str) -> int:
    if len(text) > MAX_DIGITS:
        raise _Refused(f"it holds a number {len(text)} digits long.")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if len(text) > MAX_DIGITS or value in (float("inf"), float("-inf")):
        raise _Refused(f"it holds a number out of range ({text[:20]}).")
    return value


def _depth(text: str) -> int:
    """How deep lists and objects nest in JSON text (strings ignored); linear time."""
    depth = deepest = 0
    for match in _BRACKET.finditer(_STRING.sub("", text)):
        if match.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _ends_early(text: str) -> bool:
    """Whether JSON text stops inside a string or before closing every bracket."""
    stripped = _STRING.sub("", text)
    if '"' in stripped:
        return True  # a string that never closes
    depth = 0
    for match in _BRACKET.finditer(stripped):
        depth += 1 if match.group() in "[{" else -1
    return depth > 0


def read_bytes(path: Path, max_bytes: int = MAX_BYTES) -> bytes:
    """The file's bytes, refusing one over ``max_bytes`` without reading it all, and
    anything but a regular file (a named pipe, a device or a folder) without waiting on it:
    it is opened without blocking and checked before a byte is read."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise SaveError(path, reason(error)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise SaveError(path, "it is not a regular file (a pipe, device or folder).")
        with open(fd, "rb", closefd=False) as file:
            raw = file.read(max_bytes + 1)
    except OSError as error:
        raise SaveError(path, reason(error)) from None
    finally:
        os.close(fd)
    if len(raw) > max_bytes:
        raise SaveError(path, f"the file is over {max_bytes // (1024 * 1024)} MB, far too big.")
    return raw


def read_json(path: Path, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """Parse a JSON file, turning every kind of failure into a ``SaveError``; never writes."""
    raw = read_bytes(path, max_bytes)
    if not raw.strip():
        raise SaveError(path, "the file is empty.")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(path, "it is not a text file.") from None
    if _depth(text) > max_depth:
        raise SaveError(path, f"its lists and objects nest more than {max_depth} deep.")
    try:
        return json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_refuse_constant,
        )
    except _Refused as error:
        raise SaveError(path, str(error)) from None
    except json.JSONDecodeError as error:
        if _ends_early(text):
            problem = "the file ends too early (it was cut off or truncated)."
        else:
            where = f"line {error.lineno}, column {error.colno}"
            problem = f"it is not valid JSON ({where}: {error.msg})."
        raise SaveError(path, problem) from None
    except (ValueError, RecursionError):  # pragma: no cover - guarded above; never a traceback
        raise SaveError(path, "it is not valid JSON.") from None
