"""Games and their reviews, reviewed once a test session: reviewing a whole game costs
seconds, and most review tests only read one. The games are recorded under ``games/``
(made with ``benchmarks.review_games.played``: every seat a person, their steps chosen by
the levels named), so no test waits for computer players to play them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from cantstop_tui.ai.analysis import Analyst
from cantstop_tui.play.match import Match
from cantstop_tui.play.review import Review, review_game
from cantstop_tui.storage.record import load_game

GAMES = Path(__file__).parent / "games"


def recorded(name: str) -> Match:
    """A game recorded under ``games/``."""
    return load_game(GAMES / f"{name}.json").match


@dataclass(frozen=True)
class Reviewed:
    match: Match
    review: Review
    progress: tuple[tuple[int, int], ...]
    """What the review told its progress callback, in order."""


@pytest.fixture(scope="session")
def analyst() -> Analyst:
    return Analyst()


def _reviewed(analyst: Analyst, match: Match) -> Reviewed:
    seen: list[tuple[int, int]] = []
    review = review_game(match, lambda done, total: seen.append((done, total)), analyst)
    return Reviewed(match, review, tuple(seen))


@pytest.fixture(scope="session")
def two_player(analyst: Analyst) -> Reviewed:
    """``rule28`` against ``easy`` (seed 5), both seats people."""
    return _reviewed(analyst, recorded("rule28-easy"))


@pytest.fixture(scope="session")
def three_player(analyst: Analyst) -> Reviewed:
    """``expert``, ``rule28`` and ``easy`` (seed 5), every seat a person."""
    return _reviewed(analyst, recorded("expert-rule28-easy"))


@pytest.fixture(scope="session")
def stopper(analyst: Analyst) -> Reviewed:
    """``expert`` in both seats (seed 4), the first stopping as soon as the rules allow,
    every turn."""
    return _reviewed(analyst, recorded("early-stopper"))
