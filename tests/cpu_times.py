"""CPU seconds per test (``pytest --cpu-times=N``): the machine is shared, so wall times are
noise; the CPU a test costs (its process plus the children it waited for) is what adds up.

Each test's CPU travels on its teardown report (``user_properties``), so under pytest-xdist the
controller sees every worker's tests; the summary lists the N dearest and the total."""

from __future__ import annotations

import resource
from collections.abc import Generator

import pytest

KEY = "cpu_seconds"
_spent = pytest.StashKey[float]()


def _cpu_now() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--cpu-times",
        type=int,
        default=None,
        metavar="N",
        help="list the N tests that cost the most CPU seconds, and the total",
    )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, None]:
    item.stash[_spent] = _cpu_now()
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, None]:
    outcome = yield
    if call.when == "teardown":
        report = outcome.get_result()
        report.user_properties.append((KEY, _cpu_now() - item.stash[_spent]))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    count = terminalreporter.config.getoption("--cpu-times")
    if count is None:
        return
    spent: list[tuple[float, str]] = []
    for reports in terminalreporter.stats.values():
        for report in reports:
            if getattr(report, "when", None) != "teardown":
                continue
            for key, value in report.user_properties:
                if key == KEY:
                    spent.append((float(value), report.nodeid))
    spent.sort(reverse=True)
    terminalreporter.write_sep("=", f"CPU seconds per test: {len(spent)} tests")
    for seconds, nodeid in spent[:count]:
        terminalreporter.write_line(f"{seconds:8.2f}s {nodeid}")
    terminalreporter.write_line(f"{sum(s for s, _ in spent):8.2f}s in all")
