"""Fixtures for the storage tests: a private data directory and seeded games to save."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from cantstop_tui.engine import GameConfig, Phase, can_stop, legal_moves
from cantstop_tui.match import Match, Seat

PlayFn = Callable[..., list[Match]]


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every storage test gets its own ``XDG_DATA_HOME``."""
    home = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home / "cantstop"


def play(
    seed: int,
    players: int = 2,
    variant: str = "standard",
    win_columns: int = 3,
    steps: int | None = None,
) -> list[Match]:
    """A game with random (seeded) choices: the match after every step, the start first."""
    names = ("Ada", "Ben", "Cy", "Di")[:players]
    seats = tuple(Seat(name, "easy") for name in names)
    match = Match.start(seats, GameConfig(players, win_columns, variant), seed)  # type: ignore[arg-type]
    chooser = random.Random(seed)
    positions = [match]
    while not match.state.is_over and (steps is None or len(positions) <= steps):
        state = match.state
        if state.phase is Phase.CHOOSE:
            match, _ = match.choose(chooser.choice(legal_moves(state)))
        elif can_stop(state) and chooser.random() < 0.3:
            match, _ = match.stop()
        else:
            match, _ = match.roll()
        positions.append(match)
    return positions


@pytest.fixture
def seeded_game() -> PlayFn:
    return play
