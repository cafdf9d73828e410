"""One name for the command and every folder it keeps things in; pip's name from pyproject."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from cantstop_tui.server import hostkey
from cantstop_tui.storage import paths
from cantstop_tui.ui.settings import GameSettings, load_settings, save_settings

ROOT = Path(__file__).resolve().parents[2]


def test_the_command_and_every_folder_are_named_app_name() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["name"] == paths.DISTRIBUTION
    assert list(project["scripts"]) == [paths.APP_NAME]
    for folder in (paths.settings_file().parent, paths.data_dir(), paths.crash_dir().parent):
        assert folder.name == paths.APP_NAME, folder
    assert hostkey.data_dir() == paths.data_dir()


def test_settings_kept_under_the_old_folder_name_are_read_and_saved_under_the_new() -> None:
    old = paths.old_settings_file()
    assert old.parent.name == "cantstop-tui"
    old.parent.mkdir(parents=True)
    kept = GameSettings(win_columns=4)
    old.write_text(json.dumps(kept.to_json()), encoding="utf-8")
    assert load_settings() == (kept, None)
    assert save_settings(kept) is None
    assert paths.settings_file().exists()
