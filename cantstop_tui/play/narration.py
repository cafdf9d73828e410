"""What happens in a game, in words: the lines of the game log, the replay and the roll-off.

The one phrasebook for engine events. It imports no user interface, so storage
(the replay) and the screens say things the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..ai.words import join_columns as join_columns
from ..ai.words import played_text as played_text
from ..engine import (
    Busted,
    ColumnWon,
    Conceded,
    Event,
    GameWon,
    Moved,
    Phase,
    Rolled,
    Stopped,
    TurnPassed,
)
from .match import Match


def dice_text(dice: Sequence[int]) -> str:
    return " ".join(str(d) for d in dice)


def verb(name: str, base: str) -> str:
    """``name`` and ``base`` agreeing: "Ana stops", "You stop"."""
    if name == "You":
        return f"You {base}"
    ending = "es" if base.endswith(("s", "sh", "ch", "x")) else "s"
    return f"{name} {base}{ending}"


def possessive(name: str) -> str:
    """ "Ana's", "Your", "Charles'"."""
    if name == "You":
        return "Your"
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def log_lines(
    match: Match, events: Sequence[Event], rolled: Rolled | None = None
) -> tuple[list[str], Rolled | None]:
    """One sentence per step of play; a roll is written with the move it led to.

    ``rolled`` is a roll still waiting for its move from earlier events. Returns
    the lines and the roll still waiting after these events.
    """
    lines = []
    for event in events:
        name = match.seats[event.player].name
        if isinstance(event, Rolled):
            rolled = event
            continue
        roll = f"{verb(name, 'roll')} {dice_text(rolled.dice)}" if rolled is not None else name
        if isinstance(event, Moved):
            lines.append(
                f"{roll} and {'play' if name == 'You' else 'plays'} {played_text(event.move)}."
            )
            rolled = None
        elif isinstance(event, Busted):
            lost = join_columns([c for c, _ in event.lost])
            lines.append(f"{roll}: bust" + (f", losing {lost}." if lost else "."))
            rolled = None
        elif isinstance(event, Stopped):
            held = ", ".join(f"{c} at {h}" for c, h in event.squares)
            lines.append(f"{verb(name, 'stop')}: {held}.")
        elif isinstance(event, ColumnWon):
            lines.append(f"{verb(name, 'win')} column {event.column}!")
        elif isinstance(event, TurnPassed):
            lines.append(f"-- {possessive(name)} turn --")
        elif isinstance(event, GameWon):
            lines.append(f"{verb(name, 'win')} the game!")
        elif isinstance(event, Conceded):
            lines.append(f"{verb(name, 'abandon')} the game.")
    return lines, rolled


def waiting_line(match: Match, rolled: Rolled) -> str:
    """A roll whose move is still to be chosen: ``Ada rolls 1 5 4 6.``"""
    return f"{verb(match.seats[rolled.player].name, 'roll')} {dice_text(rolled.dice)}."


FRESH_DICE: Final = "New dice from here on."
"""Said where a game was played on from a replay: its dice no longer follow the first seed."""


def waiting_roll(match: Match) -> Rolled | None:
    """The roll whose move is still to be chosen in ``match``, if any (``log_lines``'
    ``rolled``: a roll is written with the move it leads to)."""
    last = match.history[-1] if match.history else None
    if last is None or last.kind != "roll" or last.dice is None:
        return None
    if match.state.phase is not Phase.CHOOSE:
        return None
    return Rolled(match.state.current_player, last.dice)


def history_lines(match: Match) -> tuple[list[str], Rolled | None]:
    """The log of a game joined part-way: its actions replayed from the seeded start."""
    seen, unseen, rolled = history_parts(match, len(match.history))
    return seen + unseen, rolled


def history_parts(match: Match, step: int) -> tuple[list[str], list[str], Rolled | None]:
    """The log of the game's first ``step`` actions, and of the actions after them (what
    someone who last looked at ``step`` has not seen), from the seeded start."""
    seen, new, rolled, _ = history_at(match, step)
    return seen, new, rolled


def history_at(match: Match, step: int) -> tuple[list[str], list[str], Rolled | None, Match]:
    """:func:`history_parts`, and the game as it was after its first ``step`` actions, in
    one replay of the record."""
    parts: tuple[list[str], list[str]] = ([], [])
    rolled: Rolled | None = None
    then = match
    for index, (position, events) in enumerate(match.positions()):
        more, rolled = log_lines(position, events, rolled)
        parts[index > step].extend(more)
        if index == step:
            then = position
    return parts[0], parts[1], rolled, then


def rolloff_lines(match: Match) -> list[str]:
    """The roll-off for the first player, round by round."""
    lines = []
    for number, round_ in enumerate(match.rolloff.rounds, start=1):
        rolls = ", ".join(f"{match.seats[p].name} {a}+{b}={a + b}" for p, (a, b) in round_.rolls)
        lines.append(f"Round {number}: {rolls}.")
        if len(round_.leaders) > 1:
            tied = " and ".join(match.seats[p].name for p in round_.leaders)
            lines.append(f"  {tied} tie and roll again.")
    lines.append(f"First to play: {match.seats[match.rolloff.first_player].name}.")
    return lines
