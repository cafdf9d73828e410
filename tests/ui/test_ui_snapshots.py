"""Snapshots of the main screens at 80x24 from seeded games (renew with --snapshot-update)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cantstop_tui.engine import Busted, GameConfig, Phase, can_stop
from cantstop_tui.match import Match, Seat
from cantstop_tui.table import Table
from cantstop_tui.ui.app import CantStopApp

from .ui_helpers import SIZE, finished_match, humans, local_app, play_until, settings

Snap = Callable[..., bool]


def four_players() -> tuple[Seat, ...]:
    return (Seat("Ana"), Seat("Bo"), Seat("Cy", "easy"), Seat("Di"))


def in_progress() -> Match:
    """A four-player game well under way, dice on the table."""
    match = Match.start(four_players(), GameConfig(4), 21)
    return play_until(
        match,
        lambda m: (
            len(m.history) > 120
            and m.state.phase is Phase.CHOOSE
            and m.current_seat.is_human
            and len(m.state.cached_moves or ()) > 1
        ),
    )


def before_a_bust() -> Match:
    """A position whose next roll busts (the snapshot presses r)."""
    match = Match.start(humans(3), GameConfig(3), 12)
    return play_until(
        match,
        lambda m: (
            len(m.history) > 20
            and m.state.phase is Phase.ROLL
            and any(m.state.runners)
            and any(isinstance(e, Busted) for e in m.roll()[1])
        ),
    )


def forced() -> Match:
    for seed in range(1, 200):
        match = Match.start(humans(2), GameConfig(2, 3, "forced"), seed)
        try:
            return play_until(
                match,
                lambda m: (
                    m.state.phase is Phase.ROLL and any(m.state.runners) and not can_stop(m.state)
                ),
            )
        except AssertionError:
            continue
    raise AssertionError("no forced position")


def on_table(match: Match, **kwargs: object) -> CantStopApp:
    return CantStopApp(table=Table(match, bot_delay=0), **kwargs)  # type: ignore[arg-type]


def test_new_game_screen(snap_compare: Snap) -> None:
    assert snap_compare(CantStopApp(ai_delay=0), terminal_size=SIZE)


def test_who_starts(snap_compare: Snap) -> None:
    app = local_app(settings(seats=four_players(), seed=3))
    assert snap_compare(app, terminal_size=SIZE)


def test_four_player_game_in_progress(snap_compare: Snap) -> None:
    assert snap_compare(on_table(in_progress()), terminal_size=SIZE)


def test_four_player_game_in_ascii(snap_compare: Snap) -> None:
    assert snap_compare(on_table(in_progress(), ascii_only=True), terminal_size=SIZE)


def test_a_bust_explained(snap_compare: Snap) -> None:
    assert snap_compare(on_table(before_a_bust()), press=["r"], terminal_size=SIZE)


def test_forced_refusal(snap_compare: Snap) -> None:
    assert snap_compare(on_table(forced()), press=["s"], terminal_size=SIZE)


def test_help(snap_compare: Snap) -> None:
    assert snap_compare(on_table(in_progress()), press=["question_mark"], terminal_size=SIZE)


def test_game_over(snap_compare: Snap) -> None:
    assert snap_compare(on_table(finished_match(4, seed=2)), terminal_size=SIZE)


def test_quit_confirmation(snap_compare: Snap) -> None:
    assert snap_compare(on_table(in_progress()), press=["q"], terminal_size=SIZE)


@pytest.mark.parametrize("size", [(60, 18)])
def test_too_small(snap_compare: Snap, size: tuple[int, int]) -> None:
    assert snap_compare(on_table(in_progress()), terminal_size=size)
