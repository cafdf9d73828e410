"""Configuration, the first-player roll-off and the jump and forced variants."""

from __future__ import annotations

import pytest
from engine_builders import position, runner_heights

from cantstop_tui.engine import (
    Dice,
    GameConfig,
    IllegalMoveError,
    Moved,
    Phase,
    Rolloff,
    RolloffRound,
    Step,
    allowed_win_columns,
    can_stop,
    choose,
    first_player_rolloff,
    legal_moves,
    may_stop_with,
    moves_for_dice,
    new_game,
    refuses_stops,
    roll,
    stop,
    why_cannot_stop,
)

# --- configuration -----------------------------------------------------------


def test_defaults_are_two_players_three_columns_standard() -> None:
    assert GameConfig() == GameConfig(num_players=2, win_columns=3, variant="standard")


@pytest.mark.parametrize(
    ("players", "allowed"), [(2, (3, 4, 5)), (3, (3, 4)), (4, (3,))]
)
def test_columns_to_win_are_capped_by_players(players: int, allowed: tuple[int, ...]) -> None:
    assert allowed_win_columns(players) == allowed
    for win in allowed:
        for variant in ("standard", "jump", "forced"):
            assert GameConfig(players, win, variant).win_columns == win  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "says"),
    [
        ({"num_players": 1}, "2 to 4 players, not 1"),
        ({"num_players": 5}, "2 to 4 players, not 5"),
        ({"num_players": "2"}, "whole number, not '2'"),
        ({"num_players": True}, "whole number, not True"),
        ({"num_players": 2.0}, "whole number, not 2.0"),
        ({"win_columns": 2}, "can be 3 or 4 or 5, not 2"),
        ({"num_players": 2, "win_columns": 6}, "can be 3 or 4 or 5, not 6"),
        ({"num_players": 3, "win_columns": 5}, "With 3 players the columns to win can be 3 or 4"),
        ({"num_players": 4, "win_columns": 4}, "With 4 players the columns to win can be 3, "),
        ({"win_columns": True}, "not True"),
        ({"variant": "jump+forced"}, "jump and forced variants cannot be combined"),
        ({"variant": "forced jump"}, "jump and forced variants cannot be combined"),
        ({"variant": ("jump", "forced")}, "jump and forced variants cannot be combined"),
        ({"variant": "Standard"}, "Unknown variant 'Standard': choose standard, jump or forced"),
        ({"variant": None}, "Unknown variant None"),
        ({"variant": 3}, "Unknown variant 3"),
    ],
)
def test_bad_configurations_say_what_is_allowed(kwargs: dict[str, object], says: str) -> None:
    with pytest.raises(ValueError) as raised:
        GameConfig(**kwargs)  # type: ignore[arg-type]
    assert says in str(raised.value)
    assert str(raised.value).endswith(".")


def test_allowed_win_columns_refuses_an_impossible_player_count() -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        allowed_win_columns(7)


@pytest.mark.parametrize("first", [-1, 2, True, "0"])
def test_new_game_refuses_a_first_player_outside_the_seats(first: object) -> None:
    with pytest.raises(ValueError, match="seat from 0 to 1"):
        new_game(GameConfig(num_players=2), first_player=first)  # type: ignore[arg-type]


def test_new_game_starts_empty_with_the_given_player_to_roll() -> None:
    state = new_game(GameConfig(num_players=4), first_player=3)
    assert state.current_player == 3
    assert state.phase is Phase.ROLL
    assert state.num_players == 4
    assert not any(any(row) for row in state.squares)
    assert state.claimed == (None,) * 13
    assert state.runner_columns == ()
    assert not state.is_over
    assert new_game() == new_game(GameConfig(), 0)


# --- first player ------------------------------------------------------------


class ScriptedDice:
    """Hands out pairs of dice in order and remembers how many were asked for."""

    def __init__(self, *pairs: tuple[int, int]) -> None:
        self.pairs = list(pairs)
        self.asked: list[int] = []

    def roll(self, count: int = 4) -> tuple[int, ...]:
        self.asked.append(count)
        return self.pairs.pop(0)


