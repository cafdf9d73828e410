"""Autosave: every transition of the game on a table is written at once.

Each game has its own file in the autosave folder, and the process playing it
holds a lock (``fcntl.flock``) beside it, so two ``cantstop`` processes of one
user (two SSH sessions) never write the same file. When a process dies the
kernel frees its locks, and its unfinished games become resumable. A finished
game is counted in the records and its autosave removed.

The saver of the game being played is here; the games left in the folder (which
can be resumed, tidying finished ones, discarding) are in ``resumable.py``.

The app needs only::

    saver = Autosaver.for_session(on_problem=warn)
    resumable = find_resumable()           # newest first (resumable.py)
    match = saver.resume(resumable[0])      # if the player resumes
    saver.attach(table)
    ...
    saver.close()                           # on exit
"""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine import Event, GameWon
from ..play.match import Match
from .action_lines import ActionLines
from .atomic import background_sync, reason
from .errors import SaveError
from .locks import FileLock
from .paths import autosave_dir, records_path
from .resumable import Resumable, keep_finished_game, lock_path

# Reading and writing a game (``record``), the records and the finished games load when
# first used, not before a game's first frame: a game is first written after its first
# move, and counted when it ends.
if TYPE_CHECKING:  # the table (asyncio, the computer players) loads when a game is played
    from ..play.table import Table

ProblemHandler = Callable[[SaveError], None]


def same_game(old: Match, new: Match) -> bool:
    """Whether ``new`` continues ``old`` (or goes back in it): same start, one history a prefix."""
    if (old.seats, old.config, old.seed) != (new.seats, new.config, new.seed):
        return False
    shorter, longer = sorted((old.history, new.history), key=len)
    return longer[: len(shorter)] == shorter


@dataclass(slots=True)
class _GameFile:
    """The autosave file of the current game, its lock and when it was made."""

    path: Path
    lock: FileLock
    created: str


class Autosaver:
    def __init__(
        self,
        folder: Path | None = None,
        *,
        records: Path | None = None,
        on_problem: ProblemHandler | None = None,
    ) -> None:
        self.folder = folder or autosave_dir()
        self.records = records or records_path()
        self.on_problem = on_problem
        self.problem: SaveError | None = None
        """The last save that failed, until a save succeeds again."""
        self._file: _GameFile | None = None
        self._match: Match | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._actions = ActionLines()
        """The saved game's actions as written, each encoded once."""

    @classmethod
    def for_session(cls, on_problem: ProblemHandler | None = None) -> Autosaver:
        """An autosaver writing to the user data directory."""
        return cls(on_problem=on_problem)

    @property
    def path(self) -> Path | None:
        """The autosave file of the current game (None before its first action)."""
        return self._file.path if self._file else None

    # --- wiring -------------------------------------------------------------

    def attach(self, table: Table) -> None:
        """Save ``table``'s game now and after every transition."""
        self.detach()
        self._unsubscribe = table.subscribe(self)
        self(table.match, ())

    def detach(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def close(self) -> None:
        """Stop saving and let go of the current game (it stays resumable if unfinished)."""
        self.detach()
        background_sync.wait()
        self._let_go()
        self._match = None

    def resume(self, candidate: Resumable) -> Match:
        """Take over an abandoned game: lock its file, load it, and keep saving it there.

        Raises ``SaveError`` if another process has just taken it or the file is bad.
        """
        try:
            lock = FileLock.try_acquire(lock_path(candidate.path))
        except OSError as error:  # a read-only folder: play the game, say it is not saved
            return self._resume_unsaved(candidate, error)
        if lock is None:
            raise SaveError(candidate.path, "another cantstop session has resumed this game.")
        from .record import load_game

        try:
            loaded = load_game(candidate.path)
        except SaveError:
            lock.release()
            raise
        self._let_go()
        self._file = _GameFile(candidate.path, lock, loaded.created)
        self._match = loaded.match
        return loaded.match

    def _resume_unsaved(self, candidate: Resumable, error: OSError) -> Match:
        from .record import load_game

        loaded = load_game(candidate.path)
        self._let_go()
        self._match = loaded.match
        problem = f"{reason(error)} The game goes on, but it is not being saved."
        self._report(SaveError(candidate.path.parent, problem, writing=True))
        return loaded.match

    # --- saving ---------------------------------------------------------------

    def __call__(self, match: Match, events: tuple[Event, ...]) -> None:
        """The table listener: never raises, so the game always goes on."""
        if self._match is not None and not same_game(self._match, match):
            self._let_go()
        self._match = match
        try:
            if match.state.is_over:
                self._finish(match, events)
            elif match.history or self._file is not None:
                self._write(match, sync_now=False)
        except SaveError as error:
            self._report(error)
        else:
            self.problem = None

    def save_now(self) -> None:
        """Write the current game again (before exit); problems go to ``on_problem``."""
        if self._match is not None and not self._match.state.is_over:
            try:
                self._write(self._match)
            except SaveError as error:
                self._report(error)

    def _report(self, error: SaveError) -> None:
        first = self.problem is None
        self.problem = error
        if first and self.on_problem is not None:
            self.on_problem(error)

    def _write(self, match: Match, *, sync_now: bool = True) -> None:
        from .record import now, write_game

        if self._file is None:
            path = self.folder / f"{uuid.uuid4().hex}.json"
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                lock = FileLock.try_acquire(lock_path(path))
            except OSError as error:
                raise SaveError(path, reason(error), writing=True) from None
            assert lock is not None  # a fresh random name: nobody else can hold it
            self._file = _GameFile(path, lock, now())
        write_game(
            self._file.path, match, created=self._file.created, sync_now=sync_now,
            actions=self._actions,
        )

    def _finish(self, match: Match, events: tuple[Event, ...]) -> None:
        from .records import record_game

        # If the records cannot be written the finished autosave is kept, and
        # find_resumable counts it later (counting is idempotent).
        try:
            if any(isinstance(event, GameWon) for event in events):
                try:
                    record_game(match, self.records)
                    keep_finished_game(match, self.folder)
                except SaveError as error:
                    # Kept beside the records, finished, until they can take it.
                    self._write(match)
                    kept = f"{error.problem} This game is kept and counted once they can be."
                    raise SaveError(error.path, kept, writing=error.writing) from None
            if self._file is not None:
                with contextlib.suppress(FileNotFoundError):
                    self._file.path.unlink()
        finally:
            self._let_go()

    def _let_go(self) -> None:
        if self._file is not None:
            self._file.lock.release(remove=not self._file.path.exists())
            self._file = None
