"""Run every benchmarks/bench_*.py (or the ones named) and print one table.

    python -m benchmarks            # all
    python -m benchmarks engine ai  # bench_engine.py and bench_ai.py only
"""

from __future__ import annotations

import importlib
import pkgutil
import platform
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path

from benchmarks import Row

PREFIX = "bench_"


def available() -> list[str]:
    here = str(Path(__file__).parent)
    return sorted(
        info.name.removeprefix(PREFIX)
        for info in pkgutil.iter_modules([here])
        if info.name.startswith(PREFIX)
    )


HEADER: Row = ("benchmark", "value", "note")
"""The columns of a module's rows, unless it names its own (``HEADER`` in the module)."""


def format_table(rows: Sequence[Row], header: Row = HEADER) -> str:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in [header, tuple("-" * w for w in widths), *rows]
    ]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    names = available()
    wanted = argv or names
    unknown = [name for name in wanted if name not in names]
    if unknown:
        print(
            f"No benchmark called {', '.join(unknown)}; available: {', '.join(names)}.",
            file=sys.stderr,
        )
        return 2
    print(f"Python {platform.python_version()} on {platform.machine()}, "
          f"{platform.system()}; medians of repeated runs.")
    failed = False
    for name in wanted:
        try:
            module = importlib.import_module(f"benchmarks.{PREFIX}{name}")
            header = getattr(module, "HEADER", HEADER)
            rows = module.run()
        except Exception:
            traceback.print_exc()
            header, rows = HEADER, [(name, "failed", "see the traceback above")]
            failed = True
        print(f"\n[{name}]")
        print(format_table(rows, header))
        sys.stdout.flush()
    return 1 if failed else 0


if __name__ == "__main__":
    from benchmarks.children import end_on_sigterm

    end_on_sigterm()  # a run ended by SIGTERM ends its children too
    raise SystemExit(main(sys.argv[1:]))
