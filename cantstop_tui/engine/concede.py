"""Giving a game up: the one way a game ends without a player's third column.

The rulebooks say nothing of a player who leaves. A two-player game on a turn-based table
whose creator chose so ends when a player lets their move's deadline pass: they concede,
and the other player wins at once (as Board Game Arena ends a two-player game someone
abandons). A game of three or four goes on without such an end (the table has the
computer play the seat instead), so ``concede`` refuses it.
"""

from __future__ import annotations

from .board import COLUMNS
from .errors import IllegalMoveError
from .events import Conceded, Event, GameWon
from .state import GameState, Phase, make_state

_EMPTY = (0,) * 13


def why_cannot_concede(state: GameState, player: int) -> str | None:
    """Why ``player`` may not concede now (None: they may)."""
    if state.phase is Phase.OVER:
        return "The game is over."
    if state.num_players != 2:
        return "Only a game of two players can be conceded."
    if type(player) is not int or not 0 <= player < 2:
        return f"There is no player {player!r} in this game."
    return None


def concede(state: GameState, player: int) -> tuple[GameState, tuple[Event, ...]]:
    """``player`` gives up a two-player game: the other player wins it at once, with the
    columns they have; the board stays as it was, less the runners of a turn in play.

    >>> from .rules import new_game
    >>> state, events = concede(new_game(), 0)
    >>> state.winner, state.conceded, state.is_over, events
    (1, 0, True, (Conceded(player=0), GameWon(player=1, columns=())))
    """
    reason = why_cannot_concede(state, player)
    if reason is not None:
        raise IllegalMoveError(reason)
    winner = 1 - player
    won = tuple(c for c in COLUMNS if state.claimed[c] == winner)
    over = make_state(
        state.config, state.squares, state.claimed, _EMPTY, winner, Phase.OVER, None, winner,
        conceded=player,
    )
    return over, (Conceded(player), GameWon(winner, won))
