"""Each default is stated once (the server's dataclasses and ``PersonLimits``, ``BOT_DELAY``,
``web.MAX_SESSIONS``); the command lines take theirs from there, and the docs must say the same."""

from __future__ import annotations

import argparse
import inspect
import re
from pathlib import Path

import pytest

from cantstop_tui.play.pacing import BOT_DELAY
from cantstop_tui.play.table import Table
from cantstop_tui.server import cli_args, web
from cantstop_tui.server.budgets import PersonLimits
from cantstop_tui.server.cli_args import STARTUP_OPTIONS
from cantstop_tui.server.limits import Limits
from cantstop_tui.server.lobby import Lobby
from cantstop_tui.server.log_volume import (
    CONNECTION_LINES,
    LOG_BLOCK_IPV4,
    LOG_BLOCK_IPV6,
    LOG_BYTES_PER_MINUTE,
)
from cantstop_tui.server.settings import Settings
from cantstop_tui.server.startups import IDLE_SHARE
from cantstop_tui.ui import cli as play_cli
from cantstop_tui.ui.app import CantStopApp

DOCS = Path(__file__).resolve().parents[2] / "docs"
# "`--port 2222`", "[--port 8000]", "200 (`--max-connections`)", "20 s (`--login-grace`)"
STATED = (  # a value may be several numbers, as `--max-startups 10:30:60`
    re.compile(r"[`\[]--(?P<option>[a-z][a-z0-9-]*) (?P<value>[0-9][0-9.,:]*)[`\]]"),
    re.compile(r"(?P<value>[0-9][0-9.,:]*)(?: s)? \(`--(?P<option>[a-z][a-z0-9-]*)`\)"),
)


def defaults(parser: argparse.ArgumentParser) -> dict[str, object]:
    return {
        action.option_strings[0]: action.default
        for action in parser._actions
        if action.option_strings and action.default not in (None, False, argparse.SUPPRESS)
    }


def stated(text: str) -> list[tuple[str, str]]:
    return [
        (f"--{found['option']}", found["value"].replace(",", ""))
        for pattern in STATED
        for found in pattern.finditer(text)
    ]


def sections() -> dict[str, tuple[str, argparse.ArgumentParser]]:
    """Where docs/ssh.md states defaults: the serve options paragraph and the limits table
    (examples elsewhere, such as ``--port 22``, are not defaults), and the web section."""
    ssh = (DOCS / "ssh.md").read_text(encoding="utf-8")
    options = ssh[ssh.index("Options:") :].split("\n\n")[0]
    browser = ssh.index("## In a browser")
    start = ssh.index("### Limits on everything")
    limits = ssh[start : ssh.index("\n### ", start + 1)]  # after the web section
    rows = [line for line in (ssh[:browser] + limits).splitlines() if line.startswith("|")]
    return {
        "serve": ("\n".join([options, *rows]), cli_args.parser()),
        "web": (ssh[browser:].split("\n\n")[1], web.parser()),
    }


@pytest.mark.parametrize("command", ["serve", "web"])
def test_the_docs_state_each_default_as_the_command_line_has_it(command: str) -> None:
    text, parser = sections()[command]
    known = defaults(parser)
    said = [(option, value) for option, value in stated(text) if option in known]
    assert said, "no defaults found in docs/ssh.md"
    wrong = [
        (option, value, known[option])
        for option, value in said
        if str(value) != str(known[option]) and float(value) != known[option]
    ]
    assert not wrong, f"docs/ssh.md states defaults the command line does not have: {wrong}"


def test_the_serve_command_line_takes_every_default_from_the_dataclasses() -> None:
    fields = (
        Settings.__dataclass_fields__
        | Limits.__dataclass_fields__
        | PersonLimits.__dataclass_fields__
    )
    for option, value in defaults(cli_args.parser()).items():
        dest = option.removeprefix("--").replace("-", "_")
        name = cli_args.FIELD_OF_OPTION.get(dest, dest)
        assert fields[name].default == value, option


def test_the_docs_state_every_limit_on_connections_not_logged_in_yet() -> None:
    text, parser = sections()["serve"]
    said = dict(stated(text))
    options = ["--max-startups", *(f"--{name.replace('_', '-')}" for name in STARTUP_OPTIONS)]
    assert all(option in said for option in options), [o for o in options if o not in said]
    assert said["--max-startups"] == str(Limits().max_startups) == "10:30:60"
    help_text = parser.format_help()
    assert all(option in help_text for option in options)
    assert f"(default {Limits().max_startups})" in " ".join(help_text.split())
    idle = Limits().login_grace * IDLE_SHARE
    assert f"after a quarter of the grace ({idle:g} s)" in text and IDLE_SHARE == 0.25


def test_the_docs_state_the_logs_volume_limits() -> None:
    ssh = (DOCS / "ssh.md").read_text(encoding="utf-8")
    logs = " ".join(ssh[ssh.index("### Logs") :].split("\n\n")[1].split())
    assert f"first {CONNECTION_LINES} lines a minute per address block" in logs
    assert f"IPv4 /{LOG_BLOCK_IPV4}, IPv6 /{LOG_BLOCK_IPV6}" in logs
    assert f"{LOG_BYTES_PER_MINUTE // 1024} KB a minute for lines under ERROR" in logs


def test_every_default_of_the_computers_delay_is_bot_delay() -> None:
    assert Settings.__dataclass_fields__["bot_delay"].default == BOT_DELAY
    assert defaults(cli_args.parser())["--ai-delay"] == BOT_DELAY
    assert defaults(play_cli.build_parser())["--ai-delay"] == BOT_DELAY
    assert inspect.signature(Table).parameters["bot_delay"].default == BOT_DELAY
    assert inspect.signature(Lobby).parameters["bot_delay"].default == BOT_DELAY
    assert inspect.signature(CantStopApp).parameters["ai_delay"].default == BOT_DELAY


def test_the_web_server_and_its_command_line_share_one_session_cap() -> None:
    assert defaults(web.parser())["--max-sessions"] == web.MAX_SESSIONS
    cap = inspect.signature(web.GuardedServer).parameters["max_sessions"].default
    assert cap == web.MAX_SESSIONS


def test_a_doc_that_states_another_default_is_caught() -> None:
    said = stated("Options: `--port 2223`, 201 (`--max-connections`), 20 s (`--login-grace`)")
    assert said == [("--port", "2223"), ("--max-connections", "201"), ("--login-grace", "20")]
    known = defaults(cli_args.parser())
    assert [o for o, v in said if float(v) != known[o]] == ["--port", "--max-connections"]


def test_the_readme_states_the_computers_delay_as_bot_delay() -> None:
    readme = (DOCS.parent / "README.md").read_text(encoding="utf-8")
    stated_delays = re.findall(r"default ([0-9.]+) s a step", readme)
    assert stated_delays and all(float(delay) == BOT_DELAY for delay in stated_delays)
