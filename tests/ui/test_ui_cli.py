"""Command-line flags: a game that skips the new-game screen, or one clear line and exit 2."""

from __future__ import annotations

import pytest

from cantstop_tui.ai import LEVELS
from cantstop_tui.ui import cli


def parse(*argv: str):  # type: ignore[no-untyped-def]
    return cli.settings_from(cli.build_parser().parse_args(list(argv)))


def test_no_game_flags_means_the_new_game_screen() -> None:
    assert parse() is None
    assert parse("--ascii", "--ai-delay", "0") is None


def test_flags_describe_the_game() -> None:
    settings = parse("--players", "Ana:human,Bot:ai", "--variant", "jump", "--win-columns", "4")
    assert settings is not None
    # ai: the old name of expert
    assert [(s.name, s.kind) for s in settings.seats] == [("Ana", "human"), ("Bot", "expert")]
    assert settings.variant == "jump" and settings.win_columns == 4 and settings.seed is None
    every_level = ",".join(f"P{i}:{level}" for i, level in enumerate(LEVELS[:3]))
    settings = parse("--players", f"Me:human,{every_level}", "--seed", "7")
    assert settings is not None and settings.seed == 7
    assert [s.kind for s in settings.seats[1:]] == list(LEVELS[:3])


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--players", "Ana:human"], "2 to 4 players"),
        (["--players", "Ana:human,Bo:wizard"], "Unknown computer level"),
        (["--players", "Ana:human,Ana:ai"], "different name"),
        (["--players", "Ana:human,:ai"], "needs a name"),
        (["--players", "A:human,B:human,C:human,D:human", "--win-columns", "5"], "can be 3"),
        (["--variant", "wild"], "invalid choice"),
        (["--seed", "seven"], "invalid int"),
        (["--ai-delay", "-1"], "0 or more"),
        (["--bogus"], "Unrecognized arguments"),
    ],
)
def test_bad_flags_print_one_clear_line_and_exit_2(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("cantstop: ")
    assert words in err
    assert err.count("\n") == 1


def test_help_lists_every_subcommand_with_a_summary(capsys) -> None:
    import pytest

    from cantstop_tui.cli import main as cantstop
    from cantstop_tui.command_line import COMMANDS

    with pytest.raises(SystemExit) as done:
        cantstop(["--help"])
    assert done.value.code == 0
    shown = capsys.readouterr().out
    for command in COMMANDS:
        line = next(line for line in shown.splitlines() if line.strip().startswith(command))
        assert len(line.split()) > 2  # a one-line summary follows the name
    assert max(len(line) for line in shown.splitlines()) <= 80
