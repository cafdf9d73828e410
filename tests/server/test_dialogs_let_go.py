"""Every dialog a visitor opens over SSH, in the lobby and at a table, is let go once it
closes: nothing of it stays reachable (``make bench-ssh`` measures the memory of 1,000
cycles of each: benchmarks/bench_memory.py, whose list of dialogs this test walks; a finished
game's review and replay are let go in tests/server/test_review_ssh.py, which works out a
review anyway)."""

from __future__ import annotations

import gc
import weakref
from typing import Any

import pytest

from benchmarks.bench_memory import LOBBY_DIALOGS, TABLE_DIALOGS, Dialog
from cantstop_tui.server.server import GameServer

from .conftest import Player, start_table, until


def app_of(server: GameServer, name: str) -> Any:
    [session] = [s for s in server.sessions if s.visitor and s.visitor.name == name]
    return session._app


async def opened_and_closed(
    server: GameServer, player: Player, name: str, dialog: Dialog, *, collect: bool = True
) -> None:
    """Open ``dialog`` by its key, then close it; the dialog's screen must be gone (with
    ``collect=False``, without this test collecting: the server frees it itself)."""
    app = app_of(server, name)
    under = app.screen
    player.press(dialog.opens)
    await player.wait_for(dialog.shows)
    await until(lambda: app.screen is not under, f"{dialog.name} to be the screen")
    screen = weakref.ref(app.screen)
    player.press(dialog.closes)
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
    ana = await Player.connect(server.port, "ana")
    await ana.wait_for("lobby")
    await opened_and_closed(server, ana, "ana", dialog)
    await ana.close()


@pytest.mark.parametrize("dialog", TABLE_DIALOGS, ids=lambda d: d.name)
async def test_a_table_dialog_is_let_go_once_closed(server: GameServer, dialog: Dialog) -> None:
    ana, bob, _ = await start_table(server)
    await opened_and_closed(server, ana, "ana", dialog)
    await ana.close()
    await bob.close()


async def test_the_server_frees_a_closed_dialog_itself(server: GameServer) -> None:
    """A closed dialog is garbage in reference cycles; left to Python's rare full
    collections, hundreds of them spread over memory the allocator never gives back. The
    server collects within a second of a screen closing (``VisitApp.pop_screen``)."""
    [form] = [dialog for dialog in LOBBY_DIALOGS if dialog.opens == "c"]
    ana = await Player.connect(server.port, "ana")
    await ana.wait_for("lobby")
    gc.disable()  # only the server's own collection may free it
    try:
        await opened_and_closed(server, ana, "ana", form, collect=False)
    finally:
        gc.enable()
    await ana.close()
