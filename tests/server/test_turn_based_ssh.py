"""Turn-based tables end to end, over SSH against a real server on loopback, with a simulated
clock for the deadlines: two players who each leave after every turn and log in later; the
lobby says whose move it is, the game goes on across a restart, missed deadlines are handled
as the table says, and the finished game counts once in the records and ratings."""

from __future__ import annotations

import asyncssh

from cantstop_tui.engine import GameConfig
from cantstop_tui.play.ratings import MU
from cantstop_tui.play.turn_based import ABANDON, DAY, TurnRules, unseen
from cantstop_tui.server.journal import TableJournal, keep_tables
from cantstop_tui.server.server import GameServer
from cantstop_tui.server.tables import HostedTable
from cantstop_tui.server.turn_tables import MARKED
from cantstop_tui.storage.paths import server_database
from cantstop_tui.storage.served_records import served_records
from cantstop_tui.ui.glyphs import UNICODE
from cantstop_tui.ui.textual_compat import notification_messages
from cantstop_tui.ui.widgets.game_log_lines import UNSEEN_RULE

from .conftest import Player, key_of, make_server, play_one_step, turn_based_game, until

NAMES = ("ana", "bob")
SIZE = (120, 40)
MISSED = "did not move within 1 d"


class SimulatedClock:
    """Wall-clock seconds that move only when the test says so."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


async def serving(host_key: asyncssh.SSHKey, clock: SimulatedClock) -> GameServer:
    """A server keeping its tables in its database (as ``cantstop serve`` does)."""
    server = make_server(host_key)
    server.lobby.clock = clock
    keep_tables(server.lobby, TableJournal(server_database()))
    await server.start()
    return server


async def create_turn_based_table(server: GameServer) -> tuple[Player, HostedTable]:
    """ana chooses a turn-based table in the New table form (deadline: the default day)."""
    ana = await Player.connect(server.port, "ana", size=SIZE, client_keys=key_of("ana"))
    await ana.wait_for("lobby")
    ana.press("c")
    await ana.wait_for("Move deadline")
    ana.press("\t" * 7 + "\x1b[B")  # to Mode, and open its list
    await ana.wait_for("turn-based (days to play)")
    ana.press("\x1b[B\r")
    await ana.wait_for(lambda: "real-time" not in ana.text(), "the list to close")
    ana.press("\r")
    await until(lambda: bool(server.lobby.tables), "the table to be made")
    [hosted] = server.lobby.tables.values()
    assert hosted.turn_rules == TurnRules(DAY)
    return ana, hosted


async def both_seated(server: GameServer) -> tuple[Player, Player, HostedTable]:
    """ana's turn-based table, bob sat down from the lobby (it says "turn-based"), both past
    who starts."""
    ana, hosted = await create_turn_based_table(server)
    bob = await Player.connect(server.port, "bob", size=SIZE, client_keys=key_of("bob"))
    await bob.wait_for("ana's table")
    assert "turn-based" in bob.text()
    bob.press("\r")
    for player in (ana, bob):
        await player.wait_for("Who starts?")
        player.press("\r")
    return ana, bob, hosted


async def back_to_the_table(
    server: GameServer, hosted: HostedTable, name: str, *, told: bool = True
) -> Player:
    """``name`` logs in: the lobby says it is their move; Enter takes them to their seat,
    and (``told``) a notice says what the other played since they left."""
    seat = NAMES.index(name)
    assert hosted.table is not None
    step = hosted.seen.get(name)
    found = None if step is None else unseen(hosted.table.match, step)
    marked = found is not None and any(p == 1 - seat for p, _ in found.moved)
    player = await Player.connect(server.port, name, size=SIZE, client_keys=key_of(name))
    await player.wait_for("Your move at 1 table")
    await player.wait_for(f"{name} to move")  # the table's line, which may be drawn after
    player.press("\r")
    await until(lambda: hosted.seats[seat].connected, f"{name} back at the table")
    if told:
        other = NAMES[1 - seat]
        await player.wait_for("Since you last looked")
        await player.wait_for(f"{other} rolls")
        await player.wait_for(UNSEEN_RULE)  # in the log, over the other's turn
        shape = UNICODE.shape(1 - seat)
        if marked:  # the other's pieces that moved (none if they busted)
            await player.wait_for(lambda: reversed_cells(player, shape) > 0, "the moves marked")
        else:
            assert reversed_cells(player, shape) == 0
    return player


def reversed_cells(player: Player, char: str) -> int:
    """How many cells of the player's terminal show ``char`` reversed (the board marks the
    pieces that moved since a returning player last looked)."""
    screen = player.view.screen
    return sum(
        1
        for y in range(screen.lines)
        for cell in screen.buffer[y].values()
        if cell.data == char and cell.reverse
    )


async def play_a_turn(hosted: HostedTable, player: Player) -> None:
    table = hosted.table
    assert table is not None
    mover = table.match.state.current_player
    while table.match.state.current_player == mover and not table.match.state.is_over:
        await play_one_step(table, {mover: player})


async def turns_then_leave(
    server: GameServer, hosted: HostedTable, turns: int, *, told: bool = True
) -> None:
    """Whoever's move it is logs in, plays their turn and leaves, ``turns`` times (``told``:
    the first of them has missed a turn of the other's)."""
    for turn in range(turns):
        assert hosted.table is not None
        name = NAMES[hosted.table.match.state.current_player]
        player = await back_to_the_table(server, hosted, name, told=told or turn > 0)
        await play_a_turn(hosted, player)
        await player.close()
        await until(lambda: not any(seat.connected for seat in hosted.seats), "both away")
        assert hosted.table.match.state.current_player != NAMES.index(name)
        assert not hosted.clocks.holds  # the seat waits: no seat timeout runs
        assert all(seat.plays() == "human" for seat in hosted.seats)


