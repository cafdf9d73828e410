"""Accuracy as Lichess computes it (lila's ``AccuracyPercent.scala``), against examples
worked by hand from its formulas (the same example is in docs/ai.md)."""

from __future__ import annotations

import pytest

from cantstop_tui.play.accuracy import game_accuracy, move_accuracy, volatility_weights


def test_a_decisions_accuracy_follows_lichess_curve_with_its_bonus() -> None:
    # 103.1668100711649 exp(-0.04354415386753951 x) - 3.166924740191411 + 1, within 0-100.
    assert move_accuracy(0.0) == 100.0  # 101.0 before the clip
    assert move_accuracy(-3.0) == 100.0  # a gain is perfect
    assert move_accuracy(10.0) == pytest.approx(64.5798, abs=1e-4)
    assert move_accuracy(5.0) == pytest.approx(80.8153, abs=1e-4)
    assert move_accuracy(200.0) == 0.0


def test_the_worked_example_of_the_docs() -> None:
    """Three decisions costing 0, 10 and 0 points; the player's chances 50, 60, 40 before
    them and 45 after the last. Window: 3 // 10 = 0, so 2 positions. Weights: the
    population standard deviations of (50, 60), (60, 40), (40, 45): 5, 10, 2.5.
    Weighted mean: (100 x 5 + 64.5798 x 10 + 100 x 2.5) / 17.5 = 79.7599.
    Harmonic mean: 3 / (1/100 + 1/64.5798 + 1/100) = 84.5435. Accuracy: 82.1517."""
    assert volatility_weights([50, 60, 40, 45]) == pytest.approx([5.0, 10.0, 2.5])
    assert game_accuracy([0, 10, 0], [50, 60, 40, 45]) == pytest.approx(82.1517, abs=1e-4)


def test_the_window_widens_with_the_decisions_and_the_first_share_the_first() -> None:
    # 30 decisions: a window of 3 positions; the first 3 - 2 = 1 decision shares the first
    # window with the second, then the window slides.
    chances = [50.0] * 31
    chances[1] = 56.0  # only windows holding position 1 vary
    weights = volatility_weights(chances)
    assert len(weights) == 30
    spread = pytest.approx(2.828427, abs=1e-6)  # pstdev(50, 56, 50)
    assert weights[:3] == [spread, spread, pytest.approx(2.828427, abs=1e-6)]
    assert weights[3:] == [0.5] * 27  # a still game weighs the least, 0.5
    # A wild game weighs at most 12.
    assert volatility_weights([0.0, 100.0] * 3) == [12.0] * 5
    # 95 decisions: a window of 8 at most.
    assert len(volatility_weights([float(i % 7) for i in range(96)])) == 95


def test_the_harmonic_mean_takes_each_accuracy_as_at_least_one() -> None:
    # One decision that gave away everything: accuracy 0; weighted mean 0, harmonic mean
    # 1 / (1 / max(1, 0)) = 1; the game's accuracy (0 + 1) / 2.
    assert game_accuracy([200.0], [90.0, 0.0]) == pytest.approx(0.5)
    assert game_accuracy([], [50.0]) is None
    with pytest.raises(ValueError):
        game_accuracy([1.0, 2.0], [50.0, 50.0])


def test_one_blunder_weighs_more_than_a_plain_mean_says() -> None:
    costs = [0.0] * 9 + [30.0]
    chances = [50.0] * 11
    plain = sum(move_accuracy(c) for c in costs) / len(costs)
    assert game_accuracy(costs, chances) == pytest.approx(
        (plain + 10 / (9 / 100 + 1 / move_accuracy(30.0))) / 2
    )
    assert game_accuracy(costs, chances) < plain  # type: ignore[operator]


def test_a_weight_is_the_exact_population_deviation_to_the_last_bits() -> None:
    """The windows' deviations in floats agree with ``statistics.pstdev``'s exact ones."""
    import random
    import statistics

    rng = random.Random(31)
    chances = [rng.uniform(40.0, 60.0) for _ in range(81)]
    size = 8  # 80 decisions: a window of 8 positions
    windows = [chances[i : i + size] for i in range(len(chances) - size + 1)]
    exact = [min(max(statistics.pstdev(window), 0.5), 12.0) for window in windows]
    weights = volatility_weights(chances)[size - 2 :]
    assert weights == pytest.approx(exact, rel=1e-13)
    assert any(0.5 < weight < 12.0 for weight in weights)
