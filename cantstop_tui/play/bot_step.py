"""The one rule for a computer player's next step, used by the table, the arena and the
demonstration player: with dice on the table, the bot's move; otherwise stop when the rules
allow it and the bot does not want to roll on; else roll."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..ai import Bot
from ..engine import GameState, Move, Phase, can_stop, legal_moves


@dataclass(frozen=True, slots=True)
class BotStep:
    kind: Literal["choose", "stop", "roll"]
    move: Move | None = None
    """The move, for ``choose``."""


def next_step(bot: Bot, state: GameState) -> BotStep:
    """What ``bot`` does next in ``state`` (its turn, the game not over). The bot is asked
    whether to roll on only when the rules let it stop."""
    if state.phase is Phase.CHOOSE:
        return BotStep("choose", bot.choose_move(state, legal_moves(state)))
    if can_stop(state) and not bot.keep_rolling(state):
        return BotStep("stop")
    return BotStep("roll")
