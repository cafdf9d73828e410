"""The rematch at a shared table: who must ask, what leaving does, what the record keeps.

The lobby and its tables are driven directly (no SSH); the screens with Textual's Pilot.
"""

from __future__ import annotations

import itertools
from pathlib import Path

from textual.widgets import Button, Input, Static

from cantstop_tui.engine import GameConfig
from cantstop_tui.play import rematch, seating
from cantstop_tui.play.match import HUMAN, Handover, Match
from cantstop_tui.play.table import Table
from cantstop_tui.server import store
from cantstop_tui.server.lobby import Lobby
from cantstop_tui.server.table_screens import TableScreen, TalkScreen
from cantstop_tui.server.table_summary import summary
from cantstop_tui.server.tables import HostedTable, Visitor
from cantstop_tui.server.terminal_fit import fit_console
from cantstop_tui.ui.colors import ColorDepth
from cantstop_tui.ui.screens.game_over import GameOverScreen
from cantstop_tui.ui.screens.help import HelpScreen
from cantstop_tui.ui.screens.lobby import LobbyScreen
from cantstop_tui.ui.screens.quit import QuitScreen
from cantstop_tui.ui.screens.rolloff import RolloffScreen
from cantstop_tui.ui.screens.table_over import TableOverScreen
from cantstop_tui.ui.table_app import TableApp
from cantstop_tui.ui.widgets.keys_bar import KeysBar

from .rematch_helpers import at_table, finish, finished_match

ANA, BOB, CAROL = Visitor("ana"), Visitor("bob"), Visitor("carol")


def lobby_with_games() -> tuple[Lobby, list[Match]]:
    seeds = itertools.count(11)
    lobby = Lobby(bot_delay=0, seeds=lambda: next(seeds))
    finished: list[Match] = []
    lobby.on_finished = finished.append
    return lobby, finished


def finished_table(lobby: Lobby, *others: str) -> HostedTable:
    """ana's table with ``others`` (people sit as bob, carol), its first game played out."""
    config = GameConfig(num_players=1 + len(others))
    hosted = lobby.create(ANA, "ana's table", config, others)
    for visitor in (BOB, CAROL)[: others.count(HUMAN)]:
        hosted.sit(visitor, None)
    assert hosted.table is not None
    finish(hosted.table)
    assert hosted.status == "finished"
    return hosted


async def test_the_rematch_waits_for_every_seated_person_then_starts_anew() -> None:
    lobby, finished = lobby_with_games()
    hosted = finished_table(lobby, HUMAN)
    table = hosted.table
    assert table is not None
    first = table.match
    assert finished == [first]

    assert hosted.next_game.rematch_status(ANA) == "r asks for a rematch; l goes back to the lobby."
    hosted.next_game.ask_rematch(ANA)
    hosted.next_game.ask_rematch(ANA)  # asking twice is one vote
    assert table.match is first
    assert hosted.next_game.rematch_status(ANA) == "Waiting for bob."
    assert hosted.next_game.rematch_status(BOB) == "ana asked for a rematch: r to play again."
    assert hosted.next_game.rematch_status(CAROL) == "ana asked for a rematch. Waiting for bob."
    hosted.next_game.ask_rematch(CAROL)  # a spectator has no vote
    assert table.match is first

    hosted.next_game.ask_rematch(BOB)
    second = table.match
    assert second is not first and not second.history and not second.state.is_over
    assert second.seats == first.seats and second.config == first.config
    assert second.seed != first.seed and hosted.seed == second.seed
    assert hosted.status == "in progress" and hosted.next_game.votes == set()
    assert hosted.next_game.rematch_status(ANA) == ""
    assert finished == [first]  # kept once, when it ended
    assert lobby.tables[hosted.id] is hosted


async def test_computer_seats_need_no_vote() -> None:
    lobby, _ = lobby_with_games()
    hosted = finished_table(lobby, "easy", "rule28")
    table = hosted.table
    assert table is not None
    first = table.match
    hosted.next_game.ask_rematch(ANA)
    assert table.match is not first and table.match.seats == first.seats
    assert table.is_bot(1) and table.is_bot(2) and not table.is_bot(0)


