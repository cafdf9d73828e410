"""The processes a benchmark starts end with it, however it ends (an error, Ctrl+C, a
timeout): each is started in a process group of its own (``start_new_session``), and
``end_tree`` signals that group and the group of every process under it (``ptyprobe``
starts ``cantstop`` in a session of its own, so outside its parent's group), then waits.

An orphaned ``cantstop`` whose pty was closed spun a core for 50 minutes (issue 31):

    with children.started(argv, stdout=subprocess.PIPE) as process:  # ended on the way out
        ...
    done = children.run(argv, timeout=60)  # subprocess.run, its whole tree ended on a timeout
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

GRACE = 3.0
"""Seconds a process tree gets to end on SIGTERM before SIGKILL."""


def end_on_sigterm() -> None:
    """SIGTERM (``timeout``, ``kill``) raises ``SystemExit`` in the main thread instead of
    ending the process at once, so that every benchmark's ``finally`` runs and ends its
    children too. For a benchmark run as a program (not imported by the tests)."""
    signal.signal(signal.SIGTERM, lambda signum, _frame: sys.exit(128 + signum))


def descendants(pid: int) -> list[int]:
    """The processes under ``pid`` (children, theirs, ...), read from /proc."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # ended meanwhile
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        parents.setdefault(ppid, []).append(int(entry.name))
    found: list[int] = []
    todo = [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def _signal_groups(pids: Sequence[int], signum: int) -> None:
    """``signum`` to each process's group (never this process's own group: to the process
    alone then)."""
    ours = os.getpgrp()
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            group = os.getpgid(pid)
            if group == ours:
                os.kill(pid, signum)
            else:
                os.killpg(group, signum)


def end_tree(process: subprocess.Popen[Any], grace: float = GRACE) -> None:
    """End ``process`` and every process under it: SIGTERM to their groups, SIGKILL to
    what is left ``grace`` seconds on (or at once if the wait is interrupted), then wait
    for ``process`` (the others are their own parents' to reap, or init's)."""
    if process.poll() is not None:
        return
    tree = [process.pid, *descendants(process.pid)]  # before the parent goes: then they move
    try:
        _signal_groups(tree, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(grace)
    finally:
        _signal_groups(tree, signal.SIGKILL)
        process.wait()


@contextlib.contextmanager
def started(argv: Sequence[str], **popen: Any) -> Iterator[subprocess.Popen[Any]]:
    """``subprocess.Popen(argv, **popen)`` in a process group of its own, its tree ended
    (``end_tree``) when the block ends, however it ends."""
    process = subprocess.Popen(argv, start_new_session=True, **popen)
    try:
        yield process
    finally:
        end_tree(process)
        for stream in (process.stdin, process.stdout, process.stderr):
            if stream is not None:
                stream.close()


def run(
    argv: Sequence[str],
    *,
    timeout: float,
    check: bool = False,
    capture_output: bool = True,
    **popen: Any,
) -> subprocess.CompletedProcess[Any]:
    """``subprocess.run`` whose process tree is ended on every way out: a timeout
    (``subprocess.TimeoutExpired`` raised), an error, Ctrl+C."""
    if capture_output:
        popen |= {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE}
    with started(argv, **popen) as process:
        try:
            stdout, stderr = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired as expired:
            end_tree(process)
            raise subprocess.TimeoutExpired(argv, timeout) from expired
    done = subprocess.CompletedProcess(argv, process.returncode, stdout, stderr)
    if check:
        done.check_returncode()
    return done
