"""The game review on hand-made records: what it flags, what it does not, and its graph."""

from __future__ import annotations

import dataclasses

import pytest

from cantstop_tui.ai import make_bot
from cantstop_tui.ai.analysis import Analyst
from cantstop_tui.engine import GameConfig, Phase, can_stop
from cantstop_tui.play.bot_step import play_step
from cantstop_tui.play.match import HUMAN, Handover, Match, Seat
from cantstop_tui.play.review import THRESHOLDS, label, move_accuracy, review_game
from cantstop_tui.play.review_text import text_lines

ANALYST = Analyst()


def played(kinds: list[str], seed: int, stop_after_first_roll: int | None = None) -> Match:
    """A finished game whose seats are all people (``human``), their steps chosen by the
    bots ``kinds``; seat ``stop_after_first_roll`` stops as soon as it may, every turn."""
    bots = [make_bot(kind, seed) for kind in kinds]
    seats = tuple(Seat(f"P{i}", HUMAN) for i in range(len(kinds)))
    match = Match.start(seats, GameConfig(num_players=len(kinds)), seed)
    while not match.state.is_over:
        seat = match.state.current_player
        if seat == stop_after_first_roll and match.state.phase is Phase.ROLL and can_stop(
            match.state
        ):
            match, _ = match.stop()
            continue
        match, _ = play_step(bots[seat], match)
    return match


def test_labels_follow_the_thresholds() -> None:
    assert [label(c) for c in (0.0, 1.99, 2.0, 4.99, 5.0, 9.99, 10.0, 40.0)] == [
        None, None, "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder",
    ]
    assert [bound for bound, _ in THRESHOLDS] == [10.0, 5.0, 2.0]
    assert move_accuracy(0.0) == pytest.approx(100.0, abs=0.01)
    assert move_accuracy(5.0) < move_accuracy(2.0) < 100.0
    assert move_accuracy(200.0) == 0.0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_game_played_by_expert_has_no_mistakes(seed: int) -> None:
    match = played(["expert", "expert"], seed)
    review = review_game(match, analyst=ANALYST)
    assert review.decisions, "an expert game has decisions to review"
    assert all(d.label is None for d in review.decisions)
    assert all(d.cost == pytest.approx(0.0, abs=1e-9) for d in review.decisions)
    assert all(p.accuracy == pytest.approx(100.0, abs=0.01) for p in review.players)


def test_stopping_at_every_first_roll_is_flagged() -> None:
    match = played(["expert", "expert"], 4, stop_after_first_roll=0)
    review = review_game(match, analyst=ANALYST)
    early_stops = [
        d for d in review.decisions
        if d.player == 0 and d.kind == "roll or stop" and d.played == "stop"
    ]
    assert len(early_stops) >= 5
    flagged = [d for d in early_stops if d.label is not None]
    # Stopping after one roll gives away little once a column is nearly won, so not every
    # stop is flagged; most are, and that player's accuracy is the lower one.
    assert len(flagged) >= len(early_stops) // 2
    assert any(d.label in ("mistake", "blunder") for d in flagged)
    assert all(d.best == "roll" for d in flagged)
    stopper, other = review.players
    assert stopper.accuracy is not None and other.accuracy is not None
    assert stopper.accuracy < other.accuracy
    assert stopper.mistakes + stopper.blunders + stopper.inaccuracies == len(
        [d for d in review.decisions if d.player == 0 and d.label]
    )


@pytest.mark.parametrize("kinds", [["rule28", "easy"], ["expert", "rule28", "easy"]])
def test_the_graph_has_one_point_per_turn(kinds: list[str]) -> None:
    match = played(kinds, 5)
    review = review_game(match, analyst=ANALYST)
    turns = sum(stats.turns for stats in match.stats)
    assert len(review.chances) == len(review.turn_starts) == turns
    assert all(sum(point) == pytest.approx(1.0) for point in review.chances)
    for start in review.turn_starts[1:]:
        assert match.history[start - 1].kind in ("stop", "roll")  # a stop or a bust
    assert max(d.turn for d in review.decisions) <= turns


def test_computer_seats_and_handed_over_steps_are_not_reviewed() -> None:
    match = played(["rule28", "easy"], 6)
    half = len(match.history) // 2
    seats = (Seat("Ana", HUMAN), Seat("Bot", "easy"))
    match = dataclasses.replace(match, seats=seats, handovers=(Handover(half, 0, "expert"),))
    review = review_game(match, analyst=ANALYST)
    assert review.decisions
    assert {d.player for d in review.decisions} == {0}
    assert all(d.step < half for d in review.decisions)
    ana, bot = review.players
    assert ana.reviewed and not bot.reviewed
    assert bot.accuracy is None and bot.decisions == 0


def test_luck_sums_what_the_dice_gave_each_player() -> None:
    match = played(["rule28", "rule28"], 7)
    review = review_game(match, analyst=ANALYST)
    by_hand = [0.0, 0.0]
    for step, (position, _) in enumerate(match.positions()):
        if step == len(match.history):
            break
        action = match.history[step]
        if action.kind == "roll":
            luck = ANALYST.roll_luck(position.state, action.dice or ())
            by_hand[position.state.current_player] += luck * 100
    assert [p.luck for p in review.players] == pytest.approx(by_hand)
    # A bust is bad luck, and the best roll of a turn's first throw is good luck.
    assert any(abs(luck) > 1 for luck in by_hand)


def test_the_text_review_names_players_costs_and_the_graph() -> None:
    match = played(["rule28", "easy"], 8)
    review = review_game(match, analyst=ANALYST)
    lines = text_lines(review, "game.json")
    text = "\n".join(lines)
    assert lines[0] == "Review of game.json: P0 vs P1"
    winner = match.seats[match.state.winner or 0].name
    assert f"{winner} won in {len(review.turn_starts)} turns." in text
    for decision in review.decisions:
        if decision.label:
            assert any(
                decision.label in line and f"-{decision.cost:.1f}" in line for line in lines
            )
    graph = [line for line in lines if line.startswith("P0 ")][-1]
    assert len(graph.split()[1]) <= len(review.chances)


def test_progress_is_reported_to_the_end() -> None:
    match = played(["rule28", "easy"], 9)
    seen: list[tuple[int, int]] = []
    review_game(match, lambda done, total: seen.append((done, total)), analyst=ANALYST)
    assert seen[-1] == (len(match.history), len(match.history))
    assert [done for done, _ in seen] == list(range(1, len(match.history) + 1))
