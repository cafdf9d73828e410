"""Training the win-chance model end to end on a tiny budget, and the levels it is measured by."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cantstop_tui.ai import LEVELS, OLD_NAMES, make_bot
from cantstop_tui.ai.expert import ClassicExpertBot, ExpertBot
from cantstop_tui.ai.turns_model import HORIZON, TurnsModel
from cantstop_tui.ai.win_chance import calibrate
from cantstop_tui.arena.calibration import (
    Prediction,
    brier,
    calibrated,
    fit_calibration,
    tenths,
)
from cantstop_tui.arena.play import play_game, play_solitaire
from cantstop_tui.arena.train import QUICK, Budget, train
from cantstop_tui.arena.train_data import Samples, game_views, play_out, solitaire_start
from cantstop_tui.engine import Dice, Phase

pytestmark = pytest.mark.xdist_group("training")  # one worker trains the model once

TINY = Budget(view_games=1, starts=(4,), epochs=1, calibration_games=1)
"""A generation more on top of a model: the loop's going on, not its quality (with seed 5
its views are from a standard two-player game, whose play-outs are the cheapest)."""


@pytest.fixture(scope="module")
def quick_model(tmp_path_factory: pytest.TempPathFactory) -> tuple[TurnsModel, Path]:
    """The quick training loop, run once for the tests of this module."""
    out = tmp_path_factory.mktemp("training") / "model.npz"
    return train(seed=3, budget=QUICK, out=out, jobs=1, command="test"), out


def test_the_quick_training_loop_writes_a_model_that_loads(
    quick_model: tuple[TurnsModel, Path],
) -> None:
    model, out = quick_model
    loaded = TurnsModel.load(out)
    assert loaded.meta["command"] == "test" and loaded.meta["seed"] == 3
    assert loaded.meta["generation"] == len(QUICK.starts) - 1
    assert loaded.meta["policy"] == "expert"  # the second generation plans with the first
    assert set(loaded.meta["calibration"]) <= {"2", "3", "4"}
    x = np.random.default_rng(0).normal(size=(4, len(model.mean)))
    assert np.allclose(loaded.distribution(x), model.distribution(x), atol=1e-5)
    assert loaded.distribution(x).shape == (4, HORIZON)


def test_training_goes_on_from_a_model_and_keeps_its_samples(
    quick_model: tuple[TurnsModel, Path], tmp_path: Path
) -> None:
    _, first = quick_model
    out, kept = tmp_path / "next.npz", tmp_path / "samples"
    train(seed=5, budget=TINY, out=out, jobs=1, command="next",
          start_from=first, keep_samples=kept)
    model = TurnsModel.load(out)
    assert model.meta["generation"] == 1 and model.meta["policy"] == "expert"
    assert model.meta["command"] == "next"
    samples = Samples.load(kept / "samples-5-1.npz")
    assert len(samples) > 0 and samples.heights.shape == (len(samples), 11)
    assert (samples.turns >= 1).all()


def test_playing_a_view_out_counts_the_turns_it_still_took() -> None:
    view = game_views(5, 0)[-1]
    start = solitaire_start(view)
    assert start.current_player == 0 and start.phase is Phase.ROLL
    rows = play_out(view, ClassicExpertBot(), Dice(1))
    assert rows[0][0] == view
    assert [t for _, t in rows] == list(range(len(rows), 0, -1))


def test_expert_classic_is_the_strong_level_by_its_old_name() -> None:
    assert isinstance(make_bot("expert-classic"), ClassicExpertBot)
    assert OLD_NAMES["expert-classic"] == "strong" and "strong" in LEVELS
    assert "expert-classic" not in LEVELS  # the levels the new-game screen and lobby offer
    assert type(make_bot("expert")) is ExpertBot


def test_an_arena_between_expert_and_expert_classic() -> None:
    results = [play_game(("expert", "expert-classic"), order, seed)
               for seed, order in enumerate(((0, 1), (1, 0), (0, 1), (1, 0)))]
    assert all(r.winner in (0, 1) for r in results)
    alone = play_solitaire("expert", seed=4)
    assert alone.winner == 0 and 3 <= alone.turns[0] < 40


def test_the_calibration_fit_finds_the_line_that_made_the_results() -> None:
    rng = np.random.default_rng(5)
    true = (1.4, -0.3)
    predictions = []
    for _ in range(4000):
        raw = rng.dirichlet((1.0, 1.0, 1.0))
        winner = rng.choice(3, p=calibrate(raw, true))
        predictions += [Prediction(3, float(c), p == winner) for p, c in enumerate(raw)]
    slope, shift = fit_calibration(predictions)["3"]
    assert abs(slope - true[0]) < 0.15 and abs(shift - true[1]) < 0.3
    assert calibrated(predictions[:3], {}) == pytest.approx([p.chance for p in predictions[:3]])


def test_calibration_arithmetic() -> None:
    rows = tenths([0.05, 0.15, 0.12, 0.95], [False, True, False, True])
    assert rows[0] == ("0.0-0.1", 1, 0.05, 0.0)
    assert rows[1][1] == 2 and rows[1][3] == 0.5
    assert brier([1.0, 0.0], [True, False]) == 0.0
    assert brier([0.5], [True]) == 0.25
