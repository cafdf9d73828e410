"""Every player's colour readable on every theme the app offers (contrast of at least
``MIN_CONTRAST``, WCAG 2's for marks), computed for each theme and colour, and seen on the
screen; the theme chosen is the next run's too."""

from __future__ import annotations

import json

import pytest
from rich.segment import Segment
from rich.style import Style
from textual.app import App
from textual.color import Color
from textual.geometry import Region
from textual.widget import Widget

from cantstop_tui.engine import GameConfig
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.storage.replay import Replay
from cantstop_tui.ui.app import CantStopApp
from cantstop_tui.ui.demo import play_until
from cantstop_tui.ui.glyphs import PLAYER_COLOURS, UNICODE
from cantstop_tui.ui.readable_marks import (
    MIN_CONTRAST,
    contrast,
    marks_filter,
    readable,
    stand_in,
)
from cantstop_tui.ui.screens.replay import ReplayApp, ReplayScreen
from cantstop_tui.ui.settings import GameSettings, load_settings, settings_path
from cantstop_tui.ui.widgets.board import Board
from cantstop_tui.ui.widgets.players import PlayersPanel

from .ui_helpers import SIZE, local_app, start_playing, until

THEMES = sorted(CantStopApp(remember=False).available_themes)
SHAPES = set("".join(UNICODE.shapes))


def backgrounds(app: App[object], name: str) -> dict[str, Color]:
    """The theme's backgrounds a widget is drawn on (a terminal's own: the stand-in)."""
    theme = app.available_themes[name]
    colours = theme.to_color_system().generate()
    found = {}
    for key in ("background", "surface", "panel"):
        colour = Color.parse(colours[key])
        found[key] = stand_in(theme.dark) if colour.ansi is not None or colour.a == 0 else colour
    return found


@pytest.mark.parametrize("name", THEMES)
def test_every_player_colour_is_readable_on_every_background_of_every_theme(name: str) -> None:
    app = CantStopApp(remember=False)
    for where, background in backgrounds(app, name).items():
        for colour in PLAYER_COLOURS:
            shown = readable(Color.parse(colour), background)
            ratio = contrast(shown, background)
            assert ratio >= MIN_CONTRAST, (name, where, colour, shown.hex, round(ratio, 2))


def test_the_light_theme_needed_it() -> None:
    """What the tester measured: the computer's green on textual-light was about 1.4:1."""
    grey = Color.parse("#E0E0E0")
    assert contrast(Color.parse(PLAYER_COLOURS[1]), grey) < 1.5
    assert contrast(Color.parse(PLAYER_COLOURS[0]), grey) < 2.5


def marks(widget: Widget) -> list[Segment]:
    """The segments of a player's shape as the widget hands them to the screen."""
    width, height = widget.size
    strips = widget.render_lines(Region(0, 0, width, height))
    return [s for strip in strips for s in strip if SHAPES & set(s.text) and s.style]


@pytest.mark.parametrize("name", ["textual-light", "solarized-light", "textual-dark"])
async def test_the_shapes_drawn_stand_out_from_their_background(name: str) -> None:
    seats = (Seat("You"), Seat("Computer", "easy"), Seat("Bo"), Seat("Cy"))
    app = local_app(GameSettings(seats, "standard", 3, 7), remember=False)
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        app.theme = name
        await pilot.press("r")
        await until(pilot, lambda: bool(marks(app.screen.query_one(PlayersPanel))), "the panel")
        found = [*marks(app.screen.query_one(PlayersPanel)), *marks(app.screen.query_one(Board))]
        colours = set()
        for segment in found:
            style = segment.style
            assert style is not None and style.color is not None and style.bgcolor is not None
            fore, back = Color(*style.color.get_truecolor()), Color(*style.bgcolor.get_truecolor())
            colours.add(fore.hex)
            ratio = contrast(fore, back)
            assert ratio >= MIN_CONTRAST, (name, segment.text, fore.hex, back.hex, ratio)
        assert len(colours) >= 4, colours  # each player's own


async def test_the_theme_chosen_is_the_next_runs_too() -> None:
    app = CantStopApp(ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "textual-dark"
        app.theme = "textual-light"
        await pilot.pause()
    assert json.loads(settings_path().read_text())["theme"] == "textual-light"
    assert load_settings() == (GameSettings(), None)  # the settings still read as they were
    again = CantStopApp(ai_delay=0)
    assert again.theme == "textual-light"
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.theme == "textual-light"
    assert CantStopApp(ai_delay=0, remember=False).theme == "textual-dark"


def test_a_theme_the_app_does_not_know_is_left_alone() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    data = GameSettings().to_json() | {"theme": "no-such-theme"}
    path.write_text(json.dumps(data))
    assert CantStopApp(ai_delay=0).theme == "textual-dark"
    assert load_settings() == (GameSettings(), None)


@pytest.mark.parametrize("name", THEMES)
def test_a_dim_player_colour_is_drawn_readable_and_not_left_to_the_terminal(name: str) -> None:
    """A won column's fill is its owner's colour, dim: a terminal dims it its own way
    (toward the background, past the contrast: yellow on textual-light was 1.04:1), so the
    filter draws it, dimmed and readable, and hands the terminal no dim to apply."""
    app = CantStopApp(remember=False)
    theme = app.available_themes[name]
    for where, background in backgrounds(app, name).items():
        for colour in PLAYER_COLOURS:
            for look in ("dim", "bold dim", "dim reverse"):
                style = Style.parse(f"{look} {colour}")
                (shown,) = marks_filter(theme.dark).apply([Segment("▼▼", style)], background)
                assert shown.style is not None and shown.style.color is not None
                assert not shown.style.dim, (name, where, colour, look)
                fore = Color(*shown.style.color.get_truecolor())
                ratio = contrast(fore, background)
                assert ratio >= MIN_CONTRAST, (name, where, colour, look, fore.hex, ratio)


def _three_owners(match: Match) -> bool:
    return len({owner for owner in match.state.claimed if owner is not None}) >= 3


async def test_won_columns_fills_and_labels_stand_out_on_the_light_theme() -> None:
    """What the tester saw at textual-light: the fills (▼▼▼▼ ■■■■) nearly invisible."""
    seats = tuple(Seat(name) for name in ("ana", "bob", "cy", "dee"))
    played = play_until(Match.start(seats, GameConfig(num_players=4), 2), _three_owners)
    async with ReplayApp(Replay(played)).run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen), "the replay")
        pilot.app.theme = "textual-light"
        await pilot.press("end")
        board = pilot.app.screen.query_one(Board)
        fills = {board.glyphs.shape(owner) * 4 for owner in set(played.state.claimed) - {None}}
        await until(pilot, lambda: any(f in line.text for f in fills for line in
                                       board.render_lines(Region(0, 0, *board.size))), "fills")
        found = marks(board)
        assert any(fill in segment.text for fill in fills for segment in found)
        for segment in found:
            style = segment.style
            assert style is not None and style.color is not None and style.bgcolor is not None
            assert not style.dim, segment
            fore, back = Color(*style.color.get_truecolor()), Color(*style.bgcolor.get_truecolor())
            ratio = contrast(fore, back)
            assert ratio >= MIN_CONTRAST, (segment.text, fore.hex, back.hex, ratio)
