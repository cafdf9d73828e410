"""Memory over one SSH connection stays flat: dialogs, lobby-table round trips and whole
games against a real ``cantstop serve`` (a generous bound; ``make bench-ssh`` measures the
full run: 1,000 dialogs, 100 round trips, 20 games)."""

from __future__ import annotations

import asyncio

from benchmarks import bench_memory

BOUND_MIB = 20.0
"""Growth allowed over each part after its warm-up: a leak of the size found before (about
1,000 objects and tens of KiB per dialog, a whole app per round trip) goes far past it."""


def test_the_servers_memory_stays_flat_over_dialogs_round_trips_and_games() -> None:
    figures = asyncio.run(bench_memory.measure(dialog_count=200, trip_count=10, game_count=2))
    assert figures["start"] > 0
    for part in ("dialogs", "trips", "games"):
        assert figures[part] < BOUND_MIB, (part, figures)
