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
import time
from collections.abc import Callable, Coroutine
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


async def in_band_resize(port: int, stop: asyncio.Event) -> int:
    conn, person = await _session(port)
    person.reading = False  # it only sends
    sent = 0
    with contextlib.suppress(OSError, asyncssh.Error):
        while not stop.is_set() and not person.chan.is_closing():
            size = 1000 if sent % 2 else 999
            person.chan.write(f"\x1b[48;{size};{size};{size * 10};{size * 20}t")
            sent += 1
            await asyncio.sleep(0.5)
    conn.close()
    return sent


async def channel_churn(port: int, stop: asyncio.Event) -> int:
    conn, _person = await _session(port)
    opened = 0
    with contextlib.suppress(OSError, asyncssh.Error):
        while not stop.is_set() and not conn.is_closed():
            person = ssh.Person("churner")
            chan, _ = await conn.create_session(
                lambda person=person: person,  # type: ignore[misc]
                term_type="xterm-256color",
                term_size=(80, 24),
            )
            person.chan = chan
            opened += 1
            await asyncio.sleep(0.05)
    conn.close()
    return opened


async def window_flood(port: int, stop: asyncio.Event) -> int:
    conn, person = await _session(port)
    person.reading = False  # it only sends
    changes, width = 0, 80
    with contextlib.suppress(OSError, asyncssh.Error):
        while not stop.is_set() and not person.chan.is_closing():
            for _ in range(5):
                width = 80 + (width - 79) % 120
                person.chan.change_terminal_size(width, 24 + width % 20)
                changes += 1
            await asyncio.sleep(0.01)
    conn.close()
    return changes


async def _until(person: ssh.Person, check: Callable[[str], bool], seconds: float = 3.0) -> bool:
    deadline = time.perf_counter() + seconds
    while not check(person.text()):
        if time.perf_counter() > deadline:
            return False
        person.changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(person.changed.wait(), 0.5)
    return True


async def chat_spam(port: int, stop: asyncio.Event) -> int:
    conn, person = await _session(port)
    person.press("w", timed=False)  # watch the first table
    await person.wait_for("Watching")
    said = 0
    with contextlib.suppress(OSError, asyncssh.Error):
        while not stop.is_set() and not person.chan.is_closing():
            person.press("t", timed=False)
            if await _until(person, lambda text: TALK_PROMPT in text):
                person.press(f"spam {said}\r", timed=False)
                said += 1
                await _until(person, lambda text: TALK_PROMPT not in text)
    conn.close()
    return said


async def join_leave(port: int, stop: asyncio.Event) -> int:
    conn, person = await _session(port)
    joins = 0
    with contextlib.suppress(OSError, asyncssh.Error):
        while not stop.is_set() and not person.chan.is_closing():
            person.press("w", timed=False)
            if await _until(person, lambda text: "Watching" in text, 1.0):
                joins += 1
                person.press("q", timed=False)
                await _until(person, lambda text: "Leave this table" in text)
                person.press("y", timed=False)
                await _until(person, lambda text: "you are" in text)
            else:  # refused: tried again at once, as an attacker would
                await asyncio.sleep(0.05)
    conn.close()
    return joins


async def table_spam(port: int, stop: asyncio.Event) -> int:
    conn, person = await _session(port)
    made = 0
    with contextlib.suppress(OSError, asyncssh.Error):
        while not stop.is_set() and not person.chan.is_closing():
            person.press("c", timed=False)
            if not await _until(person, lambda text: "New table" in text):
                continue
            person.press("\r", timed=False)
            if await _until(person, lambda text: "Waiting" in text, 1.0):
                made += 1
                person.press("x", timed=False)  # leave: the empty table closes
                await _until(person, lambda text: "Waiting" not in text)
            else:  # refused with a sentence, back in the lobby
                await asyncio.sleep(0.05)
    conn.close()
    return made


ATTACKS: list[tuple[str, Attack]] = [
    ("in-band resize", in_band_resize),
    ("channel churn", channel_churn),
    ("window-change flood", window_flood),
    ("chat spam", chat_spam),
    ("join/leave loop", join_leave),
    ("table spam", table_spam),
]
