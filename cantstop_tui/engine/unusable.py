"""Why a sum of a roll gives no step: the reasons a roll busts."""

from __future__ import annotations

from enum import StrEnum

from .board import COLUMNS, TOPS
from .events import Busted
from .odds import usable_columns_mask
from .state import GameState, Phase


class Unusable(StrEnum):
    """Why a column can take no step for the player to move."""

    WON = "won"
    """Someone has won the column: nobody, the winner included, may play there again."""
    AT_TOP = "at top"
    """The player's runner already stands on the top space."""
    NO_RUNNER = "no runner"
    """All the player's runners stand in other columns."""


def why_unusable(state: GameState, column: int) -> Unusable | None:
    """Why ``column`` can take no step for the player to move in ``state``; None if it can.

    Ask it of the state a roll was made in (``state_before_bust`` gives that for a
    bust): a roll busts exactly when none of its sums is usable. The answer is the
    same in every variant: a jump skips other players' squares, and the top space
    of an open column never holds one, so a runner below the top can always move.

    >>> from cantstop_tui.engine import new_game
    >>> why_unusable(new_game(), 7) is None
    True
    """
    if type(column) is not int or column not in COLUMNS:
        raise ValueError(f"Columns are numbered 2 to 12, not {column!r}.")
    if usable_columns_mask(state) >> (column - 2) & 1:
        return None  # the rules decide usability in one place; here it is only named
    if state.claimed[column] is not None:
        return Unusable.WON
    if state.runners[column] == TOPS[column]:
        return Unusable.AT_TOP
    return Unusable.NO_RUNNER


def state_before_bust(state: GameState, busted: Busted) -> GameState:
    """The state the busting roll of ``busted`` was made in, from ``state`` right after it.

    A bust only takes the runners off and passes the turn, so both are put back.
    ``ValueError`` if ``state`` cannot be the one right after that bust.
    """
    players = state.config.num_players
    following = (busted.player + 1) % players
    if (
        not 0 <= busted.player < players
        or state.phase is not Phase.ROLL
        or any(state.runners)
        or state.current_player != following
    ):
        raise ValueError(
            f"This is not the position right after player {busted.player}'s bust: "
            f"that one has no runners and player {following} to roll."
        )
    runners = [0] * 13
    for column, height in busted.lost:
        runners[column] = height
    return GameState(
        config=state.config,
        squares=state.squares,
        claimed=state.claimed,
        runners=tuple(runners),
        current_player=busted.player,
        phase=Phase.ROLL,
    )
