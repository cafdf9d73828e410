"""Saved games, autosave and resume, replays and player records (docs/save-format.md)."""

from .autosave import Autosaver, Resumable, discard, find_resumable
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
from .startup import Startup, plan_startup

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
