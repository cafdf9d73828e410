"""What ``expert`` would do now, with reasons a player can check.

>>> from cantstop_tui.engine import new_game, roll
>>> state, _ = roll(new_game(), (1, 5, 4, 6))
>>> hint(state).action
'choose'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

from ..engine import (
    COLUMNS,
    TOPS,
    GameState,
    Move,
    Phase,
    bust_probability,
    can_stop,
    choose,
    legal_moves,
    why_cannot_stop,
)
from .expert import ExpertBot
from .value import turns_needed

Action = Literal["choose", "roll", "stop", "none"]
CLOSE_TO_WINNING: Final = 2.0
"""An opponent estimated to need at most this many turns is "close to winning"."""

_bot = ExpertBot()


@dataclass(frozen=True, slots=True)
class Hint:
    action: Action
    """``choose`` a move (``then`` says what next), ``roll``, ``stop``, or ``none`` (game over)."""
    move: Move | None
    then: Literal["roll", "stop"] | None
    """After the suggested move: roll again or stop."""
    bust_chance: Fraction
    """Exact chance that the next roll busts (after the suggested move, if any)."""
    spaces_at_stake: int
    """Spaces climbed this turn (after the suggested move) that a bust would lose."""
    columns_won_by_stopping: tuple[int, ...]
    stopping_wins: bool
    opponent_close: bool
    """Some opponent is close to winning, which makes a risk worth more."""
    text: str
    """One or two lines for the player."""


def _percent(chance: Fraction) -> str:
    """42%, or 0.4% for a chance under one in a hundred (never a rounded 0%)."""
    percent = float(chance) * 100
    return f"{percent:.1f}%" if percent < 1 else f"{percent:.0f}%"


def _columns(columns: tuple[int, ...] | list[int]) -> str:
    names = [str(c) for c in columns]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _at_stake(state: GameState) -> tuple[int, tuple[int, ...]]:
    own = state.squares[state.current_player]
    runners = state.runners
    spaces = sum(runners[c] - own[c] for c in COLUMNS if runners[c])
    tops = tuple(c for c in COLUMNS if runners[c] and runners[c] == TOPS[c])
    return spaces, tops


def _wins(state: GameState, tops: tuple[int, ...]) -> bool:
    won = sum(1 for c in COLUMNS if state.claimed[c] == state.current_player)
    return won + len(tops) >= state.config.win_columns


def _opponent_close(state: GameState) -> bool:
    open_columns = [c for c in COLUMNS if state.claimed[c] is None]
    for player in range(state.num_players):
        if player == state.current_player:
            continue
        won = sum(1 for c in COLUMNS if state.claimed[c] == player)
        needed = state.config.win_columns - won
        if turns_needed(state.squares[player], open_columns, needed) <= CLOSE_TO_WINNING:
            return True
    return False


def _reason(state: GameState, rolls: bool) -> tuple[str, Fraction, int, tuple[int, ...], bool]:
    chance = bust_probability(state)
    spaces, tops = _at_stake(state)
    wins = _wins(state, tops)
    if wins:
        return "stopping now wins the game.", chance, spaces, tops, wins
    lose = f"a bust loses the {spaces} space{'s' if spaces != 1 else ''} climbed this turn"
    claim = f" and column {_columns(tops)}" if tops else ""
    if not chance:
        text = f"the next roll cannot bust ({spaces} space{'s' if spaces != 1 else ''} climbed)."
    elif rolls:
        text = f"the next roll busts {_percent(chance)} of the time ({lose}{claim})."
    else:
        text = f"the next roll would bust {_percent(chance)} of the time and {lose}{claim}."
    return text, chance, spaces, tops, wins


def _risk_note(close: bool, rolls: bool, wins: bool) -> str:
    """What an opponent close to winning means for this advice, agreeing with it."""
    if not close or wins:
        return ""
    if rolls:
        return "\nAn opponent is close to winning, so taking risks pays more."
    return "\nAn opponent is close to winning, but this much is worth banking now."


def hint(state: GameState) -> Hint:
    """What ``expert`` would do for the player to move, and why."""
    close = _opponent_close(state) if state.phase is not Phase.OVER else False
    if state.phase is Phase.OVER:
        return Hint("none", None, None, Fraction(0), 0, (), False, False, "The game is over.")
    if state.phase is Phase.CHOOSE:
        moves = legal_moves(state)
        move = _bot.choose_move(state, moves)
        after = choose(state, move)[0]
        then_rolls = can_stop(after) is False or _bot.keep_rolling(after)
        reason, chance, spaces, tops, wins = _reason(after, then_rolls)
        word = "roll again" if then_rolls else "stop"
        others = f" (of {len(moves)} choices)" if len(moves) > 1 else ""
        text = f"Play {_columns(list(move))}{others}, then {word}: {reason}"
        text += _risk_note(close, then_rolls, wins)
        return Hint("choose", move, "roll" if then_rolls else "stop", chance, spaces, tops,
                    wins, close, text)
    if not can_stop(state):
        chance = bust_probability(state)
        spaces, tops = _at_stake(state)
        text = f"Roll: {why_cannot_stop(state)}"
        return Hint("roll", None, None, chance, spaces, tops, False, close, text)
    rolls = _bot.keep_rolling(state)
    reason, chance, spaces, tops, wins = _reason(state, rolls)
    text = f"{'Roll' if rolls else 'Stop'}: {reason}{_risk_note(close, rolls, wins)}"
    return Hint("roll" if rolls else "stop", None, None, chance, spaces, tops, wins, close, text)
