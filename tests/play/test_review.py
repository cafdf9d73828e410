"""The game review on whole games: what it flags, what it does not, its graph and luck.

The games and their reviews are shared by the session (``conftest.py``)."""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path

import pytest
from reviewed_games import GAMES, Reviewed

from benchmarks.review_games import played
from cantstop_tui.ai.analysis import Analyst
from cantstop_tui.play.chance_text import percent
from cantstop_tui.play.luck import luck_legend
from cantstop_tui.play.match import HUMAN, Handover, Seat
from cantstop_tui.play.name_cells import cells
from cantstop_tui.play.review import (
    BANDS,
    CLOSE,
    FLAGGED,
    THRESHOLDS,
    band,
    bands_sentence,
    label,
    review_game,
    thresholds_sentence,
)
from cantstop_tui.play.review_text import (
    ASCII_BARS,
    BARS,
    LEGEND,
    bars,
    decision_header,
    decision_line,
    summary_header,
    text_lines,
)

DOCS = Path(__file__).resolve().parents[2]
POINTS = 1e-3
"""How far two computations of one value may differ, in points of win chance: the model
sums in single precision and numpy picks its matrix kernel by the batch's shape and the CPU
(AVX-512 or AVX2), so a value computed in another batch, or on another machine, moves in its
last bits (up to 2e-4 points seen between two machines). The review shows a tenth."""

# One worker runs them all (`make test` uses --dist loadgroup): the session's reviewed games
# are then reviewed once, not once per worker.
pytestmark = pytest.mark.xdist_group("reviewed-games")


def test_labels_follow_the_thresholds() -> None:
    assert [label(c) for c in (0.0, 1.99, 2.0, 4.99, 5.0, 9.99, 10.0, 40.0)] == [
        None, None, "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder",
    ]
    assert [bound for bound, _ in THRESHOLDS] == [10.0, 5.0, 2.0]
    assert thresholds_sentence() == "inaccuracy from 2, mistake from 5, blunder from 10"


def test_every_cost_falls_in_exactly_one_named_band() -> None:
    """A cost of 1.0-1.9 was in none: "close: under 1" and "inaccuracy 2" left it unnamed."""
    costs = [round(tenth / 10, 1) for tenth in range(0, 200)]
    for cost in costs:
        holding = [name for (low, name), (high, _) in
                   zip(BANDS, ((float("inf"), ""), *BANDS), strict=False)
                   if low <= cost < high]
        assert holding == [band(cost)], (cost, holding)
    assert [band(c) for c in (0.0, 0.9, 1.0, 1.3, 1.9, 2.0, 5.0, 10.0)] == [
        "close", "close", "slip", "slip", "slip", "inaccuracy", "mistake", "blunder",
    ]
    assert BANDS[-1] == (0.0, "close") and CLOSE == 1.0
    assert all(label(c) == (band(c) if band(c) in FLAGGED else None) for c in costs)
    assert bands_sentence(short=True) == (
        "close under 1, slip 1, inaccuracy 2, mistake 5, blunder 10"
    )


def test_the_docs_and_the_legend_state_the_thresholds_the_code_uses() -> None:
    """The thresholds are stated once (``THRESHOLDS``): the text review's legend is made
    from them, and docs/ai.md and the README must say the same."""
    assert LEGEND[1] == f"Bands (points): {bands_sentence(short=True)}."
    ai = " ".join((DOCS / "docs" / "ai.md").read_text().split())
    assert f"Bands: {bands_sentence()} points" in ai
    readme = " ".join((DOCS / "README.md").read_text().split())
    ascending = list(reversed(BANDS))
    bounds = [bound for bound, _ in ascending]
    names = [name for _, name in ascending]
    pairs = zip(names[1:], bounds[1:], bounds[2:], strict=False)
    ranges = [f"*{name}* ({low:g} to {high:g}" for name, low, high in pairs]
    closing = f"*{names[-1]}* ({bounds[-1]:g} or more)"
    for text in (*ranges, closing, f"(under {CLOSE:g})"):
        assert text in readme, text


@pytest.mark.parametrize("seed", [2, 3])
def test_a_game_played_by_expert_has_no_mistakes(seed: int, analyst: Analyst) -> None:
    """Played now, not recorded: the review must agree with today's ``expert``."""
    match = played(["expert", "expert"], seed)
    review = review_game(match, analyst=analyst)
    assert review.decisions, "an expert game has decisions to review"
    assert all(d.label is None and not d.close for d in review.decisions)
    assert all(d.played == d.best for d in review.decisions)
    assert all(d.cost == pytest.approx(0.0, abs=1e-9) for d in review.decisions)
    assert all(p.accuracy == pytest.approx(100.0, abs=0.01) for p in review.players)


