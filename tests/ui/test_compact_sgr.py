"""The terminal output in fewer bytes (ui.compact_sgr): a screen that looks the same."""

from __future__ import annotations

import sys

import pyte
import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.color import ColorSystem
from rich.style import Style

from cantstop_tui.ui.app import CantStopApp
from cantstop_tui.ui.compact_driver import compact
from cantstop_tui.ui.compact_sgr import MAX_STYLES, SgrCompactor

WIDTH, HEIGHT = 20, 4
STYLES: list[dict[str, object]] = [
    {},
    {"color": "color(253)", "bgcolor": "color(233)"},
    {"color": "color(246)", "bgcolor": "color(233)"},
    {"bold": True, "color": "color(253)", "bgcolor": "color(233)"},
    {"bold": True, "reverse": True, "color": "color(253)", "bgcolor": "color(233)"},
    {"dim": True, "italic": True, "color": "red"},
    {"underline": True, "color": "#10a0ff", "bgcolor": "#202020"},
    {"strike": True, "bgcolor": "blue"},
    {"reverse": True},
    {"bold": True, "underline": True, "bgcolor": "color(17)"},
]
"""Styles as Textual's themes make them (a fresh ``Style`` for each use: Rich keeps the
codes of the first colour depth a style is drawn in)."""

Look = tuple[str, str | None, str, bool | None, bool | None, bool, bool, bool]


def looks(chunks: list[str]) -> list[list[list[Look]]]:
    """What a terminal shows after each chunk: each cell's character and style. A space's
    colour and weight do not show (unless reversed), nor are they compared."""
    screen = pyte.Screen(WIDTH, HEIGHT)
    stream = pyte.Stream(screen)
    shown = []
    for chunk in chunks:
        stream.feed(chunk)
        rows = []
        for y in range(HEIGHT):
            row = []
            for x in range(WIDTH):
                c = screen.buffer[y][x]
                glyph = c.data != " " or c.reverse
                row.append((
                    c.data, c.fg if glyph else None, c.bg, c.bold if glyph else None,
                    c.italics if glyph else None, c.underscore, c.reverse, c.strikethrough,
                ))
            rows.append(row)
        shown.append(rows)
    return shown


def styled(
    text: str, style: dict[str, object], colours: ColorSystem = ColorSystem.EIGHT_BIT
) -> str:
    """``text`` as Textual writes it: the whole style, the text, a reset."""
    return Style(**style).render(text, color_system=colours)  # type: ignore[arg-type]


piece = st.one_of(
    st.builds(
        styled,
        st.sampled_from(["a", "·", " ", "   ", "a b", "··"]),
        st.sampled_from(STYLES),
        st.sampled_from([ColorSystem.EIGHT_BIT, ColorSystem.TRUECOLOR, ColorSystem.STANDARD]),
    ),
    st.builds(
        lambda y, x: f"\x1b[{y};{x}H",
        st.integers(1, HEIGHT),
        st.integers(1, WIDTH - 4),
    ),
    st.just("\r\n"),
    st.just("\x1b[?2026h"),
    st.just("\x1b[K"),
)


@given(st.lists(st.lists(piece, min_size=1, max_size=12), min_size=1, max_size=6))
def test_the_screen_looks_the_same_after_every_write(writes: list[list[str]]) -> None:
    original = ["\x1b[1;1H" + "".join(pieces) for pieces in writes]
    compactor = SgrCompactor()
    assert looks([compactor.feed(chunk) for chunk in original]) == looks(original)


def board_line() -> str:
    dot, gap = STYLES[2], STYLES[1]
    return "\x1b[2;1H" + "".join(styled("·", dot) + styled("·", dot) + styled("   ", gap)
                                  for _ in range(4))


def test_a_board_line_takes_under_half_the_bytes() -> None:
    line = board_line()
    compactor = SgrCompactor()
    compactor.feed("\x1b[0m")
    compacted = compactor.feed(line)
    assert len(compacted) < len(line) / 2
    assert looks([compacted]) == looks([line])


def test_a_style_is_sent_once_while_it_lasts() -> None:
    style = STYLES[3]
    compactor = SgrCompactor()
    compactor.feed("\x1b[0m")  # a terminal in a known style (Textual's first frame)
    compacted = compactor.feed(
        styled("ab", style) + styled("ab", style) + "\x1b[2;1H" + styled("ab", style)
    )
    assert compacted.count("38;5;253") == 1


def test_codes_it_cannot_read_are_sent_as_written_in_their_place() -> None:
    compactor = SgrCompactor()
    bold = STYLES[3]
    stream = "\x1b[0m" + styled("a", bold) + "\x1b[51m" + "b" + "\x1b[0m" + styled("c", bold)
    out = compactor.feed(stream)
    assert out.index("\x1b[51m") < out.index("b")
    assert looks([out]) == looks([stream])


def test_the_alternate_screen_leaves_the_style_unknown_until_a_reset() -> None:
    compactor = SgrCompactor()
    compactor.feed("\x1b[0m" + styled("a", STYLES[3]))
    out = compactor.feed("\x1b[?1049l" + styled("a", STYLES[3]))
    assert out.endswith("a\x1b[0m")
    assert "\x1b[0;1;" in out or out.count("\x1b[1;") == 1  # the whole style, not a diff


def test_ever_new_colours_do_not_make_it_grow() -> None:
    compactor = SgrCompactor()
    for n in range(3 * MAX_STYLES):
        compactor.feed(styled("x", {"color": f"#{n:06x}"}, ColorSystem.TRUECOLOR))
    assert compactor.remembered <= MAX_STYLES + 1


@pytest.mark.skipif(sys.platform == "win32", reason="Textual's terminal driver on Linux, macOS")
def test_the_app_draws_through_a_compacting_driver() -> None:
    from textual.drivers.linux_driver import LinuxDriver
    from textual.drivers.web_driver import WebDriver

    driver = CantStopApp(remember=False, autosave=False).get_driver_class()
    assert issubclass(driver, LinuxDriver) and driver is not LinuxDriver
    assert compact(WebDriver) is WebDriver
