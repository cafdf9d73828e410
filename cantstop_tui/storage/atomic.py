"""Atomic file writes: a kill at any instant leaves the old file or the new one, never half."""

from __future__ import annotations

import contextlib
import errno
import os
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


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - some file systems refuse to open folders
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - and some refuse to sync them
        pass
    finally:
        os.close(fd)


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` via a temporary file in the same folder, fsync and rename.

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
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise SaveError(path, reason(error), writing=True) from error
    _fsync_dir(folder)
