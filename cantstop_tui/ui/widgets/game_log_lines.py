"""What a game view adds to the game log: the lines of the steps since the position the
log last showed, or, when it cannot say them so (another game, a jump), every line of the
game again. The log (``game_log.GameLog``) wraps, keeps, scrolls and draws them.
"""

from __future__ import annotations

from ...engine import Conceded, Event, Moved, Rolled, Stopped
from ...play.match import Match
from ...play.narration import history_parts, log_lines, waiting_roll
from ..view import GameView

UNSEEN_RULE = "-- Since you last looked --"
"""Over the lines a returning player of a turn-based game has not seen (``GameView.unseen``)."""


def history_lines(view: GameView) -> list[str]:
    """The lines of ``view``'s game after the roll-off, a rule before those not yet seen."""
    match, unseen = view.match, view.unseen
    if unseen is not None:  # its lines came with it, from the same replay
        seen, new = list(unseen.seen), list(unseen.new)
    else:
        seen, new, _ = history_parts(match, len(match.history))
    return [*seen, UNSEEN_RULE, *new] if new else seen


def added_lines(shown: Match | None, view: GameView) -> list[str] | None:
    """The lines ``view`` adds to a log that showed ``shown``: its steps' lines; none when
    only who plays a seat changed; ``None`` when the whole game must be written again."""
    match = view.match
    steps = len(match.history) - (len(shown.history) if shown is not None else 0)
    same_game = shown is not None and (shown.seed, shown.seats, shown.config) == (
        match.seed,
        match.seats,
        match.config,
    )
    if same_game and steps >= 1 and actions_in(view.events) == steps:  # those steps' events
        assert shown is not None
        return log_lines(match, view.events, waiting_roll(shown))[0]
    if same_game and steps == 0:  # who plays a seat changed: nothing to log
        return []
    return None


def actions_in(events: tuple[Event, ...]) -> int:
    """How many actions (rolls, moves, stops, concessions) ``events`` tell of: each has one
    of these."""
    return sum(isinstance(event, Rolled | Moved | Stopped | Conceded) for event in events)
