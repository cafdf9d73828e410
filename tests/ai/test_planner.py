"""The in-turn search: the same depth in every branch, and each roll more seen is worth it."""

from __future__ import annotations

from dataclasses import replace

import pytest
from ai_positions import position, rolled

from cantstop_tui.ai.board_tables import all_out
from cantstop_tui.ai.expert import ClassicExpertBot, ExpertBot
from cantstop_tui.ai.planner import CLASSIC_DEPTH, DEFAULT_DEPTH, Planner
from cantstop_tui.ai.solved_ends import columns_of
from cantstop_tui.ai.turns_model import shipped
from cantstop_tui.ai.win_chance import ModelEvaluator
from cantstop_tui.engine import ALL_ROLLS, Dice, GameConfig, Phase, choose, legal_moves, roll

MIDGAME = {"mine": {6: 5, 7: 6, 9: 3}, "theirs": {5: 4, 7: 9, 8: 6}, "runners": {}}


def _planner(depth: int, to_the_end: bool = False, **where: dict[int, int]) -> Planner:
    state = position(**where)
    return Planner(state, ModelEvaluator(state, shipped()), depth, to_the_end)


def _choices(seed: int, count: int) -> list[tuple[object, tuple]]:
    """Positions with dice on the table and more than one move, from a game's first turns."""
    found = []
    dice = Dice(seed)
    state = position(**MIDGAME)
    while len(found) < count:
        state, _ = roll(state, dice.roll())
        if state.phase is Phase.CHOOSE:
            moves = legal_moves(state)
            if len(moves) > 1:
                found.append((state, moves))
            state, _ = choose(state, moves[0])
        if state.phase is not Phase.ROLL or sum(1 for r in state.runners if r) == 3:
            state = position(**MIDGAME)
    return found


def test_a_move_is_worth_the_same_whichever_order_the_moves_are_searched_in() -> None:
    """The first version's budget searched the first move deeper than the others (by points
    of win chance). A banking value worked out in another batch, as the other order makes
    them, moves in the single-precision network's last bits (4e-9 seen): hence 1e-7."""
    for state, moves in _choices(3, 12):
        forward = ExpertBot().move_values(state, moves)
        backward = ExpertBot().move_values(state, tuple(reversed(moves)))
        assert forward == pytest.approx(list(reversed(backward)), abs=1e-7)


@pytest.mark.parametrize("runners", [{}, {7: 8}, {6: 7, 7: 8}, {6: 7, 7: 8, 9: 5}])
def test_each_roll_more_seen_is_worth_at_least_as_much(runners: dict[int, int]) -> None:
    where = {**MIDGAME, "runners": runners}
    planner = _planner(5, **where)
    start = position(**where).runners
    values = [planner.best(start, depth) for depth in range(5)]
    assert values[0] == planner.stop_value(start)
    assert values == sorted(values)


def test_rolling_is_the_roll_averaged_over_the_best_move_one_level_down() -> None:
    planner = _planner(DEFAULT_DEPTH, **MIDGAME)
    start = position(**MIDGAME).runners
    bust, groups = planner.successors(start)
    expected = sum(
        count * max(planner.best(n, DEFAULT_DEPTH - 1) for n in nexts) for count, nexts in groups
    )
    expected = (expected + bust * planner.bust_value) / 1296
    assert planner.rolling_value(start) == pytest.approx(expected)
    assert bust + sum(count for count, _ in groups) == 1296


@pytest.mark.parametrize("depth", [1, DEFAULT_DEPTH])
def test_the_outcomes_luck_reads_are_the_terms_rolling_sums(depth: int) -> None:
    """``outcome_values`` (what the review's luck reads): each outcome group's count and its
    best move's worth, the bust first, which are ``roll_value``'s terms to the last bit."""
    planner = _planner(depth, **MIDGAME)
    start = position(**MIDGAME).runners
    planner.prefetch([start], depth)
    found = planner.outcome_values(start, depth)
    bust, groups = planner.successors(start)
    assert [count for count, _ in found] == [bust, *(count for count, _ in groups)]
    assert found[0][1] == planner.bust_value
    assert found[1:] == [
        (count, max(planner.best(n, depth - 1) for n in nexts)) for count, nexts in groups
    ]
    total = sum(count * value for count, value in found[1:])
    assert planner.roll_value(start, depth) == (total + bust * planner.bust_value) / 1296


