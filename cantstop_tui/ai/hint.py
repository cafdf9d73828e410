"""What ``expert`` would do now, with reasons a player can check: the chance to win each
way (the calibrated chance the side panel shows), the bust chance and what a bust loses.
The recommendation is the better of the chances it states, so the two always agree.

>>> from cantstop_tui.engine import new_game, roll
>>> state, _ = roll(new_game(), (1, 5, 4, 6))
>>> hint(state).action
'choose'
"""

from __future__ import annotations

from collections.abc import Sequence
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
    why_cannot_stop,
)
from .analysis import Analyst
from .value import turns_needed
from .words import join_columns, percent, played_text

Action = Literal["choose", "roll", "stop", "none"]
CLOSE_TO_WINNING: Final = 2.0
"""An opponent estimated to need at most this many turns is "close to winning"."""

_analyst = Analyst()

Seats = tuple["Sequence[float] | None", float, "Sequence[float] | None"]
"""Who is playing, as the chances assume: each seat's skill (None: equals), the sharpness,
each seat's part of the pairing's own start (None: none)."""


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
    win_if_roll: float | None = None
    """The player's chance to win (0-1) rolling on (after the suggested move, if any)."""
    win_if_stop: float | None = None
    """The same, stopping now (None when stopping is not allowed)."""
    moves: tuple[tuple[Move, float], ...] = ()
    """Dice on the table: each legal move with the chance to win after it, best first."""


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


def _shown(chance: float, decimals: int) -> tuple[float, str]:
    """A chance as a percentage (the number to compare, the words): never 0% or 100% unless
    it is certain."""
    value = round(chance * 100, decimals)
    if value >= 100 > chance * 100 or value <= 0 < chance:
        if decimals == 0:
            return _shown(chance, 1)
        return (99.95, "over 99.9%") if value >= 100 else (0.05, "under 0.1%")
    return value, f"{value:.{decimals}f}%"


def percents(*chances: float) -> tuple[str, ...]:
    """Chances (0-1) as percentages with as few decimals as keep them in the same order:
    a better chance never reads as lower than a worse one.

    >>> percents(0.584, 0.52)
    ('58%', '52%')
    >>> percents(0.5849, 0.5836)
    ('58.5%', '58.4%')
    >>> percents(0.9978, 0.91, 0.00001)
    ('99.8%', '91%', 'under 0.1%')
    """
    for decimals in (0, 1):
        shown = [_shown(c, decimals) for c in chances]
        if all(
            (a > b) == (x > y) and (a < b) == (x < y)
            for i, (a, (x, _)) in enumerate(zip(chances, shown, strict=True))
            for b, (y, _) in zip(chances[i + 1:], shown[i + 1:], strict=True)
        ):
            break
    return tuple(words for _, words in shown)


def _reason(state: GameState, rolls: bool) -> tuple[str, Fraction, int, tuple[int, ...], bool]:
    chance = bust_probability(state)
    spaces, tops = _at_stake(state)
    wins = _wins(state, tops)
    if wins:
        return "stopping now wins the game.", chance, spaces, tops, wins
    lose = f"a bust loses the {spaces} space{'s' if spaces != 1 else ''} climbed this turn"
    claim = f" and column {join_columns(tops)}" if tops else ""
    if not chance:
        text = f"the next roll cannot bust ({spaces} space{'s' if spaces != 1 else ''} climbed)."
    elif rolls:
        text = f"the next roll busts {percent(chance)} of the time ({lose}{claim})."
    else:
        text = f"the next roll would bust {percent(chance)} of the time and {lose}{claim}."
    return text, chance, spaces, tops, wins


def _risk_note(close: bool, rolls: bool, wins: bool) -> str:
    """What an opponent close to winning means for this advice, agreeing with it."""
    if not close or wins:
        return ""
    if rolls:
        return "\nAn opponent is close to winning, so taking risks pays more."
    return "\nAn opponent is close to winning, but this much is worth banking now."


def _roll_or_stop(state: GameState, seats: Seats) -> tuple[bool, float, float | None]:
    """Whether to roll, and the chance to win rolling and stopping (calibrated): roll
    exactly when rolling is the better chance, as ``expert`` decides."""
    if not can_stop(state):
        # The turn's start (or a forced roll): the chance the side panel shows, no search.
        return True, _analyst.chances(state, *seats)[state.current_player], None
    roll, stop = _analyst.roll_and_stop(state)
    assert stop is not None
    win_roll, win_stop = _analyst.calibrated(state, [roll, stop], *seats)
    return roll > stop and not _wins(state, _at_stake(state)[1]), win_roll, win_stop


def _choice(state: GameState, close: bool, seats: Seats) -> Hint:
    valued = sorted(_analyst.move_values(state), key=lambda found: -found[1])
    chances = _analyst.calibrated(state, [value for _, value in valued], *seats)
    moves = tuple((move, chance) for (move, _), chance in zip(valued, chances, strict=True))
    move = moves[0][0]
    after = choose(state, move)[0]
    then_rolls, win_roll, win_stop = _roll_or_stop(after, seats)
    reason, chance, spaces, tops, wins = _reason(after, then_rolls)
    if len(moves) > 1:
        best, second = percents(moves[0][1], moves[1][1])
        odds = f"you win {best} of the time from here (next best, {played_text(moves[1][0])}: " \
               f"{second})"
    else:
        odds = f"the only move; you win {percents(moves[0][1])[0]} of the time from here"
    word = "roll again" if then_rolls else "stop"
    text = f"Play {played_text(move)}: {odds}; then {word}: {reason}"
    text += _risk_note(close, then_rolls, wins)
    return Hint("choose", move, "roll" if then_rolls else "stop", chance, spaces, tops,
                wins, close, text, win_roll, win_stop, moves)


def hint(
    state: GameState, skills: Sequence[float] | None = None, sharpness: float = 1.0,
    starts: Sequence[float] | None = None,
) -> Hint:
    """What ``expert`` would do for the player to move, and why, in the chances the side
    panel shows: ``skills``, ``sharpness`` and ``starts`` say who is playing as there
    (``Analyst.chances``; None: equals). They move the chances, never the advice: a seat's
    skill shifts all of the mover's chances alike."""
    seats: Seats = (skills, sharpness, starts)
    if state.phase is Phase.OVER:
        return Hint("none", None, None, Fraction(0), 0, (), False, False, "The game is over.")
    close = _opponent_close(state)
    if state.phase is Phase.CHOOSE:
        return _choice(state, close, seats)
    rolls, win_roll, win_stop = _roll_or_stop(state, seats)
    if win_stop is None:
        chance = bust_probability(state)
        spaces, tops = _at_stake(state)
        text = (f"Roll: {why_cannot_stop(state)} You win {percents(win_roll)[0]} of the time "
                "from here.")
        return Hint("roll", None, None, chance, spaces, tops, False, close, text, win_roll)
    reason, chance, spaces, tops, wins = _reason(state, rolls)
    if wins:
        text = f"Stop: {reason}"
    else:
        best, other = percents(*((win_roll, win_stop) if rolls else (win_stop, win_roll)))
        first, second = ("Roll", "stop") if rolls else ("Stop", "roll")
        text = (f"{first}: you win {best} of the time from here; {second}: {other}. "
                f"{reason[0].upper()}{reason[1:]}{_risk_note(close, rolls, wins)}")
    return Hint("roll" if rolls else "stop", None, None, chance, spaces, tops, wins, close,
                text, win_roll, win_stop)
