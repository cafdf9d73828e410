"""What a visitor of a server sees (Pilot, no SSH): the lobby's keys bar shows only keys
that act, the name question has its keys in a bar and Escape leaves, and
a spectator's banner cuts a long table name by the one rule for names."""

from __future__ import annotations

import pytest

from cantstop_tui.engine import GameConfig
from cantstop_tui.play.name_cells import ELLIPSIS
from cantstop_tui.server.lobby import Lobby
from cantstop_tui.server.table_screens import TableScreen, WatchingBanner
from cantstop_tui.server.tables import Visitor
from cantstop_tui.server.visit_app import VisitApp
from cantstop_tui.server.visitor_lobby import NameScreen
from cantstop_tui.ui.screens.lobby import LobbyScreen
from cantstop_tui.ui.screens.lobby_tables import LobbyChoice
from cantstop_tui.ui.widgets.keys_bar import KeysBar

from .conftest import until

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def _truecolor(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLORTERM", "truecolor")


def new_lobby() -> Lobby:
    return Lobby(bot_delay=0, seeds=lambda: 7)


def bar_text(app: VisitApp) -> str:
    return app.screen.query_one(KeysBar).render().plain


async def test_the_lobby_shows_sit_and_watch_only_with_a_table_to_take() -> None:
    lobby = new_lobby()
    app = VisitApp(lobby, Visitor("dave"))
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        await pilot.pause()
        empty = bar_text(app)
        assert " c Create table " in empty and "Sit" not in empty and "Watch" not in empty
        lobby.create(Visitor("ana"), "Late game", GameConfig(num_players=2), ["human"])
        await until(lambda: " j Sit " in bar_text(app), "Sit in the bar")
        assert " w Watch " in bar_text(app)


async def test_the_name_question_has_a_keys_bar_its_help_and_escape_leaves() -> None:
    app = VisitApp(new_lobby(), Visitor("---"), ask_name="Your name?")
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: isinstance(app.screen, NameScreen), "the name question")
        await pilot.pause()
        keys = bar_text(app)
        assert " Play " in keys and " esc Leave " in keys
        await pilot.press("enter")  # no name yet: says what a name may hold
        await pilot.pause()
        assert "Use letters or digits" in str(app.screen.query_one("#name-error").render())
        await pilot.press("escape")
        await until(lambda: not app.is_running, "the visitor to leave")
    assert app.visitor == Visitor("---")  # no name was taken


async def test_a_spectators_banner_cuts_a_long_table_name_with_the_ellipsis() -> None:
    lobby = new_lobby()
    hosted = lobby.create(
        Visitor("ana"), "Friday night at the club", GameConfig(num_players=2), ["human"]
    )
    name = hosted.name
    hosted.sit(Visitor("bob"), None)
    app = VisitApp(lobby, Visitor("carol"), first=LobbyChoice(hosted.id, None))
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: isinstance(app.screen, TableScreen), "the table")
        await pilot.pause()
        banner = app.screen.query_one(WatchingBanner)
        shown, room = banner.render().plain, banner.size.width
    assert shown.endswith(ELLIPSIS) and f"Watching {name}".startswith(shown[:-1])
    assert f"Watching {name}"[len(shown) - 1] == " "  # after a whole word
    assert len(shown) <= room
