"""The games the skill term is fitted and checked on: every pairing in turn, seats swapped,
cached and read back the same; the fit and the table of tenths on a few cheap games."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cantstop_tui.ai import LEVELS
from cantstop_tui.ai.skill_term import SKILL_TERM, SkillTerm
from cantstop_tui.ai.turns_model import shipped
from cantstop_tui.ai.win_chance import calibration_for
from cantstop_tui.arena.skill_check import (
    Predictions,
    Tenth,
    log_loss,
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
    assert log_loss(data, calibration, term) <= log_loss(data, calibration, blind())
    rows = tenths(data, shown(data, calibration, term))
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
    assert half.error == pytest.approx(np.sqrt(2 * 2.0**2) / 8)


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
    seat0 = shown(data, calibration, truth)[:, 0]
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
