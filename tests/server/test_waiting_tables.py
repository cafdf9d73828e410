"""Turn-based tables waiting for players: they close unplayed after the waiting hours, one
address (and its guests together) may keep only a few, and the server keeps room for games
(issue srv7b, item 2: twenty free guest names filled all 200 tables for ever)."""

from __future__ import annotations

import pytest

from cantstop_tui.engine import GameConfig
from cantstop_tui.play.seating import LobbyError, Person
from cantstop_tui.play.turn_based import TurnRules
from cantstop_tui.server import store
from cantstop_tui.server.budgets import Budgets, PersonLimits
from cantstop_tui.server.guests import guest
from cantstop_tui.server.lobby import MAX_TABLES, Lobby
from cantstop_tui.server.startups import address_block
from cantstop_tui.server.waiting_tables import HOUR

TWO = GameConfig(num_players=2)
LIMITS = PersonLimits()


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def a_guest(name: str, address: str = "203.0.113.9") -> Person:
    return Person(name, guest(address), address)


def waiting_table(lobby: Lobby, person: Person) -> None:
    lobby.create(person, "", TWO, ["human"], turns=TurnRules())


def test_guests_of_one_address_share_a_small_allowance_of_waiting_tables() -> None:
    lobby = Lobby()
    for number in range(LIMITS.guest_waiting):
        waiting_table(lobby, a_guest(f"name{number}"))
    with pytest.raises(LobbyError, match="Guests from your address have 2 turn-based tables"):
        waiting_table(lobby, a_guest("another-free-name"))
    waiting_table(lobby, a_guest("eve", "203.0.113.10"))  # another address: its own
    ana = Person("ana", "SHA256:ana", "203.0.113.9")  # a key from that address: hers
    waiting_table(lobby, ana)
    lobby.create(a_guest("again"), "", TWO, ["human"])  # real-time tables: not these limits


def test_an_address_block_counts_as_one_whatever_its_names_and_keys() -> None:
    lobby = Lobby(turn_based_limit=50)
    for number in range(LIMITS.waiting_per_address):
        waiting_table(lobby, Person(f"k{number}", f"SHA256:{number}", f"2001:db8::{number + 1}"))
    with pytest.raises(LobbyError, match="Your address has 10 turn-based tables waiting"):
        waiting_table(lobby, Person("k-new", "SHA256:new", "2001:db8::ffff"))  # the same /64
    waiting_table(lobby, Person("k-other", "SHA256:o", "2001:db8:0:1::1"))  # the next /64
    assert address_block("2001:db8::1") == address_block("2001:db8::ffff:1") == "2001:db8::/64"
    assert address_block("::ffff:192.0.2.1") == "192.0.2.1" != address_block("192.0.2.2")


def test_the_server_keeps_room_for_games_beyond_its_waiting_tables() -> None:
    limits = PersonLimits(waiting_tables=3)
    lobby = Lobby(budgets=Budgets(limits))
    for number in range(3):
        waiting_table(lobby, a_guest(f"g{number}", f"198.51.100.{number}"))
    with pytest.raises(LobbyError, match="3 turn-based tables wait for players"):
        waiting_table(lobby, Person("ana", "SHA256:ana", "192.0.2.7"))
    lobby.create(Person("ana", "SHA256:ana", "192.0.2.7"), "", TWO, ["human"])  # real-time
    assert PersonLimits().waiting_tables < MAX_TABLES


def test_a_table_nobody_joined_closes_after_the_waiting_hours_and_a_restart_keeps_its_age(
) -> None:
    clock = Clock()
    lobby = Lobby(clock=clock)
    waiting_table(lobby, a_guest("mallory"))
    [hosted] = lobby.tables.values()
    record = store.table_to_json(hosted)
    clock.now += LIMITS.waiting_hours * HOUR - 1
    lobby.check_deadlines()
    assert hosted.id in lobby.tables  # not yet
    restarted = Lobby(clock=clock)
    store.restore_all(restarted, [record])
    [again] = restarted.tables.values()
    assert (again.created, again.creator_guest, again.creator_block) == (
        hosted.created, True, "203.0.113.9",
    )
    clock.now += 1
    for each in (lobby, restarted):
        each.check_deadlines()
        assert not each.tables, "a table not begun within the waiting hours closes"
    waiting_table(lobby, a_guest("mallory"))  # and its room is free again


def test_a_begun_turn_based_game_keeps_its_own_rules() -> None:
    clock = Clock()
    lobby = Lobby(clock=clock)
    waiting_table(lobby, Person("ana", "SHA256:ana", "192.0.2.7"))
    [hosted] = lobby.tables.values()
    hosted.sit(Person("bob", "SHA256:bob", "192.0.2.8"), None)
    assert hosted.table is not None
    clock.now += 10 * LIMITS.waiting_hours * HOUR
    lobby.check_deadlines()
    assert hosted.id in lobby.tables


def test_two_guest_names_from_one_address_share_one_chat_allowance() -> None:
    """The chat's rate held per name only: each of several guest names from one address
    could say its own lines a second. Now their address block shares one allowance."""
    clock = Clock()
    lobby = Lobby(budgets=Budgets(PersonLimits(), clock=clock))
    mal, mallory = a_guest("mal"), a_guest("mallory")
    hosted = lobby.create(mal, "", TWO, ["expert"])
    hosted.watch(mallory)
    said = 0
    for number in range(2 * 5):
        for who in (mal, mallory):
            try:
                hosted.say(who, f"spam {number}")
            except LobbyError as refusal:
                assert "Too many lines at once" in str(refusal)
            else:
                said += 1
    assert said == 5, "one burst for the address, not one per name"
    hosted.say(a_guest("eve", "203.0.113.10"), "hello")  # another address: its own
    clock.now += 1.0
    hosted.say(mallory, "a second later: one more")
