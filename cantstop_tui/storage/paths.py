"""Where saves live: the user data directory (platformdirs; honours ``XDG_DATA_HOME``)."""

from __future__ import annotations

from pathlib import Path

from platformdirs import user_config_path, user_data_dir, user_state_dir

APP_NAME = "cantstop"
"""The command's name, and the name of every folder the game keeps things in."""
DISTRIBUTION = "cantstop-tui"
"""The name pip installs it by (pyproject.toml's ``project.name``; tests check they agree)."""
OLD_CONFIG_NAME = DISTRIBUTION
"""The settings folder's name before it was ``APP_NAME``: read when the new one has none."""


def data_dir() -> Path:
    """``$XDG_DATA_HOME/cantstop`` (``~/.local/share/cantstop`` by default on Linux)."""
    return Path(user_data_dir(APP_NAME))


def settings_file() -> Path:
    """``$XDG_CONFIG_HOME/cantstop/settings.json`` (``~/.config/cantstop`` by default)."""
    return user_config_path(APP_NAME) / "settings.json"


def old_settings_file() -> Path:
    """Where settings were kept before (``~/.config/cantstop-tui/settings.json``)."""
    return user_config_path(OLD_CONFIG_NAME) / "settings.json"


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