def test_expert_looks_further_than_expert_classic() -> None:
    assert ExpertBot().depth == DEFAULT_DEPTH > ClassicExpertBot().depth == CLASSIC_DEPTH
    with pytest.raises(ValueError):
        _planner(0, **MIDGAME)


def test_the_deeper_search_decides_differently_somewhere() -> None:
    """Depth changes play (else it would be wasted time): some choice of a few dozen differs
    (the depth alone: neither looks to the turn's end)."""
    differ = 0
    shallow, deep = ExpertBot(depth=CLASSIC_DEPTH), ExpertBot()
    shallow.to_the_end = deep.to_the_end = False
    for state, moves in _choices(11, 40):
        differ += shallow.choose_move(state, moves) != deep.choose_move(state, moves)
    assert differ > 0


def test_a_rolled_position_is_searched_like_its_turn() -> None:
    state = rolled(position(**MIDGAME), (3, 4, 4, 5))
    bot = ExpertBot()
    values = bot.move_values(state, legal_moves(state))
    assert all(0.0 < v < 1.0 for v in values)


ALL_OUT = {**MIDGAME, "runners": {6: 8, 7: 9, 9: 5}}


def test_to_the_end_is_where_looking_deeper_leads_with_every_runner_out() -> None:
    """With every runner out a turn has at most as many rolls as squares left in their
    columns, so a depth of that many rolls is the turn's end."""
    planner = _planner(DEFAULT_DEPTH, to_the_end=False, **ALL_OUT)
    start = position(**ALL_OUT).runners
    squares_left = (11 - 8) + (13 - 9) + (9 - 5)
    to_end = planner.best(start, None)
    assert to_end == pytest.approx(planner.best(start, squares_left), abs=1e-6)
    assert to_end > planner.best(start, DEFAULT_DEPTH) > planner.stop_value(start)
    # A planner to the turn's end values every runner-out situation so, at any depth.
    ends = _planner(DEFAULT_DEPTH, to_the_end=True, **ALL_OUT)
    assert ends.best(start, DEFAULT_DEPTH) == ends.best(start, 0) == pytest.approx(to_end)
    assert ends.rolling_value(start) == pytest.approx(planner.roll_value(start, None))


def test_expert_values_every_situation_with_every_runner_out_to_the_turns_end() -> None:
    """At any depth of expert's search, a situation with every runner out is worth its
    solved rest of the turn; only situations with a runner still free meet the horizon,
    where the player is taken to stop. expert-classic keeps its plain horizon."""
    start = position(**ALL_OUT)
    expert = ExpertBot().planner(start)
    assert expert.rolling_value(start.runners) == expert.roll_value(start.runners, None)
    classic = ClassicExpertBot().planner(start)
    assert classic.rolling_value(start.runners) == classic.roll_value(start.runners, CLASSIC_DEPTH)
    two_out = position(**{**MIDGAME, "runners": {6: 8, 7: 9}})
    planner = ExpertBot().planner(two_out)
    horizon = _planner(DEFAULT_DEPTH, **{**MIDGAME, "runners": {6: 8, 7: 9}})

    def expected(runners: tuple[int, ...], depth: int) -> float:
        bust, groups = planner.successors(runners)
        total = 0.0
        for count, nexts in groups:
            worths = []
            for n in nexts:
                if all_out(n):
                    worths.append(planner.turn_end(n).value(n))
                elif depth == 1:
                    worths.append(planner.stop_value(n))
                else:
                    worths.append(max(planner.stop_value(n), expected(n, depth - 1)))
            total += count * max(worths)
        return (total + bust * planner.bust_value) / 1296

    rolling = planner.rolling_value(two_out.runners)
    assert rolling == pytest.approx(expected(two_out.runners, DEFAULT_DEPTH))
    assert rolling > horizon.rolling_value(two_out.runners)


