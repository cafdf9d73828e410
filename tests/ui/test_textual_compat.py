"""The Textual work-arounds: still needed upstream, same results, and no garbage cycles left."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.segment import Segment
from rich.style import Style
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.geometry import Region
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.widgets import Footer

from cantstop_tui import textual_version
from cantstop_tui.engine import GameConfig
from cantstop_tui.play.match import Match
from cantstop_tui.play.table import Table
from cantstop_tui.ui import textual_compat
from cantstop_tui.ui.demo import step_at
from cantstop_tui.ui.table_app import TableApp
from cantstop_tui.ui.widgets.game_log import GameLog

from .ui_helpers import SIZE, humans, start_playing

RED = Style(color="red")


@pytest.fixture(autouse=True)
def server_strips() -> Iterator[None]:
    """The strips as the SSH server's apps have them while ``cantstop serve`` runs."""
    with textual_compat.lightened_strips():
        yield


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
        "assert Strip.__init__ is textual_compat._original_init\n"
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
    textual_compat._original_init(made, line._segments, line._cell_length)
    return made


def test_upstream_strips_still_refer_to_themselves() -> None:
    # If these fail, Textual fixed it: drop that patch in cantstop_tui/ui/textual_compat.py.
    divide, crop_extend = textual_compat._original_divide, textual_compat._original_crop_extend
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
    expected = textual_compat._original_divide(upstream(line), cuts)
    assert _texts(line.divide(cuts)) == _texts(expected)


@given(segments, st.integers(0, 20), st.integers(0, 20))
def test_crop_extend_gives_what_textual_gives(
    parts: list[tuple[str, Style | None]], start: int, length: int
) -> None:
    line = Strip([Segment(text, style) for text, style in parts])
    for end in (start + length, line.cell_length):
        expected = textual_compat._original_crop_extend(upstream(line), start, end, RED)
        got = line.crop_extend(start, end, RED)
        assert (got.text, got.cell_length, list(got)) == (
            expected.text,
            expected.cell_length,
            list(expected),
        )


class LogOnly(App[None]):
    def compose(self) -> ComposeResult:
        yield GameLog(id="log")


async def test_the_game_log_measures_new_lines_at_once_without_a_thread() -> None:
    app = LogOnly()
    async with app.run_test(size=(40, 10)):
        log = app.query_one(GameLog)
        log._write(["short", "a somewhat longer line"])
        assert log.virtual_size.width == len("a somewhat longer line")
        assert log.virtual_size.height == 2
        assert not list(app.workers)


class TinyLog(App[None]):
    def compose(self) -> ComposeResult:
        yield textual_compat.QuietLog(max_lines=3)


def repaints(
    log: textual_compat.QuietLog, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[int, ...]]:
    """The rows of each repaint ``log`` asks for from now on; () for the whole log."""
    asked: list[tuple[int, ...]] = []
    original = log.refresh

    def refresh(*regions: Region, **kwargs: bool) -> textual_compat.QuietLog:
        asked.append(tuple(y for r in regions for y in range(r.y, r.bottom)))
        return original(*regions, **kwargs)

    monkeypatch.setattr(log, "refresh", refresh)
    return asked


async def test_a_line_added_to_a_log_that_fits_repaints_that_line_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = LogOnly()
    async with app.run_test(size=(40, 10)) as pilot:
        log = app.query_one(GameLog)
        log._write(["first"])
        await pilot.pause()
        asked = repaints(log, monkeypatch)
        log._write(["second", "third"])
        assert asked == [(1, 2)]


