"""Plain-words descriptions of moves, busts and odds, computed from engine data only (a
chance written as ``percent`` says it, re-exported here; a column climbed twice as
``played_text`` says it: ``6 twice``, as the hint and the game log do)."""

from __future__ import annotations

from fractions import Fraction

from ..ai.words import percent as percent
from ..ai.words import played_text
from ..engine import (
    TOPS,
    Busted,
    GameState,
    Move,
    Moved,
    Unusable,
    bust_probability,
    choose,
    move_pairings,
    pairings,
    state_before_bust,
    why_unusable,
)
from .match import Match
from .narration import dice_text, join_columns, possessive


def listed_pairs(dice: tuple[int, int, int, int], move: Move) -> list[tuple[int, int]]:
    """The dice pairs that make ``move``'s sums, in the order the dice are listed."""
    found = move_pairings(dice, move)
    if not found:
        return []
    wanted = list(move)
    pairs = []
    for pair in (found[0].first, found[0].second):
        if sum(pair) in wanted:
            wanted.remove(sum(pair))
            pairs.append(pair)
    return pairs


def move_dice(dice: tuple[int, int, int, int], move: Move) -> str:
    """Which dice make which sums: '3+4=7  2+6=8'."""
    return "  ".join(f"{a}+{b}={a + b}" for a, b in listed_pairs(dice, move))


def move_effect(state: GameState, move: Move) -> str:
    """What a legal move does: 'new runner 7, advance 8', 'advance 6 twice', '7 to top';
    column by column in the order ``move_dice`` lists the sums (for the same dice); a
    column the move climbs twice in ``played_text``'s words, as the hint and the log say it."""
    moved = next(e for e in choose(state, move)[1] if isinstance(e, Moved))
    listed = [a + b for a, b in listed_pairs(state.dice, move)] if state.dice else []
    parts = []
    steps = sorted(
        moved.steps, key=lambda s: listed.index(s.column) if s.column in listed else len(listed)
    )
    for step in steps:
        column = played_text((step.column,) * min(move.count(step.column), 2))
        top = step.end == TOPS[step.column]
        if step.placed:
            text = f"new runner {column}" + (" to top" if top else "")
        elif top:
            text = f"{column} to top"
        else:
            text = f"advance {column}"
        parts.append(text)
    return ", ".join(parts)


def chance_after(state: GameState, move: Move) -> Fraction:
    """The bust chance of the next roll if ``move`` is played."""
    return bust_probability(choose(state, move)[0])


def bust_reasons(match: Match, busted: Busted) -> list[str]:
    """Why the sums of a busting roll could not be used, one sentence per reason.

    ``match`` is the game right after the bust (nothing if it is not).
    """
    try:
        before = state_before_bust(match.state, busted)
    except ValueError:
        return []
    runners = join_columns(before.runner_columns)
    # In the third person: everyone at the table reads it, not only the player who busted.
    name = match.seats[busted.player].name
    grouped: dict[str, list[int]] = {}
    for column in sorted({c for p in pairings(busted.dice) for c in p.sums}):
        why = why_unusable(before, column)
        owner = before.claimed[column]
        if why is Unusable.WON and owner is not None:
            reason = f"won by {match.seats[owner].name}, closed"
        elif why is Unusable.AT_TOP:
            reason = f"{possessive(name)} runner is already at the top"
        elif why is Unusable.NO_RUNNER:
            reason = f"no runner left (all {len(before.runner_columns)} are on {runners})"
        else:
            reason = "no move possible"
        grouped.setdefault(reason, []).append(column)
    return [f"{join_columns(columns)}: {reason}." for reason, columns in grouped.items()]


def bust_summary(match: Match, busted: Busted) -> str:
    sums = sorted({c for p in pairings(busted.dice) for c in p.sums})
    name = match.seats[busted.player].name
    return f"{name} blew it: {dice_text(busted.dice)} only makes {join_columns(sums)}."
