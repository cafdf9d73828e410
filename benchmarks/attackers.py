"""The attackers of issue 28, for ``bench_attacks``: each, given the server's port and a stop
event, attacks from a loopback address of its own until told to stop, and returns how many
times it did its thing (sessions, changes, lines...).

* in-band resize: a session types terminal size reports (``ESC [ 48 ; 1000 ; 1000 ; ... t``)
  of a huge size, alternating, twice a second;
* channel churn: one connection opens a new terminal session again and again;
* window-change flood: a session changes its window size 500 times a second;
* chat spam: a spectator says a line as fast as the talk box opens;
* join/leave loop: watch a table, back to the lobby, again;
* table spam: create a table, leave it (it closes), again.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import asyncssh

from benchmarks import ssh_people as ssh

TALK_PROMPT = "say something"

Attack = Callable[[int, asyncio.Event], Coroutine[Any, Any, int]]
"""An attacker: given the server's port and a stop event, it attacks until told to stop
and returns how many times it did its thing."""


ATTACKERS = itertools.count()
"""Each attacker's number: its name and its address (127.0.4.N), so that each attack is
met by the server afresh, not slowed by the penalties an earlier attacker earned."""


async def _session(port: int) -> tuple[asyncssh.SSHClientConnection, ssh.Person]:
    conn, person = await ssh.connect(port, f"attacker{next(ATTACKERS)}")
    await person.wait_for("lobby")
    return conn, person


Round = Callable[[asyncssh.SSHClientConnection, ssh.Person], Awaitable[int]]
"""One round of an attack on its connection and session: how many times it did its thing."""


def _session_open(conn: asyncssh.SSHClientConnection, person: ssh.Person) -> bool:
    return not person.chan.is_closing()


def _connection_open(conn: asyncssh.SSHClientConnection, person: ssh.Person) -> bool:
    return not conn.is_closed()


async def _repeat(
    port: int,
    stop: asyncio.Event,
    round_: Round,
    *,
    reading: bool = True,
    first: Callable[[ssh.Person], Awaitable[None]] | None = None,
    open_: Callable[[asyncssh.SSHClientConnection, ssh.Person], bool] = _session_open,
) -> int:
    """An attacker's life: a session of its own (``reading`` the screen, or only sending;
    ``first`` readies it), then ``round_`` again and again until told to stop or shut out
    (``open_`` says whether it still may go on). Returns the rounds' sum."""
    conn, person = await _session(port)
    person.reading = reading
    if first is not None:
        await first(person)
    done = 0
    with contextlib.suppress(OSError, asyncssh.Error):
        while not stop.is_set() and open_(conn, person):
            done += await round_(conn, person)
    conn.close()
    return done


async def in_band_resize(port: int, stop: asyncio.Event) -> int:
    sizes = itertools.cycle((999, 1000))

    async def resize(_conn: asyncssh.SSHClientConnection, person: ssh.Person) -> int:
        size = next(sizes)
        person.chan.write(f"\x1b[48;{size};{size};{size * 10};{size * 20}t")
        await asyncio.sleep(0.5)
        return 1

    return await _repeat(port, stop, resize, reading=False)  # it only sends


async def channel_churn(port: int, stop: asyncio.Event) -> int:
    async def open_one(conn: asyncssh.SSHClientConnection, _person: ssh.Person) -> int:
        person = ssh.Person("churner")
        chan, _ = await conn.create_session(
            lambda: person, term_type="xterm-256color", term_size=(80, 24)
        )
        person.chan = chan
        await asyncio.sleep(0.05)
        return 1

    return await _repeat(port, stop, open_one, open_=_connection_open)


async def window_flood(port: int, stop: asyncio.Event) -> int:
    widths = itertools.cycle([*range(81, 200), 80])

    async def change(_conn: asyncssh.SSHClientConnection, person: ssh.Person) -> int:
        for width in itertools.islice(widths, 5):
            person.chan.change_terminal_size(width, 24 + width % 20)
        await asyncio.sleep(0.01)
        return 5

    return await _repeat(port, stop, change, reading=False)  # it only sends


async def _until(person: ssh.Person, check: Callable[[str], bool], seconds: float = 3.0) -> bool:
    return await person.shows(check, seconds, poll=0.5)


async def chat_spam(port: int, stop: asyncio.Event) -> int:
    said = itertools.count()

    async def watch(person: ssh.Person) -> None:
        person.press("w", timed=False)  # watch the first table
        await person.wait_for("Watching")

    async def say(_conn: asyncssh.SSHClientConnection, person: ssh.Person) -> int:
        person.press("t", timed=False)
        if not await _until(person, lambda text: TALK_PROMPT in text):
            return 0
        person.press(f"spam {next(said)}\r", timed=False)
        await _until(person, lambda text: TALK_PROMPT not in text)
        return 1

    return await _repeat(port, stop, say, first=watch)


async def join_leave(port: int, stop: asyncio.Event) -> int:
    async def join(_conn: asyncssh.SSHClientConnection, person: ssh.Person) -> int:
        person.press("w", timed=False)
        if not await _until(person, lambda text: "Watching" in text, 1.0):
            await asyncio.sleep(0.05)  # refused: tried again at once, as an attacker would
            return 0
        person.press("q", timed=False)
        await _until(person, lambda text: "Leave this table" in text)
        person.press("y", timed=False)
        await _until(person, lambda text: "you are" in text)
        return 1

    return await _repeat(port, stop, join)


async def table_spam(port: int, stop: asyncio.Event) -> int:
    async def make(_conn: asyncssh.SSHClientConnection, person: ssh.Person) -> int:
        person.press("c", timed=False)
        if not await _until(person, lambda text: "New table" in text):
            return 0
        person.press("\r", timed=False)
        if not await _until(person, lambda text: "Waiting" in text, 1.0):
            await asyncio.sleep(0.05)  # refused with a sentence, back in the lobby
            return 0
        person.press("x", timed=False)  # leave: the empty table closes
        await _until(person, lambda text: "Waiting" not in text)
        return 1

    return await _repeat(port, stop, make)


ATTACKS: list[tuple[str, Attack]] = [
    ("in-band resize", in_band_resize),
    ("channel churn", channel_churn),
    ("window-change flood", window_flood),
    ("chat spam", chat_spam),
    ("join/leave loop", join_leave),
    ("table spam", table_spam),
]