def test_highest_roll_starts() -> None:
    dice = ScriptedDice((2, 3), (6, 4), (1, 1))
    rolloff = first_player_rolloff(3, dice)
    assert rolloff == Rolloff((RolloffRound(((0, (2, 3)), (1, (6, 4)), (2, (1, 1)))),))
    assert rolloff.first_player == 1
    assert dice.asked == [2, 2, 2]


def test_tied_leaders_and_only_they_roll_again_until_one_leads() -> None:
    dice = ScriptedDice((5, 6), (1, 2), (6, 5), (4, 4), (3, 3), (2, 4), (1, 1), (1, 2))
    rolloff = first_player_rolloff(4, dice)
    assert [r.rolls for r in rolloff.rounds] == [
        ((0, (5, 6)), (1, (1, 2)), (2, (6, 5)), (3, (4, 4))),
        ((0, (3, 3)), (2, (2, 4))),  # 0 and 2 tied on 11: only they roll again
        ((0, (1, 1)), (2, (1, 2))),  # tied again on 6
    ]
    assert [r.leaders for r in rolloff.rounds] == [(0, 2), (0, 2), (2,)]
    assert rolloff.first_player == 2
    assert dice.pairs == []


def test_roll_off_with_seeded_dice_ends_with_a_single_leader() -> None:
    for seed in range(60):
        rolloff = first_player_rolloff(4, Dice(seed))
        rollers = tuple(range(4))
        for this_round in rolloff.rounds:
            assert tuple(player for player, _ in this_round.rolls) == rollers
            rollers = this_round.leaders
        assert len(rollers) == 1
        assert rolloff.first_player == rollers[0]
        assert all(len(r.leaders) > 1 for r in rolloff.rounds[:-1])


@pytest.mark.parametrize("players", [1, 5, "3"])
def test_roll_off_refuses_a_bad_player_count(players: object) -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        first_player_rolloff(players, Dice(0))  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [(7, 1), (1,), (1, 2, 3), (0, 3)])
def test_roll_off_refuses_dice_that_are_not_two_dice(bad: tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match="two dice from 1 to 6"):
        first_player_rolloff(2, ScriptedDice(bad, (1, 1)))  # type: ignore[arg-type]


# --- jump variant ------------------------------------------------------------


def test_jump_placement_skips_to_the_first_free_space() -> None:
    state = position(
        variant="jump", players=3, squares={1: {5: 1}, 2: {5: 2}},
        phase=Phase.CHOOSE, dice=(1, 4, 6, 6),
    )
    assert legal_moves(state) == ((5, 12), (7, 10))
    state, events = choose(state, (5, 12))
    assert runner_heights(state) == {5: 3, 12: 1}
    (moved,) = events
    assert isinstance(moved, Moved)
    assert moved.steps[0] == Step(5, 0, 3, True)


def test_jump_advance_skips_and_placement_starts_above_own_square() -> None:
    state = position(
        variant="jump", squares={0: {8: 2}, 1: {8: 3, 6: 5}}, runners={6: 4},
        phase=Phase.CHOOSE, dice=(2, 4, 3, 5),
    )
    state, _ = choose(state, (6, 8))
    assert runner_heights(state) == {6: 6, 8: 4}


def test_jump_7_and_7_jumps_twice() -> None:
    state = position(
        variant="jump", players=3, squares={1: {7: 3}, 2: {7: 5}}, runners={7: 2},
        phase=Phase.CHOOSE, dice=(3, 4, 3, 4),
    )
    assert (7, 7) in legal_moves(state)
    state, _ = choose(state, (7, 7))
    assert runner_heights(state) == {7: 6}


