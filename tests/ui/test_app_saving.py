"""ui/app_saving.py: the local app's saves of its game."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cantstop_tui.engine import GameConfig, legal_moves
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.table import Table
from cantstop_tui.storage import Autosaver, find_resumable
from cantstop_tui.ui.app_saving import GameSaves


def test_a_change_after_closing_is_not_saved_in_a_second_file(tmp_path: Path) -> None:
    """The app closes its saves as it ends; a computer's step that ends while the app shuts
    down changes the table after that, and was saved in a new file of the same game (two
    resumable copies: seen in tests/storage/test_signals.py)."""
    waiting: list[Callable[[], None]] = []
    saves = GameSaves(Autosaver(tmp_path / "autosave", records=tmp_path / "r.json"), waiting.append)
    table = Table(Match.start((Seat("Ana"), Seat("Bo")), GameConfig(), 3))
    saves.follow(table)
    seat = table.match.state.current_player
    table.roll(seat)
    saves.close()  # saves what waits, lets go of the file
    table.choose(seat, legal_moves(table.match.state)[0])  # the first roll never busts
    for flush in waiting:
        flush()
    assert len(list((tmp_path / "autosave").glob("*.json"))) == 1
    [game] = find_resumable(tmp_path / "autosave", tmp_path / "r.json")
    assert game.match is not None and len(game.match.history) == 1
