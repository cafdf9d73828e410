"""ui/textual_compat/strips.py: Textual's ``Strip`` made light while a server runs: the
problems still there upstream, the same results, and no garbage cycles left."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from cantstop_tui.engine import GameConfig
from cantstop_tui.play.match import Match
from cantstop_tui.play.table import Table
from cantstop_tui.ui import textual_compat
from cantstop_tui.ui.demo import step_at
from cantstop_tui.ui.table_app import TableApp

from .ui_helpers import SIZE, humans, start_playing

RED = Style(color="red")

pytestmark = pytest.mark.usefixtures("server_strips")


def test_strips_are_light_only_while_lightened_and_textuals_own_again_after() -> None:
    with textual_compat.lightened_strips():  # a second server: still light after it closes
        line = strip()
    assert textual_compat.strips_lightened()
    assert isinstance(line, textual_compat.LightStrip)


def test_textuals_own_strips_come_back_when_the_last_server_closes() -> None:
    import subprocess
    import sys

    check = (
        "from textual.strip import Strip\n"
        "from cantstop_tui.ui import textual_compat\n"
        "assert not textual_compat.strips_lightened()\n"
        "with textual_compat.lightened_strips():\n"
        "    light = Strip.blank(3)\n"
        "    assert textual_compat.strips_lightened()\n"
        "assert not textual_compat.strips_lightened()\n"
        "assert Strip.__init__ is textual_compat.UPSTREAM_INIT\n"
        "assert Strip.blank(3) is light and light.crop(0, 2).text == '  '\n"  # still works
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True)
    assert done.stdout.strip() == "ok", done.stderr


@contextmanager
def collector_paused() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def cycles_left_by(action: Callable[[], object]) -> int:
    """How many objects only the cyclic collector can free after ``action`` is done."""
    with collector_paused():
        action()
        return gc.collect()


def strip(text: str = "hello") -> Strip:
    return Strip([Segment(text[:2], RED), Segment(text[2:])])


def upstream(line: Strip) -> Strip:
    """The same line as Textual's own ``Strip.__init__`` makes it."""
    made = Strip.__new__(Strip)
    textual_compat.UPSTREAM_INIT(made, line._segments, line._cell_length)
    return made


def test_upstream_strips_still_refer_to_themselves() -> None:
    # If these fail, Textual fixed it: drop that patch in cantstop_tui/ui/textual_compat/strips.py.
    divide, crop_extend = textual_compat.UPSTREAM_DIVIDE, textual_compat.UPSTREAM_CROP_EXTEND
    assert cycles_left_by(lambda: divide(upstream(strip()), [5])) > 0
    assert cycles_left_by(lambda: crop_extend(upstream(strip()), 0, 5, None)) > 0


def test_upstream_strips_are_born_with_seven_caches_and_ours_with_none() -> None:
    slots = [slot for slot, _size in textual_compat.CACHE_SIZES.values()]
    assert all(getattr(upstream(strip()), slot) is not None for slot in slots)
    line = strip()
    assert all(getattr(line, slot) is None for slot in slots)
    cropped = line.crop(1, 4)
    assert line.crop(1, 4) is cropped  # cached after all
    assert [slot for slot in slots if getattr(line, slot) is not None] == ["_crop_cache"]
    assert (cropped.text, cropped.cell_length) == ("ell", 3)


def test_patched_strips_are_freed_without_the_collector() -> None:
    assert cycles_left_by(lambda: strip().divide([5])) == 0
    assert cycles_left_by(lambda: strip().crop_extend(0, 5, None)) == 0


segments = st.lists(
    st.tuples(st.text("ab✓ ", min_size=1, max_size=4), st.sampled_from([None, RED])),
    min_size=1,
    max_size=4,
)


def _texts(strips: object) -> list[tuple[str, int]]:
    return [(s.text, s.cell_length) for s in strips]  # type: ignore[attr-defined]


@given(segments, st.lists(st.integers(0, 20), min_size=1, max_size=4))
def test_divide_gives_what_textual_gives(
    parts: list[tuple[str, Style | None]], cuts: list[int]
) -> None:
    line = Strip([Segment(text, style) for text, style in parts])
    cuts = [*sorted(cuts), line.cell_length]
    expected = textual_compat.UPSTREAM_DIVIDE(upstream(line), cuts)
    assert _texts(line.divide(cuts)) == _texts(expected)


@given(segments, st.integers(0, 20), st.integers(0, 20))
def test_crop_extend_gives_what_textual_gives(
    parts: list[tuple[str, Style | None]], start: int, length: int
) -> None:
    line = Strip([Segment(text, style) for text, style in parts])
    for end in (start + length, line.cell_length):
        expected = textual_compat.UPSTREAM_CROP_EXTEND(upstream(line), start, end, RED)
        got = line.crop_extend(start, end, RED)
        assert (got.text, got.cell_length, list(got)) == (
            expected.text,
            expected.cell_length,
            list(expected),
        )


async def test_redrawing_a_game_leaves_no_garbage_cycles() -> None:
    table = Table(Match.start(humans(2), GameConfig(2), 5), bot_delay=0)
    app = TableApp(table, my_seats=set())
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)

        async def play(changes: int) -> None:
            for _ in range(changes):
                step_at(table)
                await pilot.pause()

        await play(5)  # caches warm
        with collector_paused():
            await play(40)
            left = gc.collect()
        assert len(table.match.history) > 40
        assert left == 0


def test_an_uncycled_strip_is_given_whole_without_caching_itself_on_itself() -> None:
    segments = [Segment("ab", Style(bold=True)), Segment("cd")]
    uncycled = textual_compat.UncycledStrip(segments, 4)
    assert list(uncycled.divide([4])) == [uncycled]
    assert uncycled.crop_extend(0, 4, None) is uncycled
    assert not uncycled._divide_cache and not uncycled._crop_extend_cache
    # A cut or a crop that is not the whole strip is Textual's.
    assert [s.text for s in uncycled.divide([2, 4])] == ["ab", "cd"]
    assert uncycled.crop_extend(1, 6, None).text == "bcd  "
