"""A visitor's channel that reaches its end (the client sends EOF and keeps the connection
open, as ``ssh -N``-like clients and dropped pipes do) ends the session: its app exits and
is freed, its seat is let go, the channel is closed (issue 31, the SSH side of a terminal
gone without a hang-up)."""

from __future__ import annotations

import gc
import weakref

from cantstop_tui.server.server import GameServer

from .conftest import Player, key_of, start_table


async def test_eof_in_the_lobby_ends_the_session_and_frees_its_app(server: GameServer) -> None:
    # With a key: no notice up (a guest's, with one up, is the next test's).
    ana = await Player.connect(server.port, "ana", client_keys=key_of("ana"))
    await ana.wait_for("lobby")
    (session,) = server.sessions
    assert session._app is not None
    app = weakref.ref(session._app)
    task = session.task
    assert task is not None
    del session
    ana.chan.write_eof()
    await ana.wait_for(ana.view.closed.is_set, "the channel closed by the server")
    await ana.wait_for(lambda: not server.sessions, "the session released")
    await ana.wait_for(task.done, "its task done")
    del task
    gc.collect()
    assert app() is None
    assert not ana.conn.is_closed()  # the client kept its connection: the server ended it
    await ana.close()


async def test_a_guest_s_app_with_a_notice_up_is_freed_when_the_guest_leaves(
    server: GameServer,
) -> None:
    """A guest is told by a notice that their games are unrated; the notice's timer,
    cancelled when the app ends, stayed on the event loop until the notice's time was up
    and held the whole app (its context holds Textual's ``active_app``)."""
    ana = await Player.connect(server.port, "ana", size=(100, 30))  # no key: a guest
    await ana.wait_for("Playing as a guest")  # the notice is up
    (session,) = server.sessions
    assert session._app is not None
    app = weakref.ref(session._app)
    task = session.task
    assert task is not None
    del session
    ana.chan.write_eof()
    await ana.wait_for(lambda: not server.sessions, "the session released")
    await ana.wait_for(task.done, "its task done")
    del task
    gc.collect()
    assert app() is None  # long before the notice's time is up
    await ana.close()


async def test_eof_at_a_table_lets_the_seat_go_as_a_drop_does(server: GameServer) -> None:
    ana, bob, hosted = await start_table(server)
    bob.chan.write_eof()
    await bob.wait_for(bob.view.closed.is_set, "bob's channel closed by the server")
    await ana.wait_for(lambda: not hosted.seats[1].connected, "the server to let bob's seat go")
    assert 1 in hosted.clocks.holds  # kept for bob's return, as after a drop
    await ana.wait_for(lambda: len(server.sessions) == 1, "bob's session released")
    assert [s.visitor.name for s in server.sessions if s.visitor] == ["ana"]
    await ana.close()
    await bob.close()
