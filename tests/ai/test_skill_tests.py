"""The statistics that say what held-out games prove of the win chance's calibration
(``arena.skill_tests``), against cases worked by hand, and their level and power on games
drawn from chances known to be right (a martingale) or known to be too sure."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from cantstop_tui.arena.skill_check import Predictions, Tenth
from cantstop_tui.arena.skill_games import CHUNK, cached
from cantstop_tui.arena.skill_tests import (
    _covariance,
    cell_tests,
    chi2_sf,
    games_to_show_within,
    holm,
    hosmer_lemeshow,
    martingale_errors,
    normal_sf,
    one_seat,
    p_beyond,
    p_within,
    pairing_tests,
    spiegelhalter,
)


def test_normal_tail() -> None:
    assert normal_sf(0.0) == pytest.approx(0.5)
    assert normal_sf(1.959963984540054) == pytest.approx(0.025, abs=1e-12)
    assert normal_sf(-1.0) == pytest.approx(0.8413447460685429, abs=1e-12)


@pytest.mark.parametrize(("x", "df"), [(3.841458820694124, 1), (5.991464547107979, 2),
                                       (11.070497693516351, 5), (18.307038053275146, 10)])
def test_chi_square_tail_at_the_tables_five_percent_points(x: float, df: int) -> None:
    assert chi2_sf(x, df) == pytest.approx(0.05, abs=1e-12)


def test_chi_square_tail_against_its_closed_forms() -> None:
    for x in (0.1, 1.0, 4.0, 30.0):  # df 2: exp(-x/2); df 1: erfc(sqrt(x/2))
        assert chi2_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-12)
        assert chi2_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-10)
    # df 10 (even): exp(-x/2) times the first five terms of exp's series at x/2 = 0.25 and 12
    for half in (0.25, 12.0):
        series = sum(half**k / math.factorial(k) for k in range(5))
        assert chi2_sf(2 * half, 10) == pytest.approx(math.exp(-half) * series, rel=1e-12)
    assert chi2_sf(0.0, 10) == 1.0


def test_holm_by_hand() -> None:
    # sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1: 0.02, 0.03, 0.06, 0.04 -> 0.06 kept
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == [1.0, 1.0]
    assert holm([]) == []


def test_p_values_of_a_cell_by_hand() -> None:
    # 5 points off, error 1: 2 errors beyond the 3 points (and 8 beyond -3)
    assert p_beyond(0.05, 0.01) == pytest.approx(normal_sf(2.0) + normal_sf(8.0))
    assert p_beyond(-0.05, 0.01) == p_beyond(0.05, 0.01)
    assert p_beyond(0.0, 0.01) == pytest.approx(1.0)
    # the other way: a gap of 0 is 3 errors inside; 2 points is 1 error inside
    assert p_within(0.0, 0.01) == pytest.approx(normal_sf(3.0))
    assert p_within(0.02, 0.01) == pytest.approx(normal_sf(1.0))
    assert p_within(0.04, 0.01) == pytest.approx(normal_sf(-1.0))


def _tenth(gap: float, error: float) -> Tenth:
    return Tenth(("easy", "rule28"), 3, 100, 50, 0.35, 0.35 + gap, error)


def test_cells_off_within_and_open_after_holm() -> None:
    cells = cell_tests([_tenth(0.10, 0.01), _tenth(0.0, 0.005), _tenth(0.045, 0.01)])
    assert [c.off for c in cells] == [True, False, False]
    assert [c.shown_within for c in cells] == [False, True, False]
    # the third: 1.5 errors beyond 3 points, p 0.067 alone, times 2 after the first
    assert cells[2].beyond == pytest.approx(normal_sf(1.5) + normal_sf(7.5))
    assert cells[2].beyond_holm == pytest.approx(2 * cells[2].beyond)


def test_the_covariance_a_games_chances_imply() -> None:
    # one game, two turn starts, one group: falls in p(1-p) 0.25 - 0.16, then 0.16;
    # counts so far 1, then 2
    one = _covariance(np.ones((2, 1)), np.array([0.5, 0.8]), np.array([0, 0]))
    assert one[0, 0] == pytest.approx(0.09 * 1 + 0.16 * 4)
    # one game through two groups: 0.21 - 0.24 on (1, 0), then 0.24 on (1, 1)
    two = _covariance(np.eye(2), np.array([0.3, 0.6]), np.array([7, 7]))
    assert two == pytest.approx(np.array([[-0.03 + 0.24, 0.24], [0.24, 0.24]]))
    # two games are counted apart: the second starts its counts again
    apart = _covariance(np.ones((2, 1)), np.array([0.5, 0.8]), np.array([0, 1]))
    assert apart[0, 0] == pytest.approx(0.25 + 0.16)


def test_hosmer_lemeshow_with_one_turn_start_a_game_is_the_classic() -> None:
    chance = np.array([0.1, 0.2, 0.6, 0.8])
    won = np.array([False, True, True, True])
    # groups (0.1, 0.2) and (0.6, 0.8): gaps 0.7 and 0.6, variances 0.09 + 0.16, 0.24 + 0.16
    statistic, df = hosmer_lemeshow(chance, won, np.arange(4), groups=2)
    assert df == 2
    assert statistic == pytest.approx(0.7**2 / 0.25 + 0.6**2 / 0.40)


def test_spiegelhalter_with_one_turn_start_a_game_is_the_classic() -> None:
    chance, won = np.array([0.2, 0.7]), np.array([False, True])
    # (0 - 0.2)(0.6) + (1 - 0.7)(-0.4) over sqrt(0.36 * 0.16 + 0.16 * 0.21)
    expected = -0.24 / math.sqrt(0.36 * 0.16 + 0.16 * 0.21)
    assert spiegelhalter(chance, won, np.arange(2)) == pytest.approx(expected)


def _games(rng: np.random.Generator, games: int, sharp: float, turns: int = 12,
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Games whose right chance is known: a walk of normal steps, won if it ends above 0,
    the chance at each step P(end > 0) (a martingale); shown ``sharp`` times as sure (in
    log-odds)."""
    steps = rng.normal(size=(games, turns))
    walk = rng.normal(0, 1.5, size=(games, 1)) + np.cumsum(steps, axis=1) - steps
    left = np.arange(turns, 0, -1)
    right = 0.5 * np.vectorize(math.erfc)(-walk / np.sqrt(2 * left))
    right = np.clip(right, 1e-9, 1 - 1e-9)
    shown = 1 / (1 + np.exp(-sharp * np.log(right / (1 - right))))
    won = np.repeat(walk[:, -1] + steps[:, -1] > 0, turns)
    return shown.reshape(-1), won, np.repeat(np.arange(games), turns)


