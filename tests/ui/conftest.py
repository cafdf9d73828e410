"""Fixtures for the UI tests: private config and data directories, so nothing touches the user's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cantstop_tui.ui import textual_compat


@pytest.fixture(autouse=True)
def config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Autosaves, saved games and records of the app under test (``XDG_DATA_HOME``)."""
    home = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home / "cantstop"


@pytest.fixture
def server_strips() -> Iterator[None]:
    """The strips as the SSH server's apps have them while ``cantstop serve`` runs."""
    with textual_compat.lightened_strips():
        yield
