"""Autosaves rename at once and flush to disk on a background thread."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cantstop_tui.storage import atomic
from cantstop_tui.storage.atomic import atomic_write, background_sync


def test_a_deferred_write_is_whole_at_once_and_synced_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[int] = []
    real_fsync = os.fsync

    def counting_fsync(fd: int) -> None:
        synced.append(fd)
        real_fsync(fd)

    monkeypatch.setattr(atomic.os, "fsync", counting_fsync)
    path = tmp_path / "game.json"
    atomic_write(path, b"first", sync_now=False)
    assert path.read_bytes() == b"first"
    assert background_sync.wait(10)
    assert len(synced) >= 2  # the file and its folder


def test_a_file_replaced_before_its_sync_is_skipped_quietly(tmp_path: Path) -> None:
    path = tmp_path / "gone.json"
    atomic_write(path, b"x", sync_now=False)
    path.unlink()
    atomic_write(tmp_path / "other.json", b"y", sync_now=False)
    assert background_sync.wait(10)
    assert (tmp_path / "other.json").read_bytes() == b"y"
    assert not path.exists()