def test_stopping_at_every_first_roll_is_flagged(stopper: Reviewed) -> None:
    review = stopper.review
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
    stopper_review, other = review.players
    assert stopper_review.accuracy is not None and other.accuracy is not None
    assert stopper_review.accuracy < other.accuracy
    assert stopper_review.mistakes + stopper_review.blunders + stopper_review.inaccuracies == len(
        [d for d in review.decisions if d.player == 0 and d.label]
    )


def test_costs_are_in_the_calibrated_chances_the_player_sees(
    stopper: Reviewed, analyst: Analyst
) -> None:
    """A cost is the difference of the calibrated chances of the best choice and the one
    played, not of the model's raw race (which overstates it)."""
    decision = max(stopper.review.decisions, key=lambda d: d.cost)
    state = next(
        position.state for step, (position, _) in enumerate(stopper.match.positions())
        if step == decision.step
    )
    roll, stop = analyst.roll_and_stop(state)
    assert stop is not None and decision.played == "stop" and decision.best == "roll"
    raw = (roll - stop) * 100
    shown = analyst.calibrated(state, [roll, stop])
    assert decision.cost == pytest.approx((shown[0] - shown[1]) * 100)
    assert decision.cost != pytest.approx(raw, abs=0.05)
    assert decision.chance_best == pytest.approx(shown[0] * 100)


def test_a_choice_within_a_point_is_close_and_not_flagged(
    two_player: Reviewed, three_player: Reviewed
) -> None:
    decisions = [*two_player.review.decisions, *three_player.review.decisions]
    close = [d for d in decisions if d.close]
    assert close, "some choice differs from expert's by under a point"
    assert all(d.label is None and d.played != d.best and d.cost < CLOSE for d in close)
    for reviewed in (two_player, three_player):
        review = reviewed.review
        for decision in review.decisions:
            line = decision_line(review, decision)
            assert line.endswith("close") == decision.close, line


def test_each_decision_line_names_its_band(two_player: Reviewed) -> None:
    """Every band by name in the Label column, close too (its Cost ``<1``: unpriced)."""
    review = two_player.review
    other = next(d for d in review.decisions if d.played != d.best)
    for cost, name in ((0.4, "close"), (1.3, "slip"), (2.0, "inaccuracy"), (12.0, "blunder")):
        decision = dataclasses.replace(other, cost=cost)
        line = decision_line(review, decision)
        assert line.split()[-1] == name, line
        assert (f"-{cost:.1f}" in line) == (name != "close"), line
        assert (" <1  close" in line) == (name == "close"), line  # Cost "<1", Label close
    same = next(d for d in review.decisions if d.played == d.best)
    assert decision_line(review, same).split()[-1] == "="


def test_the_graph_of_two_computer_experts_takes_their_own_sharpness(analyst: Analyst) -> None:
    """Two computer experts: the graph's chances are less sure than between equals (their
    pairing's sharpness, ``skill_term.PAIR_SHARPNESS``), as the win chance says them."""
    from cantstop_tui.ai.skill_term import PAIR_SHARPNESS, level_skills
    from cantstop_tui.ai.win_chance import win_chances

    played_by_people = played(["expert", "expert"], 2)
    seats = tuple(dataclasses.replace(seat, kind="expert") for seat in played_by_people.seats)
    match = dataclasses.replace(played_by_people, seats=seats)
    review = review_game(match, analyst=analyst)
    skills = level_skills("expert", "expert")
    sharp = PAIR_SHARPNESS[("expert", "expert")]
    positions = [state.state for state, _ in match.positions()]
    states = [positions[0], *(positions[start] for start in review.turn_starts[1:])]
    for state, point in zip(states, review.chances, strict=True):
        assert point == pytest.approx(win_chances(state, skills=skills, sharpness=sharp))
        equals = win_chances(state, skills=skills)
        assert abs(point[0] - 0.5) <= abs(equals[0] - 0.5) + 1e-12
    assert any(abs(point[0] - 0.5) < abs(win_chances(s, skills=skills)[0] - 0.5) - 0.01
               for s, point in zip(states, review.chances, strict=True))


