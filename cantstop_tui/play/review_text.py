"""A game review as plain text (``cantstop review FILE --text``) and the pieces the review
screen shares with it: the summary lines, the graph's bars and each decision's line. The
text fits its width (``text_lines``): sentences wrap, the graph takes one mark per turn up
to the room, else one per two turns or more, and says so."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Final

from .chance_text import percent
from .luck import luck_bands_sentence, luck_legend, plus_minus, signed
from .name_cells import cells, ellipsis_for, name_column
from .review import Decision, PlayerReview, Review, bands_sentence

BARS: Final = "▁▂▃▄▅▆▇█"
ASCII_BARS: Final = ".:-=+*#%"
"""The graph's marks, lowest first: a chance near 0 draws the lowest, never a blank."""
WIDTH: Final = 80
"""The text review's width when none is given."""
FINAL_CELLS: Final = 5
"""The graph's last chance after its marks, e.g. `` 100%``."""
NAME_CELLS: Final = 16
"""The summary's and the graph's name column (``name_cells.name_column``)."""
DECISION_NAME_CELLS: Final = 10
"""The decisions' name column."""


def bars(chances: tuple[float, ...] | list[float], ascii_only: bool = False) -> str:
    """One character per turn, taller for a higher chance."""
    levels = ASCII_BARS if ascii_only else BARS
    top = len(levels) - 1
    return "".join(levels[min(top, round(c * top))] for c in chances)


LUCK_CELLS: Final = 10
"""The summary's Luck column: ``+1.9±1.6``."""


def summary_header() -> str:
    columns = f"{'Accuracy':>8} {'Inacc.':>6} {'Mist.':>5} {'Blund.':>6} {'Luck':>{LUCK_CELLS}}"
    return f"{'Player':<{NAME_CELLS}} {columns}"


def summary_line(player: PlayerReview, ascii_only: bool = False) -> str:
    """``Ana  92.4%  3  1  0  +1.9±1.6``: luck per turn with its spread by chance
    (``luck.PlayerLuck``); a computer's line says it was not reviewed."""
    name = name_column(player.name, NAME_CELLS, ellipsis_for(ascii_only))
    mine = player.luck
    shown = f"{signed(mine.per_turn)}{plus_minus(ascii_only)}{mine.per_turn_spread:.1f}"
    luck = f"{shown:>{LUCK_CELLS}}"
    if not player.reviewed or player.accuracy is None:
        why = "computer" if not player.reviewed else "no choices"
        return f"{name} {why:>8} {'':>6} {'':>5} {'':>6} {luck}"
    return (
        f"{name} {player.accuracy:>7.1f}% {player.inaccuracies:>6} "
        f"{player.mistakes:>5} {player.blunders:>6} {luck}"
    )


def luck_line(player: PlayerReview, ascii_only: bool = False) -> str:
    """``Ana: dice +1.9 points a turn (typical ±1.6 over 14 turns): a lucky game, luckier
    than 87% of games like this one``: the whole name (the screen wraps it; the text,
    ``wrapped``)."""
    return f"{player.name}: {player.luck.sentence(ascii_only)}"


COST_BANDS: Final = f"Bands (points): {bands_sentence(short=True)}."
LUCK_BANDS_LINE: Final = f"Luck (luckier than % of games): {luck_bands_sentence()}."
LEGEND: Final = (
    "Cost and luck: points of win chance, as the game shows it.",
    COST_BANDS,
    LUCK_BANDS_LINE,
)
"""The text review's legend; the screen shows the cost bands (80 columns)."""
CLOSE_COST: Final = "<1"
"""The Cost cell of a close choice: under a point, unpriced (``review.CLOSE``)."""


def decision_header() -> str:
    return (
        f"{'Turn':>4} {'Luck':>5}  {'Player':<{DECISION_NAME_CELLS}} {'Decision':<9}  "
        f"{'Played':<6} {'Expert':<6} {'Cost':>5}  Label"
    )


@lru_cache(maxsize=64)
def _decision_name(name: str, ascii_only: bool) -> str:
    """A name in the decisions' column, worked out once per name (a review's lines name the
    same few players over and over; measuring a name's cells is most of a line's work)."""
    return name_column(name, DECISION_NAME_CELLS, ellipsis_for(ascii_only))


def first_of_turn(review: Review, decision: Decision) -> bool:
    """Whether ``decision`` is its turn's first in the review (the row its luck is on)."""
    return next(d for d in review.decisions if d.turn == decision.turn) is decision


