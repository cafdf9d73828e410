"""The coverage tracer runs for the engine's own tests only (tests/engine_coverage.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from engine_coverage import ENGINE_TESTS, cold_engine, engine_caches, traced


def test_only_the_engines_own_tests_are_traced() -> None:
    assert traced(ENGINE_TESTS / "test_engine_state.py")
    assert not traced(Path(__file__))
    assert not traced(ENGINE_TESTS.parent / "ai" / "test_ai_easy.py")


def test_the_tracer_is_paused_outside_the_engines_tests(request: pytest.FixtureRequest) -> None:
    if not request.config.getoption("cov_source", None):
        pytest.skip("coverage is measured by make test (--cov) only")
    assert sys.gettrace() is None


def test_every_engine_cache_is_found() -> None:
    names = set(engine_caches())
    assert {
        "cantstop_tui.engine.dice._pairings_of",
        "cantstop_tui.engine.dice.PAIR_SUMS",
        "cantstop_tui.engine.moves._ROLL_PLANS",
        "cantstop_tui.engine.moves._UNIONS",
        "cantstop_tui.engine.odds.BUST_CHANCE",
    } <= names


def test_an_engine_test_starts_with_the_caches_empty() -> None:
    from cantstop_tui.engine import BUST_CHANCE, bust_probability, legal_moves, new_game, roll
    from cantstop_tui.engine.dice import PAIR_SUMS, _pairings_of, pairings
    from cantstop_tui.engine.moves import _ROLL_PLANS, _UNIONS

    pairings((1, 5, 4, 6))
    state = new_game()
    bust_probability(state)
    legal_moves(roll(state, (1, 5, 4, 6))[0])
    assert _pairings_of.cache_info().currsize and PAIR_SUMS and _ROLL_PLANS and _UNIONS
    cold_engine()
    assert _pairings_of.cache_info().currsize == 0
    assert not PAIR_SUMS and not _ROLL_PLANS and not _UNIONS
    assert BUST_CHANCE._chances == {}
