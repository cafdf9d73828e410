"""How well the win chances match what happens: self-play games between the levels.

At every turn start of every game each player's predicted chance is recorded with
whether that player won. ``fit_powers`` finds, per number of players, the power
that makes the race's chances best match the results (``ai.win_chance.calibrate``);
``tenths`` groups predictions in tenths against how often those players won.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from ..ai import make_bot
from ..ai.expert import ExpertBot
from ..ai.turns_model import TurnsModel
from ..ai.win_chance import calibrate, win_chances
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


def _log_loss(chances: np.ndarray, won: np.ndarray, power: float) -> float:
    scaled = np.power(np.clip(chances, 1e-12, 1.0), power)
    scaled /= scaled.sum(axis=1, keepdims=True)
    return float(-np.log(np.clip(scaled[won], 1e-9, 1.0)).sum())


def fit_powers(predictions: list[Prediction]) -> dict[str, float]:
    """Per number of players, the calibration power with the least log loss (golden search)."""
    powers = {}
    for n in sorted({p.players for p in predictions}):
        chances, won = _matrix([p for p in predictions if p.players == n])
        low, high = 0.3, 3.0
        for _ in range(30):
            a, b = low + (high - low) * 0.382, low + (high - low) * 0.618
            if _log_loss(chances, won, a) < _log_loss(chances, won, b):
                high = b
            else:
                low = a
        powers[str(n)] = round((low + high) / 2, 4)
    return powers


def calibrated(predictions: list[Prediction], powers: dict[str, float]) -> list[float]:
    """The predictions' chances after calibration, in the same order."""
    out: list[float] = []
    k = 0
    while k < len(predictions):
        n = predictions[k].players
        group = np.array([p.chance for p in predictions[k:k + n]])
        out += calibrate(group, float(powers.get(str(n), 1.0))).tolist()
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
