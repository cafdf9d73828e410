"""The games the skill term is fitted and checked on: every pairing in turn, seats swapped,
cached and read back the same; the fit and the table of tenths on a few cheap games."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cantstop_tui.ai import LEVELS
from cantstop_tui.ai.skill_term import NO_SHIFTS, PAIR_SHIFTS, SKILL_TERM, SkillTerm
from cantstop_tui.ai.turns_model import shipped
from cantstop_tui.ai.win_chance import calibration_for
from cantstop_tui.arena.skill_check import (
    Pairing,
    Predictions,
    Tenth,
    games_per_pairing,
    log_loss,
    pairing_summary,
    pairings,
    predictions,
    shown,
    summary,
    tenths,
    verdict,
)
from cantstop_tui.arena.skill_fit import blind, fit
from cantstop_tui.arena.skill_games import PAIRINGS, SkillGame, load, play, save, seating


def test_every_pairing_of_the_levels_is_played_both_ways_round() -> None:
    assert len(PAIRINGS) == len(LEVELS) * (len(LEVELS) + 1) // 2 == 15
    rounds = [seating(i) for i in range(2 * len(PAIRINGS))]
    assert {tuple(sorted(s, key=LEVELS.index)) for s in rounds} == set(PAIRINGS)
    assert seating(1) == ("easy", "rule28") and seating(16) == ("rule28", "easy")


@pytest.fixture(scope="module")
def cheap() -> list[SkillGame]:
    """Games between easy and rule28 only (each a few milliseconds)."""
    model = shipped()
    return [play(4, index, model) for index in (0, 1, 5, 15, 16, 20, 30, 31, 35)]


def test_games_are_cached_and_read_back_the_same(
    cheap: list[SkillGame], tmp_path: Path
) -> None:
    save(cheap, tmp_path / "games.jsonl")
    assert load(tmp_path / "games.jsonl") == cheap
    assert play(4, 1, shipped()) == cheap[1]  # a game depends on its seed and index only


def test_each_turn_start_reads_both_seats(cheap: list[SkillGame]) -> None:
    for game in cheap:
        assert game.winner in (0, 1)
        for start in game.starts:
            assert sum(start.chances) == pytest.approx(1.0)
            assert all(t >= 0 for t in start.turns_left)
        assert [s.to_move for s in game.starts[:2]] == [0, 1]


def test_the_fit_lowers_the_log_loss_and_tenths_cover_every_prediction(
    cheap: list[SkillGame],
) -> None:
    data = predictions(cheap)
    calibration = calibration_for(shipped(), 2)
    term = fit(data, calibration, SKILL_TERM)
    assert log_loss(data, calibration, term, NO_SHIFTS) <= log_loss(
        data, calibration, blind(), NO_SHIFTS)
    rows = tenths(data, shown(data, calibration, term, NO_SHIFTS))
    assert sum(row.count for row in rows) == 2 * len(data.raw)
    assert all(0 <= row.predicted <= 1 and row.error >= 0 for row in rows)


def test_a_tenth_is_judged_against_its_noise() -> None:
    def row(gap: float, error: float) -> Tenth:
        return Tenth(("easy", "easy"), 5, 100, 10, 0.55, 0.55 + gap, error)

    assert verdict(row(-0.02, 0.0)) == "ok"
    assert verdict(row(0.05, 0.011)) == "noise"
    assert verdict(row(0.05, 0.009)) == "OFF"


def test_the_standard_error_counts_games_not_predictions() -> None:
    # two games, each predicting 0.5 four times: one won throughout, one lost
    won = np.array([[True, False]] * 4 + [[False, True]] * 4)
    data = Predictions(np.full((8, 2), 0.5), np.zeros((8, 2), dtype=int), np.full((8, 2), 5.0), won,
                       np.array([0] * 4 + [1] * 4), np.zeros(8, dtype=int))
    (only,) = tenths(data, np.full((8, 2), 0.5))
    assert only.count == 16 and only.games == 2
    # per game the residuals sum to 0 (both seats): no spread left
    assert only.error == pytest.approx(0.0)
    seat0 = tenths(data, np.column_stack([np.full(8, 0.5), np.full(8, 0.95)]))
    half = next(r for r in seat0 if r.tenth == 5)
    # each game: four predictions of one outcome at 0.5, counted as 4 x one outcome's spread
    assert half.error == pytest.approx(np.sqrt(2 * 4**2 * 0.25) / 8)


def test_a_cell_of_one_game_is_judged_by_what_its_chances_allow_not_by_its_residuals() -> None:
    """The sandwich error of residuals clustered by game is the gap itself for one game (any
    gap looks like noise); the error counting games is that of one outcome at the chance."""
    won = np.array([[True, False]] * 4)
    data = Predictions(np.full((4, 2), 0.5), np.zeros((4, 2), dtype=int), np.full((4, 2), 5.0),
                       won, np.zeros(4, dtype=int), np.zeros(4, dtype=int))
    low = next(r for r in tenths(data, np.array([[0.12, 0.88]] * 4)) if r.tenth == 1)
    assert low.games == 1 and low.gap == pytest.approx(0.88)
    assert low.error == pytest.approx(np.sqrt(0.12 * 0.88))
    assert verdict(low) == "OFF"


def test_the_fit_finds_the_strengths_the_games_were_drawn_from() -> None:
    """Outcomes drawn from a known term (every pairing, many turn starts): the fit gives
    back its strengths and power, near enough."""
    rng = np.random.default_rng(7)
    rows = 12_000
    levels = rng.integers(0, len(LEVELS), size=(rows, 2))
    raw = rng.uniform(0.05, 0.95, size=rows)
    turns = rng.uniform(0.5, SKILL_TERM.start_turns, size=(rows, 2))
    truth = SkillTerm((0.0, 0.8, 1.9, 2.6, 3.0), 0.5, SKILL_TERM.start_turns)
    data = Predictions(np.column_stack([raw, 1 - raw]), levels, turns, np.zeros((rows, 2), bool),
                       np.arange(rows), np.zeros(rows, dtype=int))
    calibration = calibration_for(shipped(), 2)
    seat0 = shown(data, calibration, truth, NO_SHIFTS)[:, 0]
    won0 = rng.uniform(size=rows) < seat0
    data = Predictions(data.raw, levels, turns, np.column_stack([won0, ~won0]), data.game,
                       data.pairing)
    term = fit(data, calibration, SkillTerm((0.0,) * len(LEVELS), 1.0, truth.start_turns))
    assert term.strengths == pytest.approx(truth.strengths, abs=0.25)
    assert term.power == pytest.approx(truth.power, abs=0.15)


def test_the_summary_counts_the_cells_by_verdict() -> None:
    rows = [Tenth(("easy", "easy"), 5, 100, 10, 0.55, 0.55 + gap, 0.01)
            for gap in (0.0, -0.02, 0.04, 0.2)]
    assert summary(rows) == (
        "2 ok / 1 noise / 1 OFF of 4 cells; worst gap 20.0 points, mean 6.5"
    )


def test_a_pairings_calibration_error_weighs_its_tenths_by_their_predictions() -> None:
    rows = [Tenth(("easy", "rule28"), 2, 300, 40, 0.25, 0.29, 0.02),
            Tenth(("easy", "rule28"), 7, 100, 40, 0.75, 0.73, 0.04),
            Tenth(("steady", "expert"), 5, 10, 2, 0.55, 0.55, 0.1)]
    easy, steady = pairings(rows, [80 if p == ("easy", "rule28") else 4 for p in PAIRINGS])
    assert easy.pairing == ("easy", "rule28") and easy.predictions == 400 and easy.games == 80
    assert easy.ece == pytest.approx((300 * 0.04 + 100 * 0.02) / 400)
    # noise alone: each tenth's expected |gap| (a half-normal's mean) weighted alike
    assert easy.floor == pytest.approx((300 * 0.02 + 100 * 0.04) / 400 * np.sqrt(2 / np.pi))
    assert easy.spread == pytest.approx(np.sqrt((300 * 0.02**2 + 100 * 0.04**2) / 400))
    # errors shrink as 1/sqrt(games): the games for 1.5 points (3 / 1.96)
    assert easy.games_needed == int(np.ceil(80 * (easy.spread * 1.96 / 0.03) ** 2))
    assert steady.ece == 0.0 and steady.games_needed > 4
    # easy v rule28's 3.5 is over 3; noise alone: (2.0 + 8.0) / 2
    assert pairing_summary([easy, steady]) == (
        "ECE within 3 points in 1 of 2 pairings; worst 3.5, mean 1.7 (noise alone: 5.0)"
    )


def test_games_are_counted_per_pairing(cheap: list[SkillGame]) -> None:
    counts = games_per_pairing(predictions(cheap))
    assert sum(counts) == len(cheap)
    # games 0, 1, 5 and the same 15 and 30 on: three each of three pairings
    played = {PAIRINGS[p]: n for p, n in enumerate(counts) if n}
    assert played == {("easy", "easy"): 3, ("easy", "rule28"): 3, ("rule28", "rule28"): 3}


def test_a_right_pairing_of_few_games_cannot_show_3_points() -> None:
    """Chances drawn right (outcomes at the predicted rate), 40 games of 12 turn starts
    each: the calibration error is near its noise floor, which is itself near 3 points, and
    the games needed for 3 points are many more than 40."""
    rng = np.random.default_rng(3)
    games, per_game = 40, 12
    chance = np.repeat(rng.uniform(0.05, 0.95, size=games), per_game)
    won0 = np.repeat(rng.uniform(size=games), per_game) < chance
    n = games * per_game
    data = Predictions(np.column_stack([chance, 1 - chance]), np.zeros((n, 2), dtype=int),
                       np.full((n, 2), 5.0), np.column_stack([won0, ~won0]),
                       np.repeat(np.arange(games), per_game), np.zeros(n, dtype=int))
    (only,) = pairings(tenths(data, data.raw), games_per_pairing(data))
    assert only.games == games
    assert 0.5 * only.floor < only.ece < 2.5 * only.floor
    assert only.floor > 0.02 and only.games_needed > 5 * games
    assert isinstance(only, Pairing)


def test_mirrors_keep_the_calibration_between_equals(cheap: list[SkillGame]) -> None:
    """Equal levels' chances are the blind ones: the check of a mirror pairing cannot get
    worse (or better) whatever the term's numbers."""
    data = predictions(cheap)
    calibration = calibration_for(shipped(), 2)
    mirrors = data.levels[:, 0] == data.levels[:, 1]
    assert mirrors.any() and not mirrors.all()
    knowing = shown(data, calibration, SKILL_TERM, PAIR_SHIFTS)
    blinded = shown(data, calibration, blind(), NO_SHIFTS)
    assert knowing[mirrors] == pytest.approx(blinded[mirrors], abs=1e-12)
    assert not np.allclose(knowing[~mirrors], blinded[~mirrors])


def test_the_start_of_each_pairings_games_is_read_for_the_stronger_seat() -> None:
    """Two games of rule28 against steady, steady in either seat, and one mirror (left
    out): the stronger's chance at each game's first turn start, and how often it won."""
    from cantstop_tui.arena.skill_starts import start_rates

    r, s = LEVELS.index("rule28"), LEVELS.index("steady")
    levels = np.array([[r, s], [r, s], [s, r], [s, r], [r, r]])
    won = np.array([[False, True], [False, True], [False, True], [False, True], [True, False]])
    data = Predictions(np.full((5, 2), 0.5), levels, np.full((5, 2), 5.0), won,
                       np.array([0, 0, 1, 1, 2]), np.array([6, 6, 6, 6, 5]))
    chances = np.array([[0.3, 0.7], [0.9, 0.1], [0.6, 0.4], [0.2, 0.8], [0.5, 0.5]])
    (line,) = start_rates(data, chances)
    # game 0: steady in seat 1, 70% at its first start, won; game 1: seat 0, 60%, lost
    assert line == "steady v rule28    2 games  stronger won  50.0%  predicted at the start  65.0%"
