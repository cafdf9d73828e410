"""The terminal UI beside a bare Textual app, on a real pseudo-terminal at 80x24, in one run:
first frame (wall and CPU time), key to screen for a roll, a pair choice and a stop, the
bytes each sends, the CPU time per key (which holds on a loaded machine), resident memory
(first frame; after a whole game against ``expert``), ``cantstop --help`` / ``--version``,
import time by package (top ten) and the review's CPU time (``benchmarks/review_speed.py``).
Ratios are the targets (issue 31).

Uses ``ptyprobe.py`` (the shared measuring tool; set CANTSTOP_PTYPROBE to its path if it is
not at ../shared/tools/ptyprobe.py). The bare app and ours are probed alternately; for the
keys, key by key, each of the game's keys paired with a bare key pressed beside it
(``key_pairs``), the figure the median of the pairs' ratios. ``python -m
benchmarks.bench_ui keys cpu calls`` runs the key rows only (parts: ``PARTS``).

Memory targets, and why: at the first frame at most 1.2x the bare app, since a game that
has not started needs nothing Textual does not (no numpy, no computer player); after a
whole game against ``expert`` at most 120 MiB: the first frame (about 40 MiB), numpy
(23 MiB) and the learned model (2 MiB) for the expert, the game screen, and the tables its
search keeps of the positions it met (about 35 MiB by a game's end, kept to answer the next
turns faster), with room for a long game.
"""

from __future__ import annotations

import resource
import statistics
import sys
from collections.abc import Callable, Sequence
from types import ModuleType

from benchmarks import children, import_time, key_pairs, pty_run

HEADER = ("measurement", "bare Textual app", "cantstop", "cantstop / bare", "target")
Line = tuple[str, str, str, str, str]
TURNS = 8
RUNS = 3
"""Runs of each app for the CPU time per key (the key to screen's: ``key_pairs.RUNS``)."""
FRAMES = 5
"""First frames of each app."""
GAME = ["--players", "Ana:human,Bo:human", "--seed", "6"]
VERSUS_EXPERT = ["--players", "Rule:rule28,Expert:expert", "--seed", "6", "--ai-delay", "0"]
KEYS = {"r": "roll", "1": "choose a pair", "s": "stop"}
TARGETS = {"r": "<= 2x", "1": "<= 2x", "s": "<= 2x"}
MEMORY_FIRST_FRAME = 1.2
MEMORY_AFTER_GAME_MIB = 120


def _script() -> str:
    # The first roll of a turn never busts, so every roll ends on the move list.
    turn = "r,wait:Choose a move,1,sleep:0.2,s,sleep:0.3"
    return ",".join(["enter", "wait:your turn", *[turn] * TURNS])


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def _ratio(ours: float, bare: float, target: str = "") -> tuple[str, str]:
    return f"{ours / bare:.2f}x", target


