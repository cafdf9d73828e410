"""What the game screen shows: the table's latest Match and events, seen from this app."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Event, GameState, Phase
from ..play.match import Match
from ..play.turn_based import Unseen


@dataclass(frozen=True, slots=True)
class Fit:
    """How the game fits the window: the board's scale and whether the dice are faces."""

    board: tuple[int, int] | None = None
    """(characters, lines) per space; None: the smallest (a replay's)."""
    dice_faces: bool = False
    """The dice drawn as faces (three lines), not numbers."""


@dataclass(frozen=True, slots=True)
class GameView:
    match: Match
    events: tuple[Event, ...] = ()
    """What the last change did; empty when only the notice or the viewer changed."""
    seats: frozenset[int] | None = frozenset()
    """The seats the viewer plays: None for every person's seat (one keyboard), none for a
    spectator (and a replay)."""
    bot_turn: bool = False
    """A computer seat is to move (the table plays it)."""
    away: frozenset[int] = frozenset()
    """People's seats whose person left the table (held for them, or played by the computer
    meanwhile): what a spectator's status line says of the player to move."""
    notice: str = ""
    """A sentence for the player, e.g. why stopping was refused."""
    chances: tuple[float, ...] | None = None
    """Each player's win chance (0-1), when the player shows them (``w``)."""
    assumed: tuple[str, ...] = ()
    """What those chances assume of each seat, e.g. ``= expert`` (``play.seat_skill``)."""
    fit: Fit = Fit()
    """How the game screen lays the game out for its window."""
    takes: frozenset[str] | None = None
    """The actions the table takes now beyond the rules (``Table.takes``: a guided game's
    step's); None: any the rules allow. The status line offers no other."""
    unseen: Unseen | None = None
    """A returning player of a turn-based game: what the others played meanwhile, marked on
    the board and in the log until the game moves on."""

    @property
    def may_act(self) -> bool:
        """Whether the viewer may roll, choose or stop now: the one place this is decided
        (the table checks each intent again)."""
        state = self.match.state
        return (
            not state.is_over
            and not self.bot_turn
            and (self.seats is None or state.current_player in self.seats)
        )

    def offers(self, action: str) -> bool:
        """Whether the table takes ``action`` now (as far as it, not the rules, says)."""
        return self.takes is None or action in self.takes

    @property
    def seated(self) -> bool:
        """The viewer plays a seat here (a spectator does not)."""
        return self.seats is None or bool(self.seats)

    @property
    def turn_dice(self) -> tuple[int, int, int, int] | None:
        """The dice the side panel shows: the last roll of the turn under way (none before
        its player rolls: not the last player's), or of the game's last turn once over."""
        state = self.match.state
        if not state.is_over and state.phase is Phase.ROLL and not state.runner_columns:
            return None  # a turn's start: every roll places a runner or ends the turn
        return self.match.last_dice

    @property
    def state(self) -> GameState:
        return self.match.state

    def name(self, player: int) -> str:
        return self.match.seats[player].name
