"""Play at my level (Pilot): the new-game screen offers the first person the strongest level
worth a try (a newcomer: the second level) and ctrl+l picks it; the game-over box of a game
against the computer says whether the next level up is worth a try."""

from __future__ import annotations

import dataclasses
import threading
from pathlib import Path

import pytest
from textual.widgets import Input, Select, Static

from cantstop_tui.ai import LEVELS
from cantstop_tui.play.match import Seat
from cantstop_tui.play.ratings import ANCHORS, Rating
from cantstop_tui.storage.records import load_records, record_game
from cantstop_tui.ui.app import CantStopApp
from cantstop_tui.ui.screens.game_over import GameOverScreen
from cantstop_tui.ui.screens.new_game import NewGameScreen
from cantstop_tui.ui.widgets.level_offer import LevelOffer

from .ui_helpers import SIZE, WAIT_SECONDS, finished, shown_text, table_app, until


def _offer(app: CantStopApp) -> str:
    return str(app.screen.query_one(LevelOffer).render())


def _write_rating(data_home: Path, name: str, rating: Rating) -> None:
    """A records file in which ``name`` has ``rating`` (through the records' own writer)."""
    match = finished(2, seed=4)
    match = dataclasses.replace(match, seats=(Seat(name), Seat("Bot", "rule28")))
    record_game(match, data_home / "records.json")
    path = data_home / "records.json"
    text = path.read_text()
    had = load_records(path).ratings[name]
    text = text.replace(f'"mu": {had.mu}', f'"mu": {rating.mu}')
    text = text.replace(f'"sigma": {had.sigma}', f'"sigma": {rating.sigma}')
    path.write_text(text)
    assert load_records(path).ratings[name] == dataclasses.replace(rating, games=had.games)


