"""The turn's-end solver's rolls (``turn_end``), for every column triple: worked out from
the engine once and shipped (``ai/data/turn_end_plans.npz``).

With every runner out, a roll's moves depend only on the three columns and how far each
can climb in one roll (0, 1 or 2 steps, a "pattern": 27 of them). A triple's plan holds,
for every pattern, each outcome group's count and its moves' climbs. Building the plans of
the 150 or so triples a review meets took about a third of a second of its CPU time, in
every new process; reading all 165 from the shipped file takes a few milliseconds. A test
checks the shipped file against the engine.

    python -m cantstop_tui.ai.turn_plans      # writes the file anew
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from io import BytesIO
from itertools import combinations, product
from pathlib import Path
from typing import Final

import numpy as np
from numpy.typing import NDArray

from ..engine import COLUMNS, MAX_RUNNERS, STEPS_PER_ROLL, GameConfig, new_game
from .outcomes import all_out_rows

Plan = tuple[NDArray[np.int8], NDArray[np.float64]]
"""A column triple's roll from every pattern (how far each column can climb, 0, 1 or 2,
as one number in base 3), by outcome group: each group's moves' climbs in the three
columns, (groups, moves, 27, 3), and its count, (groups, 27). Group 0 is the bust (no
move); a group with fewer moves than others repeats its first, a pattern with fewer
groups counts 0 for the rest."""

PATTERNS: Final = 27
PLAN_FILE: Final = "turn_end_plans.npz"
TRIPLES: Final = tuple(combinations(COLUMNS, MAX_RUNNERS))
"""The 165 column triples, in the shipped file's order."""
_LOWEST: Final = tuple(
    {room: steps.index(room, 1) for room in set(steps[1:])} for steps in STEPS_PER_ROLL
)
"""The lowest height (1 or more: a runner's) with each room to climb, by column."""

Stacked = tuple[
    NDArray[np.int16], NDArray[np.bool_], NDArray[np.float64], dict[tuple[int, ...], int]
]
"""Every triple's plan in one set of arrays (``stacked``)."""

_plans: dict[tuple[int, ...], Plan] = {}
"""By column triple: at most 165, kept (all of them once the shipped file is read). With
every runner out nothing else changes a roll's moves (jumps aside, never here)."""


def plan(columns: tuple[int, ...]) -> Plan:
    """The triple's ``Plan`` (from the shipped file, or worked out if it is missing)."""
    found = _plans.get(columns)
    if found is None:
        if not _plans:
            _plans.update(_read())
        found = _plans.get(columns)
        if found is None:
            found = _plans[columns] = build(columns)
    return found


@cache
def stacked() -> Stacked:
    """Every triple's plan padded to the largest (groups x moves), for a turn's-end pass to
    work out all its triples' steps at once (``turn_end``), by triple (``TRIPLES``'
    order): each move's climb in each column, (165, 3, 27, groups, moves) (a group's
    missing moves repeat its first); where a step lands, (165, 27, groups, moves) (a group
    some roll of the pattern makes, never the bust's, group 0); the counts, (165, groups,
    27) (0 past a triple's own groups); and each triple's place."""
    plans = [plan(triple) for triple in TRIPLES]
    groups = max(climbs.shape[0] for climbs, _ in plans)
    moves = max(climbs.shape[1] for climbs, _ in plans)
    climbs = np.zeros((len(plans), groups, moves, PATTERNS, 3), dtype=np.int16)
    lands = np.zeros((len(plans), groups, moves, PATTERNS), dtype=np.bool_)
    counts: NDArray[np.float64] = np.zeros((len(plans), groups, PATTERNS))
    for k, (climb, count) in enumerate(plans):
        width, more = climb.shape[:2]
        climbs[k, :width, :more] = climb
        climbs[k, :width, more:] = climb[:, :1]
        lands[k, 1:width] = (count[1:] > 0)[:, None, :]
        counts[k, :width] = count
    place: dict[tuple[int, ...], int] = {triple: k for k, triple in enumerate(TRIPLES)}
    return (
        np.ascontiguousarray(climbs.transpose(0, 4, 3, 1, 2)),
        np.ascontiguousarray(lands.transpose(0, 3, 1, 2)),
        counts,
        place,
    )