async def test_a_rematch_gets_new_dice_even_from_a_fixed_seed_source() -> None:
    lobby = Lobby(bot_delay=0, seeds=lambda: 7)
    hosted = finished_table(lobby, "easy")
    assert hosted.table is not None and hosted.table.match.seed == 7
    hosted.next_game.ask_rematch(ANA)
    assert hosted.table.match.seed != 7


async def test_who_leaves_frees_the_seat_and_a_newcomer_sitting_down_asks_too() -> None:
    lobby, _ = lobby_with_games()
    hosted = finished_table(lobby, HUMAN)
    table = hosted.table
    assert table is not None
    first = table.match
    hosted.next_game.ask_rematch(ANA)
    hosted.left(BOB)
    assert hosted.seats[1].free and hosted.status == "waiting"
    assert summary(hosted).seats[1].free
    assert hosted.next_game.rematch_status(ANA) == (
        "Seat 2 is free: waiting for someone to sit down (c: the computer plays it)."
    )
    assert any("bob left the table: seat 2 is free" in line for line in hosted.chat.lines)
    assert table.match is first

    assert hosted.sit(CAROL, None) == 1
    assert table.match is not first and [s.name for s in table.match.seats] == ["ana", "carol"]
    assert hosted.status == "in progress"


async def test_a_newcomer_sitting_down_still_waits_for_those_who_did_not_ask() -> None:
    lobby, _ = lobby_with_games()
    hosted = finished_table(lobby, HUMAN, HUMAN)
    assert hosted.table is not None
    first = hosted.table.match
    hosted.left(CAROL)
    hosted.sit(Visitor("dave"), None)
    assert hosted.table.match is first
    assert hosted.next_game.rematch_status(Visitor("dave")) == "Waiting for ana and bob."
    hosted.next_game.ask_rematch(ANA)
    hosted.next_game.ask_rematch(BOB)
    assert hosted.table.match is not first


async def test_those_waiting_may_give_a_free_seat_to_the_computer() -> None:
    lobby, _ = lobby_with_games()
    hosted = finished_table(lobby, HUMAN)
    table = hosted.table
    assert table is not None
    hosted.left(BOB)
    hosted.next_game.computer_takes_free_seats(ANA)  # also asks for the rematch
    assert not table.match.history and not table.match.state.is_over
    assert table.match.seats[1].kind == "expert" and table.is_bot(1)
    assert summary(hosted).seats[1].human is False


async def test_a_seat_whose_player_is_gone_when_the_game_ends_is_freed() -> None:
    lobby, _ = lobby_with_games()
    hosted = lobby.create(ANA, "t", GameConfig(num_players=2), [HUMAN])
    hosted.sit(BOB, None)
    table = hosted.table
    assert table is not None
    hosted.left(BOB)  # mid-game: held for bob
    assert 1 in hosted.clocks.holds
    hosted.clocks.hand_to_computer(1)  # as after --seat-timeout
    assert table.match.handovers == (Handover(len(table.match.history), 1, "expert"),)
    finish(table)
    assert hosted.seats[1].free and 1 not in hosted.clocks.holds
    assert hosted.status == "waiting"
    # The finished game says who really played bob's seat.
    assert table.match.kind_of(1) == "expert" and table.match.seats[1].kind == HUMAN


async def test_a_table_everyone_left_after_its_game_closes() -> None:
    lobby, _ = lobby_with_games()
    hosted = finished_table(lobby, HUMAN)
    hosted.left(BOB)
    hosted.left(ANA)
    assert hosted.id not in lobby.tables


async def test_a_hand_over_survives_a_restart_of_the_server(tmp_path: Path) -> None:
    lobby, _ = lobby_with_games()
    hosted = lobby.create(ANA, "t", GameConfig(num_players=2), [HUMAN])
    hosted.sit(BOB, None)
    assert hosted.table is not None
    hosted.table.roll(hosted.table.match.state.current_player)
    hosted.left(BOB)
    hosted.clocks.hand_to_computer(1)
    path = tmp_path / "tables.json"
    store.save(lobby, path)

    again = Lobby(bot_delay=0)
    assert store.load(again, path) == 1
    restored = again.tables[hosted.id].table
    assert restored is not None
    assert restored.match.handovers == hosted.table.match.handovers
    assert restored.is_bot(1)


