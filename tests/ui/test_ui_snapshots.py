"""Snapshots of the main screens at 80x24 from seeded games (renew with --snapshot-update)."""

from __future__ import annotations

from collections.abc import Callable

from textual.pilot import Pilot

from cantstop_tui.ui.app import CantStopApp
from cantstop_tui.ui.demo import before_a_bust, finished, forced_refusal, four_players, in_progress
from cantstop_tui.ui.widgets.level_offer import LevelOffer

from .ui_helpers import SIZE, local_app, settings, table_app, until

Snap = Callable[..., bool]


def test_new_game_screen(snap_compare: Snap) -> None:
    async def offer_read(pilot: Pilot[object]) -> None:
        await until(pilot, lambda: not pilot.app.screen.query_one(LevelOffer).pending, "the offer")

    assert snap_compare(CantStopApp(ai_delay=0), terminal_size=SIZE, run_before=offer_read)


def test_who_starts(snap_compare: Snap) -> None:
    app = local_app(settings(seats=four_players(), seed=3))
    assert snap_compare(app, terminal_size=SIZE)


def test_four_player_game_in_progress(snap_compare: Snap) -> None:
    assert snap_compare(table_app(in_progress())[0], terminal_size=SIZE)


def test_four_player_game_in_ascii(snap_compare: Snap) -> None:
    assert snap_compare(table_app(in_progress(), ascii_only=True)[0], terminal_size=SIZE)


def test_a_bust_explained(snap_compare: Snap) -> None:
    assert snap_compare(table_app(before_a_bust())[0], press=["r"], terminal_size=SIZE)


def test_forced_refusal(snap_compare: Snap) -> None:
    assert snap_compare(table_app(forced_refusal())[0], press=["s"], terminal_size=SIZE)


def test_help(snap_compare: Snap) -> None:
    assert snap_compare(table_app(in_progress())[0], press=["question_mark"], terminal_size=SIZE)


def test_game_over(snap_compare: Snap) -> None:
    assert snap_compare(table_app(finished(4, seed=2))[0], terminal_size=SIZE)


def test_quit_confirmation(snap_compare: Snap) -> None:
    assert snap_compare(table_app(in_progress())[0], press=["q"], terminal_size=SIZE)


def test_too_small(snap_compare: Snap) -> None:
    assert snap_compare(table_app(in_progress())[0], terminal_size=(60, 18))


# --- the board grows with the window ---------------------------------------------------


def test_four_player_game_at_120x40(snap_compare: Snap) -> None:
    assert snap_compare(table_app(in_progress())[0], terminal_size=(120, 40))


def test_four_player_game_at_160x50(snap_compare: Snap) -> None:
    assert snap_compare(table_app(in_progress())[0], terminal_size=(160, 50))


def test_game_over_at_160x50(snap_compare: Snap) -> None:
    assert snap_compare(table_app(finished(4, seed=2))[0], terminal_size=(160, 50))


# --- the review and the live win chances ---------------------------------------------


async def _review_shown(pilot: Pilot[object]) -> None:
    from cantstop_tui.ui.screens.review import ReviewScreen

    def shown() -> bool:
        screen = pilot.app.screen
        return isinstance(screen, ReviewScreen) and screen.review is not None

    # A whole game's review: seconds on a quiet machine, a minute or more on a loaded one.
    await until(pilot, shown, "the review", timeout=300)
    await pilot.pause()


def test_review_at_80x24(snap_compare: Snap) -> None:
    from cantstop_tui.ui.screens.review import ReviewApp

    app = ReviewApp(finished(2, seed=3), "a game")
    assert snap_compare(app, terminal_size=SIZE, run_before=_review_shown)


def test_review_of_four_players_at_80x24(snap_compare: Snap) -> None:
    """The summary scrolls so that the decisions keep rows (the list had none)."""
    from cantstop_tui.ui.screens.review import ReviewApp

    app = ReviewApp(finished(4, seed=2), "a game")
    assert snap_compare(app, terminal_size=SIZE, run_before=_review_shown)


def test_review_of_four_players_at_120x40(snap_compare: Snap) -> None:
    from cantstop_tui.ui.screens.review import ReviewApp

    app = ReviewApp(finished(4, seed=2), "a game")
    assert snap_compare(app, terminal_size=(120, 40), run_before=_review_shown)


def test_win_chances_in_the_side_panel(snap_compare: Snap) -> None:
    async def chances_shown(pilot: Pilot[object]) -> None:
        await pilot.press("w")
        screen = pilot.app.screen
        await until(pilot, lambda: screen.view.chances is not None, "the chances")  # type: ignore[attr-defined]
        await pilot.pause()

    assert snap_compare(table_app(in_progress())[0], terminal_size=SIZE, run_before=chances_shown)


def test_four_player_game_in_the_light_theme(snap_compare: Snap) -> None:
    """Each player's colour a shade that stands out from textual-light's grey."""
    app = table_app(in_progress())[0]
    app.theme = "textual-light"
    assert snap_compare(app, terminal_size=SIZE)
