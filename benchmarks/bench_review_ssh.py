"""``make bench-ssh``: a bystander's keys while another visitor reviews a 4-player game.

One ``cantstop serve`` (its own process, loopback) with a finished 4-player table restored
at start-up (``tables.json``, every seat a person). Two scripted people play each of
``TABLES`` tables by keys (``bench_ssh.play``); after a quiet spell another person, seated
at the finished table, presses ``v`` and waits for the review. Key-to-screen p95 of the
players' keys while the review runs, next to the quiet p95 of the same run: once with
reviews in the worker process (the default), once with ``--analysis-workers 0`` (the
server's own thread).
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path

from benchmarks import Row, children
from benchmarks.bench_ssh import (
    Person,
    address_of,
    connect,
    open_table,
    percentile,
    play,
    start_server,
)

QUIET_SECONDS = 20.0
TABLES = 3
"""Bystanders' tables, two people each."""
SEED = 5


def finished_table(data_home: str) -> int:
    """A finished 4-player game (``expert`` chose every step of four people), saved as the
    server's ``tables.json`` with every seat held; returns its number of steps."""
    from cantstop_tui.ai import make_bot
    from cantstop_tui.engine import GameConfig
    from cantstop_tui.play.bot_step import next_step
    from cantstop_tui.server import store
    from cantstop_tui.server.lobby import Lobby
    from cantstop_tui.server.tables import Visitor

    lobby = Lobby(bot_delay=0, seeds=lambda: SEED)
    people = [Visitor(name, f"guest@{address_of(name)}") for name in ("reviewer", "p1", "p2", "p3")]
    hosted = lobby.create(people[0], "review me", GameConfig(num_players=4), ["human"] * 3)
    for person in people[1:]:
        hosted.sit(person, None)
    table = hosted.table
    assert table is not None
    bots = [make_bot("expert", SEED + seat) for seat in range(4)]
    while not table.match.state.is_over:
        seat = table.match.state.current_player
        step = next_step(bots[seat], table.match.state)
        if step.kind == "choose":
            assert step.move is not None
            table.choose(seat, step.move)
        elif step.kind == "stop":
            table.stop(seat)
        else:
            table.roll(seat)
    lobby.closing = True  # the server stops: seats are held for their people
    for person in people:
        hosted.left(person)
    directory = Path(data_home) / "cantstop"
    directory.mkdir(parents=True, exist_ok=True)
    store.save(lobby, directory / "tables.json")
    return len(table.match.history)


async def keep_playing(person: Person) -> None:
    """Play game after game (a rematch each time), until cancelled."""
    while True:
        await play(person)
        person.press("r", timed=False)
        await person.wait_until_gone("wins, with")


async def measure(workers: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as data_home:
        steps = finished_table(data_home)
        process, port = start_server(data_home, "--analysis-workers", str(workers))
        try:
            people = [  # row 0 is the finished table
                pair for index in range(1, TABLES + 1) for pair in await open_table(port, index)
            ]
            games = [asyncio.create_task(keep_playing(person)) for _conn, person in people]
            await asyncio.sleep(QUIET_SECONDS)
            quiet = [x for _c, person in people for x in person.latencies]
            marks = [len(person.latencies) for _c, person in people]
            conn, reviewer = await connect(port, "reviewer")
            await reviewer.wait_for("lobby")
            reviewer.press("\r", timed=False)  # back to the held seat at row 0's table
            await reviewer.wait_for("Review (v)")
            started = time.perf_counter()
            reviewer.press("v", timed=False)
            deadline = started + 600
            while "Accuracy" not in reviewer.text():
                if time.perf_counter() > deadline or all(g.done() for g in games):
                    raise RuntimeError(f"the review did not finish:\n{reviewer.text()}")
                reviewer.changed.clear()
                await reviewer.settle()
            seconds = time.perf_counter() - started
            during = [
                x
                for mark, (_c, person) in zip(marks, people, strict=True)
                for x in person.latencies[mark:]
            ]
            for game in games:
                game.cancel()
            conn.close()
            for player_conn, _person in people:
                player_conn.close()
        finally:
            children.end_tree(process, grace=10)
    return {
        "steps": steps,
        "quiet_p95": 1000 * percentile(quiet, 0.95),
        "during_p95": 1000 * percentile(during, 0.95),
        "quiet_keys": len(quiet),
        "during_keys": len(during),
        "review_seconds": seconds,
    }


def run() -> list[Row]:
    rows: list[Row] = []
    for workers, label in ((1, "review in a worker"), (0, "review on the server's thread")):
        figures = asyncio.run(measure(workers))
        ratio = figures["during_p95"] / figures["quiet_p95"]
        rows += [
            (
                f"{label}: bystander p95 quiet",
                f"{figures['quiet_p95']:.1f} ms",
                f"{int(figures['quiet_keys'])} keys",
            ),
            (
                f"{label}: bystander p95 during the review",
                f"{figures['during_p95']:.1f} ms",
                f"{int(figures['during_keys'])} keys; {ratio:.2f}x quiet"
                + ("; target < 1.5x" if workers else ""),
            ),
            (
                f"{label}: review's wall time",
                f"{figures['review_seconds']:.1f} s",
                f"4 players, {int(figures['steps'])} steps",
            ),
        ]
    return rows


if __name__ == "__main__":
    from benchmarks.__main__ import format_table
    from benchmarks.children import end_on_sigterm

    end_on_sigterm()

    print(format_table(run()))
