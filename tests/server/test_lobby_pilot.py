"""The SSH lobby driven with Textual's Pilot against an in-process Lobby (no SSH).

Every test looks at what the 80x24 screen shows and at the Lobby's own state.
Snapshots (renew with --snapshot-update): the lobby with a few tables, and the create form.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Select

from cantstop_tui.ai import LEVELS
from cantstop_tui.engine import GameConfig
from cantstop_tui.play import seating
from cantstop_tui.server import lobby as lobby_module
from cantstop_tui.server.lobby import Lobby
from cantstop_tui.server.tables import HostedTable, Visitor
from cantstop_tui.server.terminal_fit import fit_console
from cantstop_tui.server.visit_app import VisitApp
from cantstop_tui.server.visitor_lobby import NameScreen
from cantstop_tui.ui.colors import ColorDepth
from cantstop_tui.ui.screens.create_table import CreateTableScreen
from cantstop_tui.ui.screens.lobby import LobbyScreen
from cantstop_tui.ui.screens.lobby_tables import LobbyChoice
from cantstop_tui.ui.widgets.keys_bar import KeysBar

from .conftest import until

SIZE = (80, 24)
Snap = Callable[..., bool]
Options = list[tuple[str, object]]

KINDS: Options = [("a person", "human"), *((f"computer: {lvl}", lvl) for lvl in LEVELS)]
OPTIONAL_KINDS: Options = [("nobody", "-"), *KINDS]
VARIANT_OPTIONS: Options = [(name, name) for name in ("standard", "jump", "forced")]


@pytest.fixture(autouse=True)
def truecolor(monkeypatch: pytest.MonkeyPatch) -> None:
    """Apps made here draw in full colour whatever terminal runs the tests."""
    monkeypatch.setenv("COLORTERM", "truecolor")


def new_lobby() -> Lobby:
    return Lobby(bot_delay=0, seeds=lambda: 7)


def three_tables(lobby: Lobby) -> tuple[HostedTable, HostedTable, HostedTable]:
    """A waiting two-player table, a waiting four-player table with computers, a game on."""
    friday = lobby.create(Visitor("ana"), "Friday night", GameConfig(num_players=2), ["human"])
    forced = lobby.create(
        Visitor("bob"), "", GameConfig(num_players=4, variant="forced"), ["human", "easy", "ai"]
    )
    jump = lobby.create(
        Visitor("carol"),
        "the longest name allowed",
        GameConfig(num_players=2, win_columns=5, variant="jump"),
        ["human"],
    )
    jump.sit(Visitor("Maximilian-Alexa"), None)
    jump.spectators = {Visitor("carol"), Visitor("dan")}
    return friday, forced, jump


def screen_lines(app: VisitApp) -> list[str]:
    """The screen as plain text, each character in its own column (read from the SVG)."""
    svg = app.export_screenshot()
    width, height = app.size
    rows = [[" "] * width for _ in range(height)]
    tags = re.findall(
        r'x="([\d.]+)" y="[\d.]+" textLength="([\d.]+)" '
        r'clip-path="url\(#terminal-(?:\d+-)?line-(\d+)\)">([^<]*)</text>',
        svg,
    )
    for x, length, line, raw in tags:
        text = html.unescape(raw).replace("\xa0", " ")
        column = round(float(x) / (float(length) / len(text)))
        rows[int(line)][column : column + len(text)] = text
    return ["".join(row).rstrip() for row in rows]


def shown(app: VisitApp) -> str:
    return "\n".join(screen_lines(app))


def row_of(app: VisitApp, text: str) -> tuple[int, int]:
    """(column, line) where ``text`` first shows on the screen."""
    for line, row in enumerate(screen_lines(app)):
        if text in row:
            return row.index(text), line
    raise AssertionError(f"{text!r} is not on the screen:\n{shown(app)}")


def where(app: VisitApp) -> LobbyChoice | None:
    """The table the app shows and the visitor's seat there (None: watching), or None in the
    lobby."""
    if app.hosted is None:
        return None
    return LobbyChoice(app.hosted.id, min(app.my_seats) if app.my_seats else None)


def said(app: VisitApp) -> str:
    """The lobby's sentence for the visitor ("" while another screen is on top: a form
    still closing on a loaded machine)."""
    messages = app.screen.query("#lobby-message")
    return str(messages.first().render()) if messages else ""


async def pick(pilot: Pilot[object], select_id: str, options: Options, label: str) -> None:
    """Choose ``label`` in one of the form's drop-downs: open it with a click, arrows, enter."""
    select = pilot.app.screen.query_one(f"#{select_id}", Select)
    values = [value for _label, value in options]
    current, target = values.index(select.value), [lbl for lbl, _ in options].index(label)
    await pilot.click(f"#{select_id}")
    for _ in range(abs(target - current)):
        await pilot.press("down" if target > current else "up")
    await pilot.press("enter")
    await pilot.pause()


