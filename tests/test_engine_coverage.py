"""The coverage tracer runs for the engine's own tests only (tests/engine_coverage.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from engine_coverage import ENGINE_TESTS, traced


def test_only_the_engines_own_tests_are_traced() -> None:
    assert traced(ENGINE_TESTS / "test_engine_state.py")
    assert not traced(Path(__file__))
    assert not traced(ENGINE_TESTS.parent / "ai" / "test_ai_easy.py")


def test_the_tracer_is_paused_outside_the_engines_tests(request: pytest.FixtureRequest) -> None:
    if not request.config.getoption("cov_source", None):
        pytest.skip("coverage is measured by make test (--cov) only")
    assert sys.gettrace() is None
