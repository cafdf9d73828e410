"""``rule28``: Michael Keller's Rule of 28.

Every step scores its column's weight |7 - c| + 1 (7 scores 1, 6 and 8 score 2,
... 2 and 12 score 6); a runner's first placement in a column scores double.
Once all three runners are out: +2 if their columns are all odd, -2 if all even,
+4 if all are 7 or above, +4 if all are 7 or below. Stop at 28 or more, or when
stopping wins. Among the moves it takes one with the most steps, and of those
the one that scores least, so it keeps to the columns that come up most.
(Played alone it needs about 10.7 turns, the figure published for the rule.)
"""

from __future__ import annotations

from typing import Final

from ..engine import COLUMNS, MAX_RUNNERS, TOPS, GameState, Move

THRESHOLD: Final = 28


def weight(column: int) -> int:
    return abs(7 - column) + 1


def progress_count(state: GameState, runners: tuple[int, ...] | None = None) -> int:
    """The Rule of 28 count of this turn so far (runners default to the state's)."""
    if runners is None:
        runners = state.runners
    own = state.squares[state.current_player]
    columns = [c for c in COLUMNS if runners[c]]
    # Each runner's steps this turn, plus one more weight for its placement.
    count = sum(weight(c) * (runners[c] - own[c] + 1) for c in columns)
    if len(columns) == MAX_RUNNERS:
        if all(c % 2 for c in columns):
            count += 2
        if not any(c % 2 for c in columns):
            count -= 2
        if all(c >= 7 for c in columns):
            count += 4
        if all(c <= 7 for c in columns):
            count += 4
    return count


def stopping_wins(state: GameState) -> bool:
    player = state.current_player
    won = sum(1 for c in COLUMNS if state.claimed[c] == player)
    won += sum(1 for c in COLUMNS if state.runners[c] and state.runners[c] == TOPS[c])
    return won >= state.config.win_columns


def added_count(state: GameState, move: Move) -> int:
    """What ``move`` adds to the count (first placement double, three-runner bonus included)."""
    runners = list(state.runners)
    own = state.squares[state.current_player]
    for column in move:
        runners[column] = (runners[column] or own[column]) + 1
    return progress_count(state, tuple(runners)) - progress_count(state)


class Rule28Bot:
    name = "rule28"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose_move(self, state: GameState, moves: tuple[Move, ...]) -> Move:
        return min(moves, key=lambda move: (-len(move), added_count(state, move), move))

    def keep_rolling(self, state: GameState) -> bool:
        return not stopping_wins(state) and progress_count(state) < THRESHOLD
