"""The engine's coverage (``make test``: ``--cov=cantstop_tui.engine``, 100% branch) is that of
the engine's own tests, tests/engine: the tracer runs for them and is paused for the rest of
the suite, whose bots, reviews and games call the engine millions of times (traced, they cost
about 1.7 times the CPU); without ``--cov`` there is no tracer to pause.

The engine keeps process-wide caches (``functools.cache``, dicts that fill themselves, the
bust chances), each with a ``cache_clear``. Warmed by an untraced test that ran earlier in
the same worker, a cache's filling code would never run traced, and the coverage would hang
on the order pytest-xdist happened to give the tests (one CI run lost ``dice._pairings_of``'s
body that way). So each engine test starts with every cache empty (``cold_engine``)."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Generator
from pathlib import Path

import coverage
import pytest

import cantstop_tui.engine

ENGINE_TESTS = Path(__file__).parent / "engine"


def engine_caches() -> dict[str, Callable[[], None]]:
    """Each process-wide cache of the engine's modules, by name: its ``cache_clear``."""
    found: dict[int, tuple[str, Callable[[], None]]] = {}
    package = cantstop_tui.engine
    for info in pkgutil.iter_modules(package.__path__, f"{package.__name__}."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and not isinstance(value, type):
                found.setdefault(id(value), (f"{info.name}.{name}", clear))
    return dict(found.values())


def cold_engine() -> None:
    """Empty every engine cache, as a fresh process would find them."""
    for clear in engine_caches().values():
        clear()


def traced(path: Path) -> bool:
    """Whether coverage is measured while the test in ``path`` runs."""
    return ENGINE_TESTS in path.parents


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, None]:
    paused: list[coverage.Coverage] = []
    if traced(item.path):
        cold_engine()
    else:
        # Every running measurement (a pytest-xdist worker has two, one over the other).
        while (measuring := coverage.Coverage.current()) is not None:
            measuring.stop()
            paused.append(measuring)
    try:
        yield
    finally:
        for measuring in reversed(paused):
            measuring.start()
