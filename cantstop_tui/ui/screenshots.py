"""`python -m cantstop_tui.ui.screenshots DIR`: SVGs (and PNGs with cairosvg) of the screens."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

from ..play.match import Match
from ..play.table import Table
from .app import CantStopApp
from .demo import before_a_bust, finished, in_progress
from .table_app import TableApp

SIZE = (80, 24)


def _on_table(match: Match) -> TableApp:
    return TableApp(Table(match, bot_delay=0), can_restart=True)


SCENES: dict[str, tuple[object, Sequence[str], tuple[int, int]]] = {
    "new-game": (lambda: CantStopApp(ai_delay=0, remember=False, autosave=False), (), SIZE),
    "game-in-progress": (lambda: _on_table(in_progress()), (), SIZE),
    "bust": (lambda: _on_table(before_a_bust()), ("r",), SIZE),
    "help": (lambda: _on_table(in_progress()), ("question_mark",), SIZE),
    "game-over": (lambda: _on_table(finished()), (), SIZE),
    "review": (lambda: _on_table(finished(2, seed=3)), ("v",), (100, 32)),
    "game-120x40": (lambda: _on_table(in_progress()), (), (120, 40)),
    "game-160x50": (lambda: _on_table(in_progress()), (), (160, 50)),
}


async def _shoot(
    name: str, make_app: object, keys: Sequence[str], size: tuple[int, int], folder: Path
) -> Path:
    app = make_app()  # type: ignore[operator]
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
        await app.workers.wait_for_complete()  # a review is worked out in the background
        await pilot.pause()
        return Path(app.save_screenshot(f"{name}.svg", str(folder)))


def _to_png(svg: Path) -> Path | None:
    try:
        import cairosvg  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        return None
    png = svg.with_suffix(".png")
    cairosvg.svg2png(url=str(svg), write_to=str(png), output_width=1000)
    return png


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0] if args else "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    for name, (make_app, keys, size) in SCENES.items():
        svg = asyncio.run(_shoot(name, make_app, keys, size, folder))
        png = _to_png(svg)
        print(svg, png or "(no PNG: pip install cairosvg)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
