"""Every rule of Can't Stop, as pure functions from state to new state and events."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .board import COLUMNS, TOPS
from .config import GameConfig
from .errors import IllegalMoveError
from .events import (
    Busted,
    ColumnWon,
    Event,
    GameWon,
    Move,
    Stopped,
    TurnPassed,
    make_moved,
    make_rolled,
)
from .moves import _as_move, _check_dice, _moves, legal_moves, runners_after
from .state import GameState, Phase, make_state

# Enum members as module constants: looked up on every transition.
_ROLL: Final = Phase.ROLL
_CHOOSE: Final = Phase.CHOOSE
_OVER: Final = Phase.OVER
_EMPTY: Final = (0,) * 13
_UNCLAIMED: Final = (None,) * 13

Transition = tuple[GameState, tuple[Event, ...]]


def new_game(config: GameConfig | None = None, first_player: int = 0) -> GameState:
    """A fresh board with ``first_player`` to roll.

    >>> new_game(GameConfig(num_players=3), first_player=2).current_player
    2
    """
    config = config or GameConfig()
    if not isinstance(config, GameConfig):
        raise ValueError(f"new_game needs a GameConfig, not {config!r}.")
    if type(first_player) is not int or not 0 <= first_player < config.num_players:
        raise ValueError(
            f"The first player must be a seat from 0 to {config.num_players - 1}, "
            f"not {first_player!r}."
        )
    return GameState(
        config=config,
        squares=(_EMPTY,) * config.num_players,
        claimed=_UNCLAIMED,
        runners=_EMPTY,
        current_player=first_player,
        phase=_ROLL,
    )


# --- transitions -------------------------------------------------------------


def _next_player(state: GameState) -> int:
    return (state.current_player + 1) % state.config.num_players


def _phase_error(state: GameState, action: str) -> IllegalMoveError:
    if state.phase is _OVER:
        return IllegalMoveError(f"The game is over; you cannot {action}.")
    if state.phase is _CHOOSE:
        return IllegalMoveError(f"Choose a move for the dice on the table before you {action}.")
    return IllegalMoveError(f"Roll the dice before you {action}.")


def roll(state: GameState, dice: Sequence[int]) -> Transition:
    """Put ``dice`` on the table. With no legal move the player busts and the turn passes.

    >>> state, events = roll(new_game(), (1, 5, 4, 6))
    >>> state.phase, legal_moves(state)
    (<Phase.CHOOSE: 'choose'>, ((5, 11), (6, 10), (7, 9)))
    """
    if state.phase is not _ROLL:
        raise _phase_error(state, "roll again")
    values = _check_dice(dice)
    player = state.current_player
    moves = _moves(state, values)
    rolled = make_rolled(player, values)
    if moves:
        return (
            make_state(
                state.config, state.squares, state.claimed, state.runners,
                player, _CHOOSE, values, None, moves,
            ),
            (rolled,),
        )
    runners = state.runners
    lost = tuple((c, runners[c]) for c in COLUMNS if runners[c])
    following = _next_player(state)
    return (
        make_state(
            state.config, state.squares, state.claimed, _EMPTY,
            following, _ROLL,
        ),
        (rolled, Busted(player, values, lost), TurnPassed(following, player)),
    )


def _format_move(move: Sequence[int]) -> str:
    return " and ".join(str(c) for c in move)


def _picked(move: Sequence[int], moves: tuple[Move, ...]) -> Move | None:
    """The legal move ``move`` names, in any order; None if it names none."""
    for legal in moves:
        if legal is move:  # taken straight from legal_moves, as players and bots do
            return legal
    wanted = _as_move(move)
    return wanted if wanted in moves else None


def _not_a_move(move: Sequence[int], moves: tuple[Move, ...]) -> IllegalMoveError:
    wanted = _as_move(move)
    if not wanted:
        asked = f"{move!r} is"
    elif len(wanted) == 1:
        asked = f"Column {wanted[0]} alone is"
    else:
        asked = f"Columns {_format_move(wanted)} are"
    options = "; ".join(_format_move(m) for m in moves)
    return IllegalMoveError(f"{asked} not a move this roll allows. You can play: {options}.")


def choose(state: GameState, move: Sequence[int]) -> Transition:
    """Play one of ``legal_moves(state)``: place or advance runners in its columns.

    >>> state, _ = roll(new_game(), (1, 5, 4, 6))
    >>> state, _ = choose(state, (6, 10))
    >>> state.runners[6], state.runners[10], state.phase
    (1, 1, <Phase.ROLL: 'roll'>)
    """
    if state.phase is not _CHOOSE:
        raise _phase_error(state, "choose a move")
    moves = state.cached_moves or legal_moves(state)
    wanted = _picked(move, moves)
    if wanted is None:
        raise _not_a_move(move, moves)
    player = state.current_player
    own = state.squares[player]
    after = runners_after(state, state.runners, wanted)
    return (
        make_state(
            state.config, state.squares, state.claimed, after,
            player, _ROLL,
        ),
        (make_moved(player, wanted, state.runners, after, own),),
    )


def _shares_a_space(state: GameState, runners: tuple[int, ...]) -> tuple[int, ...]:
    """Columns where one of ``runners`` stands on another player's square."""
    player = state.current_player
    return tuple(
        c
        for c in COLUMNS
        if runners[c]
        and any(p != player and sq[c] == runners[c] for p, sq in enumerate(state.squares))
    )


