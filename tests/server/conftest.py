"""A real server on an ephemeral loopback port, and SSH clients that read their screen with pyte."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

import asyncssh
import pyte
import pytest

from cantstop_tui.engine import GameConfig, Phase, can_stop
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.table import Table
from cantstop_tui.play.turn_based import TurnRules
from cantstop_tui.server.auth import Auth
from cantstop_tui.server.budgets import Budgets
from cantstop_tui.server.identity import Names
from cantstop_tui.server.limits import Limits
from cantstop_tui.server.lobby import Lobby
from cantstop_tui.server.server import GameServer, Settings
from cantstop_tui.server.shared_table import SharedTable
from cantstop_tui.server.startups import Startups
from cantstop_tui.server.tables import HostedTable

WAIT_SECONDS = 20.0  # a deadline for progress, not a speed check
AT_THE_BOARD = "Next roll busts"
"""What the game screen shows every seated player, whose turn it is or not (the side panel;
its Roll and Stop buttons only while they act)."""
REVIEW_WAIT = 120.0
"""A deadline for a whole review, worked out in a low-priority worker on a busy machine."""


@pytest.fixture(scope="session")
def host_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


def make_server(
    host_key: asyncssh.SSHKey,
    auth: Auth | None = None,
    limits: Limits | None = None,
    names: Names | None = None,
    budgets: Budgets | None = None,
    **settings: Any,
) -> GameServer:
    settings.setdefault("bot_delay", 0.0)
    config = Settings(auth=auth or Auth("open"), port=0, **settings)
    lobby = Lobby(
        seat_timeout=config.seat_timeout,
        turn_timeout=config.turn_timeout,
        bot_delay=config.bot_delay,
        seeds=lambda: 7,
        budgets=budgets,
    )
    # Tests reconnect from 127.0.0.1 far faster, and more often briefly, than anyone would,
    # and many at once: no arrival limit, no cap on those logging in, no penalties
    # (test_limits and test_startups set their own). The computer players
    # think on the server's thread: a worker's start (numpy, the model) per test would cost
    # seconds of a shared machine's CPU (tests/play/test_thinking.py tests the workers).
    limits = limits or Limits(
        connect_rate=1000.0,
        free_failures=10**6,
        block_after=10**6,
        max_startups=Startups(10**6, 100, 10**6),
        per_source_max_startups=10**6,
        penalty_min=10**6,
        bot_workers=0,
    )
    server = GameServer(config, host_key, lobby, limits, names)
    # Every test's names come from 127.0.0.1: no budget of new names a day (``name_budget``;
    # test_name_budget sets its own).
    server.identities.new_names_per_day = 10**6
    return server


@pytest.fixture
async def server(host_key: asyncssh.SSHKey) -> AsyncIterator[GameServer]:
    game_server = make_server(host_key)
    await game_server.start()
    yield game_server
    await game_server.close()


class Screen(asyncssh.SSHClientSession):  # type: ignore[misc]
    """The client's terminal, emulated by pyte."""

    def __init__(self, width: int, height: int) -> None:
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.Stream(self.screen)
        self.closed = asyncio.Event()
        self.raw: list[str] = []

    def data_received(self, data: str, datatype: Any) -> None:
        self.raw.append(data)
        self.stream.feed(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)


class Player:
    def __init__(self, conn: asyncssh.SSHClientConnection, chan: Any, screen: Screen) -> None:
        self.conn = conn
        self.chan = chan
        self.view = screen

    @classmethod
    async def connect(
        cls,
        port: int,
        username: str,
        size: tuple[int, int] = (80, 24),
        term_type: str = "xterm-256color",
        **options: Any,
    ) -> Player:
        options.setdefault("password", "")  # open: a keyless guest (no question asked)
        conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=username,
            known_hosts=None,
            client_keys=options.pop("client_keys", None),
            **options,
        )
        chan, screen = await conn.create_session(
            lambda: Screen(*size), term_type=term_type, term_size=size, encoding="utf-8"
        )
        return cls(conn, chan, screen)

    def text(self) -> str:
        return self.view.text()

    def press(self, keys: str) -> None:
        self.chan.write(keys)

    async def wait_for(
        self, check: str | Callable[[], bool], what: str = "", seconds: float = WAIT_SECONDS
    ) -> None:
        condition = (lambda: check in self.text()) if isinstance(check, str) else check
        deadline = asyncio.get_running_loop().time() + seconds
        while not condition():
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(
                    f"Waited for {what or check!r}; the screen shows:\n{self.text()}"
                )
            await asyncio.sleep(0.02)

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()

    def raw(self) -> str:
        return "".join(self.view.raw)


async def create_table(host: Player, name: str = "") -> None:
    """From the lobby, ``host`` creates a two-player table (named ``name``) and waits at it."""
    host.press("c")
    await host.wait_for("New table")
    host.press(f"{name}\r")
    await host.wait_for("Waiting")


async def host_table(server: GameServer, name: str = "ana", **options: Any) -> Player:
    """``name`` comes to the lobby, creates a two-player table and waits at it."""
    host = await Player.connect(server.port, name, **options)
    await host.wait_for("lobby")
    await create_table(host)
    return host