async def miss_the_deadline(server: GameServer, hosted: HostedTable, clock: SimulatedClock) -> None:
    table = hosted.table
    assert table is not None
    before = table.match
    clock.now += DAY - 60
    assert server.lobby.check_deadlines() == 0  # a minute left: nothing happens
    clock.now += 61
    assert server.lobby.check_deadlines() == 1
    await until(
        lambda: (
            table.match.state.is_over
            or table.match.state.current_player != before.state.current_player
        ),
        "the computer to play the missed turn",
    )


async def test_a_turn_based_game_over_days_with_a_restart(host_key: asyncssh.SSHKey) -> None:
    clock = SimulatedClock()
    server = await serving(host_key, clock)
    try:
        ana, bob, hosted = await both_seated(server)
        assert hosted.table is not None
        first = hosted.table.match.state.current_player
        await play_a_turn(hosted, (ana, bob)[first])
        for player in (ana, bob):
            await player.close()
        await until(lambda: not any(seat.connected for seat in hosted.seats), "both away")
        await turns_then_leave(server, hosted, 2, told=False)  # both saw the first turn

        game, started = hosted.table.match, hosted.turn_deadline
        await server.close()
        clock.now += 3600  # back an hour later: the turn's deadline did not start again
        server = await serving(host_key, clock)
        hosted = server.lobby.tables[hosted.id]
        assert hosted.table is not None and hosted.table.match == game
        assert hosted.turn_deadline == started  # the deadline runs on across the restart
        await turns_then_leave(server, hosted, 1)

        # Nobody moves for a day: the computer plays that turn, and says so.
        late = NAMES[hosted.table.match.state.current_player]
        await miss_the_deadline(server, hosted, clock)
        assert any(MISSED in line for line in hosted.chat.lines)
        assert all(seat.plays() == "human" for seat in hosted.seats)  # the seat is theirs again
        await server.close()  # ... and the server restarts before they come back
        server = await serving(host_key, clock)
        hosted = server.lobby.tables[hosted.id]
        player = await Player.connect(server.port, late, size=SIZE, client_keys=key_of(late))
        await player.wait_for("lobby")
        player.press("\r")  # to their table (the computer's turn over, it is not their move)
        # Told when they come back, in the "Since you last looked" notice itself (which
        # covers the chat pane's line for its first seconds), above the turn played.
        await player.wait_for(MARKED)  # the notice
        [app] = [s._app for s in server.sessions if s.visitor and s.visitor.name == late]
        assert app is not None
        [notice] = [text for text in notification_messages(app) if MARKED in text]
        assert notice.startswith(f"* {late} did not move within 1 d: the computer played")
        await player.close()

        # ... and so on to the end of the game, which counts once.
        for _ in range(400):
            if hosted.finished:
                break
            await miss_the_deadline(server, hosted, clock)
        assert hosted.finished
        journal = TableJournal(server_database())
        await until(lambda: len(served_records(journal.db).games) == 1, "the game to count")
        server.lobby.changed(save=True)
        records = served_records(journal.db)
        assert len(records.games) == 1
        for name in NAMES:
            assert records.players[name].games == 1
            rating = records.rating(name)
            # The computer played missed turns of both: neither gains a rating from the game
            # (play.results.helped_seats); one it placed lower loses some.
            assert rating is None or (rating.games == 1 and rating.mu < MU), rating
    finally:
        await server.close()


