"""Memory over one SSH connection: 1,000 dialog open/close cycles at a table (help) and in
the lobby (the New table form: c, then ctrl+g), 100 lobby-table round trips and 20 whole
games, against a real ``cantstop serve``; the server's resident memory after a warm-up and
after each part (target: growth under 5 MB).

    python -m benchmarks memory      (also run by make bench-ssh)
"""

from __future__ import annotations

import asyncio
import os
import signal
import tempfile

from benchmarks import Row
from benchmarks import bench_ssh as ssh

DIALOGS = int(os.environ.get("BENCH_MEMORY_DIALOGS", "1000"))
TRIPS = int(os.environ.get("BENCH_MEMORY_TRIPS", "100"))
GAMES = int(os.environ.get("BENCH_MEMORY_GAMES", "20"))


def mib(kib: int) -> float:
    return kib / 1024


async def dialogs(person: ssh.Person, count: int) -> None:
    for _ in range(count):
        person.press("?", timed=False)
        await person.wait_for("Can't Stop in brief")
        person.press("\x1b", timed=False)
        await person.wait_until_gone("Can't Stop in brief")


async def forms(person: ssh.Person, count: int) -> None:
    """The lobby's New table form, opened and closed (issue 31: 170 KB a cycle, kept)."""
    for _ in range(count):
        person.press("c", timed=False)
        await person.wait_for("New table")
        person.press("\x07", timed=False)  # ctrl+g
        await person.wait_until_gone("New table")


async def round_trips(person: ssh.Person, count: int) -> None:
    for _ in range(count):
        person.press("q", timed=False)
        await person.wait_for("Leave this table")
        person.press("y", timed=False)
        await person.wait_for("you are")
        person.press("\r", timed=False)  # back to the seat held for them
        await person.wait_until_gone("you are")
        if "Who starts?" in person.text():
            person.press("\r", timed=False)
            await person.wait_until_gone("Who starts?")


async def games(people: list[ssh.Person], count: int) -> None:
    for _ in range(count):
        await asyncio.gather(*(ssh.play(person) for person in people))
        for person in people:
            await person.wait_for("Rematch")
            person.press("r", timed=False)
        for person in people:
            await person.wait_for("Who starts?")


async def measure(
    dialog_count: int = DIALOGS, trip_count: int = TRIPS, game_count: int = GAMES
) -> dict[str, float]:
    """The server's RSS (MiB) at the start and the end, and its growth over each part."""
    ssh.THINK_SECONDS = 0.0  # a scripted player: as fast as the screens come
    with tempfile.TemporaryDirectory() as home:
        server, port = ssh.start_server(home)
        try:
            (host_conn, host), (guest_conn, guest) = await ssh.open_table(port, 0)
            await host.settle()
            start = ssh.rss_kib(server.pid)
            await dialogs(host, 50)  # warm-up: caches fill once
            warm = ssh.rss_kib(server.pid)
            await dialogs(host, dialog_count)
            after_dialogs = ssh.rss_kib(server.pid)
            lobby_conn, lobbyist = await ssh.connect(port, "warmup1")
            await lobbyist.wait_for("lobby")
            await forms(lobbyist, 50)
            warm_forms = ssh.rss_kib(server.pid)
            await forms(lobbyist, dialog_count)
            after_forms = ssh.rss_kib(server.pid)
            lobby_conn.close()
            await round_trips(host, 10)
            warm_trips = ssh.rss_kib(server.pid)
            await round_trips(host, trip_count)
            after_trips = ssh.rss_kib(server.pid)
            await games([host, guest], 2)
            warm_games = ssh.rss_kib(server.pid)
            await games([host, guest], game_count)
            after_games = ssh.rss_kib(server.pid)
            host_conn.close()
            guest_conn.close()
        except BaseException:
            # Stuck? The server's stacks go to its log (BENCH_SERVER_LOG) before it stops.
            os.kill(server.pid, signal.SIGUSR1)
            await asyncio.sleep(1)
            raise
        finally:
            server.terminate()
            server.wait(30)
    return {
        "start": mib(start),
        "dialogs": mib(after_dialogs - warm),
        "forms": mib(after_forms - warm_forms),
        "trips": mib(after_trips - warm_trips),
        "games": mib(after_games - warm_games),
        "end": mib(after_games),
    }


def run() -> list[Row]:
    figures = asyncio.run(measure())
    return [
        ("server RSS, two players at a table", f"{figures['start']:.0f} MiB", "after connecting"),
        (
            f"growth over {DIALOGS} dialog open/close cycles",
            f"{figures['dialogs']:+.1f} MiB",
            "after 50 to warm up; target < 5 MiB",
        ),
        (
            f"growth over {DIALOGS} New table forms opened and closed",
            f"{figures['forms']:+.1f} MiB",
            "in the lobby (c, ctrl+g), after 50 to warm up; target < 5 MiB",
        ),
        (
            f"growth over {TRIPS} lobby-table round trips",
            f"{figures['trips']:+.1f} MiB",
            "after 10 to warm up; target < 5 MiB",
        ),
        (
            f"growth over {GAMES} whole games",
            f"{figures['games']:+.1f} MiB",
            "after 2 to warm up; target < 5 MiB",
        ),
        ("server RSS at the end", f"{figures['end']:.0f} MiB", ""),
    ]


if __name__ == "__main__":
    from benchmarks.__main__ import format_table

    print(format_table(run()))
