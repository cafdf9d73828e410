"""Saved games, autosave and resume, replays and player records (docs/save-format.md).

The names below load their module when first used (``__getattr__``): a game's first frame
needs the autosave's folder and lock, not the records, the finished games or the reading
and writing of a game file (about 9 ms of imports, issue 31)."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from .autosave import Autosaver
    from .errors import SaveError
    from .paths import autosave_dir, data_dir, records_path, saves_dir
    from .record import (
        LoadedGame,
        game_id,
        load_game,
        match_from_record,
        record_to_dict,
        record_to_json,
        write_game,
    )
    from .records import (
        PlayerRecord,
        Records,
        game_ratings,
        load_records,
        ratings_after,
        record_game,
    )
    from .resumable import Resumable, discard, find_resumable
    from .startup import Startup, plan_startup

_HOMES: Final = {
    "autosave": ("Autosaver",),
    "errors": ("SaveError",),
    "paths": ("autosave_dir", "data_dir", "records_path", "saves_dir"),
    "record": (
        "LoadedGame", "game_id", "load_game", "match_from_record", "record_to_dict",
        "record_to_json", "write_game",
    ),
    "records": (
        "PlayerRecord", "Records", "game_ratings", "load_records", "ratings_after", "record_game",
    ),
    "resumable": ("Resumable", "discard", "find_resumable"),
    "startup": ("Startup", "plan_startup"),
}
"""Where each name lives, for ``__getattr__`` (the imports above say the same for the type
checker, ``__all__`` for readers: tests/storage/test_storage_names.py checks all three
agree)."""
_HOME_OF: Final = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "Autosaver",
    "LoadedGame",
    "PlayerRecord",
    "Records",
    "Resumable",
    "SaveError",
    "Startup",
    "autosave_dir",
    "data_dir",
    "discard",
    "find_resumable",
    "game_id",
    "game_ratings",
    "load_game",
    "load_records",
    "match_from_record",
    "plan_startup",
    "ratings_after",
    "record_game",
    "record_to_dict",
    "record_to_json",
    "records_path",
    "saves_dir",
    "write_game",
]


def __getattr__(name: str) -> object:
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value
