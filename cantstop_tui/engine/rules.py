"""Every rule of Can't Stop, as pure functions from state to new state and events."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Final

from .board import COLUMNS, MAX_RUNNERS, TOPS
from .config import GameConfig
from .dice import ALL_ROLLS, PAIR_SUMS, Pairing, Roll, _pairings_of
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
from .state import GameState, Phase, make_state

# Enum members as module constants: looked up on every transition.
_ROLL: Final = Phase.ROLL
_CHOOSE: Final = Phase.CHOOSE
_OVER: Final = Phase.OVER
_EMPTY: Final = (0,) * 13
_UNCLAIMED: Final = (None,) * 13
_COLUMN_BIT: Final = {c: 1 << (c - 2) for c in COLUMNS}
_CANONICAL_ROLLS: Final[dict[Roll, Roll]] = {dice: dice for dice in ALL_ROLLS}
# ALL_ROLLS lives as long as the program, so these ids name exactly its tuples.
_ROLL_IDS: Final = frozenset(id(dice) for dice in ALL_ROLLS)
# For each roll: the distinct columns it names, and its pairs of sums.
_ROLL_PLANS: Final = {
    dice: (tuple({c for pair in sums for c in pair}), sums) for dice, sums in PAIR_SUMS.items()
}

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


# --- moves -------------------------------------------------------------------


def _jump_step(state: GameState, column: int, height: int) -> int:
    """Jump variant: the next space above ``height`` without another player's square."""
    height += 1
    player = state.current_player
    taken = {sq[column] for p, sq in enumerate(state.squares) if p != player}
    # The top space of an open column never holds a square, so this stops there.
    while height in taken:
        height += 1
    return height


def _jump_capacity(state: GameState, column: int) -> int:
    """Jump variant: how many steps (0, 1 or 2) fit in the open ``column``."""
    height = state.runners[column] or state.squares[state.current_player][column]
    top = TOPS[column]
    steps = 0
    while steps < 2 and height < top:
        height = _jump_step(state, column, height)
        steps += 1
    return steps


def _moves(state: GameState, dice: Roll) -> tuple[Move, ...]:
    """Each pairing gives its two sums together if both fit, else each sum that fits alone."""
    runners = state.runners
    claimed = state.claimed
    own = state.squares[state.current_player]
    jump = state.config.variant == "jump"
    free = runners.count(0) - (13 - MAX_RUNNERS)  # runners not yet on the board
    # How many steps fit in each column rolled: 0 when closed, or no runner can go there.
    columns, pairs = _ROLL_PLANS[dice]
    steps: dict[int, int] = {}
    for column in columns:
        height = runners[column]
        if claimed[column] is not None or not (height or free):
            steps[column] = 0
        elif jump:
            steps[column] = _jump_capacity(state, column)
        else:
            room = TOPS[column] - (height or own[column])
            steps[column] = room if room < 2 else 2
    # Pairings have distinct sums, so only single-column moves can repeat.
    found: list[Move] = []
    for a, b in pairs:
        steps_a = steps[a]
        steps_b = steps[b]
        if a == b:
            if steps_a == 2:
                found.append((a, a))
            elif steps_a and (a,) not in found:
                found.append((a,))
        elif steps_a and steps_b and (runners[a] or runners[b] or free >= 2):
            found.append((a, b))
        else:
            if steps_a and (a,) not in found:
                found.append((a,))
            if steps_b and (b,) not in found:
                found.append((b,))
    if len(found) > 1:
        found.sort()
    return tuple(found)


def _check_dice(dice: Iterable[int]) -> Roll:
    # Rolls from ``Dice`` are the very tuples of ALL_ROLLS: no need to look inside.
    if id(dice) in _ROLL_IDS:
        return dice  # type: ignore[return-value]
    try:
        values = tuple(dice)
    except TypeError:
        values = ()
    if len(values) != 4 or any(type(v) is not int or not 1 <= v <= 6 for v in values):
        raise IllegalMoveError(f"A roll is four dice from 1 to 6, not {dice!r}.")
    return _CANONICAL_ROLLS[values]


