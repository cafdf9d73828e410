"""The ladder of levels: each plays the level below it in the arena, every decision legal and
the same for the same seed; steady keeps what it has; docs/ai.md's ladder table is the code's."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest

from cantstop_tui.ai import LEVELS, make_bot
from cantstop_tui.ai.steady import CAUTION, SteadyBot
from cantstop_tui.arena.cli import main
from cantstop_tui.engine import Dice, GameConfig, GameState, Phase, can_stop, legal_moves, new_game
from cantstop_tui.play.bot_step import next_step, step_state
from cantstop_tui.play.match import Action
from cantstop_tui.play.ratings import ANCHORS, ARENA_WIN_RATES

DOCS = Path(__file__).resolve().parents[2] / "docs" / "ai.md"
MAX_STEPS = 400


def test_every_level_plays_the_level_below_it_in_the_arena(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for weaker, stronger in itertools.pairwise(LEVELS):
        args = ["--players", f"{stronger},{weaker}", "--games", "2", "--seed", "3", "--jobs", "1"]
        assert main([*args, "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["draws"] == 0 and sum(data["wins"].values()) == 2, (stronger, weaker)


def _played(level: str, seed: int) -> list[tuple[GameState, Action]]:
    """Every step of a game of ``level`` against itself (the first MAX_STEPS)."""
    bots = [make_bot(level, seed=seed), make_bot(level, seed=seed + 1)]
    state, dice = new_game(GameConfig(2), first_player=0), Dice(seed)
    steps = []
    while state.phase is not Phase.OVER and len(steps) < MAX_STEPS:
        step = next_step(bots[state.current_player], state)
        steps.append((state, step))
        state, _ = step_state(step, state, dice)
    return steps


@pytest.mark.parametrize("level", LEVELS)
def test_each_levels_decisions_are_legal_and_the_same_for_a_seed(level: str) -> None:
    steps = _played(level, seed=11)
    for state, step in steps:
        if state.phase is Phase.CHOOSE:
            assert step.kind == "choose" and step.move in legal_moves(state)
        elif step.kind == "stop":
            assert can_stop(state)
    assert sum(step.kind == "choose" for _, step in steps) >= 10
    assert [step for _, step in _played(level, seed=11)] == [step for _, step in steps]


def test_steady_stops_where_a_plain_one_roll_look_would_roll_on_and_never_the_reverse() -> None:
    steady = SteadyBot()
    safer = 0
    for state, _ in _played("steady", seed=5):
        if state.phase is not Phase.ROLL or not any(state.runners) or not can_stop(state):
            continue
        planner = steady.planner(state)
        plain = planner.rolling_value(state.runners) > planner.stop_value(state.runners)
        rolls = steady.keep_rolling(state)
        assert plain or not rolls, "steady rolled on where the plain look would stop"
        safer += plain and not rolls
    assert safer > 0 and CAUTION > 0
    tuned = DOCS.read_text().split("## The ladder", 1)[1]
    assert f"rolls only if rolling looks better by {CAUTION * 100:g} points: **steady**" in tuned


def _ladder_rows() -> dict[str, list[str]]:
    """The rows of the first table under "## The ladder", by level."""
    lines = DOCS.read_text().split("## The ladder", 1)[1].splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    rows = {}
    for line in lines[start + 2 :]:  # past the heading and its rule
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows[cells[0].strip("*`")] = cells
    return rows


def test_the_docs_ladder_table_states_the_codes_rates_anchors_and_commands() -> None:
    rows = _ladder_rows()
    assert tuple(rows) == LEVELS  # weakest first
    for stronger, weaker, rate in ARENA_WIN_RATES:
        cells = rows[stronger]
        assert re.search(rf"\b{rate:.2%} against `?{weaker}\b", cells[1]), cells
        command = f"cantstop arena --players {stronger},{weaker} --games 10000 --seed 1"
        assert f"`{command}`" in cells[-1]
    for level, rating in ANCHORS.items():
        assert rows[level][2] == f"{rating.mu:.1f}"
        assert rows[level][3] == f"{rating.shown:.1f}"
