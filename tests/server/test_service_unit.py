"""The systemd unit in contrib/ that docs/ssh.md tells operators to use: it parses, runs
`cantstop serve`, keeps its state in a sandboxed StateDirectory and reloads on SIGHUP."""

from __future__ import annotations

import configparser
import shlex
from pathlib import Path

from cantstop_tui.server.cli import parser

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "contrib" / "cantstop-serve.service"


def read_unit() -> configparser.ConfigParser:
    unit = configparser.ConfigParser(interpolation=None, strict=True)
    unit.optionxform = str  # type: ignore[assignment,method-assign]  # systemd keys are cased
    unit.read_string(UNIT.read_text())
    return unit


def test_the_unit_runs_cantstop_serve_with_options_it_accepts() -> None:
    service = read_unit()["Service"]
    command = shlex.split(service["ExecStart"])
    assert command[0].endswith("/cantstop") and command[1] == "serve"
    args = parser().parse_args(command[2:])
    assert args.authorized_keys is not None  # never --open on a public port
    assert service["ExecReload"] == "/bin/kill -HUP $MAINPID"


def test_the_unit_is_sandboxed_and_keeps_its_state_in_one_directory() -> None:
    service = read_unit()["Service"]
    for key, value in {
        "DynamicUser": "yes",
        "ProtectSystem": "strict",
        "NoNewPrivileges": "yes",
        "StateDirectory": "cantstop",
        "ProtectHome": "yes",
        "PrivateTmp": "yes",
    }.items():
        assert service[key] == value, key
    assert service["Environment"] == "XDG_DATA_HOME=/var/lib"  # data dir: /var/lib/cantstop
    assert read_unit()["Install"]["WantedBy"] == "multi-user.target"


def test_the_docs_show_the_unit_that_is_tested() -> None:
    docs = (ROOT / "docs" / "ssh.md").read_text()
    assert "contrib/cantstop-serve.service" in docs and "systemctl reload cantstop-serve" in docs
