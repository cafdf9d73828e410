"""``--ascii`` draws no character but ASCII, whatever the names hold: a name in emoji or
CJK shows as its ASCII letters and a ``?`` per cell of the rest (``ascii_look.ascii_form``),
in as many cells, so every column still lines up."""

from __future__ import annotations

import html
import re

from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len

from cantstop_tui.engine import GameConfig
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.ui.ascii_look import ascii_form
from cantstop_tui.ui.demo import play_until

from .ui_helpers import table_app

NAMES = ("🎲Ana🎲", "Zoë", "山田")


def drawn_text(svg: str) -> list[str]:
    return [html.unescape(text) for text in re.findall(r">([^<>]*)</text>", svg)]


async def test_emoji_and_cjk_names_are_drawn_in_ascii_under_ascii() -> None:
    match = Match.start(tuple(Seat(name) for name in NAMES), GameConfig(3), 5)
    match = play_until(match, lambda m: len(m.history) >= 30)
    for ascii_only in (True, False):
        app, _table = table_app(match, ascii_only=ascii_only)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            texts = drawn_text(app.export_screenshot())
        drawn = "\n".join(texts).replace("\xa0", " ")  # the SVG's spaces
        if ascii_only:
            assert drawn.isascii(), sorted({c for c in drawn if not c.isascii()})
            assert "??Ana??" in drawn and "Zoe" in drawn and "????" in drawn
        else:  # the Unicode look is left as it is
            assert all(name in drawn for name in NAMES)


def test_the_ascii_form_of_a_name() -> None:
    assert ascii_form("Zoë") == "Zoe"
    assert ascii_form("🎲Ana🎲") == "??Ana??"
    assert ascii_form("山田") == "????"
    assert ascii_form("Ana") == "Ana"
    assert ascii_form("e\u0301") == "e"  # a mark alone takes no cell


@given(st.text(max_size=20))
def test_the_ascii_form_is_ascii_in_as_many_cells(text: str) -> None:
    drawn = ascii_form(text)
    assert drawn.isascii()
    assert cell_len(drawn) == cell_len(text)
