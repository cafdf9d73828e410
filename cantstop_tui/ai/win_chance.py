"""Win chances of the players of a position, and the value ``expert`` plans against.

Both come from the learned turns-left model (``turns_model.py``) and the race in
turn order (``race.py``). ``win_chances`` reads the banked position at a turn's
start; ``ModelEvaluator`` values the current player banking a set of runners,
many at once, for the turn planner.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
from numpy.typing import NDArray

from ..engine import COLUMNS, GameState
from .race import last_mover_weights, race
from .skill_term import sharpness_factor, skill_shifts
from .turns_model import COLUMN_TOPS, TURNS, TurnsModel, shipped, won_columns
from .value import CHANCE_EDGE, LOGIT_CAP, WIN

_SLICE: Final = slice(COLUMNS[0], COLUMNS[-1] + 1)
_BITS: Final = 1 << np.arange(len(COLUMNS), dtype=np.int64)
_BITS_SINGLE: Final = _BITS.astype(np.float32)
_CODE_PLACES: Final = np.zeros(1 << len(COLUMNS), dtype=np.int64)
"""A zero for every code of columns (``_codes``), for a table of each code's place."""


def _codes(columns: NDArray[np.bool_]) -> NDArray[np.int64]:
    """Each row's columns (B, 11) as one number, a bit per column (``_BITS``): a product in
    single precision, exact (every partial sum is a whole number under 2**11), where numpy's
    product of integers goes element by element (half again the time; packing the bits,
    five times)."""
    return (columns.astype(np.float32) @ _BITS_SINGLE).astype(np.int64)


def _closed(state: GameState, player: int, also: Sequence[int] = ()) -> np.ndarray:
    return np.array(
        [(state.claimed[c] is not None and state.claimed[c] != player) or c in also
         for c in COLUMNS]
    )


_MEMO_LIMIT: Final = 4096
"""Distributions kept (``player_distribution``): about 600 bytes each; a review asks for a
few hundred."""
_memo: dict[object, tuple[TurnsModel, np.ndarray]] = {}


def player_distribution(
    state: GameState, player: int, model: TurnsModel, newly_closed: Sequence[int] = ()
) -> np.ndarray:
    """Chance that ``player`` wins on each of their next turns, from their banked squares
    (the same array for the same squares and closed columns: kept, never to be changed)."""
    squares = state.squares[player][_SLICE]
    closed = _closed(state, player, newly_closed)
    key = (id(model), squares, closed.tobytes(), state.config.win_columns, state.config.variant)
    found = _memo.get(key)
    if found is not None and found[0] is model:
        return found[1]
    heights = np.array(squares, dtype=np.int64)
    dist = np.asarray(
        model.prospects(heights, closed, state.config.win_columns, state.config.variant)[0]
    )
    # The opponents' prospects behind each turn's banking values (``ModelEvaluator``) and
    # the graph's race: the same few squares again and again over a game (a third of a
    # 4-player review's time was spent working them out anew, one network call each).
    if len(_memo) >= _MEMO_LIMIT:
        _memo.clear()
    _memo[key] = (model, dist)
    return dist


Calibration = tuple[float, float]
"""(slope, shift): each player's raw chance ``p`` becomes ``sigmoid(slope * logit(p) +
shift)``, and the players' chances are scaled to sum to 1 again."""
IDENTITY: Final[Calibration] = (1.0, 0.0)


def calibration_for(model: TurnsModel, num_players: int) -> Calibration:
    """The calibration fitted on self-play games for this many players (none: identity)."""
    fitted = model.meta.get("calibration", {})
    found = fitted.get(str(num_players)) if isinstance(fitted, dict) else None
    if isinstance(found, list) and len(found) == 2:
        return float(found[0]), float(found[1])
    return IDENTITY


def calibrate(
    chances: np.ndarray, calibration: Calibration, skill: np.ndarray | None = None,
    sharpness: np.ndarray | None = None,
) -> np.ndarray:
    """The race's chances on a straight line in log-odds (per player count), summing to 1.

    Along the last axis: one position's players (or many positions, one a row). ``skill``:
    log-odds each player gains for who is playing (``skill_term.skill_shifts``);
    ``sharpness``: a factor on the calibrated log-odds for who is playing (one a position,
    ``skill_term.sharpness_factor``)."""
    slope, shift = calibration
    p = np.clip(chances, CHANCE_EDGE, 1 - CHANCE_EDGE)
    logits = slope * np.log(p / (1 - p)) + shift
    if sharpness is not None:
        logits = np.clip(sharpness * logits, -40.0, 40.0)
    if skill is not None:
        logits = logits + skill
    # exp overflows past 709: a fit trying a wild skill term (skill_fit's Newton steps)
    # must get 0 or 1, not a warning; any logit a chance is shown from is far inside.
    mapped = 1.0 / (1.0 + np.exp(-np.clip(logits, -LOGIT_CAP, LOGIT_CAP)))
    return np.asarray(mapped / mapped.sum(axis=-1, keepdims=True))


