"""Recorded games and their reviews for the review tests (the fixtures are in
``conftest.py``). The games are recorded under ``games/`` (made with
``benchmarks.review_games.played``: every seat a person, their steps chosen by the levels
named), so no test waits for computer players to play them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cantstop_tui.ai.analysis import Analyst
from cantstop_tui.play.match import Match
from cantstop_tui.play.review import Review, review_game
from cantstop_tui.storage.record import load_game

GAMES = Path(__file__).parent / "games"


@dataclass(frozen=True)
class Reviewed:
    match: Match
    review: Review
    progress: tuple[tuple[int, int], ...]
    """What the review told its progress callback, in order."""


def recorded(name: str) -> Match:
    """A game recorded under ``games/``."""
    return load_game(GAMES / f"{name}.json").match


def reviewed(analyst: Analyst, match: Match) -> Reviewed:
    seen: list[tuple[int, int]] = []
    review = review_game(match, lambda done, total: seen.append((done, total)), analyst)
    return Reviewed(match, review, tuple(seen))
