"""``cantstop records``: the leaderboard: every player's rating, games, wins, games
abandoned, win rate, columns, busts and turns, and the fixed ratings of the computer levels.

The games played on this computer come from ``records.json``; if ``cantstop serve`` runs
from the same data directory, the games played on it follow from its database.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import textwrap
from collections.abc import Sequence

from ..play.help_text import plain
from ..play.name_cells import cells, name_column
from ..play.ratings import ANCHORS
from .errors import SaveError
from .paths import server_database
from .records import Records, load_records
from .served_records import load_served_records

TEXT_WIDTH = 80
"""The printed table's width where no terminal says its own (output to a file or a pipe)."""
MIN_NAME_CELLS = 8
"""The name column is never narrower (past the terminal's edge if it must)."""
NO_RECORDS = "No finished games yet: records start with the first game played to the end."
HEADINGS = (
    "Player", "Rating", "Games", "Wins", "Abandoned", "Win rate", "Columns", "Busts", "Avg turns"
)
SHORT_HEADINGS = (
    "Player", "Rating", "Games", "Wins", "Left", "Win%", "Cols", "Busts", "Turns"
)
"""The headings where the full ones would cut a name (``layout``; the columns beside the
names take 53 cells or more with them two cells apart, 45 one apart); ``Left``: abandoned, as
its note says."""
ABANDONED = (
    "Abandoned: games left for the computer to finish, each counted as a loss and rated last."
)


def shown_rating(records: Records, name: str) -> str:
    rating = records.rating(name)
    return rating.label if rating is not None else "-"  # ``12.3?`` while provisional


def anchors_line() -> str:
    """``Computer levels (fixed ratings): easy …, rule28 …, expert ….``: each level's
    anchor (``play.ratings.ANCHORS``)."""
    levels = ", ".join(f"{level} {rating.shown:.1f}" for level, rating in ANCHORS.items())
    return f"Computer levels (fixed ratings): {levels}."


def rows(records: Records) -> list[tuple[str, ...]]:
    return [
        (
            r.name,
            shown_rating(records, r.name),
            str(r.games),
            str(r.wins),
            str(r.abandoned),
            f"{r.win_rate:.0%}",
            str(r.columns),
            str(r.busts),
            f"{r.average_turns:.1f}",
        )
        for r in records.ranked()
    ]


def text_width() -> int:
    """The terminal's width (``COLUMNS`` first), else ``TEXT_WIDTH``."""
    return shutil.get_terminal_size((TEXT_WIDTH, 24)).columns


def column_widths(
    body: list[tuple[str, ...]], headings: Sequence[str] = HEADINGS
) -> list[int]:
    """Each column's width in cells: its widest cell, the heading's included."""
    return [max(cells(row[i]) for row in (headings, *body)) for i in range(len(headings))]


def name_room(
    body: list[tuple[str, ...]], width: int, gap: int, headings: Sequence[str] = HEADINGS
) -> int:
    """The cells left for the names (at least ``MIN_NAME_CELLS``) in ``width``, the other
    columns whole with ``gap`` cells beside each: the records' text table and its box
    (``ui.screens.records``) cut names to it by ``play.name_cells``' rule."""
    widths = column_widths(body, headings)
    rest = sum(widths[1:]) + gap * len(widths[1:])
    return min(widths[0], max(MIN_NAME_CELLS, width - rest))


def layout(body: list[tuple[str, ...]], width: int) -> tuple[Sequence[str], int]:
    """The headings and the gap between cells of the first layout in which every name
    fits ``width`` whole: the full headings two cells apart, the short ones, the short ones
    a cell apart; where none does, the last, which leaves the names the most room (cut by
    ``name_cells``' rule, at least ``MIN_NAME_CELLS``, past the edge if it must).

    A name is what tells the rows apart (``Bot (expert)`` and ``Bot (easy)``), so it goes
    before the headings' longer words: at 80 columns the full headings leave it 11 cells."""
    tries = ((HEADINGS, 2), (SHORT_HEADINGS, 2), (SHORT_HEADINGS, 1))
    for headings, gap in tries:
        widths = column_widths(body, headings)
        if widths[0] + sum(widths[1:]) + gap * len(widths[1:]) <= width:
            return headings, gap
    return tries[-1]


def format_table(records: Records, width: int | None = None) -> str:
    """The table in ``width`` cells (the terminal's): the name column as wide as the
    longest name, or what the other columns leave, names cut by ``name_cells``; shorter
    headings where the full ones would not fit; the notes wrapped at ``width``, on words."""
    body = rows(records)
    if not body:
        return NO_RECORDS
    width = text_width() if width is None else width
    headings, gap = layout(body, width)
    widths = column_widths(body, headings)
    widths[0] = name_room(body, width, gap, headings)

    def line(row: Sequence[str]) -> str:
        cells = [name_column(row[0], widths[0])]
        cells += [cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)]
        return (" " * gap).join(cells)

    shown = notes(records, short=headings is SHORT_HEADINGS)
    wrapped = [part for note in shown for part in textwrap.wrap(note, width)]
    return "\n".join([line(headings), *(line(row) for row in body), *wrapped])


def notes(records: Records, short: bool = False) -> list[str]:
    """The lines under the table: what "Abandoned" means (once someone did; ``short``:
    under its short heading, "Left = Abandoned: ..."), the anchors."""
    left = any(record.abandoned for record in records.players.values())
    abandoned = f"{SHORT_HEADINGS[4]} = {ABANDONED}" if short else ABANDONED
    return [*([abandoned] if left else []), anchors_line()]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="cantstop records", description=plain(__doc__))
    parser.add_argument("--json", action="store_true", help="print the records as JSON")
    args = parser.parse_args(argv)
    try:
        records = load_records()
        served = load_served_records(server_database())
    except SaveError as error:
        print(f"cantstop: {error}", file=sys.stderr)
        return 1
    if args.json:
        data = _json(records)
        if served is not None:
            data["served"] = _json(served)
        print(json.dumps(data, indent=2))
    elif served is None:
        print(format_table(records))
    else:
        print(f"On this computer:\n{format_table(records)}\n")
        print(f"On the server ({server_database()}):\n{format_table(served)}")
    return 0


def _json(records: Records) -> dict[str, object]:
    players = []
    for record in records.ranked():
        data = record.to_json()
        rating = records.rating(record.name)
        if rating is not None:
            data["rating"] = {"shown": round(rating.shown, 2), "mu": rating.mu,
                              "sigma": rating.sigma, "games": rating.games}
        players.append(data)
    anchors = {level: round(rating.shown, 2) for level, rating in ANCHORS.items()}
    return {"players": players, "games": len(records.games), "computer_ratings": anchors}
