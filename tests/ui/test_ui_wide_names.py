"""Names in CJK or emoji, and long ones, line up: widths are terminal cells, and what
cannot fit ends with "…" rather than being cut silently."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len

from cantstop_tui.engine import GameConfig
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.ui.demo import play_until
from cantstop_tui.ui.widgets.game_log import GameLog, wrap_cells
from cantstop_tui.ui.widgets.players import PlayersPanel

from .ui_helpers import table_app

NAMES = ("山田太郎", "🎲Ana🎲", "Maximilian-Alexa", "Zoë")


async def test_wide_and_long_names_line_up_in_the_players_panel() -> None:
    match = Match.start(tuple(Seat(name) for name in NAMES), GameConfig(4), 5)
    match = play_until(match, lambda m: len(m.history) >= 30)
    app, _table = table_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(PlayersPanel)
        lines = [line.plain for line in panel._lines[1:5]]
        width = panel.size.width
        for name, line in zip(NAMES, lines, strict=True):
            assert cell_len(line) <= width
            assert name in line or (name[:4] in line and "…" in line), line
        # The counts line up in one column whatever the names' widths.
        columns = {cell_len(line[: line.index("/")]) for line in lines}
        assert len(columns) == 1, lines
        for line in app.screen.query_one(GameLog).lines:
            assert cell_len(line) < app.screen.query_one(GameLog).size.width


@given(
    st.lists(
        st.sampled_from(["7", "Ana", "山田", "🎲", "loses", "Maximilian-Alexa-Long"]),
        max_size=20,
    ),
    st.integers(min_value=8, max_value=40),
)
def test_log_lines_wrap_within_their_width_in_cells(words: list[str], width: int) -> None:
    line = " ".join(words)
    wrapped = wrap_cells(line, width)
    assert all(cell_len(part) <= width for part in wrapped)
    assert "".join(part.strip() for part in wrapped).replace(" ", "") == line.replace(" ", "")
