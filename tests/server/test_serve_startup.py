"""What `cantstop serve` says at start about the finished games it keeps."""

from __future__ import annotations

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
