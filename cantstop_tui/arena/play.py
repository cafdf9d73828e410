"""Playing one headless game, between bots or by one bot alone.

Each game's dice come from ``Dice(game_seed(seed, index))`` so a game's result
depends only on the base seed and its index, never on which process played it.

Playing alone (``solitaire``): the rules need at least two players, so the
game is a two-player game whose second seat is empty: it never has a square on
the board, and each time the engine passes the turn to it the turn is handed
straight back. Every roll, move and stop is still the engine's; the empty seat
changes nothing, since it owns no square, column or runner.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from ..ai import Bot, make_bot
from ..engine import (
    Busted,
    Dice,
    GameConfig,
    GameState,
    Phase,
    Variant,
    new_game,
)
from ..play.bot_step import next_step, step_state

MAX_TURNS: Final = 1000
"""A game still going after this many turns (a bot that never gets anywhere) is a draw."""
_GOLDEN: Final = 0x9E3779B97F4A7C15


def game_seed(seed: int, index: int) -> int:
    """The dice seed of game ``index`` of a run with base ``seed``."""
    return (seed * _GOLDEN + index) & ((1 << 63) - 1)


@dataclass(frozen=True, slots=True)
class GameResult:
    order: tuple[int, ...]
    """Players (indices into the run's player list) by seat; seat 0 moves first."""
    winner: int | None
    """The winning player's index, None for a draw (turn limit)."""
    turns: tuple[int, ...]
    """Turns each player took, by player index."""
    busts: tuple[int, ...]


def play_game(
    specs: tuple[str, ...], order: tuple[int, ...], seed: int, variant: Variant = "standard"
) -> GameResult:
    """One game: seat k is played by ``specs[order[k]]``; seat 0 moves first."""
    seats = len(order)
    bots = [make_bot(specs[p], seed=seed + k) for k, p in enumerate(order)]
    state = new_game(GameConfig(num_players=seats, variant=variant), first_player=0)
    dice = Dice(seed)
    turns = [0] * seats
    busts = [0] * seats
    while state.phase is not Phase.OVER and sum(turns) < MAX_TURNS:
        seat = state.current_player
        turns[seat] += 1
        state, busted = _play_turn(state, bots[seat], dice)
        busts[seat] += busted
    by_player_turns = [0] * len(specs)
    by_player_busts = [0] * len(specs)
    for k, p in enumerate(order):
        by_player_turns[p] += turns[k]
        by_player_busts[p] += busts[k]
    winner = order[state.winner] if state.winner is not None else None
    return GameResult(order, winner, tuple(by_player_turns), tuple(by_player_busts))


def play_solitaire(spec: str, seed: int, variant: Variant = "standard") -> GameResult:
    """One bot alone until it wins its columns; ``turns`` counts its turns."""
    bot = make_bot(spec, seed=seed)
    if hasattr(bot, "solo"):
        bot.solo = True
    state = new_game(GameConfig(num_players=2, variant=variant), first_player=0)
    dice = Dice(seed)
    turns = busts = 0
    while state.phase is not Phase.OVER and turns < MAX_TURNS:
        turns += 1
        state, busted = _play_turn(state, bot, dice)
        busts += busted
        if state.phase is not Phase.OVER:
            state = replace(state, current_player=0)
    return GameResult((0,), 0 if state.phase is Phase.OVER else None, (turns,), (busts,))


def _play_turn(state: GameState, bot: Bot, dice: Dice) -> tuple[GameState, bool]:
    """Play the current player's turn to its end; returns the state and whether they busted.

    The bot is asked whether to go on only when the rules let it stop.
    """
    while True:
        step = next_step(bot, state)
        state, events = step_state(step, state, dice)
        if step.kind == "stop":
            return state, False
        if any(isinstance(e, Busted) for e in events):
            return state, True
