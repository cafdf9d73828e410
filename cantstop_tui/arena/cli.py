"""``cantstop arena``: computer players against each other (or one alone), many games at once.

    cantstop arena --players expert,rule28 --games 10000 --seed 1
    cantstop arena --solitaire expert --games 10000 --json
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
from collections.abc import Callable, Iterator

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ..ai import LEVELS, OLD_NAMES, find_bots_beside_you, make_bot
from ..engine import VARIANTS, Variant
from ..play.names import clean_text
from .play import GameResult, game_seed, play_game, play_solitaire
from .stats import Summary, mean_interval, wilson

CHUNK = 25


def _parser() -> argparse.ArgumentParser:
    levels = ", ".join([*LEVELS, *OLD_NAMES])
    parser = argparse.ArgumentParser(
        prog="cantstop arena",
        description="Play computer players against each other and report how often each wins.",
        epilog=f"Players are levels ({levels}) or module:Class bots.",
    )
    who = parser.add_mutually_exclusive_group(required=True)
    who.add_argument("--players", help="2 to 4 comma-separated players, e.g. expert,rule28")
    who.add_argument("--solitaire", metavar="PLAYER", help="one player alone: turns to win")
    parser.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="base seed of the dice (default 1)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="processes to play in (default: one per core)")
    parser.add_argument("--variant", choices=VARIANTS, default="standard")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    parser.add_argument("--progress", choices=("auto", "always", "never"), default="auto",
                        help="progress bar on stderr (auto: only on a terminal)")
    return parser


def _names(specs: list[str]) -> tuple[str, ...]:
    """Distinct display names: a repeated player gets #2, #3..."""
    names: list[str] = []
    for spec in specs:
        spec = clean_text(spec, 40)  # shown on the terminal: no escape sequences
        name, n = spec, 2
        while name in names:
            name, n = f"{spec}#{n}", n + 1
        names.append(name)
    return tuple(names)


Task = tuple[tuple[str, ...], bool, Variant, int, int, int]


def _play_chunk(task: Task) -> list[GameResult]:
    specs, solitaire, variant, seed, start, stop = task
    results = []
    for index in range(start, stop):
        dice_seed = game_seed(seed, index)
        if solitaire:
            results.append(play_solitaire(specs[0], dice_seed, variant))
        else:
            n = len(specs)
            order = tuple((index + k) % n for k in range(n))
            results.append(play_game(specs, order, dice_seed, variant))
    return results


def _results(tasks: list[Task], jobs: int) -> Iterator[list[GameResult]]:
    if jobs <= 1 or len(tasks) <= 1:
        yield from map(_play_chunk, tasks)
        return
    with multiprocessing.get_context().Pool(min(jobs, len(tasks))) as pool:
        yield from pool.imap(_play_chunk, tasks)


