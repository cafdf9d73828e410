"""The pieces behind the limits on connections not logged in yet: random early drop, address
blocks, the gate's counts of startups, penalties, and the log's volume."""

from __future__ import annotations

import logging

import pytest

from cantstop_tui.server.limits import Gate, Limits
from cantstop_tui.server.log_volume import ConnectionLog, LogBudget
from cantstop_tui.server.startups import IDLE_SHARE, Penalties, Startups, source_block


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_startups_are_refused_at_random_from_start_and_all_at_full() -> None:
    startups = Startups(10, 30, 60)
    assert [startups.drop_chance(n) for n in (0, 9, 10, 35, 59, 60, 200)] == [
        0.0,
        0.0,
        0.3,
        0.65,
        pytest.approx(0.986),
        1.0,
        1.0,
    ]
    assert Startups.parse("10:30:60") == startups and str(startups) == "10:30:60"
    assert Startups.parse("5") == Startups(5, 100, 5)  # as OpenSSH reads one number
    for wrong in ("10:30", "a:b:c", "60:30:10", "0:30:60", "10:130:60"):
        with pytest.raises(ValueError):
            Startups.parse(wrong)


def test_a_source_is_an_address_block() -> None:
    assert source_block("127.0.3.7", 32, 64) == "127.0.3.7"
    assert source_block("127.0.3.7", 24, 64) == "127.0.3.0/24"
    assert source_block("2001:db8:1:2:aaaa::1", 32, 64) == "2001:db8:1:2::/64"
    assert source_block("::ffff:10.1.2.3", 32, 64) == "10.1.2.3"  # IPv4 mapped: IPv4
    assert source_block("?", 32, 64) == "?"


def test_the_gate_caps_startups_in_total_and_per_source_and_frees_them_at_login() -> None:
    limits = Limits(max_startups=Startups(3, 50, 4), per_source_max_startups=2, connect_rate=1e3)
    gate = Gate(limits, chance=lambda: 0.99)  # refused only where the chance is 1
    assert gate.admit("a") is None and gate.admit("a") is None
    assert "2 connections from this address logging in" in (gate.admit("a") or "")
    assert gate.admit("b") is None and gate.admit("b") is None
    assert "4 connections logging in" in (gate.admit("c") or "")  # full
    gate.logged_in("a")  # a player: no longer among the startups, still a connection
    assert gate.logging_in == 3 and gate.total == 4
    assert gate.admit("a") is None
    gate.release("a", logged_in=True)
    gate.release("b", logged_in=False)
    assert (gate.total, gate.logging_in, gate.logging_in_from) == (3, 3, {"a": 2, "b": 1})
    gate.release("b", logged_in=False)
    gate.chance = lambda: 0.1  # at 3 logging in, a chance of 50%: this one is refused
    assert gate.admit("d") is None  # 2 logging in: under start, never refused
    assert "3 connections logging in" in (gate.admit("e") or "")


def test_a_connection_that_never_asked_to_log_in_makes_room_for_a_newcomer() -> None:
    clock = Clock()
    limits = Limits(max_startups=Startups(2, 100, 2), login_grace=20, connect_rate=1e3)
    gate = Gate(limits, clock)
    closed: list[str] = []
    for address in ("a", "b"):
        assert gate.admit(address) is None
        gate.idle[lambda address=address: closed.append(address)] = clock()  # type: ignore[misc]
        clock.now += 1
    assert gate.admit("c") is not None and not closed  # 2 s: too young to be closed
    clock.now += 20 * IDLE_SHARE - 2
    assert gate.admit("c") is None and closed == ["a"]  # the oldest, after 5 s
    assert gate.admit("d") is not None  # b is a second younger
    clock.now += 1
    assert gate.admit("d") is None and closed == ["a", "b"]
    assert gate.admit("e") is not None  # nobody left to close


def test_an_ipv6_household_is_one_source() -> None:
    gate = Gate(Limits(per_source_max_startups=2, connect_rate=1e3))
    assert gate.admit("2001:db8::1") is None and gate.admit("2001:db8::2") is None
    assert gate.admit("2001:db8::3") is not None  # the same /64
    assert gate.admit("2001:db8:0:1::1") is None  # the next /64


def test_penalties_add_up_refuse_past_the_minimum_double_with_repeats_and_are_forgiven() -> None:
    clock = Clock()
    penalties = Penalties(minimum=15, maximum=600, max_sources=100, clock=clock)
    for _ in range(14):  # a client closing before login 14 times at once: not refused
        assert penalties.offend("x", 1) == 0
    clock.now += 14
    assert penalties.offend("x", 10) == 0  # the 14 s ran out: 10 owed
    assert penalties.offend("x", 10) == 20  # 20 owed: refused for them
    assert penalties.remaining("x") == 20 and penalties.remaining("y") == 0
    clock.now += 21
    assert penalties.remaining("x") == 0  # served
    assert penalties.offend("x", 10) == 20  # refused once: each charge counts double
    clock.now += 21
    assert penalties.offend("x", 10) == 40
    for _ in range(20):
        penalties.offend("x", 10)
    assert penalties.remaining("x") == 600  # at most the maximum
    clock.now += 600 + 601
    assert penalties.offend("x", 10) == 0  # quiet for the maximum: forgiven


def test_penalties_remember_a_bounded_number_of_sources() -> None:
    penalties = Penalties(minimum=15, maximum=600, max_sources=100)
    for n in range(1000):
        penalties.offend(f"10.0.{n // 256}.{n % 256}", 20)
    assert len(penalties._owed) == 100


def test_connection_lines_are_summed_up_per_block_past_a_few_a_minute(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    clock = Clock()
    lines = ConnectionLog(logging.getLogger("test.connections"), lines=4, clock=clock)
    for n in range(30):
        lines.opened(f"10.1.2.{n}")
        lines.closed(f"10.1.2.{n}")
    lines.opened("10.1.3.1")  # another block has its own lines
    lines.flush()  # the minute is not over: nothing yet
    assert len(caplog.records) == 5
    clock.now += 60
    lines.flush()
    said = [r.getMessage() for r in caplog.records]
    summary = "... and 28 more connections from 10.1.2.0/24 in the last minute (28 closed)."
    assert said[-1] == summary
    assert len(said) == 6  # 10.1.3.0/24 held nothing back: no summary


def test_the_log_has_a_byte_budget_a_minute_and_says_what_it_dropped() -> None:
    clock = Clock()
    logger = logging.getLogger("test.budget")
    logger.propagate = False
    written: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            written.append(record.getMessage())

    handler = Keep()
    handler.addFilter(LogBudget(per_minute=1000, clock=clock))
    logger.addHandler(handler)
    try:
        for n in range(100):  # 68 bytes a line with its overhead
            logger.warning("line %03d %s", n, "x" * 27)
        assert len(written) == 1000 // 68
        logger.error("a server fault is never dropped")
        assert written[-1].startswith("a server fault is never dropped [86 lines (5848 bytes)")
        clock.now += 60
        logger.warning("and the next minute has its budget")
        assert written[-1] == "and the next minute has its budget"
    finally:
        logger.removeHandler(handler)
