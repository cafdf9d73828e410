"""Games and their reviews, reviewed once a test session: reviewing a whole game costs
seconds, and most review tests only read one (``reviewed_games.py``)."""

from __future__ import annotations

import pytest
from reviewed_games import Reviewed, recorded, reviewed

from cantstop_tui.ai.analysis import Analyst


@pytest.fixture(scope="session")
def analyst() -> Analyst:
    return Analyst()


@pytest.fixture(scope="session")
def two_player(analyst: Analyst) -> Reviewed:
    """``rule28`` against ``easy`` (seed 5), both seats people."""
    return reviewed(analyst, recorded("rule28-easy"))


@pytest.fixture(scope="session")
def three_player(analyst: Analyst) -> Reviewed:
    """``expert``, ``rule28`` and ``easy`` (seed 5), every seat a person."""
    return reviewed(analyst, recorded("expert-rule28-easy"))


@pytest.fixture(scope="session")
def stopper(analyst: Analyst) -> Reviewed:
    """``expert`` in both seats (seed 4), the first stopping as soon as the rules allow,
    every turn."""
    return reviewed(analyst, recorded("early-stopper"))


@pytest.fixture(scope="session")
def long_game(analyst: Analyst) -> Reviewed:
    """Four ``easy`` seats (seed 25), every seat a person: 71 turns, 357 steps."""
    return reviewed(analyst, recorded("easy-four-long"))
