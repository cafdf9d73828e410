"""Names from strangers, and tables that survive a restart."""

from __future__ import annotations

import os
import stat
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cantstop_tui.engine import GameConfig
from cantstop_tui.play.match import HUMAN
from cantstop_tui.play.names import is_usable_name, sanitize_name, sanitize_text
from cantstop_tui.server import store
from cantstop_tui.server.cli import main as serve_main
from cantstop_tui.server.hostkey import load_or_create_host_key
from cantstop_tui.server.lobby import Lobby
from cantstop_tui.server.tables import Visitor

HOSTILE = [
    ("\x1b[2J\x1b[Hana", "ana"),
    ("\x1b]0;owned\x07bob", "bob"),
    ("\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "link"),
    ("\x1bPq#0;2;0;0;0\x1b\\dcs", "dcs"),
    ("\x9b31mred\x9b0m", "red"),
    ("ev\u202eil", "evil"),
    ("zero\u200bwidth", "zerowidth"),
    ("[bold red]x[/]", "bold redx"),
    ("\x1bcreset", "reset"),
    ("tab\tand\nnewline", "tabandnewline"),
    ("  José   Núñez  ", "José Núñez"),
]


@pytest.mark.parametrize(("raw", "shown"), HOSTILE)
def test_hostile_names_lose_every_escape_sequence_and_control(raw: str, shown: str) -> None:
    assert sanitize_name(raw) == shown


@given(st.text())
def test_a_sanitized_name_holds_only_letters_digits_and_plain_punctuation(raw: str) -> None:
    name = sanitize_name(raw)
    assert len(name) <= 16 and name == name.strip()
    assert all(char in " -_.'" or unicodedata.category(char)[0] in "LNM" for char in name)
    assert_marks_follow_letters(name)
    assert sanitize_name(name) == name


def assert_marks_follow_letters(text: str) -> None:
    """Combining marks (needed by Devanagari, Thai...) only after a base, two at most in a row."""
    run = 0
    for index, char in enumerate(text):
        run = run + 1 if unicodedata.category(char)[0] == "M" else 0
        assert run <= 2 and (run == 0 or index >= run)


@given(st.text())
def test_sanitized_text_has_no_control_or_format_characters(raw: str) -> None:
    text = sanitize_text(raw)
    assert all(char == " " or unicodedata.category(char)[0] not in "CZ" for char in text)
    assert_marks_follow_letters(text)
    assert sanitize_text(text) == text


def test_usable_names_need_a_letter_or_digit() -> None:
    assert is_usable_name("ana") and is_usable_name("Zoë 2")
    assert not is_usable_name("---") and not is_usable_name("") and not is_usable_name("a\x1b")


async def test_a_game_in_progress_survives_a_restart_with_seats_held(tmp_path: Path) -> None:
    lobby = Lobby(seat_timeout=600, bot_delay=0, seeds=lambda: 11)
    ana, bob = Visitor("ana"), Visitor("bob", key="SHA256:abc")
    hosted = lobby.create(ana, "friday", GameConfig(num_players=3, variant="jump"), [HUMAN, "easy"])
    hosted.sit(bob, None)
    table = hosted.table
    assert table is not None
    for _ in range(6):
        player = table.match.state.current_player
        if table.is_bot(player):
            table.step_bot()
        elif table.match.state.phase.value == "choose":
            from cantstop_tui.engine import legal_moves

            table.choose(player, legal_moves(table.match.state)[0])
        else:
            table.roll(player)
    path = tmp_path / "tables.json"
    store.save(lobby, path)

    restarted = Lobby(seat_timeout=600, bot_delay=0)
    assert store.load(restarted, path) == 1
    again = restarted.tables[hosted.id]
    assert again.table is not None and again.table.match == table.match
    assert again.name == "friday" and [s.level for s in again.seats] == [HUMAN, HUMAN, "easy"]
    assert set(again.clocks.holds) == {0, 1}
    assert restarted.held_seat(Visitor("bob")) is None  # the key must match too
    held = restarted.held_seat(bob)
    assert held is not None and held[1] == 1
    assert again.sit(bob, None) == 1 and again.seats[1].connected
    new = restarted.create(ana, "", GameConfig(), [HUMAN])
    assert new.id > hosted.id


def test_a_damaged_save_is_reported_and_skipped(tmp_path: Path) -> None:
    path = tmp_path / "tables.json"
    path.write_text("{not json")
    assert store.load(Lobby(), path) == 0


def test_the_host_key_is_made_once_and_kept_private(tmp_path: Path) -> None:
    key, created = load_or_create_host_key(tmp_path / "host_key")
    assert created and stat.S_IMODE(os.stat(tmp_path / "host_key").st_mode) == 0o600
    again, created_again = load_or_create_host_key(tmp_path / "host_key")
    assert not created_again and again.get_fingerprint() == key.get_fingerprint()


def test_serve_refuses_to_start_without_an_authentication_choice(
    capfd: pytest.CaptureFixture[str],
) -> None:
    assert serve_main([]) == 2
    error = capfd.readouterr().err
    assert "--authorized-keys" in error and "--password-file" in error and "--open" in error


def test_unreadable_or_empty_auth_files_are_explained(tmp_path: Path) -> None:
    from cantstop_tui.server.auth import Auth, AuthError

    with pytest.raises(AuthError, match="Cannot read the password file"):
        Auth.from_password_file(tmp_path / "missing")
    empty = tmp_path / "empty"
    empty.write_text("# nobody yet\n")
    with pytest.raises(AuthError, match="holds no password"):
        Auth.from_password_file(empty)
    with pytest.raises(AuthError, match="holds no public key"):
        Auth.from_authorized_keys(empty)
    with pytest.raises(AuthError, match="Cannot read the authorized keys"):
        Auth.from_authorized_keys(tmp_path / "missing")
    huge = tmp_path / "huge"
    huge.write_bytes(b"#" * (2 * 1024 * 1024))
    with pytest.raises(AuthError, match="far too big"):
        Auth.from_password_file(huge)
    with pytest.raises(AuthError, match="far too big"):
        Auth.from_authorized_keys(huge)
    shared = tmp_path / "shared"
    shared.write_text("letmein\n")
    auth = Auth.from_password_file(shared)
    assert auth.password_ok("anyone", "letmein") and not auth.password_ok("anyone", "no")
