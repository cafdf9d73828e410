"""Every player's colour readable on every theme the app offers (contrast of at least
``MIN_CONTRAST``, WCAG 2's for marks), computed for each theme and colour, and seen on the
screen; the theme chosen is the next run's too."""

from __future__ import annotations

import json

import pytest
from rich.segment import Segment
from textual.app import App
from textual.color import Color
from textual.geometry import Region
from textual.widget import Widget

from cantstop_tui.play.match import Seat
from cantstop_tui.ui.app import CantStopApp
from cantstop_tui.ui.glyphs import PLAYER_COLOURS, UNICODE
from cantstop_tui.ui.readable_marks import MIN_CONTRAST, contrast, readable, stand_in
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
