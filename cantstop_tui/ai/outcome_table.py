"""The next roll's outcomes with every runner out, for every column triple and room to
climb: worked out from the engine once and shipped (``ai/data/outcomes_all_out.json.gz``,
read by ``outcomes.load_table``).

With every runner out, a roll's moves depend only on the three columns and how far each
can climb in one roll (0, 1 or 2 steps): 165 triples x 27, 4,455 outcome lists, each from
the engine's moves for the 126 dice sets. The turn's-end plans (``turn_plans.build``) are
made from it; the search works out the few dozen a review meets itself (``outcomes``:
reading all of them cost more). A test checks the shipped table against the engine.

    python -m cantstop_tui.ai.outcome_table      # writes the table anew
"""

from __future__ import annotations

import gzip
import json
from itertools import combinations, product
from pathlib import Path

from ..engine import COLUMNS, MAX_RUNNERS, STEPS_PER_ROLL, TOPS, GameConfig, new_game
from .outcomes import TABLE_FILE, Outcome, _key, compute

Key = tuple[tuple[int, ...], int]


def build() -> dict[Key, tuple[Outcome, ...]]:
    """Every all-out position's outcomes, keyed as ``outcomes`` keys them, from the engine."""
    state = new_game(GameConfig(num_players=2))
    table: dict[Key, tuple[Outcome, ...]] = {}
    for triple in combinations(COLUMNS, MAX_RUNNERS):
        for rooms in product((0, 1, 2), repeat=MAX_RUNNERS):
            runners = [0] * 13
            for column, room in zip(triple, rooms, strict=True):
                # The lowest height with that room to climb (a runner stands at 1 or more).
                runners[column] = next(
                    h for h in range(1, TOPS[column] + 1) if STEPS_PER_ROLL[column][h] == room
                )
            key = _key(state, tuple(runners))
            assert isinstance(key, tuple)
            table[key] = compute(state, tuple(runners))
    return table


def write(path: Path) -> None:
    rows = [[[*caps, mask], [[count, [list(m) for m in moves]] for count, moves in found]]
            for (caps, mask), found in build().items()]
    path.write_bytes(gzip.compress(json.dumps(rows, separators=(",", ":")).encode(), 9, mtime=0))


if __name__ == "__main__":
    target = Path(__file__).parent / "data" / TABLE_FILE
    write(target)
    print(f"wrote {target}")
