"""Training data for the turns-left model: positions seen in real games, played out alone.

A *view* is one player's side of a position at the start of a turn: their squares,
the columns others have closed to them, the columns they need and the variant.
Views come from games between the levels (2 to 4 players, every variant), so the
closed columns and the progress are the ones real games show. From each view the
policy being evaluated plays alone to the end (the other seat is a ghost that owns
the closed columns and never plays); every turn start of that game is a sample
whose target is how many turns it still took. These are Monte Carlo returns of the
policy: no bootstrapping, so no bias from an earlier model.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from ..ai import Bot, make_bot
from ..ai.expert import ExpertBot
from ..ai.turns_model import TurnsModel
from ..engine import (
    COLUMNS,
    TOPS,
    VARIANTS,
    Dice,
    GameConfig,
    GameState,
    Phase,
    Variant,
    new_game,
)
from .play import _play_turn, game_seed

MAX_TURNS = 150
VIEW_LEVELS = ("rule28", "rule28", "easy", "expert-classic")
"""Who plays the games views are taken from (drawn per seat)."""


@dataclass(frozen=True, slots=True)
class View:
    heights: tuple[int, ...]
    """Squares in columns 2..12 (a won column at its top)."""
    closed: tuple[bool, ...]
    win_columns: int
    variant: Variant


_FIELDS = ("heights", "closed", "win_columns", "variant", "turns")


@dataclass
class Samples:
    heights: NDArray[np.int8]
    closed: NDArray[np.bool_]
    win_columns: NDArray[np.int8]
    variant: NDArray[np.int8]
    turns: NDArray[np.int16]

    @classmethod
    def join(cls, parts: list[Samples]) -> Samples:
        return cls(*(np.concatenate([getattr(p, f) for p in parts]) for f in _FIELDS))

    def __len__(self) -> int:
        return len(self.turns)

    def save(self, path: Path) -> None:
        np.savez_compressed(path, **{f: getattr(self, f) for f in _FIELDS})

    @classmethod
    def load(cls, path: Path) -> Samples:
        with np.load(path) as data:
            return cls(*(data[f] for f in _FIELDS))


def view_of(state: GameState, player: int) -> View:
    return View(
        tuple(state.squares[player][c] for c in COLUMNS),
        tuple(state.claimed[c] is not None and state.claimed[c] != player for c in COLUMNS),
        state.config.win_columns,
        state.config.variant,
    )


def _can_still_win(view: View) -> bool:
    """Whether the view's player needs more columns and enough are still open to them."""
    won = sum(h == TOPS[c] and not shut for c, h, shut in zip(
        COLUMNS, view.heights, view.closed, strict=True))
    open_columns = sum(h < TOPS[c] and not shut for c, h, shut in zip(
        COLUMNS, view.heights, view.closed, strict=True))
    return won < view.win_columns <= won + open_columns


def game_views(seed: int, index: int) -> list[View]:
    """Every player's view at every turn start of one game between random levels."""
    rng = random.Random(game_seed(seed, index))
    players = rng.choice((2, 2, 3, 4))
    variant = rng.choice(("standard", "standard", *VARIANTS))
    win_columns = rng.choice((3, 3, 3, (players == 2 and 4) or 3))
    config = GameConfig(players, win_columns, variant)
    bots = [make_bot(rng.choice(VIEW_LEVELS), seed=index + k) for k in range(players)]
    state = new_game(config, first_player=0)
    dice = Dice(game_seed(seed, index))
    views = []
    turns = 0
    while state.phase is not Phase.OVER and turns < MAX_TURNS:
        views += [v for p in range(players) if _can_still_win(v := view_of(state, p))]
        state, _ = _play_turn(state, bots[state.current_player], dice)
        turns += 1
    return views


def solitaire_start(view: View) -> GameState:
    """A two-seat game where seat 0 is the view's player and seat 1 a ghost owning the
    closed columns, seat 0 to roll."""
    squares = [0] * 13
    ghost = [0] * 13
    claimed: list[int | None] = [None] * 13
    for c, h, shut in zip(COLUMNS, view.heights, view.closed, strict=True):
        if shut:
            ghost[c], claimed[c] = TOPS[c], 1
        else:
            squares[c] = h
            if h == TOPS[c]:
                claimed[c] = 0
    config = GameConfig(2, view.win_columns, view.variant)
    return GameState(config, (tuple(squares), tuple(ghost)), tuple(claimed), (0,) * 13, 0,
                     Phase.ROLL)


def play_out(view: View, bot: Bot, dice: Dice) -> list[tuple[View, int]]:
    """Play ``view`` alone to the end; each turn start's view with the turns it still took."""
    state = solitaire_start(view)
    seen: list[View] = []
    while state.phase is not Phase.OVER and len(seen) < MAX_TURNS:
        seen.append(view_of(state, 0))
        state, _ = _play_turn(state, bot, dice)
        if state.phase is not Phase.OVER:
            state = GameState(state.config, state.squares, state.claimed, state.runners, 0,
                              Phase.ROLL)
    return [(v, len(seen) - k) for k, v in enumerate(seen)]


def policy(spec: str, model_path: str | None, seed: int) -> Bot:
    """The player whose turns are counted, playing alone."""
    if model_path is not None:
        bot: Bot = ExpertBot(seed=seed, model=TurnsModel.load(Path(model_path)))
    else:
        bot = make_bot(spec, seed=seed)
    bot.solo = True  # type: ignore[attr-defined]
    return bot


def rollouts(views: list[View], spec: str, model_path: str | None, seed: int) -> Samples:
    """Samples from playing each view out alone (dice from ``seed``)."""
    bot = policy(spec, model_path, seed)
    dice = Dice(seed)
    rows = [pair for view in views for pair in play_out(view, bot, dice)]
    return to_samples(rows)


def to_samples(rows: list[tuple[View, int]]) -> Samples:
    return Samples(
        np.array([v.heights for v, _ in rows], dtype=np.int8).reshape(-1, len(COLUMNS)),
        np.array([v.closed for v, _ in rows], dtype=np.bool_).reshape(-1, len(COLUMNS)),
        np.array([v.win_columns for v, _ in rows], dtype=np.int8),
        np.array([VARIANTS.index(v.variant) for v, _ in rows], dtype=np.int8),
        np.array([t for _, t in rows], dtype=np.int16),
    )