def refuses_stops(config: GameConfig) -> bool:
    """Whether these rules can refuse a stop with runners out (the forced variant: while
    a runner shares a space with another player's square)."""
    return config.variant == "forced"


def may_stop_with(state: GameState, runners: tuple[int, ...]) -> bool:
    """Whether the current player could stop with ``runners`` out instead of the state's
    (the AI's look-ahead; ``can_stop`` answers for the state itself).

    >>> may_stop_with(new_game(GameConfig(variant="forced")), (0,) * 7 + (1,) + (0,) * 5)
    True
    """
    if not any(runners):
        return False
    return not (refuses_stops(state.config) and _shares_a_space(state, runners))


def why_cannot_stop(state: GameState) -> str | None:
    """Why the current player may not stop now, as a sentence; None if they may."""
    if state.phase is not _ROLL:
        return str(_phase_error(state, "stop"))
    if not any(state.runners):
        return "You must roll at least once before you can stop."
    if refuses_stops(state.config):
        shared = _shares_a_space(state, state.runners)
        if shared:
            where = (
                f"runner in column {shared[0]} shares"
                if len(shared) == 1
                else f"runners in columns {_format_move(shared)} share"
            )
            return (
                f"Forced move: your {where} a space with another player's square, "
                "so you must roll again."
            )
    return None


def can_stop(state: GameState) -> bool:
    """Whether ``stop(state)`` is allowed now."""
    return why_cannot_stop(state) is None


def stop(state: GameState) -> Transition:
    """End the turn: runners become squares; top squares win their columns.

    >>> state, _ = roll(new_game(), (1, 5, 4, 6))
    >>> state, _ = choose(state, (7, 9))
    >>> state, events = stop(state)
    >>> state.squares[0][7], state.current_player
    (1, 1)
    """
    reason = why_cannot_stop(state)
    if reason is not None:
        raise IllegalMoveError(reason)
    player = state.current_player
    placed = tuple((c, h) for c, h in enumerate(state.runners) if h)
    mine = list(state.squares[player])
    for column, height in placed:
        mine[column] = height
    squares = list(state.squares)
    squares[player] = tuple(mine)
    events: list[Event] = [Stopped(player, placed)]
    claimed = state.claimed
    newly_won = [column for column, height in placed if height == TOPS[column]]
    if newly_won:
        owners = list(claimed)
        for column in newly_won:
            owners[column] = player
            removed = []
            for other, theirs in enumerate(squares):
                if other != player and theirs[column]:
                    removed.append((other, theirs[column]))
                    squares[other] = (*theirs[:column], 0, *theirs[column + 1 :])
            events.append(ColumnWon(player, column, tuple(removed)))
        claimed = tuple(owners)
        won = tuple(c for c in COLUMNS if claimed[c] == player)
        if len(won) >= state.config.win_columns:
            events.append(GameWon(player, won))
            return (
                make_state(
                    state.config, tuple(squares), claimed, _EMPTY,
                    player, _OVER, None, player,
                ),
                tuple(events),
            )
    following = _next_player(state)
    events.append(TurnPassed(following, player))
    return (
        make_state(
            state.config, tuple(squares), claimed, _EMPTY,
            following, _ROLL,
        ),
        tuple(events),
    )
