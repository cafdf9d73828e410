"""The review screen, its ways in (game over, the resume list, ``cantstop review``) and the
live win chances of the side panel, driven with Pilot."""

from __future__ import annotations

import asyncio
import os
import re
import threading
from collections import OrderedDict
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import OptionList, ProgressBar, Static

from cantstop_tui import cli
from cantstop_tui.play import review as review_module
from cantstop_tui.play.luck import luck_legend
from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.name_cells import cells
from cantstop_tui.play.ratings import Rating
from cantstop_tui.play.review import FLAGGED
from cantstop_tui.play.review_text import COST_BANDS
from cantstop_tui.storage.finished import keep_finished
from cantstop_tui.storage.record import write_game
from cantstop_tui.ui.screens import review as review_screen
from cantstop_tui.ui.screens import review_kept
from cantstop_tui.ui.screens.game_over import GameOverScreen
from cantstop_tui.ui.screens.replay import PlayOn, ReplayScreen
from cantstop_tui.ui.screens.resume import ResumeScreen
from cantstop_tui.ui.screens.review import ReviewApp, ReviewScreen
from cantstop_tui.ui.screens.saved_games import SavedGamesScreen
from cantstop_tui.ui.widgets.chance_graph import ChanceGraph
from cantstop_tui.ui.widgets.game_log import GameLog
from cantstop_tui.ui.widgets.players import PlayersPanel

from .ui_helpers import (
    SIZE,
    OneScreen,
    finished,
    local_app,
    not_ascii,
    settings,
    shown_text,
    start_playing,
    table_app,
    until,
)

PERCENT = re.compile(r"(\d+)%")


async def reviewed(pilot: Pilot[object], screen: ReviewScreen) -> None:
    await until(
        pilot, lambda: screen.review is not None and bool(screen.query(ChanceGraph)), "the review"
    )
    await pilot.pause()


async def test_the_review_lists_decisions_filters_mistakes_and_opens_the_replay() -> None:
    match = finished(2, seed=3)
    app = ReviewApp(match, "a game")
    async with app.run_test(size=(100, 34)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await reviewed(pilot, screen)
        review = screen.review
        assert review is not None
        options = screen.query_one(OptionList)
        assert options.option_count == len(review.decisions) > 0
        first = str(options.get_option_at_index(0).prompt)
        second = review.decisions[1]
        assert first[5:10].strip() == f"{review.turn_luck[0].points:+.1f}"  # turn 1's dice
        if second.turn == review.decisions[0].turn:
            assert str(options.get_option_at_index(1).prompt)[5:10].strip() == ""
        summary = str(screen.query_one("#summary", Static).render())
        assert luck_legend() in summary and "points a turn (typical ±" in summary
        graph = screen.query_one(ChanceGraph)
        assert len(graph.chances) == len(review.turn_starts)
        assert options.border_title == review_screen.ALL_TITLE
        await pilot.press("m")
        labelled = [d for d in review.decisions if d.label]
        assert options.option_count == max(len(labelled), 1)
        # What m lists is what its name says: the flagged bands, no slip nor close.
        assert all(d.band in FLAGGED for d in labelled)
        assert options.border_title == review_screen.FLAGGED_TITLE
        assert all(name in str(options.border_title) for name in FLAGGED)
        await pilot.press("m")
        assert options.option_count == len(review.decisions)
        await pilot.press("down", "down")
        decision = review.decisions[2]
        assert graph.turn == decision.turn - 1
        await pilot.press("enter")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.index == decision.step  # the position the decision was made in
        await pilot.press("p")
        await pilot.pause()
    choice = app.return_value
    assert isinstance(choice, PlayOn) and choice.index == decision.step
    assert choice.match.history == match.history[: decision.step]


async def test_v_at_game_over_opens_the_review_and_escape_comes_back() -> None:
    app, table = table_app(finished(2, seed=4))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("v")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await reviewed(pilot, screen)
        assert screen.match is table.match
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)


async def test_playing_on_from_the_review_of_a_finished_game_starts_it_in_the_app() -> None:
    app, table = table_app(finished(2, seed=4))
    first = table.match
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await reviewed(pilot, screen)
        step = screen.review.decisions[0].step  # type: ignore[union-attr]
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        assert app.table is not None
        assert not app.table.match.state.is_over
        assert app.table.match.history == first.history[:step]


