"""Atomic file writes: a kill at any instant leaves the old file or the new one, never half."""

from __future__ import annotations

import contextlib
import errno
import os
import threading
from pathlib import Path

from .errors import SaveError

_REASONS = {
    errno.ENOSPC: "the disk is full.",
    errno.EDQUOT: "the disk quota is used up.",
    errno.EACCES: "permission denied (is the folder read-only?).",
    errno.EPERM: "permission denied (is the folder read-only?).",
    errno.EROFS: "the file system is read-only.",
}


def reason(error: OSError) -> str:
    """A short sentence for an operating-system error."""
    return _REASONS.get(error.errno or 0, f"{error.strerror or error}.")


def _fsync(path: Path) -> None:
    """Flush a file or folder to disk; quietly skip what cannot be opened or synced.

    Some file systems refuse to open or sync folders, and a file may have been
    replaced or removed since it was written (the newer write syncs itself).
    """
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - a file system that cannot sync
        pass
    finally:
        os.close(fd)


class _BackgroundSync:
    """Flushes files to disk from one background thread, so the game never waits on the disk."""

    def __init__(self) -> None:
        self._pending: set[Path] = set()
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._idle = threading.Event()
        self._idle.set()
        self._thread: threading.Thread | None = None

    def submit(self, path: Path) -> None:
        with self._lock:
            self._pending.add(path)
            self._idle.clear()
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="fsync", daemon=True)
                self._thread.start()
        self._wake.set()

    def wait(self, timeout: float = 5.0) -> bool:
        """Block until every submitted file is on disk (or ``timeout`` passes)."""
        return self._idle.wait(timeout)

    def _run(self) -> None:
        while True:
            self._wake.wait()
            self._wake.clear()
            with self._lock:
                paths, self._pending = self._pending, set()
            for path in paths:
                _fsync(path)
                _fsync(path.parent)
            with self._lock:
                if not self._pending:
                    self._idle.set()


background_sync = _BackgroundSync()


def atomic_write(path: Path, data: bytes, *, sync_now: bool = True) -> None:
    """Write ``data`` to ``path`` via a temporary file in the same folder and a rename.

    A kill at any instant leaves the old file or the new one, never half: the rename
    is atomic. With ``sync_now`` (the default) the data is fsynced before the rename
    and the folder after it; without, both fsyncs happen on a background thread
    (``background_sync``), so a transition in play costs a fraction of a millisecond
    instead of two disk flushes.

    Raises ``SaveError`` (with the path and the reason) if anything fails; ``path`` is then
    exactly as it was before.
    """
    folder = path.parent
    temp = folder / f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            if sync_now:
                os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise SaveError(path, reason(error), writing=True) from error
    if sync_now:
        _fsync(folder)
    else:
        background_sync.submit(path)
