"""Python function calls per key (a roll, a pair choice, a stop) of the game beside a bare
Textual app's key, in-process under ``Pilot`` (headless: the frame is composed, not
written), with cProfile. Unlike key-to-screen times, the counts hold on a loaded machine.

    python -m benchmarks.key_calls [TURNS]

Each key is pressed and the app let settle (a few pauses); what settling costs an app with
nothing to do is measured the same way and taken off, so a figure is what the key itself
costs. docs/testing.md ("What a key costs") has the figures.
"""

from __future__ import annotations

import asyncio
import cProfile
import pstats
import sys

from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Static

from cantstop_tui.ui.app import CantStopApp
from cantstop_tui.ui.demo import humans
from cantstop_tui.ui.screens.game import GameScreen
from cantstop_tui.ui.settings import GameSettings

SIZE = (80, 24)
SEED = 6
KEYS = {"roll": "r", "pair choice": "1", "stop": "s"}
"""A turn: the first roll of a turn never busts, so each roll ends on the moves."""


class Bare(App[None]):
    """The bare app of ``ptyprobe.py --baseline``: one ``Static`` that a key updates."""

    BINDINGS = [("r", "bump", "bump")]  # noqa: RUF012 (Textual's own form)
    count = 0

    def compose(self) -> ComposeResult:
        yield Static("READY 0", id="s")

    def action_bump(self) -> None:
        self.count += 1
        self.query_one("#s", Static).update(f"READY {self.count}")


async def _settle(pilot: Pilot[None]) -> None:
    for _ in range(3):
        await pilot.pause()
        await asyncio.sleep(0.06)
    await pilot.pause()


async def _calls(pilot: Pilot[None], key: str | None) -> int:
    """Calls to press ``key`` (None: none) and settle."""
    profile = cProfile.Profile()
    profile.enable()
    if key is not None:
        await pilot.press(key)
    await _settle(pilot)
    profile.disable()
    return int(pstats.Stats(profile).total_calls)  # type: ignore[attr-defined]


async def measure(turns: int = 8) -> dict[str, float]:
    """Calls per key, the app's settling taken off: ``bare`` and each of ``KEYS``."""
    async with Bare().run_test(size=SIZE) as pilot:
        await _settle(pilot)
        idle = await _calls(pilot, None)
        bare = [await _calls(pilot, "r") - idle for _ in range(turns)]
    app = CantStopApp(settings=GameSettings(humans(2), "standard", 3, SEED), ai_delay=0)
    presses: dict[str, list[int]] = {name: [] for name in KEYS}
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await pilot.press("enter")  # who starts
        while not isinstance(app.screen, GameScreen):
            await pilot.pause()
        await _settle(pilot)
        idle = await _calls(pilot, None)
        for _ in range(turns):
            for name, key in KEYS.items():
                presses[name].append(await _calls(pilot, key) - idle)
    figures = {"bare": sum(bare) / turns}
    figures.update({name: sum(calls) / turns for name, calls in presses.items()})
    return figures


def report(figures: dict[str, float]) -> None:
    """Prints ``figures`` (``bare`` and each key's calls) as calls and ratios to the bare key."""
    bare = figures.pop("bare")
    print(f"bare Textual key: {bare:,.0f} calls")
    for name, calls in figures.items():
        print(f"{name}: {calls:,.0f} calls ({calls / bare:.2f}x the bare key)")


def main(argv: list[str]) -> int:
    report(asyncio.run(measure(int(argv[0]) if argv else 8)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
