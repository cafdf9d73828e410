"""The engine's coverage (``make test``: ``--cov=cantstop_tui.engine``, 100% branch) is that of
the engine's own tests, tests/engine: the tracer runs for them and is paused for the rest of
the suite, whose bots, reviews and games call the engine millions of times (traced, they cost
about 1.7 times the CPU). Without ``--cov`` nothing changes."""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path

import coverage
import pytest

ENGINE_TESTS = Path(__file__).parent / "engine"


def traced(path: Path) -> bool:
    """Whether coverage is measured while the test in ``path`` runs."""
    return ENGINE_TESTS in path.parents


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, None]:
    paused: list[coverage.Coverage] = []
    if not traced(item.path):
        # Every running measurement (a pytest-xdist worker has two, one over the other).
        while (measuring := coverage.Coverage.current()) is not None:
            measuring.stop()
            paused.append(measuring)
    try:
        yield
    finally:
        for measuring in reversed(paused):
            measuring.start()
