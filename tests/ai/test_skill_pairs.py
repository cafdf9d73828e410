"""Per-pairing terms on top of the per-level skill term: none at an infinite penalty, a
planted pairing's shift and sharpness found back, held toward none by the penalty, and the
cross-validation that decides whether they ship."""

from __future__ import annotations

import math

import numpy as np
import pytest

from cantstop_tui.ai import LEVELS
from cantstop_tui.ai.skill_term import NO_SHIFTS, SKILL_TERM
from cantstop_tui.ai.turns_model import shipped
from cantstop_tui.ai.win_chance import calibration_for
from cantstop_tui.arena.skill_check import Predictions, shown
from cantstop_tui.arena.skill_cv import cross_validate
from cantstop_tui.arena.skill_games import PAIRINGS
from cantstop_tui.arena.skill_pairs import (
    NONE,
    SHIPPED,
    PairTerms,
    Penalty,
    as_shifts,
    fit_pairs,
    pair_chances,
)

CALIBRATION = calibration_for(shipped(), 2)


def _games(truth: PairTerms, games: int, seed: int, per_game: int = 6) -> Predictions:
    """Games of every pairing, seats either way round, outcomes drawn from ``truth`` (a
    game's turn starts independent draws of the board, one outcome each)."""
    rng = np.random.default_rng(seed)
    rows = games * per_game
    pairing = np.repeat(rng.integers(0, len(PAIRINGS), size=games), per_game)
    pairs = np.array([[LEVELS.index(a), LEVELS.index(b)] for a, b in PAIRINGS])[pairing]
    flip = np.repeat(rng.uniform(size=games) < 0.5, per_game)
    levels = np.where(flip[:, None], pairs[:, ::-1], pairs)
    raw = rng.uniform(0.1, 0.9, size=rows)
    turns = rng.uniform(0.5, SKILL_TERM.start_turns, size=(rows, 2))
    game = np.repeat(np.arange(games), per_game)
    data = Predictions(np.column_stack([raw, 1 - raw]), levels, turns,
                       np.zeros((rows, 2), bool), game, pairing)
    chance = pair_chances(data, CALIBRATION, SKILL_TERM, truth)[:, 0]
    won0 = rng.uniform(size=rows) < chance
    return Predictions(data.raw, levels, turns, np.column_stack([won0, ~won0]), game, pairing)


def _planted(shift: float, sharpness: float) -> PairTerms:
    at = PAIRINGS.index(("rule28", "steady"))
    return PairTerms(tuple(shift if k == at else 0.0 for k in range(len(PAIRINGS))),
                     tuple(sharpness if k == at else 1.0 for k in range(len(PAIRINGS))))


def test_no_pairing_terms_read_as_the_per_level_term() -> None:
    data = _games(NONE, 300, 1)
    assert pair_chances(data, CALIBRATION, SKILL_TERM, NONE) == pytest.approx(
        shown(data, CALIBRATION, SKILL_TERM, NO_SHIFTS), abs=1e-9)
    assert fit_pairs(data, CALIBRATION, SKILL_TERM, Penalty(math.inf, math.inf)) == NONE


def test_a_planted_pairings_terms_are_found_back_and_held_toward_none() -> None:
    at = PAIRINGS.index(("rule28", "steady"))
    data = _games(_planted(-1.0, 0.7), 8_000, 2)
    free = fit_pairs(data, CALIBRATION, SKILL_TERM, Penalty(0.0, 0.0))
    assert free.shifts[at] == pytest.approx(-1.0, abs=0.25)
    assert free.sharpness[at] == pytest.approx(0.7, abs=0.12)
    # mirrors never get a shift of their own
    assert all(free.shifts[k] == 0.0 for k, (a, b) in enumerate(PAIRINGS) if a == b)
    held = fit_pairs(data, CALIBRATION, SKILL_TERM, Penalty(100.0, 100.0))
    assert free.shifts[at] < held.shifts[at] < 0.0  # nearer none than the free fit
    assert free.sharpness[at] < held.sharpness[at] < 1.0


