"""What each open/close cycle of a dialog keeps in the server, counted in live objects.

A ``cantstop serve`` runs in this process (so that its objects can be counted) with the
collector set as ``cantstop serve`` sets it; scripted visitors open and close every dialog of
``bench_memory`` (at a table, in the lobby, at a finished game) ``N`` times, then ``N``
times more, after a warm-up. After each, every unreachable object is collected and the live
ones are counted by type: a leak grows in both halves, a cache that fills once in the first
only. The resident-memory figures are ``bench_memory``'s; this says what they are made of.

    python -m benchmarks.dialog_keeps [N]   (default 100 cycles a half)
    DIALOG_KEEPS_TRACE=1: also tracemalloc's allocation sites that grew over the 2N cycles
"""

from __future__ import annotations

import asyncio
import collections
import gc
import os
import sys
import tracemalloc
from dataclasses import dataclass

import asyncssh

from benchmarks import bench_ssh as ssh
from benchmarks.bench_memory import (
    LOBBY_DIALOGS,
    OVER_TALK,
    REPLAY,
    REVIEW,
    TABLE_DIALOGS,
    Dialog,
    cycle,
    first_review,
)
from cantstop_tui.server.auth import Auth
from cantstop_tui.server.budgets import Budgets, PersonLimits
from cantstop_tui.server.collector import COLLECT_AFTER, hosting_many_apps
from cantstop_tui.server.limits import Limits
from cantstop_tui.server.server import GameServer, Settings

WARM_UP = 20
TRACE = os.environ.get("DIALOG_KEEPS_TRACE") == "1"
TOP = 6
"""Types (and allocation sites) shown per dialog."""


@dataclass
class Kept:
    dialog: str
    live: tuple[int, int, int]
    """Live objects after the warm-up, after N cycles and after 2N."""
    grew: list[tuple[str, int, int]]
    """Types that grew in both halves: name, growth over the first N, over the next N."""
    sites: list[str]


def by_type() -> collections.Counter[str]:
    gc.collect()
    return collections.Counter(
        f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.get_objects()
    )


async def settled() -> collections.Counter[str]:
    """Live objects by type once the server's own collection after a closed screen ran."""
    await asyncio.sleep(COLLECT_AFTER * 1.5)
    return by_type()


async def keeps(person: ssh.Person, dialog: Dialog, count: int) -> Kept:
    await cycle(person, dialog, WARM_UP)
    before = await settled()
    if TRACE:
        tracemalloc.start(10)
    traced = tracemalloc.take_snapshot() if TRACE else None
    await cycle(person, dialog, count)
    middle = await settled()
    await cycle(person, dialog, count)
    after = await settled()
    sites = []
    if traced is not None:
        grown = tracemalloc.take_snapshot().compare_to(traced, "traceback")
        tracemalloc.stop()
        sites = [f"{stat.size_diff:+,} B, {stat.count_diff:+} blocks at "
                 + " <- ".join(stat.traceback.format(limit=3, most_recent_first=True)[::2])
                 for stat in grown[:TOP]]
    grew = sorted(
        ((name, middle[name] - before[name], after[name] - middle[name]) for name in after
         if middle[name] > before[name] and after[name] > middle[name]),
        key=lambda row: -row[2],
    )
    totals = (sum(before.values()), sum(middle.values()), sum(after.values()))
    return Kept(dialog.name, totals, grew[:TOP], sites)


async def measure(count: int) -> list[Kept]:
    settings = Settings(auth=Auth("open"), host="127.0.0.1", port=0, bot_delay=0.0)
    server = GameServer(settings, asyncssh.generate_private_key("ssh-ed25519"),
                        limits=Limits(bot_workers=0))
    # as bench_memory.SERVER_OPTIONS: no cycle refused by the budget of sitting and leaving
    server.lobby.budgets = Budgets(PersonLimits(moves_per_minute=10**6))
    await server.start()
    ssh.THINK_SECONDS = 0.0
    try:
        (_, host), (_, guest) = await ssh.open_table(server.port, 0)
        await host.settle()
        found = [await keeps(host, dialog, count) for dialog in TABLE_DIALOGS]
        _, lobbyist = await ssh.connect(server.port, "warmup1")
        await lobbyist.wait_for("lobby")
        found += [await keeps(lobbyist, dialog, count) for dialog in LOBBY_DIALOGS]
        await asyncio.gather(ssh.play(host), ssh.play(guest))
        await host.wait_for("Rematch")
        await first_review(host)
        found.append(await keeps(host, REVIEW, count))
        host.press(REVIEW.opens, timed=False)
        await host.wait_for(REVIEW.shows)
        found.append(await keeps(host, REPLAY, count))
        host.press(REVIEW.closes, timed=False)
        await host.wait_until_gone(REVIEW.shows)
        found.append(await keeps(host, OVER_TALK, count))
    finally:
        await server.close()
    return found


def report(found: list[Kept], count: int) -> str:
    lines = [f"Live objects in the server (after gc.collect()), {WARM_UP} cycles to warm up, "
             f"then {count} and {count} more:"]
    for kept in found:
        start, middle, end = kept.live
        lines.append(f"{kept.dialog}: {start:,} -> {middle:,} -> {end:,} "
                     f"({(middle - start) / count:+.1f}, {(end - middle) / count:+.1f} a cycle)")
        lines += [f"    {name}: +{first} then +{second}" for name, first, second in kept.grew]
        lines += [f"    {site}" for site in kept.sites]
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    count = int(argv[0]) if argv else 100
    with hosting_many_apps():
        found = asyncio.run(measure(count))
    # To the process's own output: Textual's apps take sys.stdout while they run.
    print(report(found, count), file=sys.__stdout__)


if __name__ == "__main__":
    main(sys.argv[1:])
