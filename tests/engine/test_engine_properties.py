"""Hypothesis properties over long random games in every variant and player count.

Each transition is checked against the independent reading of the rules in
engine_reference.py, and every state against the board's invariants and the
save format.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from engine_reference import SPACES, reference_moves, reference_play, reference_stop
from hypothesis import given, settings
from hypothesis import strategies as st

from cantstop_tui.engine import (
    ALL_ROLLS,
    VARIANTS,
    Busted,
    ColumnWon,
    Dice,
    Event,
    GameConfig,
    GameState,
    IllegalMoveError,
    Moved,
    Phase,
    Rolled,
    TurnPassed,
    allowed_win_columns,
    bust_probability,
    can_stop,
    choose,
    legal_moves,
    moves_for_dice,
    new_game,
    roll,
    runners_after,
    runners_after_each,
    state_from_dict,
    state_to_dict,
    stop,
)

# Sized so the whole engine suite, with coverage, stays well under a minute on 2 cores; the
# rest (no deadline, derandomized in CI) comes from the profile tests/conftest.py loads.
PROFILE = settings(max_examples=30)

MAX_TRANSITIONS = 20_000

configs = st.integers(2, 4).flatmap(
    lambda n: st.builds(
        GameConfig,
        num_players=st.just(n),
        win_columns=st.sampled_from(allowed_win_columns(n)),
        variant=st.sampled_from(VARIANTS),
    )
)


# --- checks --------------------------------------------------------------------


def check_state(state: GameState) -> None:
    """Everything that must hold in any position, including its save-format round trip."""
    me = state.current_player
    players = state.config.num_players
    runners = {c: h for c, h in enumerate(state.runners) if h}
    assert set(runners) <= set(SPACES)
    assert len(runners) <= 3
    for column, top in SPACES.items():
        owner = state.claimed[column]
        heights = [state.squares[p][column] for p in range(players)]
        assert all(0 <= h <= top for h in heights)
        if owner is None:
            assert top not in heights
        else:
            assert heights == [top if p == owner else 0 for p in range(players)]
            assert column not in runners
        if column in runners:
            assert heights[me] < runners[column] <= top
            if state.config.variant == "jump":
                assert runners[column] not in heights
        if state.config.variant == "jump":
            stacked = [h for h in heights if h]
            assert len(stacked) == len(set(stacked))
    assert (state.phase is Phase.CHOOSE) == (state.dice is not None)
    assert (state.phase is Phase.OVER) == (state.winner is not None)
    enough = [p for p in range(players) if len(state.columns_won(p)) >= state.config.win_columns]
    if state.phase is Phase.OVER:
        assert enough == [state.winner] == [me]
        assert not runners
        assert legal_moves(state) == ()
        assert not can_stop(state)
    else:
        assert enough == []
    loaded = state_from_dict(json.loads(json.dumps(state_to_dict(state))))
    assert loaded == state
    assert legal_moves(loaded) == legal_moves(state)


def check_monotone(before: GameState, after: GameState) -> None:
    """Won columns never change hands; squares only go down when a column is won."""
    for column in SPACES:
        if before.claimed[column] is not None:
            assert after.claimed[column] == before.claimed[column]
        just_won = before.claimed[column] is None and after.claimed[column] is not None
        for p in range(before.config.num_players):
            old, new = before.squares[p][column], after.squares[p][column]
            assert new >= old or (just_won and new == 0 and after.claimed[column] != p)


def check_roll(before: GameState, dice: Any, after: GameState, events: tuple[Event, ...]) -> None:
    me = before.current_player
    assert events[0] == Rolled(me, tuple(dice))
    expected = reference_moves(before, tuple(dice))
    assert moves_for_dice(before, dice) == expected
    if expected:
        assert events == (Rolled(me, tuple(dice)),)
        assert after.phase is Phase.CHOOSE
        assert after.dice == tuple(dice)
        assert (after.squares, after.claimed, after.runners, after.current_player) == (
            before.squares, before.claimed, before.runners, me)
        assert legal_moves(after) == expected
    else:
        lost = tuple((c, h) for c, h in enumerate(before.runners) if h)
        following = (me + 1) % before.config.num_players
        assert events == (Rolled(me, tuple(dice)), Busted(me, tuple(dice), lost),
                          TurnPassed(following, me))
        assert after == GameState(before.config, before.squares, before.claimed, (0,) * 13,
                                  following, Phase.ROLL)


def check_choose(before: GameState, move: tuple[int, ...], after: GameState,
                 events: tuple[Event, ...]) -> None:
    me = before.current_player
    expected = reference_play(before, move)
    assert expected is not None
    runners = tuple(expected.get(c, 0) for c in range(13))
    assert after == GameState(before.config, before.squares, before.claimed, runners,
                              me, Phase.ROLL)
    assert events == (Moved(me, move, before.runners, runners, before.squares[me]),)
    (moved,) = events
    assert isinstance(moved, Moved)
    for step in moved.steps:
        assert step.start < step.end == runners[step.column]
        assert step.placed == (before.runners[step.column] == 0)


def check_stop(before: GameState, after: GameState, events: tuple[Event, ...]) -> None:
    squares, claimed, expected_events, over = reference_stop(before)
    me = before.current_player
    assert events == tuple(expected_events)
    assert after.squares == tuple(tuple(row) for row in squares)
    assert after.claimed == tuple(claimed)
    assert after.runners == (0,) * 13
    if over:
        assert (after.phase, after.winner, after.current_player) == (Phase.OVER, me, me)
    else:
        assert after.phase is Phase.ROLL
        assert after.current_player == (me + 1) % before.config.num_players


def check_finished(state: GameState) -> None:
    for attempt in (lambda: roll(state, (1, 2, 3, 4)), lambda: choose(state, (3, 7)),
                    lambda: stop(state)):
        with pytest.raises(IllegalMoveError, match="The game is over"):
            attempt()


# --- driving games -------------------------------------------------------------


class Checked:
    """Plays transitions on a state, checking each one."""

    def __init__(self, state: GameState) -> None:
        check_state(state)
        self.state = state
        self.transitions = 0
        self.seen: list[GameState] = [state]
        self.happened: Counter[str] = Counter()

    def _advance(self, after: GameState, events: tuple[Event, ...]) -> None:
        self.happened.update(type(event).__name__ for event in events)
        self.happened.update(
            "removed squares" for e in events if isinstance(e, ColumnWon) and e.removed
        )
        self.happened.update(
            "jumped" for e in events if isinstance(e, Moved)
            for step in e.steps if step.end - step.start > e.move.count(step.column)
        )
        check_monotone(self.state, after)
        check_state(after)
        self.state = after
        self.transitions += 1
        self.seen.append(after)

    def roll(self, dice: Any) -> None:
        after, events = roll(self.state, dice)
        check_roll(self.state, dice, after, events)
        self._advance(after, events)

    def choose(self, move: tuple[int, ...]) -> None:
        after, events = choose(self.state, move)
        check_choose(self.state, move, after, events)
        self._advance(after, events)

    def stop(self) -> None:
        after, events = stop(self.state)
        check_stop(self.state, after, events)
        self._advance(after, events)


def play_out(
    game: Checked,
    dice: Callable[[], Any],
    pick: Callable[[tuple[tuple[int, ...], ...]], tuple[int, ...]],
    wants_to_stop: Callable[[], bool],
    limit: int = MAX_TRANSITIONS,
) -> None:
    while game.state.phase is not Phase.OVER and game.transitions < limit:
        state = game.state
        if state.phase is Phase.CHOOSE:
            game.choose(pick(legal_moves(state)))
        elif any(state.runners) and wants_to_stop():
            if can_stop(state):
                game.stop()
            else:
                assert state.config.variant == "forced"
                with pytest.raises(IllegalMoveError, match="Forced move"):
                    stop(state)
                game.happened["forced to roll"] += 1
                game.roll(dice())
        else:
            game.roll(dice())


# --- properties ----------------------------------------------------------------


@PROFILE
@given(config=configs, seed=st.integers(0, 2**32), stop_chance=st.floats(0.15, 0.8))
def test_random_games_follow_every_rule_to_a_single_winner(
    config: GameConfig, seed: int, stop_chance: float
) -> None:
    rng = random.Random(seed)
    source = Dice(seed)
    game = Checked(new_game(config, first_player=rng.randrange(config.num_players)))
    play_out(game, source.roll, rng.choice, lambda: rng.random() < stop_chance)
    assert game.state.phase is Phase.OVER, "the game did not finish"
    winner = game.state.winner
    assert winner is not None
    assert len(game.state.columns_won(winner)) >= config.win_columns
    check_finished(game.state)


@PROFILE
@given(config=configs, data=st.data())
def test_games_with_dice_and_choices_drawn_by_hypothesis(
    config: GameConfig, data: st.DataObject
) -> None:
    die = st.integers(1, 6)
    game = Checked(new_game(config, first_player=data.draw(st.integers(0, config.num_players - 1))))
    play_out(
        game,
        dice=lambda: data.draw(st.tuples(die, die, die, die)),
        pick=lambda moves: data.draw(st.sampled_from(moves)),
        wants_to_stop=lambda: data.draw(st.booleans()),
        limit=150,
    )
    if game.state.phase is Phase.OVER:
        check_finished(game.state)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_random_games_reach_the_rules_worth_checking(variant: str) -> None:
    """Guards the properties against passing vacuously: the games do bust, claim, jump..."""
    happened: Counter[str] = Counter()
    for seed in range(4):
        rng = random.Random(seed)
        game = Checked(new_game(GameConfig(4, 3, variant)))  # type: ignore[arg-type]
        play_out(game, Dice(seed).roll, rng.choice, lambda r=rng: r.random() < 0.35)
        happened += game.happened
    expected = {"Busted", "ColumnWon", "removed squares", "GameWon", "TurnPassed"}
    expected |= {"jump": {"jumped"}, "forced": {"forced to roll"}}.get(variant, set())
    assert expected <= set(happened), happened
    assert ("jumped" in happened) == (variant == "jump")


def _positions(config: GameConfig, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    source = Dice(seed)
    game = Checked(new_game(config))
    play_out(game, source.roll, rng.choice, lambda: rng.random() < 0.3, limit=250)
    return game.seen


@settings(PROFILE, max_examples=15)
@given(config=configs, seed=st.integers(0, 2**32), pick=st.randoms(use_true_random=False))
def test_bust_probability_is_the_share_of_all_1296_rolls_that_bust(
    config: GameConfig, seed: int, pick: random.Random
) -> None:
    rolling = [s for s in _positions(config, seed) if s.phase is Phase.ROLL]
    for state in pick.sample(rolling, min(2, len(rolling))):
        busts = sum(1 for dice in ALL_ROLLS if not moves_for_dice(state, dice))
        assert bust_probability(state) == Fraction(busts, 1296)


@settings(PROFILE, max_examples=15)
@given(config=configs, seed=st.integers(0, 2**32), pick=st.randoms(use_true_random=False))
def test_moves_for_every_roll_match_the_reference(
    config: GameConfig, seed: int, pick: random.Random
) -> None:
    positions = _positions(config, seed)
    state = pick.choice([s for s in positions if s.phase is not Phase.OVER])
    for dice in pick.sample(ALL_ROLLS, 150):
        assert moves_for_dice(state, dice) == reference_moves(state, dice)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 15) | st.floats(allow_nan=False)
    | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner,
                                                                 max_size=3),
    max_leaves=6,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += _paths(inner, (*prefix, index))
    return found


@PROFILE
@given(config=configs, seed=st.integers(0, 2**32), data=st.data())
def test_from_dict_never_returns_a_corrupt_state(
    config: GameConfig, seed: int, data: st.DataObject
) -> None:
    positions = _positions(config, seed)
    original = state_to_dict(data.draw(st.sampled_from(positions)))
    for _ in range(5):
        mutated = json.loads(json.dumps(original))
        path = data.draw(st.sampled_from(_paths(mutated)))
        target = mutated
        for key in path[:-1]:
            target = target[key]
        if data.draw(st.booleans()) and isinstance(target, dict):
            del target[path[-1]]
        else:
            target[path[-1]] = data.draw(JSON_VALUES)
        try:
            loaded = state_from_dict(mutated)
        except ValueError as refused:
            assert str(refused).endswith(".")
            continue
        check_state(loaded)


@st.composite
def positions(draw: st.DrawFn) -> GameState:
    """Any position the save format accepts in the roll phase, not only ones random play reaches."""
    config = draw(configs)
    players = config.num_players
    me = draw(st.integers(0, players - 1))
    squares = {str(c): [0] * players for c in SPACES}
    claimed: dict[str, int] = {}
    runners: dict[str, int] = {}
    for column, top in SPACES.items():
        key = str(column)
        owner = draw(st.one_of(st.none(), st.integers(0, players - 1)))
        owned = sum(1 for p in claimed.values() if p == owner)
        if owner is not None and owned < config.win_columns - 1:  # nobody has won yet
            claimed[key] = owner
            squares[key][owner] = top
            continue
        heights = st.integers(0, top - 1)
        if config.variant == "jump":
            taken = draw(st.lists(st.integers(1, top - 1), max_size=players, unique=True))
            row = list(draw(st.permutations(taken + [0] * (players - len(taken)))))
        else:
            row = [draw(heights) for _ in range(players)]
        squares[key] = row
        if len(runners) < 3 and draw(st.booleans()):
            free = [h for h in range(row[me] + 1, top + 1)
                    if config.variant != "jump" or h not in row]
            runners[key] = draw(st.sampled_from(free))
    data = {
        "format": 1,
        "config": {"num_players": players, "win_columns": config.win_columns,
                   "variant": config.variant},
        "squares": squares, "claimed": claimed, "runners": runners,
        "current_player": me, "phase": "roll", "dice": None, "winner": None,
    }
    return state_from_dict(data)


@settings(PROFILE, max_examples=25)
@given(state=positions(), rolls=st.lists(st.sampled_from(ALL_ROLLS), min_size=20, max_size=20))
def test_any_position_moves_and_bust_chance_match_the_reference(
    state: GameState, rolls: list[tuple[int, int, int, int]]
) -> None:
    check_state(state)
    for dice in rolls:
        assert moves_for_dice(state, dice) == reference_moves(state, dice)
    busts = sum(1 for dice in ALL_ROLLS if not reference_moves(state, dice))
    assert bust_probability(state) == Fraction(busts, 1296)


@settings(PROFILE, max_examples=15)
@given(config=configs, seed=st.integers(0, 2**32), pick=st.randoms(use_true_random=False))
def test_runners_after_each_is_runners_after_of_each_move(
    config: GameConfig, seed: int, pick: random.Random
) -> None:
    state = pick.choice([s for s in _positions(config, seed) if s.phase is not Phase.OVER])
    moves = [move for dice in pick.sample(ALL_ROLLS, 30) for move in moves_for_dice(state, dice)]
    assert runners_after_each(state, state.runners, moves) == [
        runners_after(state, state.runners, move) for move in moves
    ]
