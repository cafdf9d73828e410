"""Names that show as blanks (Hangul fillers, every default-ignorable code point) and names
that pass for a computer seat ("Computer 2", "expert", "Bot (expert)") are asked for again
(issue srv7b, item 3), while a bystander plays on."""

from __future__ import annotations

import asyncssh
import pytest

from cantstop_tui.ai import LEVELS
from cantstop_tui.play.names import clean_text, is_usable_name, sanitize_name
from cantstop_tui.play.reserved_names import computer_name
from cantstop_tui.play.seating import open_seats

from .conftest import Player, make_server

BLANKS = ["\u3164\u3164", "\u115f\u1160", "\uffa0", "ana\u3164", "\u2800", "bo\u180eb", "a\ufe0f"]


@pytest.mark.parametrize("name", BLANKS)
def test_a_name_of_invisible_letters_is_not_usable(name: str) -> None:
    assert not is_usable_name(name)
    assert sanitize_name(name) in ("", "ana", "bob", "a")
    assert clean_text(f"x{name}y") == "x" + sanitize_name(name) + "y"


@pytest.mark.parametrize(
    "name", ["Computer 2", "computer", "Bot (expert)", "BOT", "cpu 3", "C0mputer-4", *LEVELS]
)
def test_the_computer_seats_names_and_the_levels_are_kept(name: str) -> None:
    assert computer_name(name) is not None


def test_every_computer_seats_shown_name_is_kept_and_people_s_names_are_not() -> None:
    seats = open_seats(["human", *LEVELS])
    for index, seat in enumerate(seats[1:], start=1):
        assert computer_name(seat.player_name(index)) is not None, seat.player_name(index)
    for name in ("ana", "Robert", "Botany", "Al", "Computa", "Expertise", "bob"):
        assert computer_name(name) is None, name


def said(player: Player) -> str:
    """The screen's words, its boxes' borders and line ends left out."""
    return " ".join(word for word in player.text().split() if word.strip("│╭╮╰╯─"))


async def test_such_names_are_asked_for_again_over_ssh(host_key: asyncssh.SSHKey) -> None:
    server = make_server(host_key)
    await server.start()
    try:
        carol = await Player.connect(server.port, "carol")  # a bystander
        await carol.wait_for("lobby")
        blank = await Player.connect(server.port, "\u3164\u3164", size=(100, 24))
        await blank.wait_for(lambda: "cannot be shown to other players" in said(blank))
        seat = await Player.connect(server.port, "Computer 2", size=(100, 24))
        await seat.wait_for(lambda: "Computer 2 is kept for the computer's seats" in said(seat))
        seat.press("Bot (expert)\r")  # at the prompt, the same rule
        await seat.wait_for(lambda: "Bot expert is kept" in said(seat))  # sanitized: no ()
        assert "Computer 2" not in server.playing_names()
        assert {"Computer 2", "Bot (expert)", "\u3164\u3164"}.isdisjoint(server.playing_names())
        assert "lobby" in carol.text() and not carol.view.closed.is_set()
        for player in (carol, blank, seat):
            await player.close()
    finally:
        await server.close()
