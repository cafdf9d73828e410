"""How long a computer player's step takes to be decided: on a thread of the server's own
process (``--bot-workers 0``) and in a worker process (the default), the same games in the
same run. The worker adds a round trip per step and starts once (spawn, numpy and the
model: the first step); a player sees the step after ``--ai-delay`` (0.6 s) anyway.

    python -m benchmarks.bot_latency [GAMES]      (default 2)
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from functools import partial

from cantstop_tui.ai import make_bot
from cantstop_tui.engine import GameConfig
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.thinking import bots_in_processes, think
from cantstop_tui.server.limits import Limits


async def step_times(games: int) -> list[float]:
    """Seconds per decided step over ``games`` expert-against-expert games."""
    times = []
    for seed in range(games):
        seats = (Seat("a", "expert"), Seat("b", "expert"))
        match = Match.start(seats, GameConfig(), seed=seed)
        bots = [make_bot("expert", seed + seat) for seat in range(2)]
        while not match.state.is_over:
            mover = match.state.current_player
            start = time.perf_counter()
            bot = partial(bots.__getitem__, mover)
            step = await think(("expert", seed + mover), bot, match.state)
            times.append(time.perf_counter() - start)
            match = match.apply(step)[0]
    return times


def describe(where: str, times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return (
        f"{where}: {len(times)} steps, first {times[0] * 1000:.0f} ms, median "
        f"{statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
        f"max {max(times) * 1000:.0f} ms"
    )


async def main(games: int) -> None:
    print(describe("on a thread", await step_times(games)))
    with bots_in_processes(Limits().bots()):
        print(describe("in a worker process", await step_times(games)))


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 2))
