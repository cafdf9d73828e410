"""Plain-words descriptions of moves, busts and odds, computed from engine data only."""

from __future__ import annotations

from fractions import Fraction

from ..engine import (
    MAX_RUNNERS,
    TOPS,
    Busted,
    ColumnWon,
    Event,
    GameState,
    GameWon,
    Move,
    Moved,
    Rolled,
    Stopped,
    TurnPassed,
    bust_probability,
    choose,
    move_pairings,
    pairings,
)
from ..match import Match


def percent(chance: Fraction) -> str:
    """An exact chance as a percentage: 1/3 -> '33.3%', 0 -> '0%'."""
    if chance == 0:
        return "0%"
    value = float(chance * 100)
    return f"{value:.2f}%" if value < 1 else f"{value:.1f}%"


def join_columns(columns: tuple[int, ...] | list[int]) -> str:
    names = [str(c) for c in columns]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def dice_text(dice: tuple[int, ...]) -> str:
    return " ".join(str(d) for d in dice)


def move_dice(dice: tuple[int, int, int, int], move: Move) -> str:
    """Which dice make which sums: '3+4=7  2+6=8'."""
    found = move_pairings(dice, move)
    if not found:
        return ""
    pairing = found[0]
    parts = []
    wanted = list(move)
    for pair in (pairing.first, pairing.second):
        total = sum(pair)
        if total in wanted:
            wanted.remove(total)
            parts.append(f"{pair[0]}+{pair[1]}={total}")
    return "  ".join(parts)


def move_effect(state: GameState, move: Move) -> str:
    """What a legal move does: 'new runner 7, advance 8', 'double advance 6', '7 to top'."""
    moved = next(e for e in choose(state, move)[1] if isinstance(e, Moved))
    parts = []
    for step in moved.steps:
        double = move.count(step.column) > 1
        top = step.end == TOPS[step.column]
        if step.placed:
            text = f"new runner {step.column}" + (" +2" if double else "")
            text += " to top" if top else ""
        elif top:
            text = f"{step.column} to top"
        else:
            text = ("double advance " if double else "advance ") + str(step.column)
        parts.append(text)
    return ", ".join(parts)


def chance_after(state: GameState, move: Move) -> Fraction:
    """The bust chance of the next roll if ``move`` is played."""
    return bust_probability(choose(state, move)[0])


def bust_reasons(match: Match, busted: Busted) -> list[str]:
    """Why the sums of a busting roll could not be used, one sentence per reason."""
    state = match.state
    runners = dict(busted.lost)
    sums = sorted({c for p in pairings(busted.dice) for c in p.sums})
    full = len(runners) >= MAX_RUNNERS
    grouped: dict[str, list[int]] = {}
    for column in sums:
        owner = state.claimed[column]
        if owner is not None:
            who = "you" if owner == busted.player else match.seats[owner].name
            reason = f"won by {who}, closed"
        elif runners.get(column) == TOPS[column]:
            reason = "your runner is already at the top"
        elif full and column not in runners:
            reason = f"no runner left (all {MAX_RUNNERS} are on {join_columns(sorted(runners))})"
        else:
            reason = "no move possible"
        grouped.setdefault(reason, []).append(column)
    return [f"{join_columns(columns)}: {reason}." for reason, columns in grouped.items()]


def bust_summary(match: Match, busted: Busted) -> str:
    sums = sorted({c for p in pairings(busted.dice) for c in p.sums})
    name = match.seats[busted.player].name
    return f"{name} blew it: {dice_text(busted.dice)} only makes {join_columns(sums)}."


def log_lines(
    match: Match, events: tuple[Event, ...], rolled: Rolled | None = None
) -> tuple[list[str], Rolled | None]:
    """One line per step of play, for the game log; a roll is written with the move it led to.

    Returns the lines and the roll still waiting for its move.
    """
    lines = []
    for event in events:
        name = match.seats[event.player].name
        if isinstance(event, Rolled):
            rolled = event
            continue
        dice = f"{dice_text(rolled.dice)}: " if rolled is not None else ""
        if isinstance(event, Moved):
            move = event.move
            played = (
                f"{move[0]} twice"
                if len(move) == 2 == move.count(move[0])
                else join_columns(list(move))
            )
            lines.append(f"{name} {dice}{played}")
            rolled = None
        elif isinstance(event, Busted):
            lost = join_columns([c for c, _ in event.lost]) or "nothing"
            lines.append(f"{name} {dice}BUST, loses {lost}")
            rolled = None
        elif isinstance(event, Stopped):
            held = ", ".join(f"{c}@{h}" for c, h in event.squares)
            lines.append(f"{name} stops: {held}")
        elif isinstance(event, ColumnWon):
            lines.append(f"{name} WINS COLUMN {event.column}")
        elif isinstance(event, TurnPassed):
            lines.append(f"-- {name} to play --")
        elif isinstance(event, GameWon):
            lines.append(f"{name} WINS THE GAME")
    return lines, rolled


def history_lines(match: Match) -> tuple[list[str], Rolled | None]:
    """The log of a game joined part-way: its actions replayed from the seeded start."""
    replay = Match.start(match.seats, match.config, match.seed)
    lines: list[str] = []
    rolled: Rolled | None = None
    for action in match.history:
        replay, events = replay.apply(action)
        more, rolled = log_lines(replay, events, rolled)
        lines += more
    return lines, rolled


def rolloff_lines(match: Match) -> list[str]:
    """The roll-off for the first player, round by round."""
    lines = []
    for number, round_ in enumerate(match.rolloff.rounds, start=1):
        rolls = ", ".join(f"{match.seats[p].name} {a}+{b}={a + b}" for p, (a, b) in round_.rolls)
        lines.append(f"Round {number}: {rolls}")
        if len(round_.leaders) > 1:
            tied = " and ".join(match.seats[p].name for p in round_.leaders)
            lines.append(f"  tie between {tied}: they roll again")
    lines.append(f"First to play: {match.seats[match.rolloff.first_player].name}.")
    return lines