async def open_form(pilot: Pilot[object]) -> CreateTableScreen:
    await pilot.press("c")
    await pilot.pause()
    assert isinstance(pilot.app.screen, CreateTableScreen)
    return pilot.app.screen


# --- the list -------------------------------------------------------------------------


async def test_the_list_shows_each_table_its_seats_rules_and_status() -> None:
    lobby = new_lobby()
    three_tables(lobby)
    app = VisitApp(lobby, Visitor("dave"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = shown(app)
        assert "you are dave" in screen
        for name in ("Friday night", "bob's table", "the longest name allowed"):
            assert name in screen
        for seat in ("ana", "bob", "carol", "Maximilian-Alexa", "(free)"):
            assert seat in screen
        assert "Computer 3 (easy)" in screen and "Computer 4 (expert)" in screen
        for rules in ("standard", "forced", "jump", "3 columns", "5 columns", "win % off"):
            assert rules in screen
        assert "waiting" in screen and "in progress" in screen and "2 watching" in screen
        # Each table's rules and status show on the table's own lines, beside its name.
        _, friday = row_of(app, "Friday night")
        _, jump = row_of(app, "the longest name allowed")
        assert "waiting" in screen_lines(app)[friday]
        assert "in progress" in screen_lines(app)[jump]
        assert "jump" in screen_lines(app)[jump]
        assert said(app) == "Arrows choose a table; enter sits at it, w watches, c creates one."


async def test_an_empty_lobby_says_how_to_begin() -> None:
    lobby = new_lobby()
    app = VisitApp(lobby, Visitor("dave"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "No tables yet: press c to create one." in shown(app)
        await pilot.press("j")
        assert said(app) == "No table to sit at: press c to create one."
        await pilot.press("w")
        assert said(app) == "No table to watch yet."
        assert not lobby.tables


async def test_the_list_follows_other_visitors_live() -> None:
    lobby = new_lobby()
    dave = VisitApp(lobby, Visitor("dave"))
    async with dave.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "No tables yet" in shown(dave)
        ana = lobby.create(Visitor("ana"), "Late game", GameConfig(num_players=3), ["human", "ai"])
        await pilot.pause()
        assert "Late game" in shown(dave) and "Computer 3 (expert)" in shown(dave)
        _, line = row_of(dave, "Late game")
        assert "waiting" in screen_lines(dave)[line]

        # Others' changes redraw the lobby at most REDRAWS_PER_SECOND: waited for.
        ana.sit(Visitor("erin"), None)  # the last free seat: the game starts
        await until(lambda: "erin" in shown(dave), "erin's seat on dave's screen")
        _, line = row_of(dave, "Late game")
        assert "in progress" in screen_lines(dave)[line]

        ana.left(Visitor("ana"))
        ana.left(Visitor("erin"))
        await until(lambda: "ana (away)" in shown(dave), "ana away on dave's screen")
        ana.clocks.hand_to_computer(0)  # ana's seat timed out: the computer plays it, not "away"
        await until(
            lambda: "ana (computer playing)" in shown(dave), "the computer in ana's seat"
        )
        assert "ana (away)" not in shown(dave)


async def test_a_second_visitors_new_table_appears_on_the_first_visitors_screen() -> None:
    lobby = new_lobby()
    dave, erin = VisitApp(lobby, Visitor("dave")), VisitApp(lobby, Visitor("erin"))
    async with dave.run_test(size=SIZE) as dave_pilot, erin.run_test(size=SIZE) as erin_pilot:
        await erin_pilot.pause()
        await open_form(erin_pilot)
        await erin_pilot.press(*"erin plays", "enter")
        await erin_pilot.pause()
        assert said(erin) == "Waiting at erin plays for 1 more player… x leaves the table."
        await dave_pilot.pause()
        assert "erin plays" in shown(dave) and "erin" in shown(dave)

        await erin_pilot.press("x")  # erin leaves: the table closes for everyone
        await erin_pilot.pause()
        assert not lobby.tables
        await until(lambda: "No tables yet" in shown(dave), "the closed table gone for dave")
        assert "erin plays" not in shown(dave)


# --- creating a table -----------------------------------------------------------------


async def test_a_table_made_with_the_form_has_the_seats_and_rules_chosen() -> None:
    lobby = new_lobby()
    app = VisitApp(lobby, Visitor("dave"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await open_form(pilot)
        await pilot.press(*"Sunday")
        await pick(pilot, "seat-3", OPTIONAL_KINDS, "computer: easy")
        await pick(pilot, "seat-4", OPTIONAL_KINDS, "a person")
        await pick(pilot, "variant", VARIANT_OPTIONS, "forced")
        form = shown(app)
        assert "computer: easy" in form and "forced" in form
        await pilot.click("#create")
        await pilot.pause()

        assert isinstance(app.screen, LobbyScreen)
        hosted = lobby.tables[1]
        assert hosted.name == "Sunday"
        assert hosted.config == GameConfig(num_players=4, win_columns=3, variant="forced")
        assert [slot.level for slot in hosted.seats] == ["human", "human", "easy", "human"]
        assert hosted.seats[0].person == Visitor("dave") and hosted.table is None
        assert said(app) == "Waiting at Sunday for 2 more players… x leaves the table."
        assert "Computer 3 (easy)" in shown(app)


async def test_the_columns_to_win_offered_are_those_the_rules_allow() -> None:
    lobby = new_lobby()
    app = VisitApp(lobby, Visitor("dave"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = await open_form(pilot)
        columns = form.query_one("#win-columns", Select)

        async def most_offered() -> object:
            await pilot.click("#win-columns")
            await pilot.press("end", "enter")  # the last option of the drop-down
            await pilot.pause()
            return columns.value

        assert await most_offered() == 5  # two players: 3, 4 or 5
        await pick(pilot, "seat-3", OPTIONAL_KINDS, "computer: expert")
        assert columns.value == 4  # three players: 5 is no longer offered, 4 comes closest
        assert await most_offered() == 4
        await pick(pilot, "seat-4", OPTIONAL_KINDS, "a person")
        assert columns.value == 3  # four players: only 3
        assert await most_offered() == 3
        assert "Columns to win  3" in shown(app)

        await pilot.click("#table-name")
        await pilot.press("enter")
        await pilot.pause()
    hosted = lobby.tables[1]
    assert hosted.config == GameConfig(num_players=4, win_columns=3)
    assert hosted.name == "dave's table"
    assert [slot.level for slot in hosted.seats] == ["human", "human", "expert", "human"]


async def test_a_table_of_one_person_and_a_computer_starts_at_once() -> None:
    lobby = new_lobby()
    app = VisitApp(lobby, Visitor("dave"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await open_form(pilot)
        await pick(pilot, "seat-2", KINDS, "computer: expert")
        await pick(pilot, "variant", VARIANT_OPTIONS, "jump")
        await pilot.click("#table-name")
        await pilot.press("enter")
        await pilot.pause()
        hosted = lobby.tables[1]
        assert where(app) == LobbyChoice(hosted.id, 0)
    assert hosted.table is not None and hosted.status == "in progress"
    assert hosted.config.variant == "jump"
    assert hosted.table.match.seats[1].kind == "expert"


async def test_enter_on_a_drop_down_creates_the_table_and_space_opens_it() -> None:
    lobby = new_lobby()
    app = VisitApp(lobby, Visitor("dave"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = await open_form(pilot)
        seat = form.query_one("#seat-2", Select)
        seat.focus()
        await pilot.press("space")
        await pilot.pause()
        assert seat.expanded  # Space opens the list; Escape closes it again
        await pilot.press("escape")
        await pilot.pause()
        assert not seat.expanded and app.screen is form
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, CreateTableScreen)
    assert lobby.tables[1].name == "dave's table"


async def test_cancelling_the_form_makes_no_table() -> None:
    lobby = new_lobby()
    app = VisitApp(lobby, Visitor("dave"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await open_form(pilot)
        await pilot.press(*"nope", "escape")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        await open_form(pilot)
        await pilot.click("#cancel")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert not lobby.tables
        assert "No tables yet" in shown(app)


async def test_a_full_server_refuses_a_new_table_with_a_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(lobby_module, "MAX_TABLES", 3)
    lobby = new_lobby()
    three_tables(lobby)
    app = VisitApp(lobby, Visitor("dave"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await open_form(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert said(app) == "The server has as many tables as it can hold: join or watch one."
        assert len(lobby.tables) == 3


# --- sitting, waiting, watching -------------------------------------------------------


async def test_enter_takes_the_free_seat_and_the_game_begins() -> None:
    lobby = new_lobby()
    friday, _forced, _jump = three_tables(lobby)
    app = VisitApp(lobby, Visitor("dave"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the cursor starts on the first table
        await pilot.pause()
        assert where(app) == LobbyChoice(friday.id, 1)
    assert friday.seats[1].person == Visitor("dave")
    assert friday.table is not None and friday.status == "in progress"


async def test_the_last_free_seat_beside_computers_starts_their_game() -> None:
    lobby = new_lobby()
    _friday, forced, _jump = three_tables(lobby)
    app = VisitApp(lobby, Visitor("dave"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("down", "j")
        await pilot.pause()
        assert where(app) == LobbyChoice(forced.id, 1)
    assert forced.seats[1].person == Visitor("dave")
    assert forced.table is not None
    assert [seat.kind for seat in forced.table.match.seats] == ["human", "human", "easy", "expert"]


async def test_leaving_the_table_you_wait_at_frees_the_seat() -> None:
    lobby = new_lobby()
    hosted = lobby.create(Visitor("ana"), "Three", GameConfig(num_players=3), ["human", "human"])
    app = VisitApp(lobby, Visitor("dave"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("j")
        await pilot.pause()
        assert said(app) == "Waiting at Three for 1 more player… x leaves the table."
        _, line = row_of(app, "Three")
        assert "dave" in "".join(screen_lines(app)[line : line + 3])
        bar = [label for _key, _display, label in app.screen.query_one(KeysBar).keys]
        assert "Leave table" in bar, bar
        assert not {"Sit", "Watch", "Create table"} & set(bar), bar  # they cannot act: x first
        await pilot.press("c")
        assert said(app) == "You are waiting at a table: x leaves it first."
        await pilot.press("j")
        assert said(app) == "You are waiting at a table: x leaves it first."
        await pilot.press("x")
        await pilot.pause()
        assert hosted.seats[1].person is None
        assert "dave" not in shown(app).replace("you are dave", "")

        await pilot.press("j")  # sit again, then a third visitor fills the table
        await pilot.pause()
        hosted.sit(Visitor("erin"), None)
        await until(lambda: where(app) is not None, "dave's game to begin")
        assert where(app) == LobbyChoice(hosted.id, 1)
    assert hosted.table is not None


async def test_a_table_that_closes_while_you_wait_is_said_so() -> None:
    lobby = new_lobby()
    hosted = lobby.create(Visitor("ana"), "Brief", GameConfig(num_players=3), ["human", "human"])
    app = VisitApp(lobby, Visitor("dave"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("j")
        await pilot.pause()
        del lobby.tables[hosted.id]
        lobby.changed()
        await pilot.pause()
        assert said(app) == "That table has closed."
        assert "Brief" not in shown(app)


async def test_w_watches_a_game_in_progress() -> None:
    lobby = new_lobby()
    _friday, _forced, jump = three_tables(lobby)
    app = VisitApp(lobby, Visitor("dave"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "w")
        await pilot.pause()
        assert where(app) == LobbyChoice(jump.id, None)
    assert all(slot.person != Visitor("dave") for slot in jump.seats)


async def test_a_table_not_started_is_watched_from_when_it_starts() -> None:
    lobby = new_lobby()
    friday, _forced, _jump = three_tables(lobby)
    app = VisitApp(lobby, Visitor("dave"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        assert said(app) == (
            "Watching Friday night: it starts when 1 more player sits down… x stops watching."
        )
        await pilot.press("j")  # waiting to watch, not a seat: one table at a time
        await pilot.pause()
        assert said(app) == "You are waiting at a table: x leaves it first."
        await pilot.press("x")  # stops watching; nobody's seat is touched
        await pilot.pause()
        assert friday.seats[0].person == Visitor("ana")
        assert said(app).startswith("Arrows choose a table")
        await pilot.press("w")
        await pilot.pause()
        friday.sit(Visitor("erin"), None)  # the table fills and starts
        await until(lambda: where(app) is not None, "the game dave watches to begin")
        assert where(app) == LobbyChoice(friday.id, None)
    assert [slot.person.name for slot in friday.seats if slot.person] == ["ana", "erin"]


async def test_a_full_table_is_refused_with_a_sentence() -> None:
    lobby = new_lobby()
    _friday, _forced, jump = three_tables(lobby)
    seats_before = [slot.person for slot in jump.seats]
    app = VisitApp(lobby, Visitor("dave"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert said(app) == "the longest name allowed has no free seat: you can watch it."
        assert isinstance(app.screen, LobbyScreen)
    assert [slot.person for slot in jump.seats] == seats_before


async def test_a_table_gone_before_the_list_redrew_is_refused_with_a_sentence() -> None:
    lobby = new_lobby()
    friday, _forced, _jump = three_tables(lobby)
    app = VisitApp(lobby, Visitor("dave"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        del lobby.tables[friday.id]  # closed in another session, the list not yet redrawn
        await pilot.press("enter")
        await pilot.pause()
        assert said(app) == "That table has closed."
        await pilot.press("w")
        await pilot.pause()
        assert said(app) == "That table has closed."
        assert isinstance(app.screen, LobbyScreen)
    assert friday.id not in lobby.tables


async def test_q_quits_and_gives_back_the_seat_you_wait_at() -> None:
    lobby = new_lobby()
    friday, _forced, _jump = three_tables(lobby)
    # ana went away before the lobby redrew
    friday.seats = seating.step_away(friday.seats, 0, game_started=False)
    app = VisitApp(lobby, Visitor("dave"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("j")
        await pilot.pause()
        assert friday.seats[0].person == Visitor("dave")
        await pilot.press("q")
        await pilot.pause()
    assert app.return_value is None
    assert friday.id not in lobby.tables  # nobody left at it: it closed


async def test_sixteen_colours_draw_with_the_terminals_own_palette() -> None:
    lobby = new_lobby()
    three_tables(lobby)
    depths: list[tuple[ColorDepth, bool]] = [("256", False), ("16", True)]
    for colours, ansi in depths:
        app = VisitApp(lobby, Visitor("dave"))
        fit_console(app, colours)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert app.screen.has_pseudo_class("ansi") is ansi
            assert (app.theme == "ansi-dark") is ansi
            assert "Friday night" in shown(app)


# --- the mouse ------------------------------------------------------------------------


async def test_a_click_chooses_a_row_and_a_second_click_sits_there() -> None:
    lobby = new_lobby()
    _friday, forced, _jump = three_tables(lobby)
    app = VisitApp(lobby, Visitor("dave"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        column, line = row_of(app, "bob's table")
        await pilot.click(offset=(column + 2, line))
        await pilot.pause()
        assert forced.seats[1].person is None  # the first click only chooses
        await pilot.click(offset=(column + 2, line))
        await pilot.pause()
        assert where(app) == LobbyChoice(forced.id, 1)
    assert forced.seats[1].person == Visitor("dave")


async def test_the_keys_bar_offers_leaving_only_a_table_waited_at() -> None:
    lobby = new_lobby()
    app = VisitApp(lobby, Visitor("dave"))
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: "Create table" in shown(app), "the keys bar")
        assert "Leave table" not in shown(app)  # x would do nothing
        await pilot.press("c")
        await until(lambda: form_laid_out(app), "the form")
        assert "Create table" not in shown(app)  # the form's keys, not the lobby's
        await pilot.click("#create")
        await until(lambda: "x Leave table" in shown(app), "x to be offered")
        await pilot.press("x")
        await until(lambda: "Leave table" not in shown(app), "x to be withdrawn")
    assert not lobby.tables


def form_laid_out(app: VisitApp) -> bool:
    """The New table form is on top with its Create button laid out (a click on a button
    not laid out yet lands elsewhere: seen on a loaded machine)."""
    screen = app.screen
    if not isinstance(screen, CreateTableScreen):
        return False
    buttons = screen.query("#create")
    return bool(buttons) and buttons.first().region.area > 0


async def test_the_footer_keys_can_be_clicked() -> None:
    lobby = new_lobby()
    app = VisitApp(lobby, Visitor("dave"))
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: "Create table" in shown(app), "the footer to be drawn")
        column, line = row_of(app, "Create table")
        await pilot.click(offset=(column, line))
        await until(lambda: form_laid_out(app), "the form")
        await pilot.click("#create")
        waiting = "Waiting at dave's table for 1 more player… x leaves the table."
        await until(lambda: said(app) == waiting, "the table to be made")
    assert lobby.tables[1].seats[0].person == Visitor("dave")


# --- the name asked for ---------------------------------------------------------------


async def test_a_name_is_asked_for_when_the_ssh_name_cannot_be_shown() -> None:
    lobby = new_lobby()
    app = VisitApp(
        lobby,
        Visitor("---"),
        ask_name="Your name?",
        taken=lambda name: "ana is taken: choose another." if name == "ana" else None,
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NameScreen) and "Your name?" in shown(app)
        await pilot.press(*"!!!", "enter")
        await pilot.pause()
        assert "Use letters or digits" in shown(app)
        assert str(app.screen.query_one("#name-error").render()) == (
            "Use letters or digits (spaces and -_.' allowed)."
        )
        for _ in range(3):
            await pilot.press("backspace")
        await pilot.press(*"ana", "enter")
        await pilot.pause()
        assert "ana is taken: choose another." in shown(app)
        await pilot.press("backspace", *"bel", "enter")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert "you are anbel" in shown(app)
    assert app.visitor == Visitor("anbel")


# --- snapshots ------------------------------------------------------------------------


def lobby_app_with_tables() -> VisitApp:
    lobby = new_lobby()
    three_tables(lobby)
    hosted = lobby.tables[2]
    hosted.seats, _ = seating.take_seat(
        hosted.seats, Visitor("Bartholomew-Jnr"), 1, game_on=False, table_name=hosted.name
    )
    return VisitApp(lobby, Visitor("dave"))


def test_snapshot_the_lobby_with_tables(snap_compare: Snap) -> None:
    assert snap_compare(lobby_app_with_tables(), terminal_size=SIZE)


def steady_cursor(*keys: str) -> Callable[[Pilot[None]], object]:
    """Press `keys`, then stop every input's cursor blinking: a snapshot taken on a loaded
    machine could otherwise catch the cursor in either half of its blink."""

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.press(*keys)
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False
        await pilot.pause()

    return run_before


def test_snapshot_the_create_table_form(snap_compare: Snap) -> None:
    assert snap_compare(lobby_app_with_tables(), run_before=steady_cursor("c"), terminal_size=SIZE)


def test_snapshot_the_lobby_in_sixteen_colours(snap_compare: Snap) -> None:
    app = lobby_app_with_tables()
    fit_console(app, "16")  # what `cantstop serve --colors 16` does
    assert snap_compare(app, terminal_size=SIZE)


def test_snapshot_the_form_in_sixteen_colours_shows_the_focused_field(snap_compare: Snap) -> None:
    app = lobby_app_with_tables()
    fit_console(app, "16")
    assert snap_compare(app, run_before=steady_cursor("c", "tab", "tab"), terminal_size=SIZE)