@pytest.mark.parametrize("where", ["resume list", "finished games"])
async def test_the_lists_of_games_review_a_finished_game(where: str) -> None:
    kept = finished(2, seed=5)
    keep_finished(kept)
    if where == "resume list":
        app: App[object] = OneScreen(ResumeScreen([]))
    else:
        app = local_app(settings(2, seed=7))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if where == "finished games":
            await start_playing(pilot)
            app.action_finished_games()  # type: ignore[attr-defined]
            await pilot.pause()
            assert isinstance(app.screen, SavedGamesScreen)
        else:
            assert isinstance(app.screen, ResumeScreen)
        await pilot.press("v")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        title = str(screen.query_one("#title", Static).render())
        names = " vs ".join(seat.name for seat in kept.seats)
        assert title.startswith(f"Review: {names}") and title.count(names) == 1, title
        await reviewed(pilot, screen)
        assert screen.match.history == kept.history


def hold_reviews(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Reviews held at their first step until the returned event is set (and the progress
    bar shown at once, no review kept from before)."""
    real = review_module.review_rated
    going = threading.Event()

    def held(
        match: Match, ratings: Mapping[str, Rating] | None,
        progress: review_module.Progress | None = None,
    ) -> object:
        def ticking(done: int, total: int) -> None:
            going.wait(30)  # under way until the test has seen what it waits for
            if progress is not None:
                progress(done, total)

        return real(match, ratings, ticking)

    monkeypatch.setattr(review_screen, "review_rated", held)
    monkeypatch.setattr(review_screen, "PROGRESS_AFTER", 0.05)
    monkeypatch.setattr(review_kept, "_recent", OrderedDict())
    return going


async def test_a_slow_review_shows_its_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = hold_reviews(monkeypatch)
    app = ReviewApp(finished(2, seed=6))
    async with app.run_test(size=(100, 34)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        working = screen.query_one("#working")
        await until(pilot, lambda: working.display, "the progress bar, the review under way")
        # A share done, and no guess of the time left ("1% 00:04:45" for a 20 s review).
        bar = screen.query_one(ProgressBar)
        parts = " ".join(str(part.render()) for part in bar.query("*"))
        assert "%" in parts and not re.search(r"\d+:\d\d|--:--", parts), parts
        seen.set()
        await reviewed(pilot, screen)
        assert not working.display


async def test_a_review_waiting_for_the_analysis_thread_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The analysis thread does one thing at a time (a server's visitors share it): while
    it is busy, the progress line says the review waits, then that it is under way."""
    from cantstop_tui.ui.background import in_background

    busy = threading.Event()
    going = hold_reviews(monkeypatch)
    blocker = asyncio.ensure_future(in_background(lambda: busy.wait(60)))
    app = ReviewApp(finished(2, seed=6))
    try:
        async with app.run_test(size=(100, 34)) as pilot:
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            text = screen.query_one("#working-text", Static)
            working = screen.query_one("#working")
            await until(pilot, lambda: working.display, "the progress line, the review waiting")
            assert str(text.render()) == review_screen.WAITING
            busy.set()
            await until(
                pilot, lambda: str(text.render()) == review_screen.UNDER_WAY, "under way"
            )
            going.set()
            await reviewed(pilot, screen)
    finally:
        busy.set()
        going.set()
        await blocker


def chances_shown(app: object) -> list[int]:
    panel = app.screen.query_one(PlayersPanel)  # type: ignore[attr-defined]
    return [int(n) for n in PERCENT.findall(str(panel.render()))]


async def until_chances(pilot: Pilot[None], app: object, count: int) -> list[int]:
    await until(pilot, lambda: len(chances_shown(app)) == count, f"{count} chances shown")
    return chances_shown(app)


async def playing_with_chances(pilot: Pilot[None], app: object, count: int) -> list[int]:
    """Past who starts, the win chances turned on (``w``) and shown for ``count`` players."""
    await start_playing(pilot)
    await pilot.press("w")
    return await until_chances(pilot, app, count)


async def test_w_shows_each_players_win_chance_after_every_step_and_hides_it() -> None:
    app = local_app(settings(2, seed=7))
    async with app.run_test(size=SIZE) as pilot:
        await start_playing(pilot)
        assert chances_shown(app) == []  # off by default
        await pilot.press("w")
        first = await until_chances(pilot, app, 2)
        assert 98 <= sum(first) <= 102
        table = app.table
        assert table is not None
        before = table.match
        await pilot.press("r")
        await pilot.pause()
        assert table.match is not before
        screen = app.screen
        await until(  # worked out again for the new position
            pilot,
            lambda: screen.view.chances is not None and screen.view.match is table.match,  # type: ignore[attr-defined]
            "the new position's chances",
        )
        view = screen.view  # type: ignore[attr-defined]
        assert view.match is table.match and view.chances is not None
        assert sum(view.chances) == pytest.approx(1.0)
        await pilot.press("w")
        await pilot.pause()
        assert chances_shown(app) == []
        assert app.show_chances is False


async def test_the_side_panel_says_what_the_chances_assume() -> None:
    seats = (Seat("Ana"), Seat("Bot", "expert"))
    app = local_app(settings(seats=seats, seed=7))
    async with app.run_test(size=SIZE) as pilot:
        await playing_with_chances(pilot, app, 2)
        panel = str(app.screen.query_one(PlayersPanel).render())
        assumes = panel[panel.index("assumes"):]
        assert "~ rule28 (new)" in assumes and "= expert" in assumes
        assert all(len(line) <= 22 for line in assumes.splitlines())  # the panel at 80x24
        await pilot.press("w")
        await pilot.pause()
        assert "assumes" not in str(app.screen.query_one(PlayersPanel).render())


async def test_the_side_panel_takes_three_players_as_equals() -> None:
    app = local_app(settings(3, seed=7))
    async with app.run_test(size=SIZE) as pilot:
        await playing_with_chances(pilot, app, 3)
        assert "assumes equal players" in str(app.screen.query_one(PlayersPanel).render())


def test_cantstop_review_text_prints_the_review(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "70")  # the widest decision row: 65
    path = tmp_path / "game.json"
    match = finished(2, seed=8)
    write_game(path, match)
    assert cli.main(["review", str(path), "--text"]) == 0
    out = capsys.readouterr().out
    names = " vs ".join(seat.name for seat in match.seats)
    assert out.startswith(f"Review of game.json: {names}")
    assert "Accuracy" in out and "Win chance at the start of each turn" in out
    assert "Chances assume: " in out  # who the graph takes the players for
    assert all(cells(line) <= 70 for line in out.splitlines())  # COLUMNS=70: its width
    flowing = " ".join(line.strip() for line in out.splitlines())
    assert luck_legend() in flowing and COST_BANDS in flowing  # wrapped, between words
    header = out.splitlines().index("Turn  Luck  Player     Decision   Played Expert  Cost  Label")
    decisions = out.splitlines()[header + 1:]
    assert len(decisions) >= 10
    assert all(line.split()[0].isdigit() for line in decisions)


@pytest.mark.parametrize(("columns", "width"), [(None, 80), ("abc", 80), ("120", 120), ("5", 40)])
def test_the_text_reviews_width_is_columns_else_80(
    monkeypatch: pytest.MonkeyPatch, columns: str | None, width: int
) -> None:
    from cantstop_tui.ui.review_cli import text_width

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert text_width() == width


def test_cantstop_review_of_a_bad_file_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    assert cli.main(["review", str(path), "--text"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("cantstop: ") and "bad.json" in err and "Traceback" not in err


@pytest.mark.parametrize("kind", ["pipe", "folder"])
def test_cantstop_review_refuses_what_is_not_a_regular_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    """A named pipe with no writer blocked the review forever; it is refused unread."""
    path = tmp_path / "game.json"
    if kind == "pipe":
        os.mkfifo(path)
    else:
        path.mkdir()
    result: list[int] = []
    worker = threading.Thread(
        target=lambda: result.append(cli.main(["review", str(path), "--text"])), daemon=True
    )
    worker.start()
    worker.join(timeout=30)
    if worker.is_alive() and kind == "pipe":  # unblock the reader before failing
        with open(path, "wb"):
            pass
        worker.join(timeout=30)
        pytest.fail("cantstop review waited on a named pipe")
    assert result == [1]
    err = capsys.readouterr().err
    assert err.startswith("cantstop: ") and "not a regular file" in err
    assert "Traceback" not in err


async def test_the_log_says_each_step_once_while_the_chances_update() -> None:
    app = local_app(settings(2, seed=7))
    async with app.run_test(size=SIZE) as pilot:
        await playing_with_chances(pilot, app, 2)
        log = app.screen.query_one(GameLog)
        screen: Any = app.screen
        for key in ("r", "1", "r", "x", "1"):  # x: a key that only says why not
            await pilot.press(key)
            # The chances of the new position come afterwards.
            await until(pilot, lambda: screen.view.chances is not None, "the chances")
        lines = [str(line) for line in log.lines]
        steps = [line for line in lines if " rolls " in line]
        assert len(steps) == len(set(steps)), lines  # no step told twice
        assert not any(line.startswith(("Ana and", "Bo and")) for line in lines)


async def test_cantstop_review_ascii_draws_in_ascii_only(tmp_path: Path) -> None:
    """``cantstop review FILE --ascii``: the list's border, the luck's spread (+/-), the
    graph, all ASCII."""
    from cantstop_tui.ui.screens.review import ReviewApp

    app = ReviewApp(finished(2, seed=8), "game.json", ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen)
                    and app.screen.review is not None, "the review")
        await pilot.pause()
        shown = shown_text(app)
    assert ": dice " in shown and "(typical +/-" in shown and "Decisions" in shown
    assert luck_legend(ascii_only=True) in shown
    assert not_ascii(shown) == set()
