"""The pieces behind the limits: the gate's counts and penalties, the summarised log, and
the input filter in front of Textual's parser (which must never die of what it is fed)."""

from __future__ import annotations

import logging

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from textual import events

from cantstop_tui.server.input_filter import MAX_PASTE, PASTE_END, PASTE_START, InputFilter
from cantstop_tui.server.limits import Gate, Limits
from cantstop_tui.server.logs import Limited
from cantstop_tui.ui.textual_compat import KeyParser, new_key_parser


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_gate_counts_per_address_and_in_total() -> None:
    gate = Gate(Limits(max_connections=3, max_per_address=2))
    assert gate.admit("a") is None and gate.admit("a") is None
    assert "2 connections from this address" in (gate.admit("a") or "")
    assert gate.admit("b") is None
    assert "server full" in (gate.admit("c") or "")
    gate.release("a")
    assert gate.admit("c") is None
    gate.release("nobody")  # never counted: nothing changes
    assert gate.total == 3


def test_failed_logins_wait_twice_as_long_each_time_then_block_then_are_forgiven() -> None:
    clock = Clock()
    limits = Limits(free_failures=5, max_delay=30, block_after=20, block_seconds=600)
    gate = Gate(limits, clock)
    delays = []
    for _ in range(12):
        delays.append(gate.delay("x"))
        gate.failed("x")
    assert delays == [0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 30, 30]  # after 5 failures: doubling
    assert gate.delay("x") == 30 and not gate.blocked("x")
    while gate.failed("x") < 20:
        pass
    assert gate.blocked("x") and gate.admit("x") is not None
    assert gate.delay("y") == 0 and gate.admit("y") is None  # others are not punished
    clock.now += 601
    assert not gate.blocked("x") and gate.delay("x") == 0


def test_the_gate_remembers_a_bounded_number_of_addresses() -> None:
    gate = Gate(Limits(max_addresses=100))
    for n in range(1000):
        gate.failed(f"10.0.{n // 256}.{n % 256}")
    assert len(gate._failures) == 100


def test_the_log_says_a_repeat_once_a_minute_with_its_count(caplog) -> None:
    caplog.set_level(logging.INFO)
    clock = Clock()
    limited = Limited(logging.getLogger("t"), period=60, clock=clock)
    for _ in range(50):
        limited(("auth", "1.2.3.4"), logging.WARNING, "Failed login from %s", "1.2.3.4")
    limited(("auth", "5.6.7.8"), logging.WARNING, "Failed login from %s", "5.6.7.8")
    clock.now += 61
    limited(("auth", "1.2.3.4"), logging.WARNING, "Failed login from %s", "1.2.3.4")
    lines = [r.getMessage() for r in caplog.records]
    assert lines == [
        "Failed login from 1.2.3.4",
        "Failed login from 5.6.7.8",
        "Failed login from 1.2.3.4 (and 49 more like it in the last minute)",
    ]


def keys(parser: KeyParser, text: str) -> list[str]:
    return [m.key for m in parser.feed(text) if isinstance(m, events.Key)]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.text(alphabet=st.sampled_from("\x1b[]O;?<>0123456789~uMmABaz\x07\\~ "), max_size=40),
        max_size=8,
    )
)
def test_nothing_a_client_sends_breaks_the_parser_behind_the_filter(chunks: list[str]) -> None:
    flt, parser = InputFilter(), new_key_parser()
    for chunk in chunks:
        text = flt.feed(chunk)
        if text:
            list(parser.feed(text))
    list(parser.feed(flt.flush() or " "))
    list(parser.feed(flt.end_paste() or " "))
    # Whatever came before, a plain key still arrives as that key.
    assert "r" in keys(parser, flt.feed("\x1b[A r"))


def test_overlong_and_absurd_sequences_are_dropped_whole() -> None:
    flt = InputFilter()
    assert flt.feed("a\x1b[99999999999ub") == "ab"
    assert flt.feed("\x1b[" + "1;" * 200) == "" and flt.feed("1mc") == "c"
    assert flt.feed("\x1b]0;title\x07d\x1bPdcs\x1b\\e") == "de"
    assert flt.feed("\x1b[<0;12;5M\x1bOP\x1bx") == "\x1b[<0;12;5M\x1bOP\x1bx"


def test_a_lone_escape_reaches_the_parser_at_once_and_a_split_sequence_stays_whole() -> None:
    flt = InputFilter()
    assert flt.feed("\x1b") == "\x1b"  # the Escape key, or the start of a sequence
    assert flt.feed("[A") == "[A"  # the parser joins them: ESC [ A, the up key
    assert flt.feed("\x1b") == "\x1b" and flt.flush() == ""


@pytest.mark.parametrize("split", [1, 5, 100, 2047, 2049, 3000])
def test_a_long_paste_keeps_its_first_2048_characters_and_ends(split: int) -> None:
    flt = InputFilter()
    text = PASTE_START + "p" * 5000 + PASTE_END + "k"
    out = flt.feed(text[:split]) + flt.feed(text[split:])
    assert out == PASTE_START + "p" * MAX_PASTE + PASTE_END + "k"
    assert flt.cut and not flt.in_paste


def test_a_paste_that_never_ends_is_ended() -> None:
    flt = InputFilter()
    assert flt.feed(PASTE_START + "abc") == PASTE_START + "abc"
    assert flt.in_paste and flt.flush() == ""
    assert flt.end_paste() == PASTE_END and not flt.in_paste and flt.cut


def test_sighup_reloads_the_password_file_and_a_bad_file_keeps_the_old(
    tmp_path, caplog
) -> None:
    import asyncssh

    from cantstop_tui.server.auth import Auth
    from cantstop_tui.server.cli import parser, reloader
    from cantstop_tui.server.identity import Names
    from cantstop_tui.server.server import GameServer, Settings

    passwords = tmp_path / "pw"
    passwords.write_text("ana:one\n")
    args = parser().parse_args(["--password-file", str(passwords)])
    server = GameServer(
        Settings(auth=Auth.from_password_file(passwords)),
        asyncssh.generate_private_key("ssh-ed25519"),
        names=Names(tmp_path / "server.db"),
    )
    reload = reloader(server, args)
    passwords.write_text("ana:two\nbob:three\n")
    caplog.set_level(logging.INFO)
    reload()
    assert server.settings.auth.password_ok("bob", "three")
    assert not server.settings.auth.password_ok("ana", "one")
    passwords.write_text("# nobody\n")
    reload()
    assert server.settings.auth.password_ok("bob", "three")  # the old logins still apply
    assert "Reload refused" in caplog.text
