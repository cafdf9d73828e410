"""Crash reports: an unexpected error is written to a file in the state directory (the
traceback, the versions, the command line), and the user gets one sentence with its path
instead of a traceback."""

from __future__ import annotations

import platform
import sys
import traceback
from datetime import datetime
from pathlib import Path

from .paths import DISTRIBUTION, crash_dir

EXIT_CODE = 70
"""``EX_SOFTWARE`` (sysexits.h): an internal error."""


def write_report(error: BaseException, folder: Path | None = None) -> Path | None:
    """Write ``error``'s report; its path, or None if it could not be written."""
    folder = folder or crash_dir()
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    path = folder / f"crash-{stamp}.txt"
    lines = [
        f"cantstop crash report, {datetime.now().isoformat(timespec='seconds')}",
        f"{DISTRIBUTION} {_version(DISTRIBUTION)}, textual {_version('textual')}, "
        f"Python {platform.python_version()} on {platform.platform()}",
        f"command: {' '.join(sys.argv)}",
        "",
        *traceback.format_exception(error),
    ]
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(line.rstrip("\n") for line in lines) + "\n", encoding="utf-8")
    except OSError:
        return None
    return path


def sentence(error: BaseException, path: Path | None) -> str:
    """What the user reads instead of a traceback."""
    what = f"cantstop stopped on an unexpected error ({type(error).__name__})."
    if path is None:
        return f"{what} A crash report could not be written either."
    return f"{what} A crash report is in {path}: please send it with your bug report."


def report(error: BaseException) -> str:
    """Write the report and return the sentence for the user."""
    return sentence(error, write_report(error))


def _version(package: str) -> str:
    from importlib import metadata  # only a crash needs it (the first frame does not)

    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "?"
