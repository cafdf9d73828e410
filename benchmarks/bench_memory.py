"""Memory over one SSH connection: 1,000 open/close cycles of every dialog a visitor opens
at a table (help, the leave question, the talk line, the command palette) and in the lobby
(the New table form: c, then ctrl+g; the ratings; the palette), 100 lobby-table round trips
and 20 whole games, against a real ``cantstop serve``; the server's resident memory after a
warm-up and after each part (target: growth under 5 MB).

    python -m benchmarks memory      (also run by make bench-ssh)
"""

from __future__ import annotations

import asyncio
import os
import signal
import tempfile
from dataclasses import dataclass

from benchmarks import Row
from benchmarks import bench_ssh as ssh

CYCLES = int(os.environ.get("BENCH_MEMORY_DIALOGS", "1000"))
TRIPS = int(os.environ.get("BENCH_MEMORY_TRIPS", "100"))
GAMES = int(os.environ.get("BENCH_MEMORY_GAMES", "20"))
WARM_UP = 50
"""Cycles of each dialog before its measure: caches fill once."""
TARGET_MIB = 5.0
"""Growth allowed over each part after its warm-up (issue 31)."""


@dataclass(frozen=True)
class Dialog:
    name: str
    opens: str
    """The key that opens it."""
    shows: str
    """Text on the screen while it is open (and only then)."""
    closes: str


LOBBY_DIALOGS = (
    Dialog("New table form", "c", "New table", "\x07"),  # ctrl+g
    Dialog("Ratings", "b", "Leaderboard", "\x1b"),
    Dialog("Command palette (lobby)", "\x10", "Search for commands", "\x1b"),  # ctrl+p
)
"""Every dialog and screen a visitor opens in the lobby (``c``, ``b``, ctrl+p; ``j`` and
``w`` go to a table: the round trips)."""
TABLE_DIALOGS = (
    Dialog("Help", "?", "Can't Stop in brief", "\x1b"),
    Dialog("Leave question", "q", "Leave this table", "n"),
    Dialog("Talk line", "t", "say something to the table", "\r"),  # an empty line cancels
    Dialog("Command palette (table)", "\x10", "Search for commands", "\x1b"),
)
"""Every dialog a player opens at a table during a game (the review, ``v``, once it is over:
the games part opens none)."""


def mib(kib: int) -> float:
    return kib / 1024


async def cycle(person: ssh.Person, dialog: Dialog, count: int) -> None:
    for _ in range(count):
        person.press(dialog.opens, timed=False)
        await person.wait_for(dialog.shows)
        person.press(dialog.closes, timed=False)
        await person.wait_until_gone(dialog.shows)


async def dialog_growth(
    person: ssh.Person, dialogs: tuple[Dialog, ...], count: int, pid: int
) -> dict[str, float]:
    """Each dialog's growth of the server's RSS (MiB) over ``count`` cycles, after a warm-up."""
    grown = {}
    for dialog in dialogs:
        await cycle(person, dialog, WARM_UP)
        warm = ssh.rss_kib(pid)
        await cycle(person, dialog, count)
        grown[dialog.name] = mib(ssh.rss_kib(pid) - warm)
    return grown


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
    dialog_count: int = CYCLES, trip_count: int = TRIPS, game_count: int = GAMES
) -> dict[str, float]:
    """The server's RSS (MiB) at the start and the end, and its growth over each part: each
    dialog (by name; ``dialogs`` and ``forms`` are the worst at a table and in the lobby)."""
    ssh.THINK_SECONDS = 0.0  # a scripted player: as fast as the screens come
    with tempfile.TemporaryDirectory() as home:
        server, port = ssh.start_server(home)
        try:
            (host_conn, host), (guest_conn, guest) = await ssh.open_table(port, 0)
            await host.settle()
            start = ssh.rss_kib(server.pid)
            at_table = await dialog_growth(host, TABLE_DIALOGS, dialog_count, server.pid)
            lobby_conn, lobbyist = await ssh.connect(port, "warmup1")
            await lobbyist.wait_for("lobby")
            in_lobby = await dialog_growth(lobbyist, LOBBY_DIALOGS, dialog_count, server.pid)
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
        **at_table,
        **in_lobby,
        "dialogs": max(at_table.values()),
        "forms": max(in_lobby.values()),
        "trips": mib(after_trips - warm_trips),
        "games": mib(after_games - warm_games),
        "end": mib(after_games),
    }


def run() -> list[Row]:
    figures = asyncio.run(measure())
    target = f"after {WARM_UP} to warm up; target < {TARGET_MIB:.0f} MiB"
    return [
        ("server RSS, two players at a table", f"{figures['start']:.0f} MiB", "after connecting"),
        *(
            (
                f"growth over {CYCLES} {dialog.name} opened and closed",
                f"{figures[dialog.name]:+.1f} MiB",
                f"{where}; {target}",
            )
            for where, dialogs in (("at a table", TABLE_DIALOGS), ("in the lobby", LOBBY_DIALOGS))
            for dialog in dialogs
        ),
        (
            f"growth over {TRIPS} lobby-table round trips",
            f"{figures['trips']:+.1f} MiB",
            f"after 10 to warm up; target < {TARGET_MIB:.0f} MiB",
        ),
        (
            f"growth over {GAMES} whole games",
            f"{figures['games']:+.1f} MiB",
            f"after 2 to warm up; target < {TARGET_MIB:.0f} MiB",
        ),
        ("server RSS at the end", f"{figures['end']:.0f} MiB", ""),
    ]


if __name__ == "__main__":
    from benchmarks.__main__ import format_table

    print(format_table(run()))
