"""Module docstrings as command-line help: plain text, not reStructuredText."""

from __future__ import annotations

import re

_LITERAL = re.compile(r"``(.+?)``")
_ROLE = re.compile(r":[a-z]+:`~?([^`]+)`")


def plain(doc: str | None) -> str:
    """``doc`` with ``literals`` and :role:`targets` as plain words, for ``--help``."""
    text = _ROLE.sub(lambda m: m.group(1).rsplit(".", 1)[-1], doc or "")
    return _LITERAL.sub(r"\1", text).strip()
