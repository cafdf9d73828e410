"""Every dialog a visitor opens over SSH, in the lobby and at a table, is let go once it
closes: nothing of it stays reachable (``make bench-ssh`` measures the memory of 1,000
cycles of each: benchmarks/bench_memory.py, whose list of dialogs this test walks; a finished
game's review and replay are let go in tests/server/test_review_ssh.py, which works out a
review anyway)."""

from __future__ import annotations

import gc
import itertools
import weakref
from typing import Any

import asyncssh
import pytest

from benchmarks.bench_memory import (
    FORM,
    LOBBY_DIALOGS,
    MADE_AND_LEFT,
    NOTICE,
    TABLE_DIALOGS,
    WATCH,
    Dialog,
)
from cantstop_tui.server.budgets import Budgets, PersonLimits
from cantstop_tui.server.chat import CHAT_LINES
from cantstop_tui.server.server import GameServer
from cantstop_tui.ui.textual_compat import cached_lines
from cantstop_tui.ui.widgets.chat_pane import ChatPane

from .conftest import Player, make_server, start_table, until
from .test_memory import PER_DIALOG, least_growth_per_cycle

SCREENS_AT_A_TABLE = tuple(dialog for dialog in TABLE_DIALOGS if dialog is not NOTICE)
"""The table's dialogs that are screens (a notice is a few widgets over the game's)."""


def app_of(server: GameServer, name: str) -> Any:
    [session] = [s for s in server.sessions if s.visitor and s.visitor.name == name]
    return session._app


async def opened_and_closed(
    server: GameServer, player: Player, name: str, dialog: Dialog, *, collect: bool = True
) -> None:
    """Open ``dialog`` by its key, then close it; the dialog's screen must be gone (with
    ``collect=False``, without this test collecting: the server frees it itself). A dialog
    through a form (a table made, then left) must let the form go."""
    app = app_of(server, name)
    under = app.screen
    player.press(dialog.opens)
    await player.wait_for(dialog.form or dialog.shows)
    await until(lambda: app.screen is not under, f"{dialog.name} to be the screen")
    screen = weakref.ref(app.screen)
    if dialog.form:
        player.press(dialog.fills)
        await player.wait_for(dialog.shows)
    player.press(dialog.closes)
    if dialog.asks:
        await player.wait_for(dialog.asks)
        player.press(dialog.answer)
    await player.wait_for(lambda: dialog.shows not in player.text(), f"{dialog.name} closed")
    await until(
        lambda: screen() not in app.screen_stack, f"{dialog.name} to leave the screen stack"
    )

    def gone() -> bool:
        if collect:
            gc.collect()
        return screen() is None

    try:
        await until(gone, f"{dialog.name} to be let go")
    except AssertionError:
        kept = screen()
        referrers = [type(r).__name__ for r in gc.get_referrers(kept)] if kept else []
        raise AssertionError(f"{dialog.name} stays reachable, from {referrers}") from None


@pytest.mark.parametrize("dialog", LOBBY_DIALOGS, ids=lambda d: d.name)
async def test_a_lobby_dialog_is_let_go_once_closed(server: GameServer, dialog: Dialog) -> None:
    if dialog is WATCH:  # a game to watch
        await start_table(server)
    carol = await Player.connect(server.port, "carol")
    await carol.wait_for("lobby")
    await opened_and_closed(server, carol, "carol", dialog)
    await carol.close()


@pytest.mark.parametrize("dialog", SCREENS_AT_A_TABLE, ids=lambda d: d.name)
async def test_a_table_dialog_is_let_go_once_closed(server: GameServer, dialog: Dialog) -> None:
    ana, bob, _ = await start_table(server)
    await opened_and_closed(server, ana, "ana", dialog)
    await ana.close()
    await bob.close()


async def test_a_table_made_and_left_is_let_go(server: GameServer) -> None:
    """A table made in the lobby (c, Enter) and left while it waits (x) closes, and nothing
    keeps it."""
    ana = await Player.connect(server.port, "ana")
    await ana.wait_for("lobby")
    ana.press(MADE_AND_LEFT.opens)
    await ana.wait_for(MADE_AND_LEFT.form)
    ana.press(MADE_AND_LEFT.fills)
    await ana.wait_for(MADE_AND_LEFT.shows)
    [hosted] = server.lobby.tables.values()
    table = weakref.ref(hosted)
    del hosted
    ana.press(MADE_AND_LEFT.closes)
    await ana.wait_for(lambda: MADE_AND_LEFT.shows not in ana.text(), "the table left")
    assert not server.lobby.tables

    def gone() -> bool:
        gc.collect()
        return table() is None

    await until(gone, "the table left to be let go")
    await ana.close()


