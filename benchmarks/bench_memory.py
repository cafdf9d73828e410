"""Memory over one SSH connection: 1,000 open/close cycles of every dialog and screen a
visitor opens at a table (help, the leave question, the talk line, the command palette), in
the lobby (the New table form: c, then ctrl+g; the ratings; the palette) and at a finished
game (its review, and the replay from the review), 100 lobby-table round trips and 20 whole
games (each with its who-starts box and game-over box), against a real ``cantstop serve``;
the server's resident memory after a warm-up and after each part (target: growth under
5 MB). What each cycle keeps, by live objects: ``python -m benchmarks.dialog_keeps``.

    python -m benchmarks memory      (also run by make bench-ssh)

BENCH_MEMORY_DIALOGS (cycles, 1000), BENCH_MEMORY_TRIPS (100), BENCH_MEMORY_GAMES (20; 0
skips a part), BENCH_MEMORY_WHERE (``table,lobby,over``: the dialogs' parts to run),
BENCH_MEMORY_ONLY (dialogs' names, comma-separated: only those of the parts run, e.g.
``Command palette (table),Replay (from the review)``; all by default).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import tempfile
import time
from collections.abc import Awaitable
from dataclasses import dataclass

from benchmarks import Row, children
from benchmarks import bench_ssh as ssh

CYCLES = int(os.environ.get("BENCH_MEMORY_DIALOGS", "1000"))
TRIPS = int(os.environ.get("BENCH_MEMORY_TRIPS", "100"))
GAMES = int(os.environ.get("BENCH_MEMORY_GAMES", "20"))
WHERE = os.environ.get("BENCH_MEMORY_WHERE", "table,lobby,over").split(",")
"""Which dialogs' parts run (at a table, in the lobby, at a finished game): each part's
figures stand alone (its own warm-up), so parts may run in separate servers."""
ONLY = [name for name in os.environ.get("BENCH_MEMORY_ONLY", "").split(",") if name]
"""The dialogs measured, by name (all when empty): at this machine's load a cycle takes
seconds, so a run may measure only the lines it lacks."""
CHECKPOINT = 100
"""Cycles between the growth figures printed as a run goes."""
WARM_UP = min(50, CYCLES)
"""Cycles of each dialog before its measure: caches fill once."""
REVIEW_DEADLINE = 1200.0
"""Seconds the first review may take: a game's analysis at a low priority, on a machine
that may be busy."""
TARGET_MIB = 5.0
"""Growth allowed over each part after its warm-up (issue 31)."""
SERVER_OPTIONS = ("--moves-per-minute", str(10**6), "--idle-timeout", str(24 * 3600))
"""Watching a table and leaving it, or making one and leaving it, a thousand times: far more
often than the server lets one person sit, watch or leave (its budget per person, 20 a
minute); a cycle measured is not one refused. The players at the table sit idle while the
lobby's dialogs run, for hours on a busy machine: with the server's hour before an idle
session closes, the watched table closed after 700 watches (27 Nov); a day here."""


@dataclass(frozen=True)
class Dialog:
    name: str
    opens: str
    """The key that opens it."""
    shows: str
    """Text on the screen while it is open (and only then)."""
    closes: str
    asks: str = ""
    """A question ``closes`` asks first (a spectator's "Leave this table"), then ``answer``."""
    answer: str = ""
    form: str = ""
    """A form ``opens`` shows first (the New table form), then ``fills`` sends it."""
    fills: str = ""


CLICK_NOTICE = "\x1b[<0;50;21M\x1b[<0;50;21m"
"""A mouse click (SGR) at column 50 of row 21: on a notice (a toast, bottom right), which
a click takes away; else it stays 5 s."""
LOBBY_DIALOGS = (
    FORM := Dialog("New table form", "c", "New table", "\x07"),  # ctrl+g
    Dialog("Ratings", "b", "Leaderboard", "\x1b"),
    Dialog("Command palette (lobby)", "\x10", "Search for commands", "\x1b"),  # ctrl+p
    WATCH := Dialog("Watching a table (lobby)", "w", "You are watching", "q",
                    asks="Leave this table", answer="y"),
    MADE_AND_LEFT := Dialog("Table made and left (lobby)", "c", "Waiting at", "x",
                            form="New table", fills="\r"),
)
"""Every dialog and screen a visitor opens in the lobby (``c``, ``b``, ctrl+p; ``w``
watches the table under the cursor and ``q`` leaves it; ``c`` then Enter makes a table,
``x`` leaves it while it waits; ``j`` goes back to a seat: the round trips)."""
TABLE_DIALOGS = (
    Dialog("Help", "?", "Can't Stop in brief", "\x1b"),
    Dialog("Leave question", "q", "Leave this table", "n"),
    Dialog("Talk line", "t", "say something: Enter sends", "\r"),  # an empty line cancels
    Dialog("Command palette (table)", "\x10", "Search for commands", "\x1b"),
    # ctrl+s: no saving at a server's table, a notice says so (n for a new game likewise)
    NOTICE := Dialog("Notice (table: ctrl+s)", "\x13", "records are kept by", CLICK_NOTICE),
)
"""Every dialog a player opens at a table during a game."""
REVIEW = Dialog("Review (finished game)", "v", "Win chance at each turn's start", "\x1b")
# (its graph's title: shown once the review is worked out, at the top of any terminal)
REPLAY = Dialog("Replay (from the review)", "\r", "Forward", "\x1b")  # its key bar
OVER_TALK = Dialog("Talk line (game-over box)", "t", "say something: Enter sends", "\r")
"""The screens a player opens once a game is over: its review (``v`` at the game-over box;
worked out once, then remembered), from the review the replay at a decision, and the talk
line over the game-over box."""
OVER_DIALOGS = (REVIEW, REPLAY, OVER_TALK)
ALL_DIALOGS = (*TABLE_DIALOGS, *LOBBY_DIALOGS, *OVER_DIALOGS)
"""The screens a visitor opens over SSH that are not the lobby, the game, the who-starts
box and the game-over box (those come and go with the round trips and the games) or the
name question (once a visit)."""


def chosen(dialogs: tuple[Dialog, ...]) -> tuple[Dialog, ...]:
    """The ``dialogs`` that ``BENCH_MEMORY_ONLY`` names (all of them when it names none)."""
    return tuple(dialog for dialog in dialogs if not ONLY or dialog.name in ONLY)


def mib(kib: int) -> float:
    return kib / 1024


async def cycle(person: ssh.Person, dialog: Dialog, count: int) -> None:
    for _ in range(count):
        person.press(dialog.opens, timed=False)
        if dialog.form:
            await person.wait_for(dialog.form)
            person.press(dialog.fills, timed=False)
        await person.wait_for(dialog.shows)
        person.press(dialog.closes, timed=False)
        if dialog.asks:
            await person.wait_for(dialog.asks)
            person.press(dialog.answer, timed=False)
        await person.wait_until_gone(dialog.shows)


async def dialog_growth(
    person: ssh.Person, dialogs: tuple[Dialog, ...], count: int, pid: int
) -> dict[str, float]:
    """Each dialog's growth of the server's RSS (MiB) over ``count`` cycles, after a warm-up."""
    grown = {}
    for dialog in dialogs:
        await cycle(person, dialog, WARM_UP)
        warm = ssh.rss_kib(pid)
        cpu = ssh.cpu_seconds(pid)
        done = 0
        while done < count:
            # A long run (hours at 1,000 cycles on a loaded machine) says as it goes, so a
            # run stopped early still has its figure at the cycles it reached.
            step = min(CHECKPOINT, count - done)
            await cycle(person, dialog, step)
            done += step
            now = ssh.rss_kib(pid)
            grown[dialog.name] = mib(now - warm)
            print(f"{dialog.name}: {grown[dialog.name]:+.1f} MiB over {done} "
                  f"(RSS {mib(warm):.1f} -> {mib(now):.1f} MiB; "
                  f"server {(ssh.cpu_seconds(pid) - cpu) / done:.2f} CPU s a cycle)",
                  file=sys.stderr, flush=True)
    return grown


async def first_review(person: ssh.Person) -> None:
    """Open and close the finished game's review once: worked out once (minutes on a loaded
    machine), then remembered."""
    person.press(REVIEW.opens, timed=False)
    deadline = time.monotonic() + REVIEW_DEADLINE
    while REVIEW.shows not in person.text():
        if time.monotonic() > deadline:
            raise RuntimeError(f"the review never showed:\n{person.text()}")
        await asyncio.sleep(1)
    person.press(REVIEW.closes, timed=False)
    await person.wait_until_gone(REVIEW.shows)


async def over_growth(person: ssh.Person, count: int, pid: int) -> dict[str, float]:
    """At a finished game's box: the review's growth over ``count`` cycles, then the
    replay's (opened from a review kept open), then the talk line's, after a warm-up each
    (the review is worked out only if the review or the replay is measured)."""
    grown: dict[str, float] = {}
    if chosen((REVIEW, REPLAY)):
        await first_review(person)
        grown |= await dialog_growth(person, chosen((REVIEW,)), count, pid)
        person.press(REVIEW.opens, timed=False)
        await person.wait_for(REVIEW.shows)
        grown |= await dialog_growth(person, chosen((REPLAY,)), count, pid)
        person.press(REVIEW.closes, timed=False)
        await person.wait_until_gone(REVIEW.shows)
    return grown | await dialog_growth(person, chosen((OVER_TALK,)), count, pid)


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


async def part(warm_up: Awaitable[None], measured: Awaitable[None], pid: int) -> float:
    """The growth of the server's RSS (MiB) over ``measured``, after ``warm_up``."""
    await warm_up
    warm = ssh.rss_kib(pid)
    await measured
    return mib(ssh.rss_kib(pid) - warm)


async def measure(
    dialog_count: int = CYCLES, trip_count: int = TRIPS, game_count: int = GAMES
) -> dict[str, float]:
    """The server's RSS (MiB) at the start and the end, and its growth over each part: each
    dialog (by name), ``trips`` and ``games``."""
    ssh.THINK_SECONDS = 0.0  # a scripted player: as fast as the screens come
    with tempfile.TemporaryDirectory() as home:
        server, port = ssh.start_server(home, *SERVER_OPTIONS)
        try:
            (host_conn, host), (guest_conn, guest) = await ssh.open_table(port, 0)
            # The game has begun (both answered "Who starts?"): a dialog opened over the
            # box before then is not the one measured.
            await host.wait_until_gone("Who starts?")
            await host.settle()
            start = ssh.rss_kib(server.pid)
            grown: dict[str, float] = {}
            if "table" in WHERE:
                grown |= await dialog_growth(
                    host, chosen(TABLE_DIALOGS), dialog_count, server.pid
                )
            if "lobby" in WHERE:
                lobby_conn, lobbyist = await ssh.connect(port, "warmup1")
                await lobbyist.wait_for("lobby")
                grown |= await dialog_growth(
                    lobbyist, chosen(LOBBY_DIALOGS), dialog_count, server.pid
                )
                lobby_conn.close()
            if trip_count:
                grown["trips"] = await part(
                    round_trips(host, 10), round_trips(host, trip_count), server.pid
                )
            if game_count:
                grown["games"] = await part(
                    games([host, guest], 2), games([host, guest], game_count), server.pid
                )
            if "over" in WHERE:
                await asyncio.gather(*(ssh.play(person) for person in (host, guest)))
                await host.wait_for("Rematch")
                grown |= await over_growth(host, dialog_count, server.pid)
            end = ssh.rss_kib(server.pid)
            host_conn.close()
            guest_conn.close()
        except BaseException:
            # Stuck? The server's stacks go to its log (BENCH_SERVER_LOG) before it stops.
            os.kill(server.pid, signal.SIGUSR1)
            await asyncio.sleep(1)
            raise
        finally:
            children.end_tree(server, grace=30)
    return {"start": mib(start), **grown, "end": mib(end)}


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
            for where, dialogs in (
                ("at a table", TABLE_DIALOGS),
                ("in the lobby", LOBBY_DIALOGS),
                ("at a finished game", OVER_DIALOGS),
            )
            for dialog in dialogs
            if dialog.name in figures  # BENCH_MEMORY_WHERE: not every part
        ),
        *(
            (f"growth over {count} {what}", f"{figures[key]:+.1f} MiB",
             f"after {warm} to warm up; target < {TARGET_MIB:.0f} MiB")
            for key, count, what, warm in (
                ("trips", TRIPS, "lobby-table round trips", 10),
                ("games", GAMES, "whole games", 2),
            )
            if key in figures  # BENCH_MEMORY_TRIPS=0 or BENCH_MEMORY_GAMES=0: not measured
        ),
        ("server RSS at the end", f"{figures['end']:.0f} MiB", ""),
    ]


if __name__ == "__main__":
    from benchmarks.__main__ import format_table
    from benchmarks.children import end_on_sigterm

    end_on_sigterm()

    print(format_table(run()))
