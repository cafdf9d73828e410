"""What a burst of keys in one read costs the server, with the session's key budget's burst
at 80 (before issue 31's chat-line fix) and at today's 201 (``server.driver.EVENTS_BURST``),
servers of each alternately in one run.

The attacker watches a table, opens its talk box and sends, every ``PERIOD`` seconds, 256
keys in one write: "a" then Backspace, 128 times (one byte a key, each a change of the
talk line: the most keys a byte buys). The budget lets through the burst (80 or 201; the
bucket refills at 40 keys a second, full again within the period) and drops the rest.
Then the same keys paced as the budget allows: its burst's worth at once, as often as the
bucket refills it. Reported per server and pattern: its CPU (``/proc``: other work on the
machine is not counted) per byte sent and as a share of a core, beside the same span
idle, and the load average.

    python -m benchmarks.key_burst_cost
"""

from __future__ import annotations

import asyncio
import os
import sys
import time

from benchmarks import ssh_people, ssh_server

BURSTS = (80, 201)
RUNS = 2
CYCLES = 4
PERIOD = 5.0
"""Seconds between bursts: the bucket (40 keys a second) is full again before each."""
KEYS = "a\x7f" * 128
SETTLE_SECONDS = 3.0
TALK_PROMPT = "say something"


def program(burst: int) -> tuple[str, ...]:
    """``cantstop`` with the session's key burst set to ``burst``."""
    code = (
        "import sys\nfrom cantstop_tui.server import driver\n"
        "driver.EVENTS_BURST = int(sys.argv.pop(1))\n"
        "from cantstop_tui.cli import main\nsys.exit(main())"
    )
    return ("-c", code, str(burst))


async def attack(person: ssh_people.Person, keys: str, period: float, span: float) -> int:
    """``keys`` in one write every ``period`` seconds for ``span`` seconds; bytes sent."""
    sent = 0
    for _ in range(round(span / period)):
        person.chan.write(keys)
        sent += len(keys)
        await asyncio.sleep(period)
    return sent


async def one_server(burst: int) -> list[str]:
    """Idle, then 256 keys at once every ``PERIOD`` s, then paced: the burst's worth at once
    as often as the budget refills it (80 every 2 s, 200 every 5 s: 40 keys a second)."""
    span = CYCLES * PERIOD
    patterns = [
        ("idle", "", span),
        (f"{len(KEYS)} keys every {PERIOD:g} s", KEYS, PERIOD),
        (f"paced, {burst // 2 * 2} keys every {burst // 2 * 2 / 40:g} s",
         "a\x7f" * (burst // 2), burst // 2 * 2 / 40),
    ]
    lines = []
    with ssh_server.served(wait=10, program=program(burst)) as (server, port):
        seated = await ssh_people.open_table(port, 0)
        conn, attacker = await ssh_people.connect(port, "attacker1")
        await attacker.wait_for("lobby")
        attacker.press("w", timed=False)
        await attacker.wait_for("Watching")
        attacker.press("t", timed=False)
        await attacker.wait_for(TALK_PROMPT)
        for name, keys, period in patterns:
            await asyncio.sleep(SETTLE_SECONDS)
            cpu, start = ssh_server.cpu_seconds(server.pid), time.perf_counter()
            sent = await attack(attacker, keys, period, span) if keys else 0
            if not keys:
                await asyncio.sleep(span)
            used = ssh_server.cpu_seconds(server.pid) - cpu
            share = used / (time.perf_counter() - start)
            per_byte = f"{1e6 * used / sent:.0f} us a byte sent, " if sent else ""
            lines.append(
                f"burst {burst}, {name}: {per_byte}{100 * share:.1f}% of a core, "
                f"load average {os.getloadavg()[0]:.1f}"
            )
            print(lines[-1], flush=True)
        conn.close()
        for other, _person in seated:
            other.close()
    return lines


async def measure(runs: int = RUNS) -> list[str]:
    lines = []
    for _ in range(runs):
        for burst in BURSTS:
            lines += await one_server(burst)
    return lines


if __name__ == "__main__":
    from benchmarks.children import end_on_sigterm

    end_on_sigterm()
    asyncio.run(measure(int(sys.argv[1]) if len(sys.argv) > 1 else RUNS))
