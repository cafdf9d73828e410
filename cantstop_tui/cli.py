"""``cantstop``: play, or one of the subcommands. Each subcommand lives in its own module."""

from __future__ import annotations

import importlib
import sys

# Subcommand -> module with ``main(argv: list[str]) -> int``.
COMMANDS: dict[str, str] = {
    "arena": "cantstop_tui.arena.cli",
    "replay": "cantstop_tui.ui.replay_cli",
    "records": "cantstop_tui.storage.records_cli",
    "serve": "cantstop_tui.server.cli",
    "web": "cantstop_tui.server.web",
}
PLAY_MODULE = "cantstop_tui.ui.cli"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in COMMANDS:
        module_name, args = COMMANDS[args[0]], args[1:]
    else:
        module_name = PLAY_MODULE
    module = importlib.import_module(module_name)
    return int(module.main(args) or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