@pytest.mark.parametrize("game", ["two_player", "three_player"])
def test_the_graph_has_one_point_per_turn(game: str, request: pytest.FixtureRequest) -> None:
    reviewed: Reviewed = request.getfixturevalue(game)
    match, review = reviewed.match, reviewed.review
    turns = sum(stats.turns for stats in match.stats)
    assert len(review.chances) == len(review.turn_starts) == turns == len(review.turn_luck)
    assert all(sum(point) == pytest.approx(1.0) for point in review.chances)
    for start in review.turn_starts[1:]:
        assert match.history[start - 1].kind in ("stop", "roll")  # a stop or a bust
    assert max(d.turn for d in review.decisions) <= turns


def test_computer_seats_and_handed_over_steps_are_not_reviewed(
    two_player: Reviewed, analyst: Analyst
) -> None:
    match = two_player.match
    half = len(match.history) // 2
    seats = (Seat("Ana", HUMAN), Seat("Bot", "easy"))
    match = dataclasses.replace(match, seats=seats, handovers=(Handover(half, 0, "expert"),))
    review = review_game(match, analyst=analyst)
    assert review.decisions
    assert {d.player for d in review.decisions} == {0}
    assert all(d.step < half for d in review.decisions)
    ana, bot = review.players
    assert ana.reviewed and not bot.reviewed
    assert bot.accuracy is None and bot.decisions == 0
    shared = two_player.review.players[1].luck  # the dice are judged for everyone
    assert (bot.luck.points, bot.luck.spread) == pytest.approx((shared.points, shared.spread))


def test_luck_sums_what_the_dice_gave_each_player_turn_by_turn(
    two_player: Reviewed, analyst: Analyst
) -> None:
    match, review = two_player.match, two_player.review
    by_hand = [0.0, 0.0]
    variance = [0.0, 0.0]
    by_turn: list[float] = []
    for step, (position, events) in enumerate(match.positions()):
        if step == 0 or any(type(e).__name__ == "TurnPassed" for e in events):
            by_turn.append(0.0)
        if step == len(match.history):
            break
        action = match.history[step]
        if action.kind == "roll":
            luck = analyst.roll_luck(position.state, action.dice or ())
            by_hand[position.state.current_player] += luck.luck * 100
            variance[position.state.current_player] += luck.variance * 100**2
            by_turn[-1] += luck.luck * 100
    assert [p.luck.points for p in review.players] == pytest.approx(by_hand, abs=POINTS)
    assert [p.luck.spread for p in review.players] == pytest.approx(
        [math.sqrt(v) for v in variance]
    )
    assert [t.points for t in review.turn_luck] == pytest.approx(
        by_turn[: len(review.turn_luck)], abs=POINTS
    )
    assert [p.luck.turns for p in review.players] == [
        sum(1 for t in review.turn_luck if t.player == p) for p in (0, 1)
    ]
    # A bust is bad luck, and the best roll of a turn's first throw is good luck.
    assert any(abs(luck) > 1 for luck in by_hand)


def test_the_text_review_names_players_costs_luck_and_the_graph(two_player: Reviewed) -> None:
    match, review = two_player.match, two_player.review
    lines = text_lines(review, "game.json")
    text = "\n".join(lines)
    assert lines[0] == "Review of game.json: P0 vs P1"
    winner = match.seats[match.state.winner or 0].name
    mine = sum(1 for luck in review.turn_luck if luck.player == match.state.winner)
    assert 2 * mine >= len(review.turn_starts) >= 2 * mine - 1  # two players take turns
    assert f"{winner} won in {mine} turns ({len(review.turn_starts)} turns in all)." in text
    for decision in review.decisions:
        if decision.label:
            assert any(
                decision.label in line and f"-{decision.shown_cost:.1f}" in line
                for line in lines
            )
    flowing = " ".join(line.strip() for line in lines)
    for player in review.players:
        assert f"{player.name}: {player.luck.sentence()}" in flowing
        mine = player.luck
        row = next(line for line in lines if line.startswith(f"{player.name} "))
        assert row.endswith(f"{mine.per_turn:+.1f}±{mine.per_turn_spread:.1f}"), row
    assert lines[lines.index(summary_header()) + len(review.players) + 1] == luck_legend()
    graph = [line for line in lines if line.startswith("P0 ")][-1]
    assert len(graph.split()[1]) == len(review.chances)  # 22 turns: one mark each
    assert "(one mark per turn):" in text
    assert all(cells(line) <= 80 for line in lines)


