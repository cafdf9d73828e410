"""The arena: JSON shape, the table, determinism across processes, and bad input."""

from __future__ import annotations

import contextlib
import io
import json

import pytest

from cantstop_tui.arena.cli import main
from cantstop_tui.arena.stats import mean_interval, wilson


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


pytestmark = pytest.mark.xdist_group("arena")  # one worker plays the four games once

FOUR_GAMES = ("--players", "expert,rule28", "--games", "4", "--seed", "2")


@pytest.fixture(scope="module")
def four_games() -> dict[str, object]:
    """Four games of expert against rule28 in one process, read by the tests that follow."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main([*FOUR_GAMES, "--jobs", "1", "--json"]) == 0
    data: dict[str, object] = json.loads(out.getvalue())
    return data


def test_json_has_the_promised_fields(four_games: dict[str, object]) -> None:
    data = four_games
    assert data["games"] == 4
    assert data["players"] == ["expert", "rule28"]
    wins = data["wins"]
    assert isinstance(wins, dict) and sum(wins.values()) + data["draws"] == 4
    assert data["win_rate"] == {name: wins[name] / 4 for name in ("expert", "rule28")}
    turns = data["mean_turns"]
    assert isinstance(turns, dict) and all(t >= 3 for t in turns.values())
    by_seat = data["by_seat"]
    assert isinstance(by_seat, dict) and [s["games"] for s in by_seat["expert"]] == [2, 2]


def test_results_do_not_depend_on_the_number_of_processes(
    capsys: pytest.CaptureFixture[str], four_games: dict[str, object]
) -> None:
    # Four games are four tasks (a game each) for the two processes.
    assert _json(capsys, *FOUR_GAMES, "--jobs", "2") == four_games


def test_another_seed_plays_other_games(capsys: pytest.CaptureFixture[str]) -> None:
    first = _json(capsys, "--solitaire", "rule28", "--games", "20", "--seed", "1", "--jobs", "1")
    second = _json(capsys, "--solitaire", "rule28", "--games", "20", "--seed", "2", "--jobs", "1")
    assert first["mean_turns"] != second["mean_turns"]


def test_solitaire_reports_the_one_players_turns(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, "--solitaire", "expert", "--games", "3", "--jobs", "1")
    assert data["players"] == ["expert"]
    assert data["wins"] == {"expert": 3}
    turns = data["mean_turns"]
    assert isinstance(turns, dict) and set(turns) == {"expert"} and turns["expert"] >= 2
    low, high = data["mean_turns_ci95"]["expert"]  # type: ignore[index]
    assert low <= turns["expert"] <= high


def test_the_table_shows_wins_rates_and_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--players", "rule28,easy,easy", "--games", "6", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "95% CI" in out
    assert "easy#2" in out
    assert main(["--solitaire", "easy", "--games", "5", "--jobs", "1"]) == 0
    assert "mean turns to win" in capsys.readouterr().out


def test_bad_players_get_a_sentence_and_exit_code_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--players", "expert,grandmaster", "--games", "2"]) == 2
    assert "Unknown computer level 'grandmaster'" in capsys.readouterr().err
    assert main(["--players", "expert", "--games", "2"]) == 2
    assert "2 to 4 players" in capsys.readouterr().err
    assert main(["--players", "expert,easy", "--games", "0"]) == 2
    assert "at least 1" in capsys.readouterr().err


def test_wilson_interval_matches_the_formula() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_mean_interval_from_sums() -> None:
    mean, low, high = mean_interval(total=30, squares=100 + 100 + 100, count=3)
    assert mean == 10 and low == high == 10
    assert mean_interval(7, 49, 1) == (7, 7, 7)


@pytest.mark.parametrize(("when", "shown"), [("always", True), ("never", False), ("auto", False)])
def test_the_progress_bar_counts_the_games_on_stderr_when_asked(
    capsys: pytest.CaptureFixture[str], when: str, shown: bool
) -> None:
    argv = ["--players", "rule28,easy", "--games", "6", "--jobs", "1", "--progress", when]
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert ("6/6" in err and "games" in err) is shown  # auto: stderr is no terminal here
