"""How well the win chances match what happens: self-play games between the levels.

At every turn start of every game each player's predicted chance is recorded with
whether that player won. ``fit_calibration`` finds, per number of players, the line in
log-odds that makes the race's chances best match the results (``ai.win_chance``);
``tenths`` groups predictions in tenths against how often those players won.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..ai import make_bot
from ..ai.expert import ExpertBot
from ..ai.turns_model import TurnsModel
from ..ai.win_chance import IDENTITY, Calibration, calibrate, win_chances
from ..engine import Dice, GameConfig, Phase, new_game
from .play import MAX_TURNS, _play_turn, game_seed

LINEUPS: tuple[tuple[str, ...], ...] = (
    ("expert", "rule28"),
    ("expert", "expert-classic"),
    ("expert", "expert"),
    ("rule28", "easy"),
    ("expert", "easy"),
    ("rule28", "rule28"),
    ("expert", "rule28", "easy"),
    ("expert", "expert-classic", "rule28"),
    ("expert", "rule28", "rule28", "easy"),
    ("expert", "expert-classic", "rule28", "rule28"),
)
"""The games played, in turn: the levels at the table (seats shuffled per game)."""


@dataclass(frozen=True, slots=True)
class Prediction:
    players: int
    chance: float
    """The race's chance, before calibration."""
    won: bool


def game_predictions(seed: int, index: int, model: TurnsModel) -> list[Prediction]:
    """Play game ``index``: every player's raw chance at every turn start, and who won."""
    rng = random.Random(game_seed(seed, index))
    lineup = list(LINEUPS[index % len(LINEUPS)])
    rng.shuffle(lineup)
    bots = [
        ExpertBot(seed=index + k, model=model) if spec == "expert"
        else make_bot(spec, seed=index + k)
        for k, spec in enumerate(lineup)
    ]
    state = new_game(GameConfig(len(lineup)), first_player=0)
    dice = Dice(game_seed(seed, index))
    seen: list[tuple[float, ...]] = []
    while state.phase is not Phase.OVER and len(seen) < MAX_TURNS:
        seen.append(win_chances(state, model, calibrated=False))
        state, _ = _play_turn(state, bots[state.current_player], dice)
    return [
        Prediction(len(lineup), chance, state.winner == p)
        for chances in seen
        for p, chance in enumerate(chances)
    ]


def _matrix(predictions: list[Prediction]) -> tuple[np.ndarray, np.ndarray]:
    """(chances, won) as (turn starts, players) arrays, for predictions of one player count."""
    n = predictions[0].players
    chances = np.array([p.chance for p in predictions]).reshape(-1, n)
    won = np.array([p.won for p in predictions]).reshape(-1, n)
    return chances, won


def _log_loss(chances: np.ndarray, won: np.ndarray, calibration: Calibration) -> float:
    scaled = calibrate(chances, calibration)
    return float(-np.log(np.clip(scaled[won], 1e-9, 1.0)).sum())


def golden(loss: Callable[[float], float], low: float, high: float) -> float:
    """Where ``loss``, taken to have one minimum between ``low`` and ``high``, is least
    (a golden-section search, 30 rounds)."""
    for _ in range(30):
        a, b = low + (high - low) * 0.382, low + (high - low) * 0.618
        if loss(a) < loss(b):
            high = b
        else:
            low = a
    return (low + high) / 2


def fit_calibration(predictions: list[Prediction]) -> dict[str, list[float]]:
    """Per number of players, the (slope, shift) in log-odds with the least log loss
    (alternating golden-section searches). One power per player count, tried first, left
    the leader's chances 3.8 points too low in the tenths of 0.7-0.9 (5,000 games)."""
    fitted = {}
    for n in sorted({p.players for p in predictions}):
        chances, won = _matrix([p for p in predictions if p.players == n])
        fitted[str(n)] = [round(x, 4) for x in _fit_line(chances, won)]
    return fitted


def _fit_line(chances: np.ndarray, won: np.ndarray) -> Calibration:
    slope, shift = IDENTITY
    for _ in range(6):

        def by_slope(a: float, b: float = shift) -> float:
            return _log_loss(chances, won, (a, b))

        slope = golden(by_slope, 0.2, 3.0)

        def by_shift(b: float, a: float = slope) -> float:
            return _log_loss(chances, won, (a, b))

        shift = golden(by_shift, -3.0, 3.0)
    return slope, shift


def calibrated(predictions: list[Prediction], fitted: dict[str, list[float]]) -> list[float]:
    """The predictions' chances after calibration, in the same order."""
    out: list[float] = []
    k = 0
    while k < len(predictions):
        n = predictions[k].players
        group = np.array([p.chance for p in predictions[k:k + n]])
        found = fitted.get(str(n))
        calibration = (float(found[0]), float(found[1])) if found else IDENTITY
        out += calibrate(group, calibration).tolist()
        k += n
    return out


def tenths(chances: list[float], won: list[bool]) -> list[tuple[str, int, float, float]]:
    """(range, count, mean predicted, how often won) for predictions grouped in tenths."""
    rows = []
    for tenth in range(10):
        picked = [(c, w) for c, w in zip(chances, won, strict=True)
                  if min(int(c * 10), 9) == tenth]
        if picked:
            rows.append((f"{tenth / 10:.1f}-{(tenth + 1) / 10:.1f}", len(picked),
                         sum(c for c, _ in picked) / len(picked),
                         sum(w for _, w in picked) / len(picked)))
    return rows


def brier(chances: list[float], won: list[bool]) -> float:
    return sum((c - w) ** 2 for c, w in zip(chances, won, strict=True)) / len(chances)
