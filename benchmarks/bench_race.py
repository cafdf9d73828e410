"""How often expert would beat rule28 if the two never met on the board.

Each plays ``BENCH_RACE_GAMES`` games alone (default 2,000; ``--seed 1``'s dice,
as ``cantstop arena --solitaire``). Taking the two players' turns to win as
independent, the one who needs fewer turns wins, and a tie goes to the one
who moved first. That is the win rate expert's own speed gives against rule28's;
in a real game the two also block each other's columns, which a player can use
or suffer. docs/ai.md compares it with the arena's two-player figure.
"""

from __future__ import annotations

import os
from bisect import bisect_left, bisect_right

from benchmarks import Row
from cantstop_tui.arena.cli import played

SEED = 1


def solitaire_turns(spec: str, games: int) -> list[int]:
    """Turns ``spec`` needed alone in each of the arena's ``games`` games (``--seed 1``)."""
    chunks = played((spec,), games, SEED, jobs=os.cpu_count() or 1, solitaire=True)
    return [result.turns[0] for chunk in chunks for result in chunk]


def race(mine: list[int], theirs: list[int]) -> tuple[float, float]:
    """(chance to win moving first, moving second) of the player who needs ``mine`` turns."""
    ordered = sorted(theirs)
    pairs = len(mine) * len(ordered)
    first = sum(len(ordered) - bisect_left(ordered, m) for m in mine) / pairs
    second = sum(len(ordered) - bisect_right(ordered, m) for m in mine) / pairs
    return first, second


def run() -> list[Row]:
    games = int(os.environ.get("BENCH_RACE_GAMES", "2000"))
    expert = solitaire_turns("expert", games)
    rule28 = solitaire_turns("rule28", games)
    first, second = race(expert, rule28)
    return [(
        "race: expert alone vs rule28 alone",
        f"{(first + second) / 2 * 100:.1f}%",
        f"{first * 100:.1f}% moving first, {second * 100:.1f}% second; mean turns "
        f"{sum(expert) / games:.2f} and {sum(rule28) / games:.2f} over {games:,} games each",
    )]