async def test_a_notice_at_a_table_leaves_nothing(server: GameServer) -> None:
    """ctrl+s at a server's table: a notice says the host keeps the games; clicked away,
    it leaves nothing behind, cycle after cycle (the least growth of three rounds)."""
    ana, bob, _ = await start_table(server)

    async def cycles(count: int) -> None:
        for _ in range(count):
            ana.press(NOTICE.opens)
            await ana.wait_for(NOTICE.shows)
            ana.press(NOTICE.closes)
            await ana.wait_for(lambda: NOTICE.shows not in ana.text(), "the notice gone")
        ana.view.raw.clear()  # the test client's own record of bytes, not the server's

    await cycles(3)  # warm-up: caches fill once
    growth = await least_growth_per_cycle(cycles, 10)
    assert growth < PER_DIALOG, growth
    await ana.close()
    await bob.close()


async def test_the_server_frees_a_closed_dialog_itself(server: GameServer) -> None:
    """A closed dialog is garbage in reference cycles; left to Python's rare full
    collections, hundreds of them spread over memory the allocator never gives back. The
    server collects within a second of a screen closing (``VisitApp.pop_screen``)."""
    ana = await Player.connect(server.port, "ana")
    await ana.wait_for("lobby")
    gc.disable()  # only the server's own collection may free it
    try:
        await opened_and_closed(server, ana, "ana", FORM, collect=False)
    finally:
        gc.enable()
    await ana.close()


async def test_the_server_frees_notices_clicked_away_itself(server: GameServer) -> None:
    """Notices (toasts: ctrl+s at a table) clicked away are garbage in reference cycles,
    as closed dialogs are, and no screen closes to collect them: left to Python's rare full
    collections, 1,000 left +2.8 MiB behind. The server collects once each notice's time
    is up (``VisitApp.on_notify``). The last one clicked may stay until the app's next
    message: the click, its last, names it."""
    ana, bob, _ = await start_table(server, keys=True)  # no guest's notice among the toasts
    app = app_of(server, "ana")
    toasts = []
    gc.disable()  # only the server's own collection may free them
    try:
        for _ in range(3):
            ana.press(NOTICE.opens)
            await ana.wait_for(NOTICE.shows)
            await until(lambda: bool(app.screen.query("Toast")), "the notice's toast")
            toasts.append(weakref.ref(app.screen.query("Toast").first()))
            ana.press(NOTICE.closes)
            await ana.wait_for(lambda: NOTICE.shows not in ana.text(), "the notice gone")
        await until(lambda: all(toast() is None for toast in toasts[:-1]),
                    "the notices clicked away to be let go")
    finally:
        gc.enable()
    await ana.close()
    await bob.close()



async def test_watching_a_table_and_leaving_leaves_nothing_behind(
    host_key: asyncssh.SSHKey,
) -> None:
    """``w`` in the lobby, then ``q``, ``y``, over and over: each says "* carol is watching."
    and "carol left." in the table's chat, which keeps its last lines; the players' chat
    panes cached every line drawn (Textual's ``RichLog``: up to 1,024 of them, long gone or
    not), about 8 KB a cycle over 500 cycles. They now cache no more lines than they keep:
    once the chat is full, the lines the players' panes cache grow by nothing, round after
    round (the least growth of three), and the live objects by less than a dialog's."""
    server = make_server(host_key, budgets=Budgets(PersonLimits(moves_per_minute=10**6)))
    await server.start()
    try:
        ana, bob, _ = await start_table(server)
        carol = await Player.connect(server.port, "carol")
        await carol.wait_for("lobby")
        panes = [app_of(server, name).screen.query_one(ChatPane) for name in ("ana", "bob")]
        cached: list[int] = []

        async def cycles(count: int) -> None:
            for _ in range(count):
                carol.press(WATCH.opens)
                await carol.wait_for(WATCH.shows)
                carol.press(WATCH.closes)
                await carol.wait_for(WATCH.asks)
                carol.press(WATCH.answer)
                await carol.wait_for(lambda: WATCH.shows not in carol.text(), "back in the lobby")
            for player in (ana, bob, carol):
                player.view.raw.clear()  # the test client's own record of bytes
            cached.append(sum(cached_lines(pane)[0] for pane in panes))

        await cycles(CHAT_LINES // 2 + 10)  # warm-up: the chat and its panes fill
        growth = await least_growth_per_cycle(cycles, 8)
        cached_growth = min(after - before for before, after in itertools.pairwise(cached))
        assert cached_growth == 0, cached
        assert cached[-1] <= len(panes) * CHAT_LINES, cached
        assert growth < PER_DIALOG, growth
        for player in (ana, bob, carol):
            await player.close()
    finally:
        await server.close()
