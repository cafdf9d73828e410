"""The command line fits its ecosystem: every subcommand's help is plain text, and every
table printed fits 80 columns."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cantstop_tui.cli import COMMANDS
from cantstop_tui.play.help_text import plain


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_subcommand_help_is_plain_text_within_80_columns(command: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cantstop_tui", command, "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        env={"COLUMNS": "80", "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr
    assert "``" not in done.stdout and ":class:" not in done.stdout
    assert max(len(line) for line in done.stdout.splitlines()) <= 80


def test_plain_turns_rest_markup_into_words() -> None:
    assert plain("``cantstop serve`` uses :class:`~a.b.Lobby`.") == "cantstop serve uses Lobby."


@pytest.mark.parametrize(
    "players", ["rule28,easy", "rule28,easy,rule28,easy", "my_bots.a_very_long_name:Greedy,easy"]
)
def test_arena_tables_fit_80_columns(players: str) -> None:
    from cantstop_tui.arena.cli import NAME_WIDTH, _fit

    names = players.split(",")
    assert all(len(_fit(name, NAME_WIDTH)) <= NAME_WIDTH for name in names)
    if ":" in players:
        return  # the long module:Class name is only measured here (no such bot exists)
    done = subprocess.run(
        [sys.executable, "-m", "cantstop_tui", "arena", "--players", players, "--games", "4"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "Win rate by seat (seat 1 moves first):" in lines
    assert max(len(line) for line in lines) <= 80


def test_a_textual_without_the_parts_used_gets_a_sentence_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from importlib import metadata

    from cantstop_tui import cli
    from cantstop_tui.ui import textual_version

    monkeypatch.setattr(metadata, "version", lambda name: "9.0.0")
    monkeypatch.setattr(textual_version, "PRIVATE_PARTS", ("textual.app.App._gone",))
    assert cli.main(["replay", "--help"]) == cli.SETUP_ERROR
    said = capsys.readouterr().err
    assert said.startswith("cantstop was written for Textual ") and "Traceback" not in said
    with pytest.raises(SystemExit) as records:  # no Textual there: it runs (its --help)
        cli.main(["records", "--help"])
    assert records.value.code == 0