async def test_a_missed_deadline_abandons_the_game_if_the_table_says_so(
    host_key: asyncssh.SSHKey,
) -> None:
    clock = SimulatedClock()
    server = await serving(host_key, clock)
    try:
        lobby = server.lobby
        rules = TurnRules(DAY, ABANDON)
        two = GameConfig(num_players=2)
        ana, bob, hosted = await turn_based_game(server, two, rules, SIZE, keys=True)  # rated
        for player in (ana, bob):
            await player.close()
        assert hosted.table is not None
        late = hosted.table.match.state.current_player
        other = NAMES[1 - late]
        clock.now += DAY
        assert lobby.check_deadlines() == 1
        seat = hosted.seats[late]
        assert seat.person is None and seat.plays() != "human"  # never theirs again
        # A game of two ends at once: the other player wins it.
        state = hosted.table.match.state
        assert (state.is_over, state.winner, state.conceded) == (True, 1 - late, late)
        assert hosted.finished
        said = f"{NAMES[late]} did not move within 1 d: they abandoned the game, and {other} wins"
        assert any(said in line for line in hosted.chat.lines)
        journal = TableJournal(server_database())
        await until(lambda: len(served_records(journal.db).games) == 1, "the game to count")
        records = served_records(journal.db)
        assert (records.players[other].wins, records.players[other].abandoned) == (1, 0)
        assert (records.players[NAMES[late]].wins, records.players[NAMES[late]].abandoned) == (
            0,
            1,
        )
        name = NAMES[late]
        player = await Player.connect(server.port, name, size=SIZE, client_keys=key_of(name))
        await player.wait_for("lobby")
        assert "Your move" not in player.text()
        await player.close()
    finally:
        await server.close()


async def test_a_turn_based_table_waits_for_a_friend_after_its_creator_has_gone(
    host_key: asyncssh.SSHKey,
) -> None:
    clock = SimulatedClock()
    server = await serving(host_key, clock)
    try:
        ana, hosted = await create_turn_based_table(server)
        await ana.close()  # off to bed: her seat stays hers, the table stays open
        await until(lambda: not hosted.seats[0].connected, "ana gone")
        assert server.lobby.tables.get(hosted.id) is hosted
        await server.close()
        server = await serving(host_key, clock)  # and it survives a restart
        hosted = server.lobby.tables[hosted.id]
        assert hosted.table is None and hosted.turn_rules == TurnRules(DAY)
        bob = await Player.connect(server.port, "bob", size=SIZE, client_keys=key_of("bob"))
        await bob.wait_for("ana's table")
        assert "ana (away)" in bob.text()
        bob.press("\r")
        await until(lambda: hosted.table is not None, "the game to start without ana")
        seat = hosted.seats[0]
        assert seat.person is not None and seat.person.name == "ana"
        assert seat.plays() == "human"
        await bob.close()
        assert hosted.table is not None
        first = NAMES[hosted.table.match.state.current_player]
        await back_to_the_table(server, hosted, first, told=False)
    finally:
        await server.close()
