"""The network's inputs and its softmax worked a feature (or a turn) of every row at once:
the same numbers to the bit as the plain row-by-row formulas they replace."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from ai_positions import position

from cantstop_tui.ai.turns_features import (
    _CONSTANT,
    _NO_COLUMN,
    _PER_STEP,
    _SMALLEST,
    _TOPS,
    COLUMN_TOPS,
    FEATURES,
    MAX_NEEDED,
    SORTED_EFFORTS,
    _constant,
    encode,
)
from cantstop_tui.ai.turns_model import ENCODE_ROWS, HORIZON, TURNS, _turn_sums, shipped
from cantstop_tui.ai.win_chance import ModelEvaluator, _codes
from cantstop_tui.engine import COLUMNS, TOPS


def _plain_encode(heights: np.ndarray, closed: np.ndarray, win_columns: int) -> np.ndarray:
    """The features row by row, numpy's sort for the efforts (the formulation encode had)."""
    n = len(COLUMNS)
    out = np.empty((len(heights), FEATURES))
    level = heights.astype(np.float64)
    won = (heights >= COLUMN_TOPS) & ~closed
    needed = win_columns - won.sum(axis=1)
    progress = level / _TOPS
    progress[np.broadcast_to(closed, progress.shape)] = 0.0
    out[:, :n], out[:, n:2 * n], out[:, 2 * n:3 * n] = progress, won, closed
    effort = (_TOPS - level) * _PER_STEP
    effort[won | closed] = _NO_COLUMN
    effort.sort(axis=1)
    at = 3 * n
    out[:, at:at + MAX_NEEDED] = np.clip(needed, 1, MAX_NEEDED)[:, None] == np.arange(1, 6)
    at += MAX_NEEDED
    out[:, at:at + len(_CONSTANT[0])] = _constant(win_columns, "standard")
    at += len(_CONSTANT[0])
    out[:, at:at + SORTED_EFFORTS] = effort[:, :SORTED_EFFORTS]
    for row, need in enumerate(needed):
        total = effort[row, 0]
        for k in range(1, need):
            total += effort[row, k]
        out[row, -1] = total if need > 0 else 0.0
    return out


def test_the_compare_exchanges_leave_the_six_smallest_in_order() -> None:
    """Every input of 0s and 1s (which proves it for every input) and random numbers."""
    for bits in itertools.product((0, 1), repeat=len(COLUMNS)):
        values = list(bits)
        for low, high in _SMALLEST:
            if values[low] > values[high]:
                values[low], values[high] = values[high], values[low]
        assert values[:SORTED_EFFORTS] == sorted(bits)[:SORTED_EFFORTS]
    from cantstop_tui.ai.turns_features import _smallest

    rows = np.random.default_rng(4).random((len(COLUMNS), 500))
    found = np.array(_smallest(list(rows.copy()))[:SORTED_EFFORTS])
    assert (found == np.sort(rows, axis=0)[:SORTED_EFFORTS]).all()


@pytest.mark.parametrize("per_row", [False, True])
def test_features_worked_a_feature_at_a_time_are_the_plain_ones(per_row: bool) -> None:
    rng = np.random.default_rng(7)
    tops = np.array([TOPS[c] for c in COLUMNS])
    for win_columns in (3, 4, 5):
        heights = rng.integers(0, tops + 1, size=(700, len(COLUMNS)))
        closed = (rng.random(heights.shape) < 0.15) if per_row else np.eye(11, dtype=bool)[3]
        plain = _plain_encode(heights, closed, win_columns)
        assert (encode(heights, closed, win_columns, "standard") == plain).all()
        single = encode(heights, closed, win_columns, "standard", np.float32)
        assert single.dtype == np.float32 and (single == plain.astype(np.float32)).all()


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_a_turn_by_turn_sum_is_numpys_sum_of_the_row_to_the_bit(dtype: type) -> None:
    rows: np.ndarray = (np.random.default_rng(2).random((3000, HORIZON)) ** 8).astype(dtype)
    assert (_turn_sums(np.ascontiguousarray(rows.T)) == rows.sum(axis=1)).all()


@pytest.mark.parametrize("per_row", [False, True])
def test_prospects_by_turn_are_the_prospects_to_the_bit(per_row: bool) -> None:
    model = shipped()
    rng = np.random.default_rng(9)
    tops = np.array([TOPS[c] for c in COLUMNS])
    heights = rng.integers(0, tops + 1, size=(ENCODE_ROWS + 77, len(COLUMNS)))
    closed = rng.random(heights.shape) < 0.3 if per_row else np.eye(11, dtype=bool)[5]
    if per_row:
        assert ((~closed).sum(axis=1) < 3).any(), "some rows cannot win alone"
    by_turn = model.prospects_by_turn(heights, closed, 3, "standard")
    assert by_turn.shape == (HORIZON, len(heights))
    assert (model.prospects(heights, closed, 3, "standard") == by_turn.T).all()


@pytest.mark.parametrize("solitaire", [False, True])
def test_banking_values_read_each_rows_chances_with_its_weights(solitaire: bool) -> None:
    """``value_array``: each row's chances times its newly won columns' weights (minus the
    turns it needs, alone), within the double-precision sums' rounding."""
    state = position(mine={2: 2, 4: 4, 7: 10, 10: 4, 12: 2}, theirs={3: 3, 6: 6, 8: 7, 11: 3})
    evaluator = ModelEvaluator(state, shipped(), solitaire=solitaire)
    rng = np.random.default_rng(3)
    sets = np.zeros((400, 13), dtype=np.int64)
    for row in sets:
        for column in rng.choice(COLUMNS, size=3, replace=False):
            row[column] = rng.integers(state.squares[0][column] + 1, TOPS[column] + 1)
    heights = np.where(sets[:, 2:13] > 0, sets[:, 2:13], evaluator.own)
    playing = ((heights >= COLUMN_TOPS) & ~evaluator.closed).sum(axis=1) < 3
    sets, heights = sets[playing], heights[playing]  # (a won game is worth a win, unread)
    found = evaluator.value_array(sets)
    dists = shipped().prospects(heights, evaluator.closed, 3, "standard")
    if solitaire:
        expected = -(dists.astype(np.float64) @ TURNS)
    else:
        codes = _codes((heights >= COLUMN_TOPS) & evaluator._open_below)
        assert len(set(codes.tolist())) > 3
        weights = evaluator._weights_by_code(codes.tolist())
        expected = np.einsum("ij,ij->i", dists.astype(np.float64), weights)
    assert found == pytest.approx(expected, rel=1e-13, abs=0)
