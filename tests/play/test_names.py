"""Plain names skip the sanitiser's patterns (compiled on the first text that needs them,
issue 31's start-up) and come out as the patterns would leave them."""

from __future__ import annotations

import string

from cantstop_tui.play import names

SAMPLES = [string.printable[:95], "  Ana  de   la Cruz ", "a" * 300, "O'Neil-_.", "x[1]{y}"]


def test_plain_ascii_is_cleaned_as_the_patterns_would() -> None:
    escapes, invisible = names._patterns()
    for raw in SAMPLES:
        assert raw.isascii() and raw.isprintable()
        assert invisible.sub("", escapes.sub("", raw)) == raw  # nothing for them to remove
        for limit in (names.MAX_PLAYER_NAME, names.MAX_TEXT):
            collapsed = " ".join(raw[: limit * 8].split())
            assert names.clean_text(raw, limit) == collapsed[:limit].strip()
    assert names.sanitize_name("  Ana  [x]{y}_z ") == "Ana xy_z"


def test_text_that_is_not_plain_ascii_still_goes_through_the_patterns() -> None:
    assert names.clean_text("\x1b[31mAna\u200b Cruz\x1b]0;t\x07") == "Ana Cruz"
    assert names.clean_name("Zoë\u202e") == "Zoë"
