"""benchmarks/children.py and its users: a benchmark that fails (an error, Ctrl+C, a
timeout) leaves no process behind, not even one its child started in a session of its
own, as ptyprobe starts ``cantstop`` (issue 31: such an orphan spun a core for 50 minutes)."""

from __future__ import annotations

import os
import pty
import signal
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from waiting import running, wait_until

from benchmarks import children, pty_run

LIMIT = 60.0

TREE = """
import os, signal, subprocess, sys
grandchild = subprocess.Popen(
    [sys.executable, "-c", "import signal\\nsignal.pause()"], start_new_session=True
)
with open(sys.argv[1] + ".tmp", "w") as file:
    file.write(str(grandchild.pid))
os.replace(sys.argv[1] + ".tmp", sys.argv[1])
while True:
    signal.pause()
"""
"""A process that starts one in a session of its own (its pid in the file named), then
waits for ever: ptyprobe and its ``cantstop``."""


def tree(pid_file: Path) -> list[str]:
    return [sys.executable, "-c", TREE, str(pid_file)]


def grandchild_of(pid_file: Path) -> int:
    wait_until(pid_file.exists, "the child never started its own child")
    return int(pid_file.read_text())


@pytest.mark.parametrize("failure", [RuntimeError, KeyboardInterrupt])
def test_a_failing_block_ends_the_child_and_the_one_it_started(
    tmp_path: Path, failure: type[BaseException]
) -> None:
    pid_file = tmp_path / "pid"
    with pytest.raises(failure), children.started(tree(pid_file)) as process:
        pids = [process.pid, grandchild_of(pid_file)]
        assert all(running(pid) for pid in pids)
        raise failure("the measurement failed")
    assert process.returncode is not None  # waited for
    wait_until(lambda: not any(running(pid) for pid in pids), f"still running: {pids}")


def test_a_run_past_its_timeout_ends_its_whole_tree(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    with pytest.raises(subprocess.TimeoutExpired):
        children.run(tree(pid_file), timeout=5.0)
    # Under heavy load the child may not have started its own in 5 s: then there is none.
    if pid_file.exists():
        grandchild = int(pid_file.read_text())
        wait_until(lambda: not running(grandchild), "the grandchild outlived the timeout")


def test_a_run_that_ends_gives_its_output_and_code() -> None:
    done = children.run([sys.executable, "-c", "print('hi'); raise SystemExit(3)"], timeout=LIMIT)
    assert (done.returncode, done.stdout) == (3, b"hi\n")
    with pytest.raises(subprocess.CalledProcessError):
        children.run([sys.executable, "-c", "raise SystemExit(3)"], timeout=LIMIT, check=True)


class FakeTerm:
    """ptyprobe's ``Term`` as pty_run uses it: a program on a new pty, in a session of
    its own."""

    def __init__(self, argv: list[str], cols: int, rows: int, env: dict[str, str]) -> None:
        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
        )
        os.close(slave)


def test_a_failed_pty_measurement_leaves_no_program_behind(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    probe = SimpleNamespace(Term=FakeTerm)
    with pytest.raises(RuntimeError), pty_run.terminal(probe, tree(pid_file)) as term:  # type: ignore[arg-type]
        pids = [term.proc.pid, grandchild_of(pid_file)]
        raise RuntimeError("'First to play' never showed")
    wait_until(lambda: not any(running(pid) for pid in pids), f"still running: {pids}")
    with pytest.raises(OSError):
        os.fstat(term.master)  # the pty closed


BENCH = """
import signal, sys
from benchmarks import children
children.end_on_sigterm()
with children.started([sys.executable, "-c", sys.argv[1], sys.argv[2]]):
    while True:
        signal.pause()
"""
"""A benchmark run as a program, measuring with a process tree (``TREE``) until killed."""


def test_a_benchmark_ended_by_sigterm_ends_its_children_first(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    root = Path(__file__).resolve().parents[1]
    path = os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])
    env = {**os.environ, "PYTHONPATH": path}
    bench = subprocess.Popen([sys.executable, "-c", BENCH, TREE, str(pid_file)], env=env)
    try:
        grandchild = grandchild_of(pid_file)
        child = children.descendants(bench.pid)[0]
        bench.send_signal(signal.SIGTERM)  # as `timeout` does
        assert bench.wait(LIMIT) == 128 + signal.SIGTERM
    finally:
        children.end_tree(bench)
    wait_until(lambda: not running(child) and not running(grandchild), "a child outlived it")