def played(
    specs: tuple[str, ...],
    games: int,
    seed: int,
    jobs: int = 1,
    solitaire: bool = False,
    variant: Variant = "standard",
) -> Iterator[list[GameResult]]:
    """The results of ``games`` games in game order, a chunk at a time, played in ``jobs``
    processes (game ``i`` is dealt ``game_seed(seed, i)`` whichever process plays it)."""
    # Chunks only share out the work: results come in game order whatever their size.
    chunk = max(1, min(CHUNK, games // (4 * jobs)))
    tasks: list[Task] = [
        (specs, solitaire, variant, seed, start, min(start + chunk, games))
        for start in range(0, games, chunk)
    ]
    yield from _results(tasks, jobs)


def progress_bar(total: int, when: str) -> Progress:
    """Rich's progress bar on stderr: ``when`` is auto (only on a terminal), always or never."""
    console = Console(file=sys.stderr, force_terminal=True if when == "always" else None)
    return Progress(
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeRemainingColumn(),
        console=console,
        disable=when == "never" or not console.is_terminal,
    )


def run(
    specs: tuple[str, ...],
    games: int,
    seed: int,
    jobs: int = 1,
    solitaire: bool = False,
    variant: Variant = "standard",
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``games`` games and total them; the same seed gives the same totals for any ``jobs``."""
    summary = Summary(_names(list(specs)), solitaire=solitaire)
    for results in played(specs, games, seed, jobs, solitaire, variant):
        for result in results:
            summary.add(result)
        if progress is not None:
            progress(summary.games)
    return summary


def _table(summary: Summary) -> str:
    data = summary.to_json()
    lines = []
    if summary.solitaire:
        name = summary.players[0]
        tally = summary.tallies[name]
        mean, low, high = mean_interval(tally.turns, tally.turns_squared, tally.games)
        lines.append(f"{name} alone, {summary.games} games:")
        lines.append(f"  mean turns to win {mean:.2f}  (95% CI {low:.2f}-{high:.2f})")
        lines.append(f"  busts per game    {data['busts_per_game'][name]:.2f}")
        if summary.draws:
            lines.append(f"  unfinished after the turn limit: {summary.draws}")
        return "\n".join(lines)
    width = min(max(8, *(len(n) for n in summary.players)), NAME_WIDTH)
    lines.append(f"{summary.games} games, seats rotated"
                 + (f", {summary.draws} unfinished" if summary.draws else ""))
    lines.append(f"{'player':<{width}}  {'wins':>6}  {'win rate':>8}  {'95% CI':>13}  "
                 f"{'turns':>6}  {'busts':>6}")
    for name in summary.players:
        tally = summary.tallies[name]
        low, high = wilson(tally.wins, tally.games)
        lines.append(
            f"{_fit(name, width):<{width}}  {tally.wins:>6}  {data['win_rate'][name]:>8.1%}  "
            f"{low:>6.1%}-{high:<6.1%}  {data['mean_turns'][name]:>6.2f}  "
            f"{data['busts_per_game'][name]:>6.2f}"
        )
    seats = len(summary.players)
    lines.append("")
    lines.append("Win rate by seat (seat 1 moves first):")
    headings = "  ".join(f"{f'seat {k + 1}':>7}" for k in range(seats))
    lines.append(f"{'player':<{width}}  {headings}")
    for name in summary.players:
        rates = [
            f"{seat.wins / seat.games:>7.1%}" if seat.games else f"{'-':>7}"
            for seat in summary.by_seat[name]
        ]
        lines.append(f"{_fit(name, width):<{width}}  " + "  ".join(rates))
    return "\n".join(lines)


NAME_WIDTH = 20
"""A player's name in the tables (a module:Class bot's can be long): 80 columns in all."""


def _fit(name: str, width: int) -> str:
    return name if len(name) <= width else name[: width - 1] + "…"


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    if args.solitaire is not None:
        specs: tuple[str, ...] = (args.solitaire.strip(),)
    else:
        specs = tuple(s.strip() for s in args.players.split(",") if s.strip())
        if not 2 <= len(specs) <= 4:
            print("The arena needs 2 to 4 players, e.g. --players expert,rule28 "
                  "(or --solitaire expert for one alone).", file=sys.stderr)
            return 2
    if args.games < 1:
        print("--games must be at least 1.", file=sys.stderr)
        return 2
    find_bots_beside_you()
    for spec in specs:
        try:
            make_bot(spec)
        except ValueError as error:
            print(error, file=sys.stderr)
            return 2
    with progress_bar(args.games, args.progress) as bar:
        games = bar.add_task("games", total=args.games)
        summary = run(
            specs, args.games, args.seed, max(1, args.jobs), args.solitaire is not None,
            args.variant, lambda done: bar.update(games, completed=done),
        )
    if args.json:
        data = summary.to_json()
        data.update(seed=args.seed, variant=args.variant)
        print(json.dumps(data))
    else:
        print(_table(summary))
    return 0
