"""Speed measurements: ``python -m benchmarks [name ...]`` (``make bench``).

Each ``bench_<name>.py`` module exposes ``run() -> list[Row]`` returning rows of
(measurement, value, note), or of the columns its ``HEADER`` names. Figures are medians,
read against a baseline measured in the same run, never asserted in tests.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

Row = tuple[str, ...]
"""(measurement, value, note), or the columns a module names in its ``HEADER``."""


def median_seconds(work: Callable[[], object], *, repeats: int = 7) -> float:
    """Median wall time of ``work()`` over ``repeats`` runs, after one warm-up."""
    work()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)
