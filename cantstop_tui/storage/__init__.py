"""Saved games, autosave and resume, replays and player records (docs/save-format.md).

The names below load their module when first used (``__getattr__``): a game's first frame
needs the autosave's folder and lock, not the records, the finished games or the reading
and writing of a game file (about 9 ms of imports, issue 31).

The ``if TYPE_CHECKING:`` imports are the one list of these names and of where each lives:
the type checker reads them (``name as name``: exported), and ``__getattr__`` reads them
from this file's source on the first name asked for (``_homes``), as ``__all__`` does."""

from __future__ import annotations

import re
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .autosave import Autosaver as Autosaver
    from .errors import SaveError as SaveError
    from .paths import autosave_dir as autosave_dir
    from .paths import data_dir as data_dir
    from .paths import records_path as records_path
    from .paths import saves_dir as saves_dir
    from .record import LoadedGame as LoadedGame
    from .record import game_id as game_id
    from .record import load_game as load_game
    from .record import match_from_record as match_from_record
    from .record import record_to_dict as record_to_dict
    from .record import record_to_json as record_to_json
    from .record import write_game as write_game
    from .records import PlayerRecord as PlayerRecord
    from .records import Records as Records
    from .records import game_ratings as game_ratings
    from .records import load_records as load_records
    from .records import ratings_after as ratings_after
    from .records import record_game as record_game
    from .resumable import Resumable as Resumable
    from .resumable import discard as discard
    from .resumable import find_resumable as find_resumable
    from .startup import Startup as Startup
    from .startup import plan_startup as plan_startup


_IMPORT = re.compile(r"^    from \.(\w+) import (\w+) as \2$", re.MULTILINE)
"""One of the imports below ``if TYPE_CHECKING:`` (one name a line, as ruff keeps them)."""


@cache
def _homes() -> dict[str, str]:
    """Each lazy name's module, from the ``if TYPE_CHECKING:`` imports of this file (read
    once, on the first name asked for: 0.2 ms; ``ast.parse`` took 2.5 ms)."""
    source = Path(__file__).read_text(encoding="utf-8")
    block = source.partition("\nif TYPE_CHECKING:\n")[2].partition("\n\n")[0]
    return {name: module for module, name in _IMPORT.findall(block)}


def __getattr__(name: str) -> object:
    if name == "__all__":
        return sorted(_homes())
    module = _homes().get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_homes()})