# --- the screens (Pilot) --------------------------------------------------------------


async def test_the_game_over_screen_asks_shows_whom_it_waits_for_then_the_roll_off() -> None:
    lobby, _ = lobby_with_games()
    hosted = finished_table(lobby, HUMAN)
    app = at_table(hosted, ANA)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableOverScreen)
        assert {button.id for button in screen.query(Button)} == {"rematch", "review", "lobby"}
        await pilot.press("n")  # no new game with other rules here
        assert app.screen is screen

        await pilot.press("r")
        await pilot.pause()
        assert hosted.next_game.votes == {0}
        status = str(screen.query_one("#status", Static).render())
        assert "Waiting for bob." in status
        assert screen.query_one("#rematch", Button).disabled

        hosted.next_game.ask_rematch(BOB)  # from bob's session
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, RolloffScreen)
        assert not any(isinstance(s, TableOverScreen) for s in app.screen_stack)


async def test_a_spectator_has_no_vote_and_sees_the_next_game_begin() -> None:
    lobby, _ = lobby_with_games()
    hosted = finished_table(lobby, HUMAN)
    app = at_table(hosted, CAROL)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableOverScreen)
        assert [button.id for button in screen.query(Button)] == ["review", "lobby"]
        await pilot.press("r", "c")
        await pilot.pause()
        assert hosted.next_game.votes == set() and hosted.finished

        hosted.next_game.ask_rematch(ANA)
        await pilot.pause()
        assert "ana asked for a rematch. Waiting for bob." in str(
            screen.query_one("#status", Static).render()
        )
        hosted.next_game.ask_rematch(BOB)
        await pilot.pause()
        await pilot.pause()
        # The next game, straight on the board: the roll-off box is the players' to close.
        assert isinstance(app.screen, TableScreen)
        assert not any(isinstance(s, RolloffScreen) for s in app.screen_stack)
        assert "Watching" in str(app.screen.query_one("#watching").render())


async def test_lobby_from_the_game_over_screen_goes_back_to_the_lobby_in_the_same_app() -> None:
    lobby, _ = lobby_with_games()
    hosted = finished_table(lobby, HUMAN)
    app = at_table(hosted, BOB)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableOverScreen)
        table = hosted.table
        assert table is not None
        listening = table.listener_count  # type: ignore[attr-defined]
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen) and app.is_running
        assert [type(screen) for screen in app.screen_stack[1:]] == [LobbyScreen]
        assert app.hosted is None and app.table is None
        assert hosted.seats[1].person is None  # a finished game's seat is given up
        assert table.listener_count < listening  # type: ignore[attr-defined]
        await pilot.press("enter")  # back to the table, in the seat still free
        await pilot.pause()
        assert app.hosted is hosted and app.my_seats == {1}
        assert isinstance(app.screen, TableOverScreen)
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("q")  # q in the lobby ends the visit
        await pilot.pause()
    assert app.return_value is None and not app.is_running


async def test_a_talk_line_being_typed_when_the_rematch_begins_stays_open_with_its_text() -> None:
    lobby, _ = lobby_with_games()
    hosted = finished_table(lobby, HUMAN)
    app = at_table(hosted, ANA)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("r", "t", "g", "g")
        await pilot.pause()
        assert isinstance(app.screen, TalkScreen)  # waiting, ana talks to the table
        hosted.next_game.ask_rematch(BOB)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TalkScreen)
        assert app.screen.query_one(Input).value == "gg"
        assert isinstance(app.screen_stack[-2], RolloffScreen)
        assert not any(isinstance(s, TableOverScreen) for s in app.screen_stack)
        await pilot.press("!", "enter")
        await pilot.pause()
        assert hosted.chat.lines[-1] == "ana: gg!" and isinstance(app.screen, RolloffScreen)


