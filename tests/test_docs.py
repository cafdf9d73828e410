"""What the README says the game draws is what it draws."""

from __future__ import annotations

import re
from pathlib import Path

from cantstop_tui.ui.glyphs import ASCII, UNICODE

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def test_the_readme_names_the_shapes_the_board_draws() -> None:
    found = re.search(
        r"\(red (\S), green (\S), blue (\S), yellow (\S); `(.) (.) (.) (.)` with", README
    )
    assert found is not None, "the README's line on the players' shapes moved"
    assert found.groups()[:4] == UNICODE.shapes
    assert found.groups()[4:] == ASCII.shapes
