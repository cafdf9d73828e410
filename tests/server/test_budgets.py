"""Budgets per person against a real server: one person's open tables, chat lines, and
joining and leaving, each refused with a sentence, while two bystanders from another
address keep playing."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import asyncssh
import pytest

from cantstop_tui.engine import GameConfig
from cantstop_tui.play.seating import LobbyError
from cantstop_tui.server.budgets import CHAT_BURST, Budgets, PersonLimits
from cantstop_tui.server.identity import guest
from cantstop_tui.server.server import GameServer
from cantstop_tui.server.tables import HostedTable, Visitor

from .conftest import Player, make_server, play_one_step, start_table, until

ATTACKER = "127.0.0.2"


@pytest.fixture
async def budgeted(host_key: asyncssh.SSHKey) -> AsyncIterator[GameServer]:
    # Slow rates, so that a loaded machine typing slowly is still a flood.
    limits = PersonLimits(moves_per_minute=4, chat_per_second=0.05)
    server = make_server(host_key, budgets=Budgets(limits))
    await server.start()
    yield server
    await server.close()


async def keep_playing(server: GameServer, hosted: HostedTable, players: dict[int, Player]) -> None:
    """The bystanders' game goes on: a few steps, each taken by its player's key."""
    table = hosted.table
    assert table is not None
    for _ in range(4):
        if table.match.state.is_over:
            return
        await play_one_step(table, players)
        table = hosted.table
        assert table is not None


async def attacker(server: GameServer, name: str = "mal") -> Player:
    mal = await Player.connect(server.port, name, local_addr=(ATTACKER, 0))
    await mal.wait_for("lobby")
    return mal


async def test_a_person_is_refused_a_third_open_table_with_a_sentence(
    budgeted: GameServer,
) -> None:
    bob, carol, hosted = await start_table(budgeted, "bob", "carol")
    mal_here = Visitor("mal", guest(ATTACKER))  # who mal is when logged in (a guest)
    for _ in range(2):  # two tables against the computer, left with their games on
        made = budgeted.lobby.create(mal_here, "", GameConfig(num_players=2), ["expert"])
        made.left(mal_here)
    count = len(budgeted.lobby.tables)
    mal = await Player.connect(budgeted.port, "mal", local_addr=(ATTACKER, 0))
    await mal.wait_for("Who starts?")  # back at a table mal left, as a returning player is
    mal.press("q")
    await mal.wait_for("Leave this table")
    mal.press("y")
    await mal.wait_for(lambda: "Who starts?" not in mal.text() and "lobby" in mal.text())
    mal.press("c")
    await mal.wait_for("New table")
    mal.press("\r")
    await mal.wait_for("You have 2 open tables already")
    assert len(budgeted.lobby.tables) == count
    await keep_playing(budgeted, hosted, {0: bob, 1: carol})


def typing(person: Player, number: int) -> bool:
    """``spam NUMBER`` shows in the talk box (the chat pane shows lines said as ``mal
    (watching): ...``)."""
    return any(re.search(rf"(?<!: )spam {number}\b", row) for row in person.text().splitlines())


async def test_a_chat_flood_is_slowed_then_muted_with_a_sentence(budgeted: GameServer) -> None:
    bob, carol, hosted = await start_table(budgeted, "bob", "carol")
    mal = await attacker(budgeted)
    mal.press("w")
    await mal.wait_for("Watching")
    budgets = budgeted.lobby.budgets
    slowed = False
    for number in range(30):
        mal.press("t")
        await mal.wait_for(lambda: "say something" in mal.text() or budgets.muted("mal"))
        if budgets.muted("mal"):  # the last line muted mal: no box opens
            break
        # Typed, then sent: the box's placeholder goes with the first letter typed, so the
        # box is known closed only once the typed line has left it (under load a key sent
        # on would otherwise land in the line still being typed: "spam 11t").
        mal.press(f"spam {number}")
        await mal.wait_for(lambda: typing(mal, number), "the line in the talk box")  # noqa: B023
        mal.press("\r")
        await mal.wait_for(lambda: not typing(mal, number), "the talk box to close")  # noqa: B023
        line = f"mal (watching): spam {number}"
        await mal.wait_for(
            lambda: line in hosted.chat.lines  # noqa: B023
            or "Too many lines" in mal.text()
            or budgets.muted("mal"),
            f"{line!r} said or refused",
        )
        slowed |= line not in hosted.chat.lines
        if budgeted.lobby.budgets.muted("mal"):
            break
    assert slowed
    await mal.wait_for("You are muted")
    said = [line for line in hosted.chat.lines if line.startswith("mal (watching): ")]
    assert CHAT_BURST <= len(said) < 20, said
    if "say something" in mal.text():  # a box opened before the last line muted mal
        mal.press("\x1b")
        await mal.wait_for(lambda: "say something" not in mal.text())
    # Muted, t opens no talk box (drawn and closed for nothing at each key): a sentence.
    mal.press("t")
    await mal.wait_for("s more:")
    assert "say something" not in mal.text()
    await keep_playing(budgeted, hosted, {0: bob, 1: carol})
    with pytest.raises(LobbyError, match="muted"):  # at every table, whatever the connection
        budgeted.lobby.budgets.may_say("MAL")


async def test_a_join_and_leave_loop_is_refused_with_a_sentence(budgeted: GameServer) -> None:
    bob, carol, hosted = await start_table(budgeted, "bob", "carol")
    mal = await attacker(budgeted)
    for _ in range(10):
        mal.press("w")
        await mal.wait_for(lambda: "Watching" in mal.text() or "too often" in mal.text())
        if "too often" in mal.text():
            break
        mal.press("q")
        await mal.wait_for("Leave this table")
        mal.press("y")
        await mal.wait_for("you are")
        await until(lambda: hosted.watchers == 0, "mal to leave")
    assert "You joined and left tables too often: try again in" in mal.text()
    assert hosted.watchers == 0
    await keep_playing(budgeted, hosted, {0: bob, 1: carol})


def test_the_flags_and_the_docs_say_the_limits_defaults() -> None:
    from dataclasses import fields
    from pathlib import Path

    from cantstop_tui.server.cli_args import parser

    args = parser().parse_args(["--open"])
    docs = (Path(__file__).parents[2] / "docs" / "ssh.md").read_text()
    for spec in fields(PersonLimits):
        assert getattr(args, spec.name) == spec.default
        flag = spec.metadata["flag"]
        assert f"{spec.default:g} (`{flag}`)" in docs, flag


SPELLINGS = ("Ana", "ana", "\u0430na")  # the last with a Cyrillic a: one person (``skeleton``)


def test_two_spellings_of_one_person_share_one_chat_and_moves_budget() -> None:
    budgets = Budgets(PersonLimits(chat_per_second=0.001, moves_per_minute=3), clock=lambda: 0.0)
    for line in range(CHAT_BURST):
        budgets.may_say(SPELLINGS[line % len(SPELLINGS)])
    for spelling in SPELLINGS:
        with pytest.raises(LobbyError, match="Too many lines at once"):
            budgets.may_say(spelling)
    budgets.may_say("bob")  # another person's budget is their own
    for spelling in SPELLINGS:
        budgets.may_move(spelling)
    with pytest.raises(LobbyError, match="joined and left tables too often"):
        budgets.may_move("ANA")


def test_a_muted_person_is_muted_under_every_spelling() -> None:
    budgets = Budgets(PersonLimits(chat_per_second=0.001), clock=lambda: 0.0)
    with pytest.raises(LobbyError, match="muted"):
        for _ in range(100):
            try:
                budgets.may_say("Ana")
            except LobbyError as refused:
                if "muted" in str(refused):
                    raise
    assert all(budgets.muted(spelling) for spelling in SPELLINGS)
    assert budgets.mute_notice(SPELLINGS[2]) is not None
    assert not budgets.muted("bob")


async def test_two_spellings_of_one_person_share_one_budget_of_open_tables(
    budgeted: GameServer,
) -> None:
    lobby = budgeted.lobby
    for spelling in SPELLINGS[:2]:  # two tables against the computer, left with their games on
        here = Visitor(spelling, guest(ATTACKER))
        lobby.create(here, "", GameConfig(num_players=2), ["expert"]).left(here)
    count = len(lobby.tables)
    with pytest.raises(LobbyError, match="You have 2 open tables already"):
        look_alike = Visitor(SPELLINGS[2], guest(ATTACKER))
        lobby.create(look_alike, "", GameConfig(num_players=2), ["expert"])
    assert len(lobby.tables) == count