async def test_a_dialog_over_the_game_over_box_closes_with_it_when_the_host_starts_anew() -> None:
    table = Table(finished_match(), bot_delay=0)
    app = TableApp(table, my_seats={0})
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        app.action_help()
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        old = table.match
        table.replace_match(Match.start(old.seats, old.config, old.seed + 1))  # the host's rematch
        await pilot.pause()
        await pilot.pause()
        assert not any(isinstance(s, GameOverScreen | HelpScreen) for s in app.screen_stack)


async def test_c_gives_the_free_seat_to_the_computer_and_starts_the_rematch() -> None:
    lobby, _ = lobby_with_games()
    hosted = finished_table(lobby, HUMAN)
    hosted.left(BOB)
    app = at_table(hosted, ANA)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableOverScreen)
        assert "Seat 2 is free" in str(screen.query_one("#status", Static).render())
        await pilot.press("c")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, RolloffScreen)
        assert hosted.table is not None and hosted.table.is_bot(1)


async def test_the_game_over_screen_says_whose_seat_the_computer_played() -> None:
    lobby, _ = lobby_with_games()
    hosted = lobby.create(ANA, "t", GameConfig(num_players=2), [HUMAN])
    hosted.sit(BOB, None)
    table = hosted.table
    assert table is not None
    table.roll(table.match.state.current_player)
    hosted.left(BOB)
    hosted.clocks.hand_to_computer(1)
    finish(table)
    app = at_table(hosted, ANA)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        lines = [str(line.render()) for line in app.screen.query(".handover").results(Static)]
        assert lines == ["The computer played for bob from step 2."]


async def test_at_sixteen_colours_the_table_draws_with_the_terminals_own_palette() -> None:
    lobby, _ = lobby_with_games()
    depths: list[tuple[ColorDepth, str | None]] = [("16", "ansi-dark"), ("256", None)]
    for colors, theme in depths:
        hosted = finished_table(lobby, HUMAN)
        app = at_table(hosted, ANA)
        fit_console(app, colors)  # what `cantstop serve --colors 16` does
        default_theme = app.theme
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert app.theme == (theme or default_theme)


async def test_at_a_table_q_asks_about_leaving_and_help_names_the_table_keys() -> None:
    lobby, _ = lobby_with_games()
    app = at_table(finished_table(lobby, HUMAN), ANA)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.action_help()
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        shown = " ".join(str(w.render()) for w in app.screen.query(Static))
        assert "talk to the table" in shown and "back to the lobby" in shown
        assert "new game" not in shown and "ctrl+s" not in shown
        app.pop_screen()
        app.action_request_quit()
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        shown = " ".join(str(widget.render()) for widget in app.screen.query(Static))
        assert "Leave this table for the lobby?" in shown
        assert "Quit Can't Stop" not in shown


async def test_at_a_table_in_play_the_footer_says_q_goes_to_the_lobby() -> None:
    lobby, _ = lobby_with_games()
    hosted = lobby.create(ANA, "ana's table", GameConfig(num_players=2), (HUMAN,))
    hosted.sit(BOB, None)
    app = at_table(hosted, ANA)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")  # past the roll-off
        await pilot.pause()
        footer = str(app.screen.query_one(KeysBar).render())
        assert "q Lobby" in footer and "Quit" not in footer


async def test_a_seat_given_to_the_computer_keeps_nothing_of_its_person() -> None:
    lobby, _ = lobby_with_games()
    hosted = finished_table(lobby, HUMAN)
    # bob's seat as a save can hold it after a restart: away, once played by the computer
    hosted.seats = seating.hand_over(
        seating.step_away(hosted.seats, 1, game_started=True), 1, seating.AWAY
    )
    hosted.next_game.computer_takes_free_seats(ANA)
    assert hosted.seats[1] == seating.SeatRecord(level="expert")
    assert store.table_to_json(hosted)["slots"][1]["computer"] is False


def test_names_and_seat_numbers_read_as_a_sentence() -> None:
    lobby, _ = lobby_with_games()
    hosted = lobby.create(ANA, "t", GameConfig(num_players=3), [HUMAN, HUMAN])
    hosted.sit(BOB, None)
    assert rematch.names(hosted.seats, []) == ""
    assert rematch.names(hosted.seats, [0]) == "ana"
    assert rematch.names(hosted.seats, [0, 1, 2]) == "ana, bob and (free)"
