"""``cantstop``: play, or one of the subcommands (``command_line``); each subcommand lives
in its own module, imported only when it runs."""

from __future__ import annotations

import importlib
import os
import sys

from . import startup_collector as collector

TEXTUAL_COMMANDS = (None, "learn", "replay", "review", "serve", "web")
"""The commands that use Textual's (or textual-serve's) private parts, so need the version
the compatibility module was written for (None: play)."""
SETUP_ERROR = 1
PIPE_CLOSED = 128 + 13
"""The exit code of a command whose reader went away (``cantstop arena | head``), as a
shell reports a command ended by SIGPIPE."""


def main(argv: list[str] | None = None) -> int:
    """Run a subcommand; an unexpected error becomes a crash report and one sentence.

    Run as the program (``argv`` None: the command line's), playing starts without the
    garbage collector's passes (``startup_collector``): the app starts it again once its
    first frame is drawn, and this does when it ends. A caller that passes ``argv`` (a
    test) keeps its process's collector as it is."""
    if argv is None:
        collector.hold()
        # numpy's matrix products run on one thread (``ai.turns_model.one_blas_thread`` says
        # why); said before numpy loads, OpenBLAS does not first start a thread per core
        # (about 50 ms of CPU of every review's start-up). A value the user set is kept.
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    try:
        return _run(argv)
    finally:
        collector.release()


def _run(argv: list[str] | None) -> int:
    from .command_line import USAGE_ERROR, route

    try:
        command, module_name, args = route(sys.argv[1:] if argv is None else argv)
    except ValueError as error:
        print(f"cantstop: {error}", file=sys.stderr)
        return USAGE_ERROR
    if command in TEXTUAL_COMMANDS:
        from .textual_version import textual_problem

        problem = textual_problem()
        if problem is not None:
            print(problem, file=sys.stderr)
            return SETUP_ERROR
    try:
        module = importlib.import_module(module_name)
        if command is not None:
            # The other commands run long: with the collector, from here on (their modules,
            # numpy's among them, imported without its passes and kept out of later ones:
            # 2.5% of a short review's instructions went to passes that freed nothing).
            collector.release()
        return int(module.main(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the output's reader went away: not a crash
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing more to say
        return PIPE_CLOSED
    except Exception as error:
        from .storage import crash
        from .ui.terminal import RESTORE_TERMINAL

        sys.stdout.write(RESTORE_TERMINAL if sys.stdout.isatty() else "")
        print(crash.report(error), file=sys.stderr)
        return crash.EXIT_CODE


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
