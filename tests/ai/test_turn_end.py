"""The turn's-end solver's layered pass gives the plain pass's values within the sums'
rounding (each situation's groups summed as numpy sums, not one after another: 1e-12
relative at most, where the review allows 1e-9), so expert plays as it did (the same moves
on the same dice)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from ai_positions import position

from cantstop_tui.ai.outcomes import ROLLS, outcomes
from cantstop_tui.ai.planner import Planner
from cantstop_tui.ai.turn_end import TurnEnd
from cantstop_tui.ai.turns_model import shipped
from cantstop_tui.ai.win_chance import ModelEvaluator
from cantstop_tui.engine import COLUMNS, TOPS, GameConfig, GameState


def _plain(planner: Planner, solved: TurnEnd) -> list[float]:
    """Situation by situation from the tops down: the bust, then the groups of one move,
    of two, of more, each added in turn (the solver's first version), from the banking
    values the solver had (``stops``)."""
    worth: dict[tuple[int, ...], float] = {}
    ranges = [range(low, TOPS[c] + 1) for c, low in zip(solved.columns, solved.low, strict=True)]
    situations = []
    for a in ranges[0]:
        for b in ranges[1]:
            for c in ranges[2]:
                heights = [0] * 13
                for column, height in zip(solved.columns, (a, b, c), strict=True):
                    heights[column] = height
                situations.append(tuple(heights))
    for situation in reversed(situations):
        banked = float(solved.stops[solved.number(situation)])
        stop = banked if planner.may_stop(situation) else -float("inf")
        if stop >= planner.best_stop:
            worth[situation] = stop
            continue
        groups = sorted(
            (group for group in outcomes(planner.state, situation) if group[1]),
            key=lambda group: min(len(group[1]), 3),
        )
        total = sum(count for count, moves in outcomes(planner.state, situation) if not moves)
        total *= planner.bust_value
        for count, moves in groups:
            total += count * max(worth[planner.after(situation, move)] for move in moves)
        roll = total / ROLLS
        worth[situation] = roll if roll > stop else stop
    return [worth[situation] for situation in situations]


def _positions(count: int) -> list[GameState]:
    rng = random.Random(35)
    found = []
    for k in range(count):
        mine = {c: rng.randint(0, TOPS[c] - 1) for c in rng.sample(COLUMNS, 5)}
        theirs = {c: rng.randint(0, TOPS[c] - 1) for c in rng.sample(COLUMNS, 5)}
        runners = {c: rng.randint(max(1, mine.get(c, 0)), TOPS[c]) for c in rng.sample(COLUMNS, 3)}
        state = position(mine=mine, theirs=theirs, runners=runners)
        if k % 3 == 0:  # where the rules refuse some stops
            state = replace(state, config=GameConfig(num_players=2, variant="forced"))
        found.append(state)
    return found


@pytest.mark.parametrize("state", _positions(24))
def test_the_layered_pass_is_the_plain_pass_within_rounding(state: GameState) -> None:
    planner = Planner(state, ModelEvaluator(state, shipped()), to_the_end=True)
    solved = planner.turn_end(state.runners)
    assert solved.worth.tolist() == pytest.approx(_plain(planner, solved), rel=1e-12, abs=0)


def test_the_shipped_plans_are_the_engines() -> None:
    """The turn's-end solver's rolls for every column triple (``turn_plans``) are worked out
    from the engine's outcomes: ``python -m cantstop_tui.ai.turn_plans`` writes them anew
    if the rules change."""
    from cantstop_tui.ai import turn_plans

    shipped = turn_plans._read()
    assert sorted(shipped) == sorted(turn_plans.TRIPLES) and len(shipped) == 165
    for triple in turn_plans.TRIPLES:
        climbs, counts = shipped[triple]
        built_climbs, built_counts = turn_plans.build(triple)
        assert climbs.dtype == built_climbs.dtype and counts.dtype == built_counts.dtype
        assert climbs.shape == built_climbs.shape and counts.shape == built_counts.shape
        assert (climbs == built_climbs).all() and (counts == built_counts).all()


def test_triples_solved_together_are_each_solved_alone() -> None:
    """``solve`` works out many triples in one pass (padding the ones with fewer outcome
    groups or moves): each triple's values are those of solving it alone, within the sums'
    rounding (1e-12 relative), given the same banking values."""
    from cantstop_tui.ai.turn_end import solve

    state = position(mine={6: 3, 7: 5, 8: 2, 2: 1}, theirs={7: 6, 9: 4})
    evaluator = ModelEvaluator(state, shipped())
    triples = [(2, 7, 12), (5, 6, 7), (4, 8, 10), (3, 6, 11), (6, 7, 8)]
    starts = []
    for triple in triples:
        runners = [0] * 13
        for column in triple:
            runners[column] = state.squares[0][column] + 1
        starts.append(tuple(runners))
    banked: dict[tuple[int, ...], float] = {}

    def known(rows: object) -> list[float]:
        import numpy as np

        found = evaluator.values(np.asarray(rows))
        keys = list(map(tuple, np.asarray(rows).tolist()))
        return [banked.setdefault(key, value) for key, value in zip(keys, found, strict=True)]

    bust = evaluator.value((0,) * 13)
    together = solve(starts, known, bust, 1.0)
    for start, solved in zip(starts, together, strict=True):
        alone = solve([start], known, bust, 1.0)[0]
        assert alone.columns == solved.columns
        assert alone.stops.tolist() == solved.stops.tolist()
        assert alone.worth.tolist() == pytest.approx(solved.worth.tolist(), rel=1e-12, abs=0)


def test_a_stop_no_roll_can_beat_is_taken_without_working_the_roll_out() -> None:
    """``turn_end_bounds.surely_stopped``: a roll is worth at most its busts at the bust's
    worth and its other rolls at the triple's best stop (or the bust's). A triple of three
    situations whose best stop is 0.5: where half the rolls bust (worth 0.2), a stop of
    0.45 needs no roll (bound 0.35) and one of 0.3 does; the best stop itself, where no
    roll busts, is worked out (its bound is itself); a second triple beside it, with a
    best stop of 0.9, is bounded by its own (0.7 against 0.55)."""
    import numpy as np

    from cantstop_tui.ai.turn_end_bounds import surely_stopped

    first = np.array([0], dtype=np.int64)
    stops = np.array([0.45, 0.3, 0.5])
    busts = np.array([648.0, 648.0, 0.0])
    assert surely_stopped(stops, busts, first, 0.2, 1.0).tolist() == [True, False, False]
    two = np.array([0, 3], dtype=np.int64)
    both = surely_stopped(np.append(stops, [0.7, 0.9]), np.append(busts, [648.0, 0.0]), two,
                          0.2, 1.0)
    assert both.tolist() == [True, False, False, True, False]
    # A stop just at the bound is worked out (the margin above the sums' rounding).
    at_bound = np.array([0.35, 0.3, 0.5])
    assert surely_stopped(at_bound, busts, first, 0.2, 1.0).tolist() == [False, False, False]
    # Alone (minus the turns left, a win 0): -3 beats half at -4 and half at -2.5 at best;
    # a refused stop (-inf) is always worked out, and a win (0) never is.
    refused = np.array([-np.inf, -3.0, -2.5])
    assert surely_stopped(refused, busts, first, -4.0, 0.0).tolist() == [False, True, False]
    won = np.array([-3.5, -3.0, 0.0])
    assert surely_stopped(won, busts, first, -4.0, 0.0).tolist() == [False, False, True]
    # A pass with nothing to solve.
    empty = np.zeros(0)
    assert surely_stopped(empty, empty, np.zeros(0, dtype=np.int64), -4.0, 0.0).tolist() == []


def test_the_pass_skips_a_share_of_the_situations() -> None:
    """Over the test positions a good share of the situations below a win are surely
    stopped (their values are the plain pass's, ``test_the_layered_pass...``)."""
    import numpy as np

    from cantstop_tui.ai.turn_end import _ROOM, _sizes
    from cantstop_tui.ai.turn_end_bounds import surely_stopped
    from cantstop_tui.ai.turn_plans import plan

    stopped = situations = 0
    for state in _positions(24):
        planner = Planner(state, ModelEvaluator(state, shipped()), to_the_end=True)
        solved = planner.turn_end(state.runners)
        sizes = _sizes(solved.columns, solved.low)
        patterns = [
            sum(3 ** (2 - k) * int(_ROOM[c, solved.situation(n)[c]])
                for k, c in enumerate(solved.columns))
            for n in range(len(solved.stops))
        ]
        busts = plan(solved.columns)[1][0][patterns]
        sure = surely_stopped(
            solved.stops, busts, np.array([0], dtype=np.int64), planner.bust_value,
            planner.best_stop,
        )
        stopped += int((sure & (solved.stops < planner.best_stop)).sum())
        situations += int(np.prod(sizes))
    assert stopped > situations // 20
