"""The review-verdicts benchmark's arithmetic, its resumable results and its shared plans."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks import verdict_playouts
from benchmarks.bench_review_verdicts import labels_within, verdict
from benchmarks.review_games import played
from benchmarks.verdict_playouts import BLOCK, PlayoutExpert, _tasks, load
from benchmarks.verdict_sample import Sampled
from cantstop_tui.ai.expert import ExpertBot
from cantstop_tui.engine import new_game
from cantstop_tui.play.bot_step import forced_step, next_step
from cantstop_tui.play.review import Decision


def _decision(cost: float, best: str = "roll", mine: str = "stop") -> Decision:
    return Decision(step=5, turn=2, player=0, kind="roll or stop", played=mine, best=best,
                    cost=cost, chance_best=60.0)


def test_a_verdict_is_the_mean_difference_with_its_standard_error() -> None:
    # wins after expert's choice and after the one played, four play-outs:
    # differences 100, 0, 0, 100 points: mean 50, sd 57.735, SE 28.87
    found = {0: (1, 0), 1: (1, 1), 2: (0, 0), 3: (1, 0)}
    v = verdict(_decision(10.0), found)
    assert v.measured == 50.0
    assert v.error == pytest.approx(28.8675, abs=1e-3)
    assert (v.won_best, v.won_played) == (75.0, 25.0)
    assert v.within  # |10 - 50| <= 57.7
    assert not v.too_severe


def test_a_blunder_the_play_outs_call_nothing_is_too_severe() -> None:
    # the played choice won as often: measured 0 +- 0, a blunder claimed is three steps off
    found = {j: (1, 1) for j in range(5)}
    v = verdict(_decision(12.0), found)
    assert (v.measured, v.error) == (0.0, 0.0)
    assert v.too_severe and not v.within
    assert labels_within(v) == {None}
    # a mistake claimed would be two steps off; an inaccuracy one
    assert verdict(_decision(6.0), found).too_severe
    assert not verdict(_decision(3.0), found).too_severe


def test_labels_within_two_standard_errors_span_the_thresholds_crossed() -> None:
    found = {0: (1, 0), 1: (0, 0), 2: (0, 0), 3: (0, 0)}  # 25 +- 25
    assert labels_within(verdict(_decision(3.0), found)) == {
        None, "inaccuracy", "mistake", "blunder"
    }


def test_play_outs_go_round_by_round_and_skip_those_done() -> None:
    sample = [Sampled(game, new_game(), _decision(3.0, mine=f"{game}")) for game in range(2)]
    done = {sample[0].key: {0: (1, 0), 2: (0, 0)}}
    tasks = _tasks(sample, 2 * BLOCK, done)
    assert [i for i, _ in tasks] == [0, 1, 0, 1]
    assert tasks[0][1] == tuple(j for j in range(BLOCK) if j not in (0, 2))
    assert tasks[1][1] == tuple(range(BLOCK))
    assert tasks[2][1] == tuple(range(BLOCK, 2 * BLOCK))


def test_results_are_read_back_and_a_line_cut_short_is_played_again(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    rows = [{"key": "3:40:roll:stop", "j": j, "best": 1, "mine": j % 2, "cpu": 1.0}
            for j in range(3)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows) + '{"key": "3:40:ro')
    assert load(path) == {"3:40:roll:stop": {0: (1, 0), 1: (1, 1), 2: (1, 0)}}
    assert load(tmp_path / "none.jsonl") == {}


def test_shared_plans_choose_what_a_new_expert_chooses() -> None:
    match = played(["rule28", "easy"], 7)
    states = [p.state for p, _ in match.positions()][30:60]
    asked = [s for s in states if not s.is_over and forced_step(s) is None]
    assert len(asked) >= 5
    fresh = [next_step(ExpertBot(), s) for s in asked]
    verdict_playouts._PLANS.clear()
    for _ in range(2):  # the second time every plan is one kept from the first
        assert [next_step(PlayoutExpert(), s) for s in asked] == fresh
        assert verdict_playouts._PLANS
    verdict_playouts._PLANS.clear()
