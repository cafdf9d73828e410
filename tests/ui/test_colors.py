"""A terminal's colours decided from its environment as Textual decides them for the local
app (one decision: this checks the two agree), and drawn at that depth by a line filter."""

from __future__ import annotations

import pytest
from rich.color import Color, ColorType
from rich.segment import Segment
from rich.style import Style
from textual.app import App
from textual.color import Color as TextualColor

from cantstop_tui.ui.colors import DEPTHS, ColorDepth, capped, depth_filters, terminal_depth

TEXTUAL_DEPTHS = {"standard": "16", "256": "256", "truecolor": "truecolor"}
ENVIRONMENTS = [
    {"TERM": "xterm-256color"},
    {"TERM": "xterm"},
    {"TERM": "screen"},
    {"TERM": "linux"},
    {"TERM": "xterm-16color"},
    {"TERM": "xterm-kitty", "COLORTERM": "truecolor"},
    {"TERM": "xterm-256color", "COLORTERM": "24bit"},
    {"TERM": ""},
    {},
    {"TERM": "xterm-256color", "NO_COLOR": "1"},
    {"TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": ""},
]


@pytest.mark.parametrize("environ", ENVIRONMENTS)
def test_the_decision_is_the_one_textual_makes_for_the_local_app(
    environ: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("TERM", "COLORTERM", "NO_COLOR", "TEXTUAL_COLOR_SYSTEM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    local = App[None]()
    expected = "none" if local.no_color else TEXTUAL_DEPTHS[str(local.console.color_system)]
    assert terminal_depth(environ) == expected


@pytest.mark.parametrize(
    ("environ", "depth"),
    [
        ({"TERM": "xterm-mono"}, "none"),  # Rich would say 16: a mono terminal shows none
        ({"TERM": "vt220-m"}, "none"),
        ({"TERM": "dumb"}, None),  # cannot draw a full screen at all
        ({"TERM": "unknown", "COLORTERM": "truecolor"}, None),
    ],
)
def test_what_rich_does_not_know(environ: dict[str, str], depth: ColorDepth | None) -> None:
    assert terminal_depth(environ) == depth


def test_the_servers_ceiling_caps_the_terminals_depth() -> None:
    assert capped("truecolor", "256") == "256"
    assert capped("16", "256") == "16"
    assert capped("none", "truecolor") == "none"
    assert [capped("truecolor", d) for d in DEPTHS] == list(DEPTHS)


RED = Style(color="#ff1010", bgcolor="#102030", bold=True)


def drawn(depth: ColorDepth) -> Style:
    segments = [Segment("x", RED)]
    for line_filter in depth_filters(depth):
        segments = line_filter.apply(segments, TextualColor(0, 0, 0))
    [(_, style, _)] = segments
    assert style is not None
    return style


@pytest.mark.parametrize(
    ("depth", "kind"),
    [("truecolor", ColorType.TRUECOLOR), ("256", ColorType.EIGHT_BIT), ("16", ColorType.STANDARD)],
)
def test_colours_are_drawn_at_the_depth(depth: ColorDepth, kind: ColorType) -> None:
    style = drawn(depth)
    assert style.color is not None and style.color.type is kind
    assert style.bgcolor is not None and style.bgcolor.type is kind
    assert style.bold  # everything but the colours is kept


def test_no_colour_keeps_only_the_terminals_defaults() -> None:
    style = drawn("none")
    assert style.color == Color.default() and style.bgcolor == Color.default()
    assert style.bold
