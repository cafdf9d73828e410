"""Where saves live: the user data directory (platformdirs; honours ``XDG_DATA_HOME``)."""

from __future__ import annotations

from pathlib import Path

from platformdirs import user_data_dir, user_state_dir

APP_NAME = "cantstop"


def data_dir() -> Path:
    """``$XDG_DATA_HOME/cantstop`` (``~/.local/share/cantstop`` by default on Linux)."""
    return Path(user_data_dir(APP_NAME))


def saves_dir() -> Path:
    """Games saved under a name (``ctrl+s``)."""
    return data_dir() / "saves"


def autosave_dir() -> Path:
    """One file per unfinished game, written after every transition."""
    return data_dir() / "autosave"


def records_path() -> Path:
    """Per-player records."""
    return data_dir() / "records.json"


def server_database() -> Path:
    """The state of ``cantstop serve``: names, tables, finished games and players' records."""
    return data_dir() / "server.db"


def finished_dir() -> Path:
    """Local games played to the end, one game record each, to replay."""
    return data_dir() / "finished"


def crash_dir() -> Path:
    """Crash reports: what went wrong, for a bug report (``$XDG_STATE_HOME/cantstop``)."""
    return Path(user_state_dir(APP_NAME)) / "crashes"
