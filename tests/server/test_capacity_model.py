"""The capacity model of ``benchmarks/capacity_model.py`` and the figure docs/ssh.md derives
from it (the benchmark itself runs in ``make bench-ssh``, never in the suite)."""

from __future__ import annotations

from pathlib import Path

from benchmarks.capacity_model import KEY_PERIOD, P95_TARGET_MS, players_held

DOCS = Path(__file__).parents[2] / "docs" / "ssh.md"


def test_cheaper_keys_hold_more_players_and_idle_sessions_cost_some() -> None:
    assert players_held(0.005) > players_held(0.010) > players_held(0.030) > 0
    assert players_held(0.010, idle_share=0.001) < players_held(0.010)


def test_keys_too_costly_for_the_target_hold_nobody() -> None:
    # A key alone over the target's share of the p95: no utilisation keeps it under.
    assert players_held(P95_TARGET_MS / 1000 / 2.9) == 0
    assert players_held(0.0) == 0


def test_the_docs_quiet_figure_is_the_models() -> None:
    docs = DOCS.read_text(encoding="utf-8")
    assert f"every {KEY_PERIOD:g} s" in docs
    assert f"c = 9.6 ms gives {players_held(0.0096)} players" in docs
