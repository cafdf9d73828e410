"""The games left in the autosave folder: the unfinished ones no live process is
playing (which the player may resume or discard), and the finished ones a killed process
left behind (counted in the records, kept to replay, their autosave removed).

The saver of the game being played is ``autosave.py``; both take a game's lock
(``lock_path``) before touching its file.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from ..frozen import frozen
from ..play.match import Match
from .atomic import reason
from .errors import SaveError
from .locks import FileLock, is_locked
from .paths import autosave_dir, records_path


def lock_path(path: Path) -> Path:
    """The lock beside an autosave file, held by the process playing its game."""
    return path.with_suffix(".lock")


@frozen
class Resumable:
    """An unfinished game whose process is gone. ``problem`` says why it cannot be read."""

    path: Path
    mtime: float
    match: Match | None
    updated: str = ""
    problem: str | None = None

    @property
    def players(self) -> str:
        if self.match is None:
            return "?"
        return " vs ".join(seat.name for seat in self.match.seats)


def find_resumable(folder: Path | None = None, records: Path | None = None) -> list[Resumable]:
    """Unfinished autosaved games that no live process is playing, newest first.

    Games that cannot be read are listed with their ``problem`` (the files are left alone).
    A finished game left behind by a killed process is counted in the records and removed.
    """
    from .record import load_game

    folder = folder or autosave_dir()
    found = []
    for path in sorted(folder.glob("[!.]*.json")):
        if is_locked(lock_path(path)):
            continue
        _remove_stale_temps(path)
        try:
            mtime = path.stat().st_mtime
            loaded = load_game(path)
        except SaveError as error:
            found.append(Resumable(path, mtime, None, problem=str(error)))
            continue
        except OSError:  # removed meanwhile by its owner
            continue
        if loaded.match.state.is_over:
            _tidy_finished(path, loaded.match, records or records_path())
            continue
        found.append(Resumable(path, mtime, loaded.match, loaded.updated))
    return sorted(found, key=lambda r: (r.updated, r.mtime), reverse=True)


def _remove_stale_temps(path: Path) -> None:
    """Temporary files a killed writer left beside ``path`` (the save itself is whole)."""
    for temp in path.parent.glob(f".{path.name}.*.tmp"):
        with contextlib.suppress(OSError):
            temp.unlink()


def _tidy_finished(path: Path, match: Match, records: Path) -> None:
    from .records import record_game

    try:
        lock = FileLock.try_acquire(lock_path(path))
    except OSError:
        return
    if lock is None:
        return
    try:
        record_game(match, records)
        keep_finished_game(match, path.parent)
        path.unlink()
    except (SaveError, OSError):
        pass
    finally:
        lock.release(remove=not path.exists())


def keep_finished_game(match: Match, autosaves: Path) -> None:
    """Keep the finished game to replay, beside the autosaves' folder (``finished/``); a
    game that cannot be kept is still counted and its autosave removed."""
    from .finished import keep_finished

    with contextlib.suppress(SaveError, OSError):
        keep_finished(match, autosaves.parent / "finished")


def discard(candidate: Resumable) -> None:
    """Delete an abandoned autosave the player chose not to resume (``SaveError`` if it is
    being played, or cannot be removed)."""
    path = candidate.path
    try:
        lock = FileLock.try_acquire(lock_path(path))
    except OSError as error:
        raise SaveError(path, reason(error), writing=True) from None
    if lock is None:
        raise SaveError(path, "another cantstop session has resumed this game.", writing=True)
    try:
        path.unlink(missing_ok=True)
    except OSError as error:
        raise SaveError(path, reason(error), writing=True) from None
    finally:
        lock.release(remove=not path.exists())