def banked_race(
    state: GameState, model: TurnsModel | None = None
) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The raw race of the banked position (each player's chance, uncalibrated) and the
    turns each player still needs alone, by player."""
    n = state.num_players
    model = model or shipped()
    order = [(state.current_player + k) % n for k in range(n)]
    dists = [player_distribution(state, p, model) for p in order]
    chances, turns = [0.0] * n, [0.0] * n
    for p, chance, dist in zip(order, race(dists), dists, strict=True):
        chances[p], turns[p] = float(chance), float(dist @ TURNS)
    return tuple(chances), tuple(turns)


def win_chances(
    state: GameState, model: TurnsModel | None = None, *, calibrated: bool = True,
    skills: Sequence[float] | None = None, sharpness: float = 1.0,
    starts: Sequence[float] | None = None,
) -> tuple[float, ...]:
    """Each player's chance to win from the banked position, the current player to move.

    ``skills``: each player's rating (``skill_term``); None: players taken as equals.
    ``sharpness``: the pairing's (``skill_term.level_sharpness``; 1: the calibration's);
    ``starts``: each seat's part of the pairing's own start (``skill_term.level_starts``;
    None: none)."""
    n = state.num_players
    if state.winner is not None:
        return tuple(WIN if p == state.winner else 0.0 for p in range(n))
    model = model or shipped()
    raw, turns = banked_race(state, model)
    if not calibrated:
        return raw
    shifts = None if skills is None else skill_shifts(skills, turns, starts=starts)
    sharp = None if sharpness == 1.0 else sharpness_factor(sharpness, turns)
    return tuple(float(c) for c in calibrate(
        np.array(raw), calibration_for(model, n), shifts, sharp))


def expected_turns(state: GameState, player: int, model: TurnsModel | None = None) -> float:
    """Turns ``player`` still needs to win playing alone (0 once they have won)."""
    if state.winner == player:
        return 0.0
    return float(player_distribution(state, player, model or shipped()) @ TURNS)


class ModelEvaluator:
    """The current player's value of banking runner sets, for one board (``Planner``)."""

    def __init__(self, state: GameState, model: TurnsModel, solitaire: bool = False) -> None:
        self.state = state
        self.model = model
        self.solitaire = solitaire
        self.player = state.current_player
        self.own = np.array(state.squares[self.player][_SLICE], dtype=np.int64)
        self.closed = _closed(state, self.player)
        self.config = state.config
        self._weights: dict[tuple[int, ...], np.ndarray] = {}
        self._open_below = self.own < COLUMN_TOPS
        """Columns we have not won yet: reaching their top wins them now."""

    def _opponent_weights(self, newly_won: tuple[int, ...]) -> np.ndarray:
        """How much each of our finishing turns is worth, given the opponents' prospects."""
        found = self._weights.get(newly_won)
        if found is None:
            n = self.state.num_players
            others = [
                player_distribution(self.state, (self.player + k) % n, self.model, newly_won)
                for k in range(1, n)
            ]
            found = last_mover_weights(others)
            self._weights[newly_won] = found
        return found

    def _weights_by_code(self, codes: list[int]) -> np.ndarray:
        """``_opponent_weights`` of each code's columns (a bit per column, ``_BITS``), a row
        each. The opponents' prospects for the codes not met yet are worked out in one batch
        per opponent (a turn's end meets dozens of codes: one call each was a sixth of a
        review's time)."""
        sets = [tuple(c for k, c in enumerate(COLUMNS) if code >> k & 1) for code in codes]
        new = [won for won in dict.fromkeys(sets) if won not in self._weights]
        if len(new) > 1:
            n = self.state.num_players
            config = self.config
            others = []
            for k in range(1, n):
                player = (self.player + k) % n
                heights = np.tile(
                    np.array(self.state.squares[player][_SLICE], dtype=np.int64), (len(new), 1)
                )
                closed = np.array([_closed(self.state, player, won) for won in new])
                others.append(
                    self.model.prospects(heights, closed, config.win_columns, config.variant)
                )
            # Every new code's weights at once (one row each).
            for won, weights in zip(new, last_mover_weights(others), strict=True):
                self._weights[won] = weights
        return np.array([self._opponent_weights(won) for won in sets])

    def value(self, runners: tuple[int, ...]) -> float:
        return self.values([runners])[0]

    def values(self, runner_sets: Sequence[tuple[int, ...]] | NDArray[np.int64]) -> list[float]:
        """Win chance (or minus turns still needed, alone) after banking each runner set."""
        found: list[float] = self.value_array(runner_sets).tolist()
        return found

    def value_array(
        self, runner_sets: Sequence[tuple[int, ...]] | NDArray[np.int64]
    ) -> NDArray[np.float64]:
        """``values`` as an array (a turn's end reads it as one: no list of 30,000 floats
        made and read back)."""
        runners = np.asarray(runner_sets, dtype=np.int64)[:, _SLICE]
        heights = np.where(runners > 0, runners, self.own)
        won = won_columns(heights, self.closed)
        needed = self.config.win_columns - won.sum(axis=1)
        result = np.full(len(runners), 0.0 if self.solitaire else WIN)
        playing = np.flatnonzero(needed > 0)
        if not len(playing):
            return result
        if len(playing) < len(runners):
            heights, won = heights[playing], won[playing]
        # The chances laid out turn by turn (``prospects_by_turn``: the same numbers).
        chances = self.model.prospects_by_turn(
            heights, self.closed, self.config.win_columns, self.config.variant
        )
        if self.solitaire:
            result[playing] = -(TURNS @ chances)
            return result
        # Each row's newly won columns as one number (a bit per column): grouping numbers
        # is far cheaper than grouping rows. Each row takes its code's weights, found by a
        # table of the codes met (``bincount``: sorted, no set of Python numbers).
        codes = _codes(won & self._open_below)
        met = np.bincount(codes, minlength=len(_CODE_PLACES))
        found = np.flatnonzero(met)
        weights = self._weights_by_code(found.tolist())
        if len(found) == 1:
            result[playing] = weights[0] @ chances
        else:
            places = _CODE_PLACES.copy()
            places[found] = np.arange(len(found))
            # Each row's weights gathered whole, then laid out turn by turn as the chances
            # are: the products and their sum a turn of every row at a time.
            mine = np.ascontiguousarray(np.take(weights, places[codes], axis=0).T)
            mine *= chances
            result[playing] = mine.sum(axis=0)
        return result