async def waiting_to_watch(server: GameServer) -> tuple[Player, Player]:
    """ana creates a two-player table and waits at it; carol waits to watch it start (with a
    key: a keyless guest's notice covers the end of the line waited for until it goes)."""
    ana = await host_table(server)
    carol = await Player.connect(server.port, "carol", client_keys=key_of("carol"))
    await carol.wait_for("ana's table")
    carol.press("w")
    await carol.wait_for("Watching ana's table: it starts when 1 more player sits down")
    return ana, carol


async def start_table(
    server: GameServer,
    first: str = "ana",
    second: str = "bob",
    *,
    keys: bool = False,
) -> tuple[Player, Player, HostedTable]:
    """``first`` creates a two-player table, ``second`` sits at it; both past the roll-off
    (``keys``: each logs in with a key of their own, so the game is rated)."""
    ana = await host_table(server, first, **({"client_keys": key_of(first)} if keys else {}))
    options = {"client_keys": key_of(second)} if keys else {}
    bob = await sit_and_start(server, ana, second, f"{first}'s table", **options)
    hosted = next(iter(server.lobby.tables.values()))
    return ana, bob, hosted


KEYS: dict[str, asyncssh.SSHKey] = {}


def key_of(name: str) -> list[asyncssh.SSHKey]:
    """``client_keys`` for ``name``'s own key (made once a test run): a key-bound player,
    whose games are rated, where a keyless guest's are not (``server.guests``)."""
    if name not in KEYS:
        KEYS[name] = asyncssh.generate_private_key("ssh-ed25519")
    return [KEYS[name]]


def _keys(name: str, keyed: bool) -> dict[str, Any]:
    return {"client_keys": key_of(name)} if keyed else {}


async def sit_down(server: GameServer, name: str, table: str, **options: Any) -> Player:
    """``name`` comes to the lobby and sits at the table listed as ``table`` (the first row,
    waiting for a second player): the game starts, with who starts."""
    second = await Player.connect(server.port, name, **options)
    await second.wait_for(table)
    second.press("\r")
    await second.wait_for("Who starts?")
    return second


async def sit_and_start(
    server: GameServer, host: Player, name: str, table: str, **options: Any
) -> Player:
    """``name`` sits at ``host``'s table (:func:`sit_down`); both go past the roll-off."""
    second = await sit_down(server, name, table, **options)
    for player in (host, second):
        await player.wait_for("Who starts?")
        player.press("\r")
    return second


async def talking(server: GameServer) -> tuple[Player, Player, HostedTable]:
    """ana and bob at a table (:func:`start_table`); ana, to move, has opened the talk box."""
    ana, bob, hosted = await start_table(server)
    await ana.wait_for("your turn")
    ana.press("t")
    await ana.wait_for("say something")
    return ana, bob, hosted


async def turn_based_game(
    server: GameServer,
    config: GameConfig,
    rules: TurnRules,
    size: tuple[int, int] = (80, 24),
    *,
    keys: bool = False,
) -> tuple[Player, Player, HostedTable]:
    """ana (in the lobby) has a turn-based table made for her; bob sits: the game starts
    (``keys``: each logs in with a key of their own, so the game is rated)."""
    ana = await Player.connect(server.port, "ana", size=size, **_keys("ana", keys))
    await ana.wait_for("lobby")
    [visitor] = [s.visitor for s in server.sessions if s.visitor is not None]
    hosted = server.lobby.create(visitor, "", config, ["human"], turns=rules)
    bob = await Player.connect(server.port, "bob", size=size, **_keys("bob", keys))
    await bob.wait_for("ana's table")
    bob.press("\r")
    await until(lambda: hosted.table is not None, "the game to start")
    return ana, bob, hosted


async def watch_game(
    server: GameServer, hosted: HostedTable, name: str = "carol", size: tuple[int, int] = (80, 24)
) -> Player:
    """``name`` comes to the lobby (a terminal of ``size``) and watches ``hosted``'s game,
    past the roll-off."""
    watcher = await Player.connect(server.port, name, size=size)
    await watcher.wait_for("in progress")
    watcher.press("w")
    await watcher.wait_for("Watching")  # no roll-off box to close: that is the players'
    await watcher.wait_for(lambda: hosted.watchers == 1, f"{name} to be counted as watching")
    return watcher


def next_key(match: Match) -> str:
    """A simple scripted player: take the first move, stop after two moves in a turn."""
    state = match.state
    if state.phase is Phase.CHOOSE:
        return "1"
    moves_this_turn = 0
    for action in reversed(match.history):
        if action.kind == "stop" or (action.kind == "roll" and not action.dice):
            break
        moves_this_turn += action.kind == "choose"
    return "s" if moves_this_turn >= 2 and can_stop(state) else "r"


async def play_one_step(table: Table, players: dict[int, Player]) -> None:
    """The seated player to move presses the scripted key; wait until the table moved on."""
    match = table.match
    players[match.state.current_player].press(next_key(match))
    await until(lambda: table.match is not match, f"the table to take {next_key(match)!r}")


async def until(condition: Callable[[], bool], what: str) -> None:
    deadline = asyncio.get_running_loop().time() + WAIT_SECONDS
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"Waited for {what}.")
        await asyncio.sleep(0.02)


@pytest.fixture
def seeded_table() -> SharedTable:
    seats = (Seat("ana"), Seat("bob"))
    return SharedTable(Match.start(seats, GameConfig(num_players=2), seed=7), bot_delay=0)
