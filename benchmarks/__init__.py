"""Speed measurements: ``python -m benchmarks [name ...]`` (``make bench``).

Each ``bench_<name>.py`` module exposes ``run() -> list[tuple[str, str, str]]``
returning rows of (measurement, value, note). Figures are medians, read
against a baseline measured in the same run, never asserted in tests.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

Row = tuple[str, str, str]


def median_seconds(work: Callable[[], object], *, repeats: int = 7) -> float:
    """Median wall time of ``work()`` over ``repeats`` runs, after one warm-up."""
    work()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)
