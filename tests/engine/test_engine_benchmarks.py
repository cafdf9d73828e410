"""The benchmark runner and the engine benchmark's playout policy (no timings asserted)."""

from __future__ import annotations

import pytest

from benchmarks import __main__ as runner
from benchmarks.bench_engine import playout
from cantstop_tui.engine import GameState, Phase, stop


def test_runner_finds_the_bench_modules_by_name() -> None:
    assert "engine" in runner.available()


def test_runner_refuses_an_unknown_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert runner.main(["no-such-bench"]) == 2
    assert "No benchmark called no-such-bench; available: " in capsys.readouterr().err


def test_table_columns_line_up() -> None:
    table = runner.format_table([("a", "1 µs", "note"), ("longer name", "22 µs", "")])
    lines = table.splitlines()
    assert lines[0].split() == ["benchmark", "value", "note"]
    assert [line.index(v) for line, v in zip(lines[2:], ["1 µs", "22 µs"], strict=True)] == [
        len("longer name") + 2
    ] * 2


def test_playout_policy_is_reproducible_and_finishes_games() -> None:
    positions: list[GameState] = []
    rolls = playout(3, positions)
    assert rolls == playout(3)
    after_rolls = [s for s in positions if s.phase is Phase.CHOOSE or not any(s.runners)]
    before_stops = [s for s in positions if s.phase is Phase.ROLL and any(s.runners)]
    assert len(after_rolls) == rolls
    assert len(after_rolls) + len(before_stops) == len(positions)
    assert stop(positions[-1])[0].phase is Phase.OVER  # the last stop wins