async def test_a_newcomer_who_presses_enter_plays_the_level_offered() -> None:
    """The offer said rule28 while Enter played expert (the default seats)."""
    app = CantStopApp(ai_delay=0, remember=False, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game screen")
        offer = f"Level for You: {LEVELS[1]} (where newcomers start); ctrl+l picks it."
        await until(pilot, lambda: _offer(app) == offer, "the newcomer's offer")
        await until(pilot, lambda: app.screen.query_one("#kind1", Select).value == LEVELS[1],
                    "the computer seat at the newcomer's level")
        await pilot.press("enter")
        await until(pilot, lambda: app.table is not None, "the game")
        assert app.table is not None
        assert [seat.kind for seat in app.table.match.seats] == ["human", LEVELS[1]]


async def test_seats_changed_before_the_offer_keep_their_level() -> None:
    release = threading.Event()
    app = CantStopApp(ai_delay=0, remember=False, autosave=False)

    def slow_ratings() -> dict[str, Rating]:
        release.wait(WAIT_SECONDS)
        return {}

    app.player_ratings = slow_ratings  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        try:
            await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the screen")
            app.screen.query_one("#kind1", Select).value = "easy"
            await pilot.pause()
            release.set()
            await until(pilot, lambda: LEVELS[1] in _offer(app), "the offer")
            await pilot.pause()
            assert app.screen.query_one("#kind1", Select).value == "easy"
        finally:
            release.set()


async def test_a_rated_player_is_offered_the_strongest_level_worth_a_try(data_home: Path) -> None:
    _write_rating(data_home, "Zoe", Rating(ANCHORS["strong"].mu + 0.3, 2.0, 30))
    app = CantStopApp(ai_delay=0, remember=False, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game screen")
        screen = app.screen
        screen.query_one("#kind2", Select).value = "easy"  # a second computer seat
        screen.query_one("#name0", Input).value = "Zoe"
        offered = "strong (strongest worth a try: you win "
        await until(pilot, lambda: offered in _offer(app), "Zoe's level")
        await pilot.press("ctrl+l")
        await until(
            pilot,
            lambda: [screen.query_one(f"#kind{i}", Select).value for i in (1, 2)] == ["strong"] * 2,
            "both computer seats at Zoe's level",
        )
        screen.query_one("#kind0", Select).value = "rule28"  # nobody is a person now
        await until(pilot, lambda: not screen.query_one(LevelOffer).display, "no offer")


async def test_the_screen_answers_keys_while_the_ratings_are_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The records are read on a thread: the screen is up and takes keys before the read
    ends, the offer's line waits blank, and the offer fills it without moving the buttons."""
    release, reading = threading.Event(), threading.Event()
    app = CantStopApp(ai_delay=0, remember=False, autosave=False)

    def slow_ratings() -> dict[str, Rating]:
        reading.set()
        release.wait(WAIT_SECONDS)
        return {"You": Rating(ANCHORS["strong"].mu + 0.3, 2.0, 30)}

    monkeypatch.setattr(app, "player_ratings", slow_ratings)
    async with app.run_test(size=SIZE) as pilot:
        try:
            await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game screen")
            await until(pilot, reading.is_set, "the read to begin")
            screen = app.screen
            offer = screen.query_one(LevelOffer)
            buttons = screen.query_one("#buttons").region
            assert offer.pending and offer.display and _offer(app) == ""
            await pilot.press("tab")  # from Start to the next button
            await until(pilot, lambda: app.focused is not None and app.focused.id != "start", "tab")
            await pilot.press("ctrl+l")  # nothing to pick yet: the seat stays as it was
            assert screen.query_one("#kind1", Select).value == LEVELS[-1]
            assert offer.pending and _offer(app) == ""  # still blank: the read is held back
            release.set()
            await until(pilot, lambda: "strong (strongest worth a try" in _offer(app), "the offer")
            assert screen.query_one("#buttons").region == buttons
            await pilot.press("ctrl+l")
            await until(pilot, lambda: screen.query_one("#kind1", Select).value == "strong",
                        "the computer seat at the offered level")
        finally:
            release.set()  # the read let go however the test ends


def _against(level: str, person_wins: bool) -> object:
    match = finished(2, seed=4)
    person = match.state.winner if person_wins else 1 - (match.state.winner or 0)
    seats = [Seat("Bot", level), Seat("Bot", level)]
    seats[person] = Seat("Ana")
    return dataclasses.replace(match, seats=tuple(seats))


async def test_the_game_over_box_says_whether_the_next_level_up_is_worth_a_try() -> None:
    app = CantStopApp(ai_delay=0, remember=False, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game screen")
        app.show_game_over(_against("easy", person_wins=True))  # type: ignore[arg-type]
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the game-over box")
        advice = str(app.screen.query_one("#advice", Static).render())
        # A newcomer's estimate is rule28's; beating easy raised it.
        assert advice.startswith("Next level up: rule28, worth a try (your chance: 5")
        app.pop_screen()
        app.show_game_over(_against("strong", person_wins=False))  # type: ignore[arg-type]
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the game-over box")
        advice = str(app.screen.query_one("#advice", Static).render())
        # Lost at a level above theirs: the line points back to it (it said "Next level
        # up: expert, not yet", and after expert "expert is the top level").
        assert advice.startswith("Your level: rule28 (your chance: ")
        assert "; against strong: " in advice
        app.pop_screen()
        app.show_game_over(_against("expert", person_wins=False))  # type: ignore[arg-type]
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the game-over box")
        advice = str(app.screen.query_one("#advice", Static).render())
        assert advice.startswith("Your level: rule28 (your chance: ")


async def test_a_game_between_people_or_at_a_shared_table_says_nothing_of_levels() -> None:
    app, _ = table_app(finished(2, seed=4))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the game-over box")
        assert not app.screen.query("#advice")
    local = CantStopApp(ai_delay=0, remember=False, autosave=False)
    async with local.run_test(size=SIZE) as pilot:
        local.show_game_over(finished(2, seed=4))
        await until(pilot, lambda: isinstance(local.screen, GameOverScreen), "the game-over box")
        assert not local.screen.query("#advice")


async def test_my_level_sets_only_computer_seats_and_with_none_says_so() -> None:
    """Three people: ctrl+l made player 2 a computer, and the line offered it; now the line
    says no seat is a computer, the keys bar has no My level, and the key changes no seat."""
    app = CantStopApp(ai_delay=0, remember=False, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game screen")
        screen = app.screen
        await until(pilot, lambda: "ctrl+l picks it" in _offer(app), "the offer")
        assert "My level" in shown_text(app)  # the keys bar offers it
        for index, name in enumerate(("Léa Müller", "Ólafur", "Chloé 🐙")):
            screen.query_one(f"#name{index}", Input).value = name
            screen.query_one(f"#kind{index}", Select).value = "human"
        await pilot.pause()
        kinds = [screen.query_one(f"#kind{i}", Select).value for i in range(3)]
        assert kinds == ["human"] * 3
        offer = f"Level for Léa Müller: {LEVELS[1]} (where newcomers start); no seat is a computer."
        await until(pilot, lambda: _offer(app) == offer, "the offer with no computer seat")
        assert "My level" not in shown_text(app)
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert [screen.query_one(f"#kind{i}", Select).value for i in range(3)] == kinds
        screen.query_one("#kind2", Select).value = "easy"
        await until(pilot, lambda: "ctrl+l picks it" in _offer(app), "the offer again")
        await pilot.press("ctrl+l")
        await until(
            pilot,
            lambda: [screen.query_one(f"#kind{i}", Select).value for i in range(3)]
            == ["human", "human", LEVELS[1]],
            "the computer seat, only, at the level",
        )
