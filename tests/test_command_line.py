"""The command line fits its ecosystem: every subcommand's help is plain text, and every
table printed fits 80 columns."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cantstop_tui.command_line import COMMANDS
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


def test_a_textual_without_the_parts_used_gets_a_sentence_not_a_traceback() -> None:
    # In a fresh process: the check runs before anything imports cantstop_tui.ui (whose
    # compatibility module would fail to import on such a Textual).
    check = (
        "import sys\n"
        "from cantstop_tui import cli, textual_version\n"
        "textual_version.installed_textual = lambda: '9.0.0'\n"
        "textual_version.PRIVATE_PARTS = ('textual.app.App._gone',)\n"
        "code = cli.main(['replay', '--help'])\n"
        "assert 'cantstop_tui.ui' not in sys.modules\n"
        "print(code)\n"
        "cli.main(['records', '--help'])  # no Textual there: it runs\n"
    )
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True)
    from cantstop_tui.cli import SETUP_ERROR

    assert done.stdout.splitlines()[0] == str(SETUP_ERROR), done.stderr
    assert done.stderr.startswith("cantstop was written for Textual ")
    assert "Traceback" not in done.stderr
    assert "usage: cantstop records" in done.stdout and done.returncode == 0


def test_each_command_gets_every_word_after_it_in_order_and_no_command_plays() -> None:
    from cantstop_tui.command_line import PLAY_MODULE, route

    argv = ["arena", "--seed", "1", "--players", "rule28,easy", "-h"]
    assert route(argv) == ("arena", COMMANDS["arena"][0], argv[1:])
    assert route(["replay", "g.json", "--text"])[2] == ["g.json", "--text"]
    assert route(["--seed", "3", "--ascii"]) == (None, PLAY_MODULE, ["--seed", "3", "--ascii"])
    assert route([]) == (None, PLAY_MODULE, [])


@pytest.mark.parametrize(
    "after",
    [[], ["g.json", "--text"], ["-h"], ["--help"], ["--version"], ["--seed=3", "-x", "7"],
     ["review", "arena"], ["--players", "a b"], ["-"], ["--", "g.json"], ["g.json", "--"]],
)
@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_subcommand_is_routed_as_the_parser_routes_it(command: str, after: list[str]) -> None:
    """``route`` skips building the parser for a line that starts with a subcommand: it
    gives what the parser gives."""
    from cantstop_tui.command_line import _parsed, route

    assert route([command, *after]) == _parsed([command, *after])


def test_an_unknown_command_is_a_usage_error_with_a_sentence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from cantstop_tui.cli import main

    assert main(["fly"]) == 2
    said = capsys.readouterr().err
    assert said.startswith("cantstop: ") and "'fly'" in said and "arena" in said
    assert main(["--seed", "x"]) == 2


def test_a_game_option_before_a_command_is_refused_not_ignored(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``cantstop --ascii review FILE`` drew without --ascii: the option went to the game."""
    from cantstop_tui.cli import main

    assert main(["--ascii", "review", "game.json"]) == 2
    said = capsys.readouterr().err
    assert "--ascii is the game's option, not cantstop review's" in said
    assert "cantstop review --help" in said
    assert main(["--seed", "3", "replay", "g.json"]) == 2
    assert "--seed" in capsys.readouterr().err


def test_output_read_by_a_command_that_stops_early_is_not_a_crash(tmp_path: Path) -> None:
    """``cantstop arena | head``: the reader goes away; the command ends quietly, with the
    code a shell gives a command ended by SIGPIPE, and writes no crash report."""
    from cantstop_tui.cli import PIPE_CLOSED

    process = subprocess.Popen(
        [sys.executable, "-m", "cantstop_tui", "arena", "--players", "easy,easy", "--games", "4"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "XDG_STATE_HOME": str(tmp_path)},
    )
    assert process.stdout is not None
    process.stdout.close()  # the reader is gone before anything is written
    _, errors = process.communicate(timeout=120)
    assert process.returncode == PIPE_CLOSED, errors
    assert b"crash report" not in errors and b"Traceback" not in errors