def test_jump_to_the_top_leaves_no_second_step() -> None:
    # Column 3 has 5 spaces; from 3, the square on 4 is jumped and the runner reaches the top.
    state = position(variant="jump", squares={1: {3: 4}}, runners={3: 3, 6: 1, 8: 1})
    assert moves_for_dice(state, (1, 2, 1, 2)) == ((3,),)
    standard = position(squares={1: {3: 4}}, runners={3: 3, 6: 1, 8: 1})
    assert moves_for_dice(standard, (1, 2, 1, 2)) == ((3, 3),)


def test_jump_never_shares_a_space_so_stopping_is_always_allowed() -> None:
    state = position(variant="jump", squares={1: {6: 1}}, phase=Phase.CHOOSE, dice=(1, 5, 1, 5))
    state, _ = choose(state, (6, 6))
    assert runner_heights(state) == {6: 3}
    assert can_stop(state)


# --- forced variant ----------------------------------------------------------


def test_forced_refuses_stop_while_a_runner_shares_a_space() -> None:
    state = position(variant="forced", squares={1: {6: 1}}, phase=Phase.CHOOSE, dice=(1, 5, 2, 2))
    state, _ = choose(state, (4, 6))
    assert runner_heights(state) == {4: 1, 6: 1}
    assert not can_stop(state)
    reason = why_cannot_stop(state)
    assert reason == (
        "Forced move: your runner in column 6 shares a space with another player's square, "
        "so you must roll again."
    )
    with pytest.raises(IllegalMoveError) as raised:
        stop(state)
    assert str(raised.value) == reason


def test_forced_names_every_shared_column() -> None:
    state = position(variant="forced", players=3, squares={1: {6: 2}, 2: {8: 1}},
                     runners={6: 2, 8: 1})
    assert "runners in columns 6 and 8 share" in str(why_cannot_stop(state))


def test_forced_allows_stop_once_the_runner_has_left_the_space() -> None:
    state = position(variant="forced", squares={1: {6: 1}}, runners={6: 1, 4: 1})
    state, _ = roll(state, (1, 5, 1, 1))
    state, _ = choose(state, (2, 6))
    assert runner_heights(state) == {2: 1, 4: 1, 6: 2}
    assert can_stop(state)
    state, _ = stop(state)
    assert state.squares[0][6] == 2


def test_forced_variant_still_busts_normally() -> None:
    state = position(variant="forced", squares={1: {6: 1}}, runners={6: 1, 3: 1, 4: 1})
    after, _ = roll(state, (6, 6, 6, 6))
    assert after.current_player == 1
    assert runner_heights(after) == {}


def test_standard_ignores_shared_spaces_for_stopping() -> None:
    state = position(squares={1: {6: 1}}, runners={6: 1})
    assert can_stop(state)


def test_roll_off_gives_up_on_dice_that_always_tie() -> None:
    class Stuck:
        def roll(self, count: int = 4) -> tuple[int, ...]:
            return (3, 3)

    with pytest.raises(ValueError, match="tied 1000 rounds running"):
        first_player_rolloff(2, Stuck())


def test_new_game_needs_a_game_config() -> None:
    with pytest.raises(ValueError, match="needs a GameConfig"):
        new_game({"num_players": 2})  # type: ignore[arg-type]


def test_may_stop_with_answers_for_runners_the_state_does_not_have() -> None:
    """The AI's look-ahead asks about runners it has not placed yet: the answer is the one
    ``can_stop`` would give with them out."""
    state = position(variant="forced", squares={1: {6: 2}}, runners={4: 1})
    shared = tuple(2 if c == 6 else h for c, h in enumerate(state.runners))
    past = tuple(3 if c == 6 else h for c, h in enumerate(state.runners))
    assert may_stop_with(state, state.runners) and can_stop(state)
    assert not may_stop_with(state, shared)
    assert may_stop_with(state, past)
    assert not may_stop_with(state, (0,) * 13)  # a turn's first roll is no stop
    assert refuses_stops(state.config)
    for variant in ("standard", "jump"):
        plain = position(variant=variant, squares={1: {6: 2}}, runners={4: 1})
        assert not refuses_stops(plain.config) and may_stop_with(plain, shared)