def test_the_stronger_seat_gains_the_pairings_shift_whichever_seat_it_has() -> None:
    data = _games(NONE, 200, 3)
    more = pair_chances(data, CALIBRATION, SKILL_TERM, _planted(0.5, 1.0))
    base = shown(data, CALIBRATION, SKILL_TERM, NO_SHIFTS)
    mine = data.pairing == PAIRINGS.index(("rule28", "steady"))
    steady = np.where(data.levels[mine] == LEVELS.index("steady"), 1.0, 0.0)
    gained = (more[mine] - base[mine]) * (2 * steady - 1)
    assert (gained > 0).all()
    assert more[~mine] == pytest.approx(base[~mine])


def test_cross_validation_scores_each_penalty_on_held_out_games() -> None:
    folds = [_games(_planted(-1.5, 1.0), 1_000, seed) for seed in (4, 5)]
    lines = cross_validate(folds, CALIBRATION, (Penalty(0.0, math.inf),
                                                 Penalty(math.inf, math.inf)))
    assert len(lines) == 2 and all("held-out log loss" in line for line in lines)
    free, per_level = (float(line.split("log loss ")[1].split(" ")[0]) for line in lines)
    assert free < per_level  # a real pairing effect, enough games: the free shift scores better
    assert "(per level +0.00000 ± 0.00000)" in lines[1]
    gain, error = lines[0].split("(per level ")[1].split(")")[0].split(" ± ")
    assert float(gain) == pytest.approx(free - per_level, abs=2e-5) and float(error) > 0


def test_the_shipped_form_is_the_checks_a_shift_per_pairing_and_no_sharpness() -> None:
    """``pair_chances`` of shifts alone reads as the check and the win chance read the
    shipped ``PAIR_SHIFTS`` (``shown`` with the shifts)."""
    assert math.isinf(SHIPPED.sharpness) and SHIPPED.shift > 0
    data = _games(NONE, 400, 6)
    pairs = _planted(0.4, 1.0)
    assert as_shifts(pairs)[("rule28", "steady")] == 0.4 and len(as_shifts(pairs)) == 10
    assert pair_chances(data, CALIBRATION, SKILL_TERM, pairs) == pytest.approx(
        shown(data, CALIBRATION, SKILL_TERM, as_shifts(pairs)), abs=1e-9)


def test_two_experts_sharpness_reads_as_the_fit_found_back_from_a_planted_one() -> None:
    """The check and the win chance (``shown`` with ``PAIR_SHARPNESS``) read two experts'
    sharpness as ``pair_chances`` does; every other pairing, the other mirrors included, as
    without it; ``skill_mirror`` finds a planted sharpness back on those games alone."""
    from cantstop_tui.ai.skill_term import PAIR_SHARPNESS, PAIR_SHIFTS
    from cantstop_tui.arena.skill_mirror import gain
    from cantstop_tui.arena.skill_pairs import fit_sharpness, only

    at = PAIRINGS.index(("expert", "expert"))
    sharp = PAIR_SHARPNESS[("expert", "expert")]
    terms = PairTerms(NONE.shifts, tuple(sharp if k == at else 1.0 for k in range(15)))
    data = _games(terms, 6_000, 7)
    ours = shown(data, CALIBRATION, SKILL_TERM, NO_SHIFTS, PAIR_SHARPNESS)
    assert ours == pytest.approx(pair_chances(data, CALIBRATION, SKILL_TERM, terms), abs=1e-9)
    mirror = data.pairing == at
    without = shown(data, CALIBRATION, SKILL_TERM, PAIR_SHIFTS)
    withit = shown(data, CALIBRATION, SKILL_TERM, PAIR_SHIFTS, PAIR_SHARPNESS)
    assert withit[~mirror] == pytest.approx(without[~mirror], abs=1e-12)
    assert (abs(withit[mirror, 0] - 0.5) < abs(without[mirror, 0] - 0.5)).all()
    found = fit_sharpness(data, CALIBRATION)
    assert found[("expert", "expert")] == pytest.approx(sharp, abs=0.12)
    assert only(data).pairing.tolist() == [at] * int(mirror.sum())
    better, error = gain(only(data), CALIBRATION, found)
    assert better < 0 < error