async def test_clearing_a_log_or_dropping_its_old_lines_repaints_it_all(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = TinyLog()
    async with app.run_test(size=(40, 10)) as pilot:
        log = app.query_one(textual_compat.QuietLog)
        log.write_lines(["one", "two", "three"])
        await pilot.pause()
        asked = repaints(log, monkeypatch)
        log.write_lines(["four"])  # "one" goes: every line moves up
        assert () in asked
        asked.clear()
        log.clear()
        assert () in asked


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


# --- StylesCache.get_inner_outer: a cache that kept every widget's lines alive ------------


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


class _Dialog(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [("escape", "dismiss", "Close")]


class _FooterApp(App[None]):
    """A screen with a footer and a dialog that changes its keys while open."""

    BINDINGS: ClassVar[list[BindingType]] = [("d", "dialog", "Dialog"), ("x", "bell", "Bell")]

    def __init__(self, footer: type[Footer]) -> None:
        super().__init__()
        self.footer = footer

    def compose(self) -> ComposeResult:
        yield self.footer()

    def action_dialog(self) -> None:
        self.push_screen(_Dialog())


async def footer_watchers_after_dialogs(footer: type[Footer], count: int) -> int:
    app = _FooterApp(footer)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(count):
            await pilot.press("d")
            await pilot.wait_for_animation()
            await pilot.press("escape")
            await pilot.wait_for_animation()
            await pilot.pause()
        kept = getattr(app.screen.query_one(Footer), textual_compat.WATCHERS)
        return len(kept["compact"])


async def test_upstream_footer_still_keeps_the_watchers_of_replaced_keys() -> None:
    assert await footer_watchers_after_dialogs(Footer, 20) > 20


async def test_the_lean_footer_keeps_only_its_current_keys_watchers() -> None:
    assert await footer_watchers_after_dialogs(textual_compat.LeanFooter, 20) <= 3


# --- every private Textual name the compatibility module uses, named -------------------


@pytest.mark.parametrize("part", textual_version.PRIVATE_PARTS)
def test_each_private_part_the_compat_layer_uses_is_still_there(part: str) -> None:
    assert textual_version.has_part(part), f"{part} moved: see textual_compat"


def test_a_part_that_is_not_there_is_found_missing() -> None:
    assert not textual_version.has_part("textual.app.App._no_such_part")
    assert not textual_version.has_part("textual._no_such_module.Thing")
    assert textual_version.has_part("textual.app.App._exception")  # set in App.__init__ only


def test_the_installed_textual_is_the_one_the_guards_were_written_for() -> None:
    from importlib import metadata

    assert metadata.version("textual") == textual_version.TEXTUAL_VERSION
    assert textual_version.textual_problem() is None


def test_another_textual_that_lacks_a_part_gets_a_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from importlib import metadata

    monkeypatch.setattr(metadata, "version", lambda name: "99.0.0")
    assert textual_version.textual_problem() is None  # every part still there: runs
    monkeypatch.setattr(
        textual_version,
        "PRIVATE_PARTS",
        ("textual.app.App._gone", "textual.strip.Strip._crop_cache"),
    )
    said = textual_version.textual_problem()
    assert said is not None
    assert "Textual 8.2.8" in said and "99.0.0" in said and "textual.app.App._gone" in said
    assert "_crop_cache" not in said


def test_the_lock_files_pin_the_textual_the_guards_were_written_for() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    pin = f"textual=={textual_version.TEXTUAL_VERSION} "
    for lock in ("requirements.lock", "requirements-test.lock"):
        assert pin in (root / lock).read_text(encoding="utf-8"), lock


async def test_driver_state_names_what_textuals_driver_keeps_privately() -> None:
    import asyncio

    class Bare(textual_compat.DriverState):
        def start_application_mode(self) -> None: ...

        def disable_input(self) -> None: ...

        def stop_application_mode(self) -> None: ...

        def write(self, data: str) -> None: ...

    app: App[None] = App()
    driver = Bare(app, debug=True, mouse=False, size=(30, 7))
    assert (driver.app, driver.loop, driver.debug, driver.mouse, driver.size) == (
        app,
        asyncio.get_running_loop(),
        True,
        False,
        (30, 7),
    )
    driver.size = (10, 5)
    assert driver._size == (10, 5)  # what App.size reads before the app's first resize


async def test_notification_messages_and_select_values_read_what_the_app_holds() -> None:
    from textual.widgets import Select

    class WithSelect(App[None]):
        def compose(self) -> ComposeResult:
            yield Select([("one", 1), ("two", 2)], id="pick")

    app = WithSelect()
    async with app.run_test() as pilot:
        app.notify("hello there")
        await pilot.pause()
        assert textual_compat.notification_messages(app) == ["hello there"]
        assert textual_compat.select_values(app.query_one(Select))[1:] == [1, 2]


def test_the_key_parser_cache_is_the_lru_cache_forget_parsed_keys_empties() -> None:
    from textual._xterm_parser import XTermParser

    parser = textual_compat.new_key_parser()
    list(parser.feed("\x1b[1;5A"))  # ctrl+up: an extended key, cached class-wide
    assert XTermParser._parse_extended_key.cache_info().currsize > 0
    textual_compat.forget_parsed_keys()
    assert XTermParser._parse_extended_key.cache_info().currsize == 0


async def test_current_app_is_the_app_whose_context_runs() -> None:
    assert textual_compat.current_app() is None
    app = App()
    async with app.run_test():
        assert textual_compat.current_app() is app


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


async def test_take_game_stderr_wraps_textual_serves_open_app_process() -> None:
    """``textual_serve.app_service.AppService._open_app_process``, the one textual-serve
    name the compat layer uses: the game's stderr goes to the taker, whole."""
    import asyncio
    import shlex
    import sys

    from textual_serve.app_service import AppService
    from textual_serve.download_manager import DownloadManager

    assert callable(getattr(AppService, "_open_app_process", None))
    said = "import sys; sys.stderr.write('a line for the taker'); print('__GANGLION__')"

    async def nothing(*_args: object) -> None:
        return None

    service = AppService(
        shlex.join([sys.executable, "-c", said]),
        write_bytes=nothing,
        write_str=nothing,
        close=nothing,
        download_manager=DownloadManager(),
    )
    taken: list[tuple[asyncio.StreamReader, asyncio.subprocess.Process]] = []
    textual_compat.take_game_stderr(service, lambda *given: taken.append(given))
    await service.start(80, 24)
    assert len(taken) == 1
    stream, process = taken[0]
    assert await asyncio.wait_for(stream.read(), 20) == b"a line for the taker"
    await service.stop()
    assert await asyncio.wait_for(process.wait(), 20) == 0
