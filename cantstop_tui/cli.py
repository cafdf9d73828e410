"""``cantstop``: play, or one of the subcommands. Each subcommand lives in its own module."""

from __future__ import annotations

import importlib
import sys

# Subcommand -> module with ``main(argv: list[str]) -> int``.
COMMANDS: dict[str, str] = {
    "arena": "cantstop_tui.arena.cli",
    "replay": "cantstop_tui.ui.replay_cli",
    "review": "cantstop_tui.ui.review_cli",
    "records": "cantstop_tui.storage.records_cli",
    "serve": "cantstop_tui.server.cli",
    "web": "cantstop_tui.server.web",
}
PLAY_MODULE = "cantstop_tui.ui.cli"
TEXTUAL_MODULES = frozenset(
    {PLAY_MODULE, *(COMMANDS[name] for name in ("replay", "review", "serve", "web"))}
)
"""The commands that use Textual's (or textual-serve's) private parts, so need the version
the compatibility module was written for."""
SETUP_ERROR = 1


def main(argv: list[str] | None = None) -> int:
    """Run a subcommand; an unexpected error becomes a crash report and one sentence."""
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in COMMANDS:
        module_name, args = COMMANDS[args[0]], args[1:]
    else:
        module_name = PLAY_MODULE
    if module_name in TEXTUAL_MODULES:
        from .textual_version import textual_problem

        problem = textual_problem()
        if problem is not None:
            print(problem, file=sys.stderr)
            return SETUP_ERROR
    try:
        module = importlib.import_module(module_name)
        return int(module.main(args) or 0)
    except KeyboardInterrupt:
        return 130
    except Exception as error:
        from .storage import crash
        from .ui.terminal import RESTORE_TERMINAL

        sys.stdout.write(RESTORE_TERMINAL if sys.stdout.isatty() else "")
        print(crash.report(error), file=sys.stderr)
        return crash.EXIT_CODE


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