def test_each_turns_luck_stands_on_its_first_decision_row(two_player: Reviewed) -> None:
    """The decisions' Luck column: the points the turn's dice gave, on the turn's first
    row only, as ``review.turn_luck`` has them."""
    review = two_player.review
    lines = text_lines(review)
    header = lines.index(decision_header())
    rows = lines[header + 1 :]
    assert len(rows) == len(review.decisions)
    seen: set[int] = set()
    for decision, row in zip(review.decisions, rows, strict=True):
        luck = row[5:10].strip()
        if decision.turn in seen:
            assert luck == "", row
        else:
            assert luck == f"{review.turn_luck[decision.turn - 1].points:+.1f}", row
            seen.add(decision.turn)
        assert int(row[:4]) == decision.turn
    assert len(seen) >= 10
    first = review.decisions[0]
    assert decision_line(review, first, with_luck=False)[5:10].strip() == ""


def test_a_long_game_fits_80_columns_and_its_graph_takes_a_mark_per_two_turns(
    long_game: Reviewed,
) -> None:
    """71 turns of four players: 58 marks fit beside a 16-cell name and `` 100%`` at 80
    columns, so one mark per two turns (their mean): 36 marks; every line fits."""
    review = long_game.review
    assert len(review.chances) == 71
    lines = text_lines(review, "long.json", width=80)
    assert all(cells(line) <= 80 for line in lines), max(lines, key=cells)
    assert "Win chance at the start of each turn (one mark per two turns):" in lines
    graph = [line for line in lines if line.startswith("P3 ")][-1]  # after the summary's
    series = [turn[3] for turn in review.chances]
    pairs = [sum(series[at : at + 2]) / len(series[at : at + 2]) for at in range(0, 71, 2)]
    assert graph.split()[1] == bars(pairs)
    assert graph.endswith(f" {percent(series[-1])}")
    wide = text_lines(review, "long.json", width=120)
    assert "Win chance at the start of each turn (one mark per turn):" in wide
    assert max(cells(line) for line in wide) > 80  # the room is used when there is some
    narrow = text_lines(review, "long.json", width=40)
    assert all(cells(line) <= 40 for line in narrow)


@pytest.mark.parametrize("ascii_only", [False, True])
def test_a_chance_near_nothing_draws_the_lowest_mark_not_a_blank(ascii_only: bool) -> None:
    drawn = bars([0.0, 0.004, 0.5, 1.0], ascii_only)
    levels = ASCII_BARS if ascii_only else BARS
    assert drawn == levels[0] + levels[0] + drawn[2] + levels[-1]
    assert " " not in drawn and len(drawn) == 4


def test_progress_is_reported_to_the_end(two_player: Reviewed) -> None:
    history = len(two_player.match.history)
    seen = two_player.progress
    assert seen[-1] == (history, history)
    assert [done for done, _ in seen] == list(range(1, history + 1))


def test_a_recorded_game_is_reviewed_as_before_the_speed_work(two_player: Reviewed) -> None:
    """Every decision's cost, label and best chance and every turn's luck, as the review
    gave them before its speed-ups (``games/rule28-easy.review.json``, written by the review
    before them), within ``POINTS``. Written anew only when the model changes."""
    expected = json.loads((GAMES / "rule28-easy.review.json").read_text())
    review = two_player.review
    assert [[d.step, d.played, d.best, d.label] for d in review.decisions] == [
        row[:4] for row in expected["decisions"]
    ]
    numbers = [x for d in review.decisions for x in (d.cost, d.chance_best)]
    numbers += [x for t in review.turn_luck for x in (t.turn, t.points, t.variance)]
    wanted = [x for row in expected["decisions"] for x in row[4:]]
    wanted += [x for row in expected["luck"] for x in row]
    assert numbers == pytest.approx(wanted, abs=POINTS)


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_paused_during_a_review_and_left_as_it_was(enabled: bool) -> None:
    """A review pauses Python's cyclic collector (its search keeps hundreds of thousands of
    objects that each full collection walked through again) and leaves it as it found it."""
    import gc

    from cantstop_tui.engine import GameConfig
    from cantstop_tui.play.match import Match

    match = Match.start((Seat("A", HUMAN), Seat("B", HUMAN)), GameConfig(num_players=2), 4)
    match, _ = match.roll()
    seen: list[bool] = []
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        review_game(match, lambda done, total: seen.append(gc.isenabled()))
        assert seen == [False]
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
