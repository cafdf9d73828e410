"""The server side of the SSH benchmarks: a real ``cantstop serve --open`` as a process of
its own (loopback, ephemeral port), and what is read of it from outside (``/proc``): its
resident memory and CPU seconds. Also the percentile the benchmarks report."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from benchmarks import children

MAX_SESSIONS = 250
"""The server's caps on sessions and connections: room for 100 tables (bench_capacity)."""


def rss_kib(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    match = re.search(r"VmRSS:\s+(\d+) kB", status)
    return int(match.group(1)) if match else 0


def cpu_seconds(pid: int) -> float:
    """The process's CPU seconds so far (user and system), as the kernel counts them: they
    do not grow with other work on the machine, as its wall time does."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def server_log() -> int | IO[str]:
    """Where the server's log goes: the file named by BENCH_SERVER_LOG, else nowhere."""
    path = os.environ.get("BENCH_SERVER_LOG")
    return open(path, "a", encoding="utf-8") if path else subprocess.DEVNULL


PROGRAM = ("-m", "cantstop_tui")
"""How Python is told to run ``cantstop`` (a benchmark may run it otherwise: ``-c`` code)."""


def start_server(
    data_home: str, *options: str, program: tuple[str, ...] = PROGRAM
) -> tuple[subprocess.Popen[str], int]:
    """``cantstop serve`` on an ephemeral loopback port, with ``options`` added, in a process
    group of its own (with its workers); ended with them if it does not start. The caller
    ends it with ``children.end_tree`` (``served`` does)."""
    env = {**os.environ, "XDG_DATA_HOME": data_home}
    process = subprocess.Popen(
        [
            sys.executable,
            *program,
            "serve",
            "--open",
            "--port",
            "0",
            "--ai-delay",
            "0",
            "--max-sessions",
            str(MAX_SESSIONS),
            "--max-connections",
            str(MAX_SESSIONS),
            *options,
        ],
        stdout=subprocess.PIPE,
        stderr=server_log(),
        text=True,
        env=env,
        start_new_session=True,
    )
    assert process.stdout is not None
    try:
        for line in process.stdout:
            found = re.search(r"127\.0\.0\.1:(\d+)", line)
            if found:
                return process, int(found.group(1))
        raise RuntimeError("cantstop serve did not start")
    except BaseException:
        children.end_tree(process)
        raise


@contextmanager
def served(
    *options: str, wait: float = 30.0, program: tuple[str, ...] = PROGRAM
) -> Iterator[tuple[subprocess.Popen[str], int]]:
    """:func:`start_server` on a data folder of its own; the server ends (given ``wait``
    seconds, then killed, with its workers) and the folder goes when the block does,
    however it ends."""
    with tempfile.TemporaryDirectory() as data_home:
        server, port = start_server(data_home, *options, program=program)
        try:
            yield server, port
        finally:
            children.end_tree(server, grace=wait)
