"""An independent, deliberately plain reading of the rules, to check the engine against.

Written from the rulebook text, not from the engine: try every pairing, use both
sums if the two can be played together, otherwise each sum that can be played
alone; simulate placing and stepping space by space.
"""

from __future__ import annotations

from cantstop_tui.engine import ColumnWon, Event, GameState, GameWon, Stopped, TurnPassed

SPACES = {2: 3, 3: 5, 4: 7, 5: 9, 6: 11, 7: 13, 8: 11, 9: 9, 10: 7, 11: 5, 12: 3}


def reference_pairs(dice: tuple[int, int, int, int]) -> set[tuple[int, int]]:
    a, b, c, d = dice
    splits = ((a + b, c + d), (a + c, b + d), (a + d, b + c))
    return {(min(pair), max(pair)) for pair in splits}


def _next_space(state: GameState, column: int, height: int) -> int:
    me = state.current_player
    space = height + 1
    if state.config.variant == "jump":
        others = {row[column] for p, row in enumerate(state.squares) if p != me}
        while space in others:
            space += 1
    return space


def reference_play(state: GameState, columns: tuple[int, ...]) -> dict[int, int] | None:
    """The runners after stepping in ``columns`` one after the other; None if impossible."""
    me = state.current_player
    runners = {c: h for c, h in enumerate(state.runners) if h}
    for column in columns:
        if state.claimed[column] is not None:
            return None
        if column in runners:
            start = runners[column]
        elif len(runners) == 3:
            return None
        else:
            start = state.squares[me][column]
        if start >= SPACES[column]:
            return None
        runners[column] = _next_space(state, column, start)
        assert runners[column] <= SPACES[column]
    return runners


def reference_moves(
    state: GameState, dice: tuple[int, int, int, int]
) -> tuple[tuple[int, ...], ...]:
    moves: set[tuple[int, ...]] = set()
    for a, b in reference_pairs(dice):
        if reference_play(state, (a, b)) is not None:
            moves.add((a, b))
            continue
        for column in (a, b):
            if reference_play(state, (column,)) is not None:
                moves.add((column,))
    return tuple(sorted(moves))


def reference_stop(
    state: GameState,
) -> tuple[list[list[int]], list[int | None], list[Event], bool]:
    """Squares, owners, events and whether the game is over after stopping."""
    me = state.current_player
    squares = [list(row) for row in state.squares]
    claimed = list(state.claimed)
    placed = [(c, state.runners[c]) for c in SPACES if state.runners[c]]
    events: list[Event] = [Stopped(me, tuple(placed))]
    for column, height in placed:
        squares[me][column] = height
        if height == SPACES[column]:
            claimed[column] = me
            removed = []
            for p, row in enumerate(squares):
                if p != me and row[column]:
                    removed.append((p, row[column]))
                    row[column] = 0
            events.append(ColumnWon(me, column, tuple(removed)))
    won = tuple(c for c in SPACES if claimed[c] == me)
    over = len(won) >= state.config.win_columns
    if over:
        events.append(GameWon(me, won))
    else:
        following = (me + 1) % state.config.num_players
        events.append(TurnPassed(following, me))
    return squares, claimed, events, over
