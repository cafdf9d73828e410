"""Finished local games are kept: ``finished/GAME_ID.json``, the newest ``KEEP`` of them,
to replay from the resume and saved-games screens (``list_saved_games(finished_dir())``)."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Final

from ..play.match import Match
from .errors import SaveError
from .paths import finished_dir
from .record import game_id, write_game

KEEP: Final = 100
"""Finished games kept; older ones are removed as new ones end."""


def keep_finished(match: Match, folder: Path | None = None, keep: int = KEEP) -> Path:
    """Write a finished game's record (once: it is named by its game id) and remove the
    oldest beyond ``keep``. Raises ``SaveError`` if it cannot be written."""
    if not match.state.is_over:
        raise ValueError("Only a finished game is kept here.")
    folder = folder or finished_dir()
    path = folder / f"{game_id(match)}.json"
    if not path.exists():
        write_game(path, match)
    _prune(folder, keep, path)
    return path


def _prune(folder: Path, keep: int, newest: Path) -> None:
    others = []
    for path in folder.glob("[!.]*.json"):
        if path != newest:
            with contextlib.suppress(OSError):
                others.append((path.stat().st_mtime_ns, path.name, path))
    others.sort(reverse=True)
    for _, _, path in others[max(keep - 1, 0) :]:
        with contextlib.suppress(OSError):
            os.unlink(path)


__all__ = ["KEEP", "SaveError", "keep_finished"]