def _cpu_of_command(argv: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    children.run(argv, env=pty_run.env(), timeout=60)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def keys(probe_module: ModuleType) -> list[Line]:
    """Key to screen and bytes for each key, every key of the game paired with a bare
    key pressed beside it (``key_pairs``): the ratio is the median of the pairs'."""
    pairs, load = key_pairs.measure(probe_module, key_pairs.RUNS)
    lines: list[Line] = []
    for key, name in KEYS.items():
        s = key_pairs.summary(pairs, key)
        lines += [
            (f"{name}: key to screen, median of {s['pairs']:.0f} pairs' ratios (load {load:.1f})",
             f"{s['bare_ms']:.1f} ms", f"{s['ms']:.1f} ms", f"{s['ratio']:.2f}x", TARGETS[key]),
            (f"{name}: bytes sent", f"{s['bare_sent']:.0f} B", f"{s['sent']:.0f} B",
             f"{s['sent'] / s['bare_sent']:.2f}x", "< 2048 B"),
        ]
    return lines


def calls_per_key() -> list[Line]:
    """Python calls per key on a real terminal (``terminal_key_calls``): counts, which hold
    on a loaded machine."""
    from benchmarks import terminal_key_calls

    figures = terminal_key_calls.measure()
    bare = figures.pop("bare")
    return [(f"{name}: Python calls per key", f"{bare:,.0f}", f"{calls:,.0f}",
             f"{calls / bare:.2f}x", "") for name, calls in figures.items()]


def cpu_per_key(probe_module: ModuleType) -> list[Line]:
    """CPU time per key press of the app (roll, choose, stop in turn) and of the bare app,
    from /proc: the figure that holds while other work shares the machine."""
    script = _script().split(",")
    start, turns = script[:2], script[2:]
    bare_script = [token for _ in turns if _ in KEYS for token in ("r", "sleep:0.2")]
    bare_argv = [sys.executable, "-c", probe_module.BASELINE_APP]
    bare, ours = [], []
    for _ in range(RUNS):
        bare.append(pty_run.cpu_per_key(probe_module, bare_argv, "READY", [], bare_script))
        ours.append(pty_run.cpu_per_key(
            probe_module, [pty_run.CANTSTOP, *GAME], "First to play", start, turns))
    b, o = _median(bare) * 1000, _median(ours) * 1000
    return [(f"CPU time per key (roll, choose, stop), median of {RUNS} runs", f"{b:.1f} ms",
             f"{o:.1f} ms", *_ratio(o, b))]


def first_frames(probe_module: ModuleType) -> list[Line]:
    bare_argv = [sys.executable, "-c", probe_module.BASELINE_APP]
    bare: list[pty_run.Frame] = []
    ours: list[pty_run.Frame] = []
    for _ in range(FRAMES):
        bare.append(pty_run.first_frame(probe_module, bare_argv, "READY"))
        ours.append(pty_run.first_frame(probe_module, [pty_run.CANTSTOP, *GAME], "First to play"))
    figures: list[tuple[str, str, list[float], list[float], str]] = [
        ("first frame, wall", "ms", [f.wall * 1000 for f in bare], [f.wall * 1000 for f in ours],
         "<= 1.3x"),
        ("first frame, CPU time", "ms", [f.cpu * 1000 for f in bare],
         [f.cpu * 1000 for f in ours], "<= 1.3x"),
        ("resident memory at the first frame", "MiB", [f.rss for f in bare],
         [f.rss for f in ours], f"<= {MEMORY_FIRST_FRAME}x"),
    ]
    lines: list[Line] = []
    for label, unit, bare_figures, our_figures, target in figures:
        b, o = _median(bare_figures), _median(our_figures)
        lines.append((f"{label}, median of {FRAMES}", f"{b:.0f} {unit}", f"{o:.0f} {unit}",
                      *_ratio(o, b, target)))
    return lines


def memory_after_game(probe_module: ModuleType) -> list[Line]:
    first, after = pty_run.whole_game(probe_module, [pty_run.CANTSTOP, *VERSUS_EXPERT])
    return [("resident memory after a whole game against expert", "",
             f"{after:.0f} MiB", f"+{after - first:.0f} MiB on its first frame",
             f"<= {MEMORY_AFTER_GAME_MIB} MiB")]


def command_line() -> list[Line]:
    bare = _median([_cpu_of_command([sys.executable, "-c", "pass"]) for _ in range(5)])
    lines: list[Line] = []
    for flag in ("--help", "--version"):
        cpu = _median([_cpu_of_command([pty_run.CANTSTOP, flag]) for _ in range(5)])
        lines.append((f"cantstop {flag}, CPU time, median of 5 (bare: python -c pass)",
                      f"{bare * 1000:.0f} ms", f"{cpu * 1000:.0f} ms", f"{cpu / bare:.1f}x",
                      "< 300 ms"))
    return lines


def imports() -> list[Line]:
    ours = import_time.self_times(import_time.PLAY)
    bare = import_time.by_package(import_time.self_times(import_time.BARE))
    packages = import_time.by_package(ours)
    total, bare_total = sum(ours.values()), sum(bare.values())
    lines: list[Line] = [(
        "imports before the first frame, own time summed (fastest of 5)",
        f"{bare_total * 1000:.0f} ms", f"{total * 1000:.0f} ms", f"{total / bare_total:.2f}x", "",
    )]
    for name, seconds in list(packages.items())[:10]:
        in_bare = f"{bare[name] * 1000:.1f} ms" if name in bare else "-"
        lines.append((f"  imports: {name}", in_bare, f"{seconds * 1000:.1f} ms", "", ""))
    return lines


def review() -> list[Line]:
    """The review's CPU time for 2- and 4-player games, from ``benchmarks/review_speed.py``
    (the review's own benchmark; measured once when ``make bench`` shows both), in this
    table's columns."""
    from benchmarks.review_speed import run as review_speed

    return [(name, "", value, "", note) for name, value, note in review_speed()]


PARTS: dict[str, Callable[[ModuleType], list[Line]]] = {
    "frames": first_frames,
    "keys": keys,
    "cpu": cpu_per_key,
    "calls": lambda _probe: calls_per_key(),
    "memory": memory_after_game,
    "command": lambda _probe: command_line(),
    "imports": lambda _probe: imports(),
    "review": lambda _probe: review(),
}
"""The table's parts in order, by the name that runs one alone."""


def run(names: Sequence[str] = ()) -> list[Line]:
    path = pty_run.probe_path()
    if path is None:
        return [("ui", "", "skipped", "", "ptyprobe.py not found (set CANTSTOP_PTYPROBE)")]
    probe_module = pty_run.load_probe(path)
    pty_run.warm_up()
    parts = [PARTS[name] for name in names or PARTS]
    return [line for part in parts for line in part(probe_module)]


if __name__ == "__main__":
    from benchmarks.__main__ import format_table
    from benchmarks.children import end_on_sigterm

    end_on_sigterm()
    unknown = [name for name in sys.argv[1:] if name not in PARTS]
    if unknown:
        sys.exit(f"no part {', '.join(unknown)}; parts: {', '.join(PARTS)}")
    print(format_table(run(sys.argv[1:]), HEADER))
