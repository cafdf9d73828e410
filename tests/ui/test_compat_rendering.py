"""ui/textual_compat/rendering.py: what Textual and Rich keep of what they drew."""

from __future__ import annotations

import gc

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cantstop_tui.play.table import Table
from cantstop_tui.ui import textual_compat
from cantstop_tui.ui.table_app import TableApp

from .ui_helpers import SIZE

pytestmark = pytest.mark.usefixtures("server_strips")


def test_upstream_get_inner_outer_still_keeps_each_styles_cache_alive() -> None:
    """Textual 8.2.8's ``StylesCache.get_inner_outer`` is an ``lru_cache`` on a method: its
    key holds the ``StylesCache`` (so the widget's cached lines) of every widget drawn."""
    import weakref

    from textual._styles_cache import StylesCache
    from textual.color import Color

    upstream = textual_compat.UPSTREAM_GET_INNER_OUTER
    cache = StylesCache()
    kept = weakref.ref(cache)
    upstream(cache, Color(1, 2, 3), Color(4, 5, 6))
    del cache
    gc.collect()
    assert kept() is not None  # still held by the method's cache: the problem upstream
    upstream.cache_clear()  # type: ignore[attr-defined]
    gc.collect()
    assert kept() is None


@given(
    st.tuples(*[st.integers(0, 255)] * 3),
    st.tuples(*[st.integers(0, 255)] * 3, st.floats(0, 1)),
)
def test_the_patched_get_inner_outer_gives_textuals_result_and_keeps_no_widget(
    base: tuple[int, int, int], over: tuple[int, int, int, float]
) -> None:
    import weakref

    from textual._styles_cache import StylesCache
    from textual.color import Color

    cache = StylesCache()
    kept = weakref.ref(cache)
    colours = (Color(*base), Color(*over))
    # Textual's answer from another StylesCache, which upstream's cache may keep.
    expected = textual_compat.UPSTREAM_GET_INNER_OUTER(StylesCache(), *colours)
    assert cache.get_inner_outer(*colours) == expected
    del cache
    # Freed at once, without the collector (whose full pass per example cost a minute in the
    # whole suite): only the test held it, as the patched cache keys the colours only.
    assert kept() is None


async def test_opening_and_closing_a_dialog_leaves_no_objects_behind() -> None:
    from cantstop_tui.ui.demo import in_progress

    app = TableApp(Table(in_progress(), bot_delay=0), can_restart=True)

    async def cycles(pilot: object, count: int) -> int:
        for _ in range(count):
            await pilot.press("question_mark")  # type: ignore[attr-defined]
            await pilot.pause()  # type: ignore[attr-defined]
            await pilot.press("escape")  # type: ignore[attr-defined]
            await pilot.pause()  # type: ignore[attr-defined]
        gc.collect()
        return len(gc.get_objects())

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await cycles(pilot, 5)  # caches fill once
        before = await cycles(pilot, 5)
        after = await cycles(pilot, 30)
    # Each cycle used to leave about 340 objects (a closed dialog's widgets' lines).
    assert after - before < 30 * 10


def test_forget_rendered_codes_lets_a_style_drawn_at_16_colours_draw_truecolor() -> None:
    from rich.color import ColorSystem
    from rich.style import Style as RichStyle

    from cantstop_tui.ui.textual_compat import forget_rendered_codes

    style = RichStyle(color="#ff8000")
    assert "\x1b[9" in style.render("x", color_system=ColorSystem.STANDARD)
    # Rich keeps the first codes (Style._ansi): drawn again at truecolor, still 16 colours.
    assert "38;2" not in style.render("x", color_system=ColorSystem.TRUECOLOR)
    assert forget_rendered_codes() >= 1
    assert "38;2;255;128;0" in style.render("x", color_system=ColorSystem.TRUECOLOR)