def test_level_and_power_on_games_whose_right_chance_is_known() -> None:
    rng = np.random.default_rng(32)
    right = [chi2_sf(*hosmer_lemeshow(*_games(rng, 500, 1.0))) for _ in range(60)]
    too_sure = [chi2_sf(*hosmer_lemeshow(*_games(rng, 500, 1.3))) for _ in range(20)]
    assert np.mean(np.array(right) <= 0.05) <= 0.12  # about its 5% (6.5% at 750 games)
    assert np.mean(right) > 0.4  # p-values about uniform were the chances right
    assert np.mean(np.array(too_sure) <= 0.05) >= 0.6
    z_right = [spiegelhalter(*_games(rng, 500, 1.0)) for _ in range(40)]
    assert abs(np.mean(z_right)) < 0.5 and 0.7 < np.std(z_right) < 1.3
    assert np.mean([spiegelhalter(*_games(rng, 500, 1.3)) for _ in range(10)]) > 2


def test_one_seat_is_the_weaker_levels() -> None:
    data = Predictions(
        raw=np.zeros((3, 2)), levels=np.array([[0, 2], [2, 0], [1, 1]]),
        turns_left=np.zeros((3, 2)), won=np.array([[True, False], [True, False], [False, True]]),
        game=np.arange(3), pairing=np.array([2, 2, 5]))
    chances = np.array([[0.1, 0.9], [0.8, 0.2], [0.4, 0.6]])
    chance, won = one_seat(data, chances)
    assert chance.tolist() == [0.1, 0.2, 0.4]
    assert won.tolist() == [True, False, False]


def test_every_pairing_with_games_is_tested_and_corrected_together() -> None:
    rng = np.random.default_rng(5)
    chance, won, game = _games(rng, 60, 1.0)
    n = len(chance)
    data = Predictions(raw=np.zeros((n, 2)), levels=np.tile([0, 1], (n, 1)),
                       turns_left=np.zeros((n, 2)),
                       won=np.stack([won, ~won], axis=1), game=game,
                       pairing=np.where(game < 30, 1, 2))
    found = pairing_tests(data, np.stack([chance, 1 - chance], axis=1))
    assert [t.pairing for t in found] == [("easy", "rule28"), ("easy", "steady")]
    assert [t.games for t in found] == [30, 30]
    assert all(t.df == 10 for t in found)
    assert [t.p_holm for t in found] == pytest.approx(holm([t.p for t in found]))


def test_the_cache_holds_a_seeds_first_whole_chunks(tmp_path: Path) -> None:
    for first in (0, CHUNK, 3 * CHUNK):
        (tmp_path / f"seed13-{first:06d}.jsonl").write_text("")
    (tmp_path / f"seed13-{2 * CHUNK:06d}.part").write_text("")
    assert cached(tmp_path, 13) == 2 * CHUNK
    assert cached(tmp_path, 14) == 0


def test_games_to_show_a_pairings_every_tenth_within() -> None:
    # error 1.5 points at 100 games: down to 3 / (1.645 + 0.842) = 1.206 needs 1.548 times
    rows = [_tenth(0.0, 0.015), _tenth(0.02, 0.01)]
    assert games_to_show_within(rows, 100) == math.ceil(100 * (0.015 * 2.4865 / 0.03) ** 2)
    assert games_to_show_within(rows, 100) == 155


def test_martingale_errors_count_a_seat_1_prediction_the_other_way() -> None:
    # one game of two turn starts, seat 0's chance 0.35 then 0.75 (seat 1's 0.65, 0.25):
    # tenth 3 holds seat 0's first (+1) and nothing else; tenth 6 seat 1's first (-1);
    # tenth 2 seat 1's second (-1), tenth 7 seat 0's second (+1)
    data = Predictions(raw=np.zeros((2, 2)), levels=np.array([[0, 1], [0, 1]]),
                       turns_left=np.zeros((2, 2)),
                       won=np.array([[True, False], [True, False]]),
                       game=np.array([0, 0]), pairing=np.array([1, 1]))
    chances = np.array([[0.35, 0.65], [0.75, 0.25]])
    rows = [Tenth(("easy", "rule28"), k, 1, 1, 0.0, 0.0, 1.0) for k in (3, 6, 7)]
    found = martingale_errors(data, chances, rows)
    v0, v1 = 0.35 * 0.65, 0.75 * 0.25
    # counts so far (1, 1) for tenth 3 (and 6, squared alike): (v0 - v1) + v1 = v0
    assert found[0].error == pytest.approx(math.sqrt(v0))
    assert found[1].error == pytest.approx(math.sqrt(v0))
    # tenth 7: counts 0 then 1: v1
    assert found[2].error == pytest.approx(math.sqrt(v1))
