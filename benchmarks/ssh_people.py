"""The scripted people of the SSH benchmarks: each an SSH client from a loopback address of
their own, reading their screen with pyte as a person would, and playing by keys (press
``1`` when a choice is asked, ``s`` after two moves, otherwise ``r``). Latency is from
writing a key to the first bytes of the redraw it causes."""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import asyncssh
import pyte

QUIET_SECONDS = 0.04  # the screen is read once output has paused this long
GAME_DEADLINE = 600.0
THINK_SECONDS = 0.5
"""A person's pause before each key."""


@dataclass
class Person(asyncssh.SSHClientSession):  # type: ignore[misc]
    name: str
    screen: pyte.Screen = field(default_factory=lambda: pyte.Screen(80, 24))
    latencies: list[float] = field(default_factory=list)
    chan: Any = None
    last_data: float = 0.0
    pressed_at: float | None = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    reading: bool = True
    """Whether the screen is kept (an attacker that no longer looks drops what it gets)."""
    received: int = 0
    """Characters received."""
    _text: str | None = None
    """The screen as text, until more comes (reading it is most of a reader's work)."""

    def __post_init__(self) -> None:
        self.stream = pyte.Stream(self.screen)

    def data_received(self, data: str, datatype: Any) -> None:
        if not self.reading:
            return
        now = time.perf_counter()
        if self.pressed_at is not None:
            self.latencies.append(now - self.pressed_at)
            self.pressed_at = None
        self.last_data = now
        self.received += len(data)
        self.stream.feed(data)
        self._text = None
        self.changed.set()

    def text(self) -> str:
        if self._text is None:
            self._text = "\n".join(self.screen.display)
        return self._text

    def footer(self) -> str:
        return self.text().rpartition("\n")[2]

    def press(self, key: str, timed: bool = True) -> None:
        self.changed.clear()
        self.pressed_at = time.perf_counter() if timed else None
        self.chan.write(key)

    async def settle(self) -> None:
        """Wait until some output came and then paused."""
        try:
            await asyncio.wait_for(self.changed.wait(), 2.0)
        except TimeoutError:
            self.pressed_at = None
            return
        while time.perf_counter() - self.last_data < QUIET_SECONDS:
            await asyncio.sleep(QUIET_SECONDS / 2)

    async def shows(
        self, check: Callable[[str], bool], seconds: float = 60.0, poll: float = 1.0
    ) -> bool:
        """Whether the screen comes to pass ``check`` within ``seconds`` (looked at as
        output comes, at least every ``poll`` seconds)."""
        deadline = time.perf_counter() + seconds
        while not check(self.text()):
            if time.perf_counter() > deadline:
                return False
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), poll)
        return True

    async def wait_until_gone(self, text: str, seconds: float = 60.0) -> None:
        if not await self.shows(lambda screen: text not in screen, seconds):
            raise RuntimeError(f"{self.name}: {text!r} stayed on screen:\n{self.text()}")

    async def wait_for(self, text: str, seconds: float = 60.0) -> None:
        if not await self.shows(lambda screen: text in screen, seconds):
            raise RuntimeError(
                f"{self.name} waited for {text!r}; the screen shows:\n{self.text()}"
            )


def address_of(name: str) -> str:
    """Each scripted person comes from an address of their own (the server's per-address
    limits are its defaults): host3 from 127.0.1.4, guest3 from 127.0.2.4, attacker3 from
    127.0.4.4, the flooders from 127.0.0.2 and 127.0.0.3."""
    kind, number = re.fullmatch(r"([a-z]+)(\d*)", name).groups()  # type: ignore[union-attr]
    block = {"host": 1, "guest": 2, "warmup": 3, "attacker": 4}.get(kind)
    if block is None:
        return "127.0.0.3" if kind == "resizer" else "127.0.0.2"
    return f"127.0.{block}.{int(number or 0) + 1}"


async def connect(port: int, name: str) -> tuple[asyncssh.SSHClientConnection, Person]:
    # An open server lets keyless guests in by keyboard-interactive login with no question;
    # asyncssh tries that only when given a password (any will do).
    conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        known_hosts=None,
        password="",
        local_addr=(address_of(name), 0),
    )
    person = Person(name)
    chan, _ = await conn.create_session(
        lambda: person, term_type="xterm-256color", term_size=(80, 24), encoding="utf-8"
    )
    person.chan = chan
    return conn, person


async def play(person: Person, think: float = THINK_SECONDS) -> None:
    """Play this person's seat to the end of the game, ``think`` seconds before each key."""
    moves = 0
    deadline = time.perf_counter() + GAME_DEADLINE
    while "wins, with" not in person.text():  # the game-over box, not "wins column"
        if time.perf_counter() > deadline:
            raise RuntimeError(f"{person.name}'s game did not end:\n{person.text()}")
        footer = person.footer()
        if "Who starts?" in person.text():
            key = "\r"
        elif re.search(r"\b1(-\d)? Choose", footer):
            key, moves = "1", moves + 1
        elif "r Roll" in footer:
            key, moves = ("s", 0) if moves >= 2 else ("r", moves)
        else:
            moves = 0
            person.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(person.changed.wait(), 1.0)
            await person.settle()
            continue
        await asyncio.sleep(think)
        person.press(key)
        await person.settle()


async def create_table(host: Person, name: str) -> None:
    """``host``, in the lobby, creates a two-player table called ``name`` and waits at it."""
    await host.wait_for("lobby")
    host.press("c", timed=False)
    await host.wait_for("New table")
    host.press(f"{name}\r", timed=False)
    await host.wait_for("Waiting")


async def roll_off(people: list[Person]) -> None:
    """Everyone at a full table answers "Who starts?": the game begins."""
    for person in people:
        await person.wait_for("Who starts?")
        person.press("\r", timed=False)


async def open_table(port: int, index: int) -> list[tuple[asyncssh.SSHClientConnection, Person]]:
    """host<index> creates table t<index> in the lobby and guest<index> sits at it."""
    host_conn, host = await connect(port, f"host{index}")
    await create_table(host, f"t{index}")
    guest_conn, guest = await connect(port, f"guest{index}")
    await guest.wait_for("you are")
    guest.press("\x1b[B" * index + "\r", timed=False)  # tables are listed in the order made
    await roll_off([host, guest])
    return [(host_conn, host), (guest_conn, guest)]


async def keep_playing(person: Person, stop: asyncio.Event, think: float = THINK_SECONDS) -> None:
    """Game after game, asking for the rematch after each (the next game starts when both at
    the table asked), until ``stop`` is set."""
    while not stop.is_set():
        await play(person, think)
        deadline = time.perf_counter() + 60
        while "wins, with" in person.text():  # until the next game starts
            if time.perf_counter() > deadline:
                raise RuntimeError(f"{person.name}'s rematch did not start:\n{person.text()}")
            if "Rematch (r)" in person.text():  # not asked yet (a last key may have)
                person.press("r", timed=False)
            person.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(person.changed.wait(), 1.0)