def decision_line(
    review: Review, decision: Decision, ascii_only: bool = False, with_luck: bool | None = None
) -> str:
    """``   4  +4.2  Ana        pair       6+8    7       -3.1  inaccuracy``: Luck, the
    points the turn's dice gave, on the turn's first row (``with_luck``: on this one or
    not; None: ``first_of_turn``); Expert ``=`` when it agrees; Cost ``<1`` and Label
    ``close`` in the close band, else the cost and its band."""
    name = _decision_name(review.match.seats[decision.player].name, ascii_only)
    what = "pair" if decision.kind == "pair" else "roll/stop"
    if with_luck is None:
        with_luck = first_of_turn(review, decision)
    turn_luck = review.turn_luck[decision.turn - 1] if with_luck else None
    luck = signed(turn_luck.points) if turn_luck is not None else ""
    named = ""
    if decision.band is None:
        expert, cost = "=", ""
    elif decision.close:
        expert, cost, named = decision.best, CLOSE_COST, "close"
    else:
        expert, cost, named = decision.best, f"-{decision.shown_cost:.1f}", decision.band
    return (
        f"{decision.turn:>4} {luck:>5}  {name} {what:<9}  {decision.played:<6} {expert:<6} "
        f"{cost:>5}  {named}"
    ).rstrip()


def outcome(review: Review) -> str:
    match = review.match
    state = match.state
    turns = len(review.turn_starts)
    if state.winner is None:
        return f"Not finished: {turns} turn{'s' if turns != 1 else ''} so far."
    # The winner's own turns, as the game-over box counts them; the Turn column counts all.
    mine = sum(1 for luck in review.turn_luck if luck.player == state.winner)
    return f"{match.seats[state.winner].name} won in {mine} turns ({turns} turns in all)."


def wrapped(line: str, width: int, indent: str = "  ") -> list[str]:
    """``line`` in lines of at most ``width`` cells, broken between words (the later ones
    indented); a word longer than the room stays whole."""
    if cells(line) <= width:
        return [line]
    lines: list[str] = []
    current = ""
    for word in line.split(" "):
        start = indent if lines else ""
        joined = f"{current} {word}" if current else start + word
        if current and cells(joined) > width:
            lines.append(current.rstrip())
            current = indent + word
        else:
            current = joined
    return [*lines, current]


def graph_lines(review: Review, width: int, ascii_only: bool = False) -> list[str]:
    """The win-chance graph in ``width`` cells: one mark per turn up to the room, else one
    per two turns (or more: their mean), saying so in its title; the last chance after."""
    match = review.match
    turns = len(review.chances)
    room = max(width - NAME_CELLS - 1 - FINAL_CELLS, 1)
    per = max(math.ceil(turns / room), 1)
    each = "turn" if per == 1 else "two turns" if per == 2 else f"{per} turns"
    lines = [f"Win chance at the start of each turn (one mark per {each}):"]
    for player, seat in enumerate(match.seats):
        series = [turn[player] for turn in review.chances]
        final = percent(series[-1]) if series else "-"
        name = name_column(seat.name, NAME_CELLS, ellipsis_for(ascii_only))
        marks = [sum(series[at : at + per]) / len(series[at : at + per])
                 for at in range(0, turns, per)]
        lines.append(f"{name} {bars(marks, ascii_only)} {final}")
    return lines


def text_lines(
    review: Review, title: str = "", ascii_only: bool = False, width: int = WIDTH
) -> list[str]:
    """The whole review in ``width`` cells: the summary, the graph, then every reviewed
    decision."""
    match = review.match
    config = match.config
    names = " vs ".join(seat.name for seat in match.seats)
    lines = [
        f"Review{' of ' + title if title else ''}: {names}",
        f"{config.variant.capitalize()} rules, {config.win_columns} columns to win. "
        + outcome(review),
        "",
        summary_header(),
        *(summary_line(player, ascii_only) for player in review.players),
        luck_legend(ascii_only),
        "",
        *(luck_line(player, ascii_only) for player in review.players),
        "",
        *graph_lines(review, width, ascii_only),
    ]
    if review.assumes:
        lines.append(review.assumes)
    lines += ["", *LEGEND]
    if not review.decisions:
        lines.append("No decision by a person to review.")
    else:
        turns = [None, *(d.turn for d in review.decisions)]
        lines += ["", decision_header()]
        lines += [
            decision_line(review, d, ascii_only, with_luck=d.turn != before)
            for d, before in zip(review.decisions, turns, strict=False)
        ]
    return [part for line in lines for part in wrapped(line, width)]
