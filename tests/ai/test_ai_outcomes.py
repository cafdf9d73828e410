"""The planner's view of a roll agrees with the engine's rules."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from ai_positions import position

from cantstop_tui.ai.expert import ExpertBot
from cantstop_tui.ai.outcomes import DICE_SETS, compute, compute_one_by_one, outcomes
from cantstop_tui.engine import (
    ALL_ROLLS,
    BUST_CHANCE,
    Dice,
    GameConfig,
    GameState,
    Phase,
    can_stop,
    choose,
    legal_moves,
    moves_for_dice,
    new_game,
    roll,
    stop,
    usable_columns_mask,
)


def _played_on(state: GameState, dice: Dice, rng: random.Random) -> GameState:
    """``state`` after a roll and, when it is not a bust, a random pair choice, then a stop
    three times in ten where the rules allow one."""
    state, _ = roll(state, dice.roll())
    if state.phase is Phase.CHOOSE:
        moves = legal_moves(state)
        state, _ = choose(state, moves[rng.randrange(len(moves))])
        if can_stop(state) and rng.random() < 0.3:
            state, _ = stop(state)
    return state


def _positions(count: int) -> list[GameState]:
    """Positions of random play, mid-turn included, where a roll comes next."""
    rng = random.Random(11)
    dice = Dice(12)
    state = position()
    found = []
    while len(found) < count and state.phase is not Phase.OVER:
        if state.phase is Phase.ROLL and any(state.runners):
            found.append(state)
        state = _played_on(state, dice, rng)
    return found


def test_the_126_dice_sets_cover_the_1296_rolls() -> None:
    assert len(DICE_SETS) == 126
    assert sum(count for _, count in DICE_SETS) == len(ALL_ROLLS)


def test_outcomes_give_the_engines_moves_for_every_roll() -> None:
    for state in _positions(25):
        expected: dict[tuple[tuple[int, ...], ...], int] = {}
        for dice in ALL_ROLLS:
            moves = moves_for_dice(state, dice)
            expected[moves] = expected.get(moves, 0) + 1
        assert dict((moves, count) for count, moves in outcomes(state)) == expected


def test_bust_weight_is_the_engines_bust_chance() -> None:
    for state in _positions(25):
        busts = sum(count for count, moves in outcomes(state) if not moves)
        assert Fraction(busts, 1296) == BUST_CHANCE[usable_columns_mask(state)]


def test_the_planners_steps_land_where_the_engines_do() -> None:
    bot = ExpertBot()
    dice = Dice(4)
    for state in _positions(25):
        rolled, _ = roll(state, dice.roll())
        if rolled.phase is not Phase.CHOOSE:
            continue
        planner = bot.planner(rolled)
        for move in legal_moves(rolled):
            assert planner.after(rolled.runners, move) == choose(rolled, move)[0].runners


def test_cached_outcomes_serve_positions_with_the_same_choices() -> None:
    # Column 7's runner at 3 or at 6 leaves the same choices when all runners are out.
    low = position(runners={6: 2, 7: 3, 8: 2})
    high = replace(low, runners=position(runners={6: 2, 7: 6, 8: 2}).runners)
    assert outcomes(low) == outcomes(high)


def test_the_shipped_all_out_table_is_the_engines() -> None:
    """The table of outcomes with every runner out (``outcome_table``) is the engine's, for
    every column triple and room to climb: ``python -m cantstop_tui.ai.outcome_table``
    writes it anew if the rules change."""
    from cantstop_tui.ai import outcome_table
    from cantstop_tui.ai.outcomes import load_table

    shipped = load_table()
    assert len(shipped) == 165 * 27
    assert shipped == outcome_table.build()


def test_a_position_with_every_runner_out_is_worked_out_once_without_the_table() -> None:
    """A review meets a few dozen such positions: each is worked out from the engine and
    kept; the shipped table (4,455 of them, 0.15 s or more to read) is left unread."""
    from cantstop_tui.ai import outcomes as module

    state = position(mine={7: 3}, runners={7: 6, 8: 5, 6: 4})
    key = module._key(state, state.runners)
    module._cache.clear()
    module._shipped.clear()
    module._rows.clear()
    found = outcomes(state)
    assert not module._shipped and not module._rows and len(module._cache) == 1
    assert found is module._cache[key] == module.compute(state, state.runners)
    assert outcomes(state) is found
    assert module.all_out_rows(state, state.runners) is found


def test_all_dice_sets_at_once_group_as_one_by_one_in_every_variant() -> None:
    """``compute`` (every dice set at once, ``grouped_moves``) gives the groups, their
    counts and their order of ``compute_one_by_one`` (the engine's ``moves_for_dice``)."""
    checked = 0
    for variant in ("standard", "jump", "forced"):
        for seed in range(4):
            rng = random.Random(seed)
            dice = Dice(seed)
            state = new_game(GameConfig(num_players=2 + seed % 3, variant=variant))
            while state.phase is not Phase.OVER:
                if state.phase is Phase.ROLL:
                    assert compute(state, state.runners) == compute_one_by_one(
                        state, state.runners
                    )
                    checked += 1
                state = _played_on(state, dice, rng)
    assert checked > 1000