def build(columns: tuple[int, ...]) -> Plan:
    """The triple's ``Plan``, from the engine's outcomes at the lowest heights with each
    pattern of room (the same moves at every such height; a move climbs each column once
    for each time it names it, no jumps here)."""
    state = new_game(GameConfig(num_players=2))
    rows: list[tuple[int, list[tuple[int, list[list[int]]]]]] = []
    for rooms in product((0, 1, 2), repeat=len(columns)):
        heights = [0] * 13
        for column, room in zip(columns, rooms, strict=True):
            heights[column] = _LOWEST[column][room]
        bust, groups = 0, []
        for count, allowed in all_out_rows(state, tuple(heights)):
            if allowed:
                groups.append((count, [[move.count(c) for c in columns] for move in allowed]))
            else:
                bust += count
        # In the order a pass situation by situation adds them: one move, two, more.
        groups.sort(key=lambda group: min(len(group[1]), 3))
        rows.append((bust, groups))
    width = 1 + max(len(groups) for _, groups in rows)
    moves = max(len(climbs) for _, groups in rows for _, climbs in groups)
    still = [[0] * len(columns)] * moves
    climbs = np.array(
        [[still] * PATTERNS]
        + [
            [
                [groups[g][1][min(m, len(groups[g][1]) - 1)] for m in range(moves)]
                if g < len(groups) else still
                for _, groups in rows
            ]
            for g in range(width - 1)
        ],
        dtype=np.int8,  # all 165 kept in about 2 MB
    ).transpose(0, 2, 1, 3)
    counts = np.array(
        [[bust for bust, _ in rows]]
        + [[groups[g][0] if g < len(groups) else 0 for _, groups in rows]
           for g in range(width - 1)],
        dtype=np.float64,
    )
    return climbs, counts


def _read() -> dict[tuple[int, ...], Plan]:
    """The shipped plans by triple (empty if the file is missing: each is then worked out
    when asked)."""
    try:
        raw = files("cantstop_tui.ai").joinpath("data", PLAN_FILE).read_bytes()
    except OSError:
        return {}
    with np.load(BytesIO(raw)) as data:
        climbs, counts, shapes = data["climbs"], data["counts"], data["shapes"]
    found: dict[tuple[int, ...], Plan] = {}
    for triple, all_climbs, all_counts, (width, moves) in zip(
        TRIPLES, climbs, counts, shapes.tolist(), strict=True
    ):
        found[triple] = (
            np.ascontiguousarray(all_climbs[:width, :moves]),
            all_counts[:width].astype(np.float64),
        )
    return found


def write(path: Path) -> None:
    """Every triple's plan, padded to the largest (``shapes``: each one's groups and moves)."""
    plans = [build(triple) for triple in TRIPLES]
    width = max(c.shape[0] for c, _ in plans)
    moves = max(c.shape[1] for c, _ in plans)
    climbs = np.zeros((len(plans), width, moves, PATTERNS, MAX_RUNNERS), dtype=np.int8)
    counts = np.zeros((len(plans), width, PATTERNS), dtype=np.int16)
    for k, (climb, count) in enumerate(plans):
        climbs[k, : climb.shape[0], : climb.shape[1]] = climb
        counts[k, : count.shape[0]] = count
    shapes = np.array([c.shape[:2] for c, _ in plans], dtype=np.int16)
    with path.open("wb") as out:
        np.savez_compressed(out, climbs=climbs, counts=counts, shapes=shapes)


if __name__ == "__main__":
    target = Path(__file__).parent / "data" / PLAN_FILE
    write(target)
    print(f"wrote {target}")
