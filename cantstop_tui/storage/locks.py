"""Advisory file locks (``fcntl.flock``): held by a live process, freed when it dies."""

from __future__ import annotations

import contextlib
import fcntl
import os
import time
from pathlib import Path


class FileLock:
    """An exclusive lock on ``path`` (a small file of its own), taken without waiting."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @classmethod
    def try_acquire(cls, path: Path) -> FileLock | None:
        """The lock, or None if another process holds it; ``OSError`` if it cannot be made."""
        while True:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                return None
            # The holder before us may have removed the file as it let go: lock the file
            # that is at ``path`` now, or two processes would each hold "the" lock.
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(path))
            except FileNotFoundError:
                same = False
            if same:
                return cls(path, fd)
            os.close(fd)

    @classmethod
    def acquire(cls, path: Path, timeout: float = 5.0) -> FileLock | None:
        """Wait up to ``timeout`` seconds for the lock; None if it stays held."""
        deadline = time.monotonic() + timeout
        while True:
            lock = cls.try_acquire(path)
            if lock is not None or time.monotonic() >= deadline:
                return lock
            time.sleep(0.01)

    def note(self, text: str) -> None:
        """Write ``text`` into the lock file (who holds it), for whoever finds it locked."""
        if self._fd is not None:
            os.ftruncate(self._fd, 0)
            os.pwrite(self._fd, text.encode(), 0)

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self, *, remove: bool = False) -> None:
        """Let go; with ``remove`` the lock file is deleted first (while still held)."""
        if self._fd is None:
            return
        if remove:
            with contextlib.suppress(OSError):
                self.path.unlink()
        os.close(self._fd)
        self._fd = None


def is_locked(path: Path) -> bool:
    """Whether a live process holds the lock at ``path`` (a missing file is unlocked)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False
