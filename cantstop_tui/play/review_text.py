"""A game review as plain text (``cantstop review FILE --text``) and the pieces the review
screen shares with it: the summary lines, the graph's bars and each decision's line."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from .chance_text import percent
from .name_cells import ellipsis_for, name_column
from .review import Decision, PlayerReview, Review, bands_sentence

BARS: Final = " ▁▂▃▄▅▆▇█"
ASCII_BARS: Final = " .:-=+*#%"
NAME_CELLS: Final = 16
"""The summary's and the graph's name column (``name_cells.name_column``)."""
DECISION_NAME_CELLS: Final = 10
"""The decisions' name column."""


def bars(chances: tuple[float, ...] | list[float], ascii_only: bool = False) -> str:
    """One character per turn, taller for a higher chance."""
    levels = ASCII_BARS if ascii_only else BARS
    top = len(levels) - 1
    return "".join(levels[min(top, round(c * top))] for c in chances)


def summary_header() -> str:
    columns = f"{'Accuracy':>8} {'Inacc.':>6} {'Mist.':>5} {'Blund.':>6} {'Luck':>6}"
    return f"{'Player':<{NAME_CELLS}} {columns}"


def summary_line(player: PlayerReview, ascii_only: bool = False) -> str:
    """``Ana  92.4%  3  1  0  +4.2``: a computer's line says it was not reviewed."""
    name = name_column(player.name, NAME_CELLS, ellipsis_for(ascii_only))
    luck = f"{player.luck.points:+6.1f}"
    if not player.reviewed or player.accuracy is None:
        why = "computer" if not player.reviewed else "no choices"
        return f"{name} {why:>8} {'':>6} {'':>5} {'':>6} {luck}"
    return (
        f"{name} {player.accuracy:>7.1f}% {player.inaccuracies:>6} "
        f"{player.mistakes:>5} {player.blunders:>6} {luck}"
    )


def luck_line(player: PlayerReview, ascii_only: bool = False) -> str:
    """``Ana: luck +12.0 (±8), luckier than 93% of games like this one``: the whole name,
    one line at 80 columns with a person's name (``names.MAX_NAME_LENGTH``); a longer
    computer's name ("Computer 2 (expert)") may wrap."""
    return f"{player.name}: {player.luck.sentence(ascii_only)}"


LEGEND: Final = (
    "Cost and luck: points of win chance, as the game shows it.",
    f"Bands (points): {bands_sentence(short=True)}.",
)
"""The text review's legend; the screen shows the second line (80 columns)."""


def decision_header() -> str:
    return (
        f"{'Turn':>4}  {'Player':<{DECISION_NAME_CELLS}} {'Decision':<9}  {'Played':<6} "
        f"{'Expert':<6} {'Cost':>5}  Label"
    )


@lru_cache(maxsize=64)
def _decision_name(name: str, ascii_only: bool) -> str:
    """A name in the decisions' column, worked out once per name (a review's lines name the
    same few players over and over; measuring a name's cells is most of a line's work)."""
    return name_column(name, DECISION_NAME_CELLS, ellipsis_for(ascii_only))


def decision_line(review: Review, decision: Decision, ascii_only: bool = False) -> str:
    """``   4  Ana        pair       6+8    7       -3.1  inaccuracy`` (Expert ``=`` when it
    agrees; Cost ``close`` in the close band, unpriced; else the band in Label)."""
    name = _decision_name(review.match.seats[decision.player].name, ascii_only)
    what = "pair" if decision.kind == "pair" else "roll/stop"
    named = ""
    if decision.band is None:
        expert, cost = "=", ""
    elif decision.close:
        expert, cost = decision.best, "close"
    else:
        expert, cost, named = decision.best, f"-{decision.shown_cost:.1f}", decision.band
    return (
        f"{decision.turn:>4}  {name} {what:<9}  {decision.played:<6} {expert:<6} "
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


def text_lines(review: Review, title: str = "", ascii_only: bool = False) -> list[str]:
    """The whole review: the summary, the graph, then every reviewed decision."""
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
        "",
        *(luck_line(player, ascii_only) for player in review.players),
        "",
        "Win chance at the start of each turn (one mark per turn):",
    ]
    for player, seat in enumerate(match.seats):
        series = [turn[player] for turn in review.chances]
        final = percent(series[-1]) if series else "-"
        name = name_column(seat.name, NAME_CELLS, ellipsis_for(ascii_only))
        lines.append(f"{name} {bars(series, ascii_only)} {final}")
    if review.assumes:
        lines.append(review.assumes)
    lines += ["", *LEGEND]
    if not review.decisions:
        lines.append("No decision by a person to review.")
    else:
        lines += ["", decision_header(),
                  *(decision_line(review, d, ascii_only) for d in review.decisions)]
    return lines