def moves_for_dice(state: GameState, dice: Sequence[int]) -> tuple[Move, ...]:
    """The moves ``dice`` would allow the current player now (empty: a bust).

    >>> moves_for_dice(new_game(), (1, 5, 4, 6))
    ((5, 11), (6, 10), (7, 9))
    """
    return _moves(state, _check_dice(dice))


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """The moves open for the dice on the table; empty when no choice is pending."""
    if state.phase is not _CHOOSE or state.dice is None:
        return ()
    if state.cached_moves is None:
        return _moves(state, state.dice)
    return state.cached_moves


def move_pairings(dice: Sequence[int], move: Sequence[int]) -> tuple[Pairing, ...]:
    """The pairings of ``dice`` that can make ``move`` (for showing which dice were used).

    >>> move_pairings((1, 5, 4, 6), (6, 10))
    (Pairing(first=(1, 5), second=(4, 6)),)
    """
    candidates = _pairings_of(_check_dice(dice))
    columns = _as_move(move)
    if not columns:
        return ()
    wanted = Counter(columns)
    return tuple(pairing for pairing in candidates if not wanted - Counter(pairing.sums))


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


def _as_move(move: Sequence[int]) -> Move | None:
    """``move`` as ascending whole column numbers, or None if it is not that shape."""
    try:
        columns = tuple(sorted(move))
    except TypeError:
        return None
    return columns if all(type(c) is int for c in columns) else None


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
    runners = list(state.runners)
    jump = state.config.variant == "jump"
    for column in wanted:
        start = runners[column] or own[column]
        runners[column] = _jump_step(state, column, start) if jump else start + 1
    after = tuple(runners)
    return (
        make_state(
            state.config, state.squares, state.claimed, after,
            player, _ROLL,
        ),
        (make_moved(player, wanted, state.runners, after, own),),
    )


def _shares_a_space(state: GameState) -> tuple[int, ...]:
    """Columns where a runner stands on another player's square."""
    player = state.current_player
    return tuple(
        c
        for c in COLUMNS
        if state.runners[c]
        and any(p != player and sq[c] == state.runners[c] for p, sq in enumerate(state.squares))
    )


def why_cannot_stop(state: GameState) -> str | None:
    """Why the current player may not stop now, as a sentence; None if they may."""
    if state.phase is not _ROLL:
        return str(_phase_error(state, "stop"))
    if not any(state.runners):
        return "You must roll at least once before you can stop."
    if state.config.variant == "forced":
        shared = _shares_a_space(state)
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


# --- odds --------------------------------------------------------------------


def _rolls_by_sums() -> dict[int, int]:
    """How many of the 1,296 rolls make each set of sums (bit c-2 for column c)."""
    counts: dict[int, int] = {}
    for dice in ALL_ROLLS:
        mask = 0
        for a, b in PAIR_SUMS[dice]:
            mask |= _COLUMN_BIT[a] | _COLUMN_BIT[b]
        counts[mask] = counts.get(mask, 0) + 1
    return counts


class _BustChances:
    """The exact bust chance for each mask of usable columns, worked out on first use."""

    __slots__ = ("_chances", "_rolls_by_sums")

    def __init__(self) -> None:
        self._rolls_by_sums = tuple(_rolls_by_sums().items())
        self._chances: dict[int, Fraction] = {}

    def __getitem__(self, usable: int) -> Fraction:
        chance = self._chances.get(usable)
        if chance is None:
            # A roll busts when none of its sums is usable.
            busting = sum(n for sums, n in self._rolls_by_sums if not sums & usable)
            chance = self._chances[usable] = Fraction(busting, 1296)
        return chance


BUST_CHANCE: Final = _BustChances()
"""``BUST_CHANCE[mask]``: chance a roll busts when the columns in mask (bit c-2) can take a step."""


def usable_columns_mask(state: GameState) -> int:
    """Bit c-2 set when column c could take a step for the current player now."""
    runners = state.runners
    claimed = state.claimed
    has_free_runner = runners.count(0) > 13 - MAX_RUNNERS
    mask = 0
    for column in COLUMNS:
        runner = runners[column]
        if claimed[column] is None and runner != TOPS[column] and (has_free_runner or runner):
            mask |= _COLUMN_BIT[column]
    return mask


def bust_probability(state: GameState) -> Fraction:
    """Exact chance that the current player's next roll busts.

    >>> bust_probability(new_game())
    Fraction(0, 1)
    """
    return BUST_CHANCE[usable_columns_mask(state)]
