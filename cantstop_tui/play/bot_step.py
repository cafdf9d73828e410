"""The one rule for a computer player's next step, used by the table, the arena, the
reviews and the demonstration player: with dice on the table, the bot's move; otherwise stop
when the rules allow it and the bot does not want to roll on; else roll.

A step is an :class:`Action` of the game record (a roll without its dice yet), so a match
applies it as it applies a recorded one (``Match.apply``, through :func:`play_step`); a bare
state with a dice stream (the arena's fast games) through :func:`step_state`. Both are the
one function that applies an action, ``match.act``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from ..ai import Bot
from ..engine import Dice, Event, GameState, Phase, Roll, can_stop, legal_moves
from .match import Action, Match, act


def forced_step(state: GameState) -> Action | None:
    """The step the rules leave no choice about (a roll when stopping is not allowed); None
    when the bot decides."""
    if state.phase is Phase.CHOOSE or can_stop(state):
        return None
    return Action("roll")


def next_step(bot: Bot, state: GameState) -> Action:
    """What ``bot`` does next in ``state`` (its turn, the game not over). The bot is asked
    whether to roll on only when the rules let it stop."""
    forced = forced_step(state)
    if forced is not None:
        return forced
    if state.phase is Phase.CHOOSE:
        return Action("choose", move=bot.choose_move(state, legal_moves(state)))
    if not bot.keep_rolling(state):
        return Action("stop")
    return Action("roll")


def step_state(step: Action, state: GameState, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """``state`` after ``step``, a roll taking the next dice of ``dice``: what
    ``Match.apply`` does (both are :func:`~.match.act`), without the record."""
    state, events, _taken = act(state, step, cast(Callable[[], Roll], dice.roll))
    return state, events


def play_step(bot: Bot, match: Match) -> tuple[Match, tuple[Event, ...]]:
    """``match`` after ``bot``'s next step (the player to move is ``bot``)."""
    return match.apply(next_step(bot, match.state))
