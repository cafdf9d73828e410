"""What `cantstop serve` says at start about the finished games it keeps."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from cantstop_tui.server.cli import archive_line


def test_keep_games_zero_says_no_record_is_written_and_the_games_still_count(
    tmp_path: Path,
) -> None:
    line = archive_line(tmp_path / "served", 0)
    assert "No game records are written" in line and "still counts every finished game" in line
    assert "newest 0" not in line and "replay FILE" not in line


def test_otherwise_it_says_where_the_games_are_and_how_many_stay(tmp_path: Path) -> None:
    served = tmp_path / "served"
    served.mkdir()
    (served / "g.json").write_text("{}")
    assert archive_line(served, 5) == (
        f"Finished games are kept in {served} (1 so far, the newest 5 stay): "
        "cantstop replay FILE shows one; cantstop records counts them all."
    )
    assert "newest" not in archive_line(served, None)


def test_the_log_file_records_the_start_and_the_stop(tmp_path: Path) -> None:
    """An operator who logs to a file finds each start (with the tables restored) and each
    clean stop there, not only on a terminal they may not keep."""
    log_file = tmp_path / "server.log"
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    command = [
        sys.executable, "-m", "cantstop_tui", "serve", "--open", "--port", "0",
        "--log-file", str(log_file),
    ]
    server = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    try:
        assert server.stdout is not None
        started = next((line for line in server.stdout if "Serving Can't Stop on" in line), "")
        assert started, f"the server did not start (exit {server.poll()})"
        assert "Serving Can't Stop on" in log_file.read_text(encoding="utf-8")
        assert "(0 saved table(s) restored)" in log_file.read_text(encoding="utf-8")
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=60) == 0
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert "Stopped: the tables are saved for the next start." in log_file.read_text(
        encoding="utf-8"
    )
