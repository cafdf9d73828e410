"""The board's kept drawings never stand in for a won column (found by a player: in a
2-player game a column won by the first seat showed empty spaces, and one won by the second
showed the first seat's pieces, until a resize).

A won column's look must differ from every look of a column in play: ``(0, False)`` and
``(0, 0)`` (no piece at a height) are equal in Python, and so were their drawings' keys.
"""

from __future__ import annotations

from textual.geometry import Region

from cantstop_tui.engine import TOPS, GameConfig
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.storage.replay import Replay
from cantstop_tui.ui.demo import play_until
from cantstop_tui.ui.screens.replay import ReplayApp, ReplayScreen
from cantstop_tui.ui.widgets.board import Board

from .ui_helpers import SIZE, until

MATCH = Match.start((Seat("ana"), Seat("bob")), GameConfig(num_players=2), 1)
"""Seed 1: each seat has won a column after 231 steps."""


def _both_won(match: Match) -> bool:
    return 0 in match.state.claimed and 1 in match.state.claimed


def _lines(board: Board) -> list[str]:
    width, height = board.size
    return [strip.text for strip in board.render_lines(Region(0, 0, width, height))]


async def test_won_columns_and_empty_spaces_draw_as_they_are_whatever_was_drawn_before() -> None:
    played = play_until(MATCH, _both_won)
    won = {owner: TOPS[column] for column, owner in enumerate(played.state.claimed)
           if owner is not None}
    assert set(won) == {0, 1}
    replay = Replay(played)
    last = len(replay) - 1
    async with ReplayApp(replay).run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen), "the replay")
        screen = pilot.app.screen
        assert isinstance(screen, ReplayScreen)
        board = screen.query_one(Board)
        shapes = [board.glyphs.shape(player) for player in (0, 1)]
        for key, index in (("home", 0), ("end", last), ("home", 0), ("end", last)):
            await pilot.press(key)
            await until(pilot, lambda index=index: screen.index == index, f"step {index}")
            spaces = _lines(board)[:-1]  # the last line: the columns' labels
            if index == 0:  # the start: no piece anywhere
                assert not any(shape in line for line in spaces for shape in shapes)
            else:  # each won column's every space shows its owner's piece twice
                for owner, top in won.items():
                    assert sum(line.count(shapes[owner] * 2) for line in spaces) == top