def test_a_pair_choice_values_runner_out_moves_to_the_end_and_others_at_the_depth() -> None:
    planner = _planner(DEFAULT_DEPTH, to_the_end=True, **MIDGAME)
    three = position(**ALL_OUT).runners
    two = position(**{**MIDGAME, "runners": {6: 8, 7: 9}}).runners
    assert planner.move_values([three]) == [planner.best(three, None)]
    assert planner.move_values([three, two]) == [
        planner.best(three, None),
        planner.best(two, DEFAULT_DEPTH - 1),
    ]


def test_each_column_triple_is_solved_once_a_turn_from_the_lowest_heights_it_can_reach() -> None:
    """A triple's first situation asked for may be high; the solve starts where the
    turn's runners stand (one step above the player's square for one not out yet)."""
    where = {**MIDGAME, "runners": {6: 7, 7: 8}}
    planner = _planner(DEFAULT_DEPTH, to_the_end=True, **where)
    high = position(**{**MIDGAME, "runners": {6: 10, 7: 12, 9: 8}}).runners
    solved = planner.turn_end(high)
    assert dict(zip(solved.columns, solved.low, strict=True)) == {6: 7, 7: 8, 9: 4}
    low = position(**{**MIDGAME, "runners": {6: 7, 7: 8, 9: 4}}).runners
    assert planner.turn_end(low) is solved


@pytest.mark.parametrize("runners", [{}, {7: 8}, {6: 7, 7: 8}, {6: 7, 7: 8, 9: 5}])
def test_a_plan_names_the_moves_leaving_a_runner_free_and_the_triples_of_the_others(
    runners: dict[int, int],
) -> None:
    """What the search to the turn's end reads instead of the situations with every runner
    out (``BoardTables.onward``): the successors that leave a runner free, by place, and
    the column triples of all the others."""
    where = {**MIDGAME, "runners": runners}
    tables = _planner(DEFAULT_DEPTH, to_the_end=True, **where).tables
    start = position(**where).runners
    tables.expand(start)
    after = tables.reached[start]
    free, triples = tables.onward[start]
    assert [after[k] for k in free] == [n for n in after if not all_out(n)]
    assert triples == {columns_of(n) for n in after if all_out(n)}
    assert len(runners) < 2 or triples


def test_a_search_to_the_end_solves_every_triple_it_can_reach() -> None:
    """The triples prefetching solves are every triple of a situation with every runner out
    within reach (each once)."""
    where = {**MIDGAME, "runners": {6: 7}}
    planner = _planner(DEFAULT_DEPTH, to_the_end=True, **where)
    start = position(**where).runners
    planner.prefetch([start], 2)
    reached, frontier = set(), {start}
    for _ in range(2):
        frontier = {n for r in frontier for _, nexts in planner.successors(r)[1] for n in nexts}
        reached |= frontier
        frontier = {n for n in frontier if not all_out(n)}
    expected = {columns_of(n) for n in reached if all_out(n)}
    assert len(expected) > 10
    assert set(planner.tables.ends.by_columns) == expected


@pytest.mark.parametrize(
    "runners",
    [{6: 8, 7: 9, 9: 5}, {2: 3, 7: 12, 12: 2}, {4: 6, 8: 10, 10: 1}, {5: 9, 6: 11, 7: 13}],
)
def test_the_solved_turn_end_is_the_search_to_the_end(runners: dict[int, int]) -> None:
    """TurnEnd's one pass over numbered heights gives what the search to the turn's end
    gives, at the start and at every situation one roll on (tops, claimed tops, a win);
    within 1e-6, as the single-precision network's sums depend a little on the batch."""
    where = {**MIDGAME, "runners": runners}
    fast = _planner(DEFAULT_DEPTH, to_the_end=True, **where)
    slow = _planner(DEFAULT_DEPTH, to_the_end=True, **where)
    slow._solve_ends = False  # the search itself, situation by situation
    start = position(**where).runners
    situations = [start] + [n for _, nexts in slow.successors(start)[1] for n in nexts]
    for runners_now in situations:
        assert fast.best(runners_now, None) == pytest.approx(slow.best(runners_now, None), abs=1e-6)
    assert fast.rolling_value(start) == pytest.approx(slow.rolling_value(start), abs=1e-6)


