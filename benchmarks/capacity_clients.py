"""The capacity bench's players, in processes of their own (``bench_capacity``).

Each client process holds some of the tables: it seats those it is given, then plays every
table it holds game after game when told, and reports the keys of the measured window and
its own CPU over it; then it stops, to be given more tables (the next size) and play again. The
server is another process again: what the clients spend reading screens (pyte, SSH) is
counted apart from the server's CPU, and spread over processes it delays the readings of
no single one.

Seating is one table at a time across every process (a lock): the host creates its table
and the guest takes the last one listed (``ctrl+end``, the lobby lists tables in the order
made), so no guest counts rows that another process is adding. People connect just before
their table is made (``AT_ONCE`` tables a process), so few wait in the lobby, redrawn at
each table made.

The coordinator speaks with each process over a pipe: ``("seat", indices)`` is answered
with ``("seated", people held)`` (or ``("failed", why)``); ``("play",)``, ``"start"`` (the
window opens) and ``"stop"`` with a :class:`Window`; ``("quit",)`` ends the process.
"""

from __future__ import annotations

import asyncio
import re
import time
import traceback
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

import asyncssh

from benchmarks import ssh_people as ssh

LAST_ROW = "\x1b[1;5F"
"""ctrl+end: the lobby's cursor to its last table."""
CONNECT_TRIES = 3
WAIT_SECONDS = 600.0
"""How long a step of seating may take on a loaded machine (each is seconds when quiet)."""
AT_ONCE = 1
"""Tables a client process gets ready at once (connected, the form filled) while another
is made."""


@dataclass
class Window:
    """What one client process saw over the measured window."""

    latencies: list[float]
    """Key-to-screen seconds of every key pressed in the window."""
    cpu: float
    """The process's own CPU seconds over the window."""
    wall: float
    stopped: list[str]
    """Why each person who stopped playing before the window ended stopped."""
    received: int
    """Characters of screen the people received over the window."""


async def _shows(person: ssh.Person, name: str, seconds: float) -> bool:
    pattern = re.compile(rf"(?<![\w]){re.escape(name)}(?!\w)")
    return await person.shows(lambda text: pattern.search(text) is not None, seconds, poll=0.5)


async def _connect(port: int, name: str) -> tuple[asyncssh.SSHClientConnection, ssh.Person]:
    """``ssh.connect``, tried again when the server closed the connection before the login
    was through (its login grace, on a machine too loaded to finish it in time)."""
    for attempt in range(CONNECT_TRIES):
        try:
            return await ssh.connect(port, name)
        except (OSError, asyncssh.Error):
            if attempt == CONNECT_TRIES - 1:
                raise
            await asyncio.sleep(1.0)
    raise AssertionError("unreachable")


async def seat(
    port: int, index: int, lock: Any
) -> list[tuple[asyncssh.SSHClientConnection, ssh.Person]]:
    """host<index> and guest<index> connect and the host fills in the New table form; then,
    in turn with every other table (``lock``, a multiprocessing lock), the host makes
    t<index> and the guest sits at it, the last table listed."""
    (host_conn, host), (guest_conn, guest) = await asyncio.gather(
        _connect(port, f"host{index}"), _connect(port, f"guest{index}")
    )
    await asyncio.gather(
        host.wait_for("lobby", WAIT_SECONDS), guest.wait_for("you are", WAIT_SECONDS)
    )
    name = f"t{index}"
    host.press("c", timed=False)
    await host.wait_for("New table", WAIT_SECONDS)
    host.press(name, timed=False)
    while not lock.acquire(block=False):  # polled: a task cancelled here holds nothing
        await asyncio.sleep(0.05)
    try:
        host.press("\r", timed=False)
        await host.wait_for("Waiting", WAIT_SECONDS)
        for _ in range(60):  # until the guest's lobby lists the table, at its cursor
            guest.press(LAST_ROW, timed=False)
            if await _shows(guest, name, 1.0):
                break
        guest.press(LAST_ROW + "\r", timed=False)  # listed now: the last row is the table
        await guest.wait_until_gone("you are", WAIT_SECONDS)  # seated: the lobby is gone
    finally:
        lock.release()
    await asyncio.gather(
        host.wait_for("Who starts?", WAIT_SECONDS), guest.wait_for("Who starts?", WAIT_SECONDS)
    )
    return [(host_conn, host), (guest_conn, guest)]


async def seat_all(
    port: int, indices: list[int], lock: Any
) -> list[tuple[asyncssh.SSHClientConnection, ssh.Person]]:
    """Seat the tables ``indices``, ``AT_ONCE`` of them getting ready at a time."""
    room = asyncio.Semaphore(AT_ONCE)

    async def one(index: int) -> list[tuple[asyncssh.SSHClientConnection, ssh.Person]]:
        async with room:
            return await seat(port, index, lock)

    pairs = await asyncio.gather(*(one(index) for index in indices))
    return [person for pair in pairs for person in pair]


def _stopped(people: list[ssh.Person], players: list[asyncio.Task[None]]) -> list[str]:
    return [
        f"{person.name}: {task.exception()!r}"
        for person, task in zip(people, players, strict=True)
        if task.done() and not task.cancelled() and task.exception() is not None
    ]


async def _window(people: list[ssh.Person], pipe: Connection, think: float) -> Window:
    """Play from "play" (everyone, game after game) to "stop"; what "start" to "stop" saw."""
    done = asyncio.Event()
    players = [asyncio.create_task(ssh.keep_playing(person, done, think)) for person in people]
    await asyncio.to_thread(pipe.recv)  # "start"
    seen = [len(person.latencies) for person in people]
    received = sum(person.received for person in people)
    cpu, start = time.process_time(), time.perf_counter()
    await asyncio.to_thread(pipe.recv)  # "stop"
    window = Window(
        [
            latency
            for person, first in zip(people, seen, strict=True)
            for latency in person.latencies[first:]
        ],
        time.process_time() - cpu,
        time.perf_counter() - start,
        _stopped(people, players),
        sum(person.received for person in people) - received,
    )
    done.set()
    for task in players:  # everyone stops where they are, to play on at the next "play"
        task.cancel()
    await asyncio.gather(*players, return_exceptions=True)
    for person in people:
        person.pressed_at = None
    return window


async def _serve(port: int, lock: Any, pipe: Connection, think: float) -> None:
    seated: list[tuple[asyncssh.SSHClientConnection, ssh.Person]] = []
    try:
        while True:
            command, *more = await asyncio.to_thread(pipe.recv)
            if command == "seat":
                try:
                    seated += await seat_all(port, more[0], lock)
                except Exception:
                    pipe.send(("failed", traceback.format_exc()))
                    return
                pipe.send(("seated", len(seated)))
            elif command == "play":
                pipe.send(await _window([person for _conn, person in seated], pipe, think))
            else:  # "quit"
                return
    finally:
        for conn, _person in seated:
            conn.close()


def main(port: int, lock: Any, pipe: Connection, think: float) -> None:
    """A client process: seats tables and plays them as told (see the module's docstring)."""
    asyncio.run(_serve(port, lock, pipe, think))