def test_a_lower_situation_of_the_same_columns_is_solved_again_from_there() -> None:
    planner = _planner(DEFAULT_DEPTH, to_the_end=True, **ALL_OUT)
    high = position(**ALL_OUT).runners
    low = position(**{**MIDGAME, "runners": {6: 6, 7: 7, 9: 4}}).runners
    at_high = planner.best(high, None)
    assert not planner.turn_end(high).covers(low)
    at_low = planner.best(low, None)
    assert planner.turn_end(high).covers(low)
    assert planner.best(high, None) == at_high
    fresh = _planner(DEFAULT_DEPTH, to_the_end=True, **ALL_OUT)
    assert at_low == pytest.approx(fresh.best(low, None), abs=1e-6)


def test_the_look_ahead_steps_as_the_engine_does_in_the_jump_variant() -> None:
    """With jumps a runner skips the others' squares: the planner's heights after each
    move of each roll are the engine's, so expert does not misjudge where it stands."""
    state = replace(
        position(mine={7: 2}, theirs={6: 1, 7: 3, 8: 2, 10: 1}, runners={8: 1}),
        config=GameConfig(num_players=2, variant="jump"),
    )
    planner = Planner(state, ModelEvaluator(state, shipped()), DEFAULT_DEPTH)
    start = [height or own for height, own in zip(state.runners, state.squares[0], strict=True)]
    jumped = 0
    for dice in ALL_ROLLS[::7]:
        after, _ = roll(state, dice)
        for move in legal_moves(after):
            engine = choose(after, move)[0].runners
            assert planner.after(state.runners, move) == engine
            jumped += any(engine[c] - start[c] > move.count(c) for c in move)
    assert jumped > 0


def _forced(**where: dict[int, int]) -> Planner:
    state = replace(position(**where), config=GameConfig(num_players=2, variant="forced"))
    return Planner(state, ModelEvaluator(state, shipped()), DEFAULT_DEPTH, to_the_end=True)


def test_the_look_ahead_never_stops_where_the_forced_variant_refuses_it() -> None:
    """On another player's square the player must roll on: the search values such a
    situation as rolling, at its horizon too, and expert rolls there."""
    planner = _forced(**{**MIDGAME, "runners": {7: 9, 9: 4}})  # 7 at 9: the other's square
    shared = planner.state.runners
    assert not planner.may_stop(shared)
    assert planner.best(shared, 0) == pytest.approx(planner.roll_value(shared, 1))
    assert planner.best(shared, 0) != planner.stop_value(shared)
    assert planner.best(shared, 2) == pytest.approx(planner.roll_value(shared, 2))
    assert planner.should_roll(shared)
    free = tuple(10 if c == 7 else h for c, h in enumerate(shared))
    assert planner.may_stop(free) and planner.best(free, 0) == planner.stop_value(free)


@pytest.mark.parametrize("runners", [{6: 8, 7: 8, 9: 5}, {5: 3, 7: 9, 8: 5}])
def test_the_solved_turn_end_follows_the_forced_variant(runners: dict[int, int]) -> None:
    """Situations sharing a space (7 at 9, 8 at 6, 5 at 4) are rolled on in the one
    pass as in the search: the two agree, and differ from a pass that may stop there."""
    where = {**MIDGAME, "runners": runners}
    fast, slow = _forced(**where), _forced(**where)
    slow._solve_ends = False
    start = fast.state.runners
    situations = [start] + [n for _, nexts in slow.successors(start)[1] for n in nexts]
    assert any(not fast.may_stop(s) for s in situations)
    for now in situations:
        assert fast.best(now, None) == pytest.approx(slow.best(now, None), abs=1e-6)
    standard = _planner(DEFAULT_DEPTH, to_the_end=True, **where)
    assert any(
        abs(standard.best(now, None) - fast.best(now, None)) > 1e-6 for now in situations
    )
