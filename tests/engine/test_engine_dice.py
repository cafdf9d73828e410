"""The seeded dice stream: reproducible, resumable and fair."""

from __future__ import annotations

from collections import Counter

import pytest

from cantstop_tui.engine import ALL_ROLLS, Dice


def test_same_seed_same_stream_different_seed_different_stream() -> None:
    first, again, other = Dice(42), Dice(42), Dice(43)
    rolls = [first.roll() for _ in range(50)]
    assert rolls == [again.roll() for _ in range(50)]
    assert rolls != [other.roll() for _ in range(50)]
    assert all(roll in ALL_ROLLS for roll in rolls)


def test_stream_resumes_from_seed_and_position() -> None:
    dice = Dice(7)
    history = [dice.roll(2) if n % 5 == 0 else dice.roll() for n in range(40)]
    assert dice.position == 40
    assert dice.seed == 7
    for n in (0, 1, 17, 39):
        resumed = Dice(7, n)
        assert resumed.roll(2 if n % 5 == 0 else 4) == history[n]
        assert resumed.position == n + 1
    assert repr(Dice(7, 3)) == "Dice(seed=7, position=3)"


def test_any_whole_number_seed_works() -> None:
    for seed in (0, -1, 2**64, -(2**80), 123456789):
        roll = Dice(seed).roll()
        assert len(roll) == 4 and all(1 <= v <= 6 for v in roll)


@pytest.mark.parametrize(
    ("seed", "position"), [("1", 0), (1.5, 0), (None, 0), (True, 0), (1, -1), (1, 2.0)]
)
def test_dice_refuse_bad_seed_or_position(seed: object, position: object) -> None:
    with pytest.raises(ValueError, match="whole-number seed and a position of 0 or more"):
        Dice(seed, position)  # type: ignore[arg-type]


@pytest.mark.parametrize("count", [0, 25, -4, "2", 2.5])
def test_bad_dice_counts_are_refused_without_advancing(count: object) -> None:
    dice = Dice(3, 5)
    with pytest.raises(ValueError, match="1 to 24 dice"):
        dice.roll(count)  # type: ignore[arg-type]
    assert dice.position == 5


def test_any_count_from_1_to_24_rolls_that_many_dice() -> None:
    dice = Dice(11)
    for count in range(1, 25):
        faces = dice.roll(count)
        assert len(faces) == count
        assert all(1 <= f <= 6 for f in faces)


def test_four_dice_rolls_are_roughly_uniform_over_all_1296_outcomes() -> None:
    dice = Dice(2024)
    draws = 1296 * 20
    counts = Counter(dice.roll() for _ in range(draws))
    expected = draws / 1296
    chi_square = sum((counts[r] - expected) ** 2 / expected for r in ALL_ROLLS)
    # 1295 degrees of freedom: mean 1295, standard deviation about 51.
    assert 1295 - 6 * 51 < chi_square < 1295 + 6 * 51
    faces = Counter(face for roll in counts.elements() for face in roll)
    for face in range(1, 7):
        assert abs(faces[face] / (4 * draws) - 1 / 6) < 0.01


def test_two_dice_rolls_are_roughly_uniform() -> None:
    dice = Dice(99)
    counts = Counter(dice.roll(2) for _ in range(36 * 200))
    assert len(counts) == 36
    assert all(120 < n < 280 for n in counts.values())


def test_a_seeded_roll_plays_directly() -> None:
    from cantstop_tui.engine import Phase, legal_moves, new_game, roll

    dice = Dice(5)
    roll_ = dice.roll()
    state, _ = roll(new_game(), roll_)
    assert state.dice == roll_
    assert state.phase is Phase.CHOOSE  # a first roll never busts
    assert legal_moves(state)


def test_the_tables_of_the_rolls_are_worked_out_on_first_use_not_on_import() -> None:
    """A game's first frame needs none of them (issue 31); fresh tables, so each branch
    runs here whatever other tests looked up before."""
    from cantstop_tui.engine.dice import _pair_sums_of, _PairSums
    from cantstop_tui.engine.moves import _RollPlans
    from cantstop_tui.engine.odds import _BustChances

    sums, plans = _PairSums(), _RollPlans()
    assert not sums and not plans
    assert sums[(1, 5, 4, 6)] == _pair_sums_of((1, 5, 4, 6)) == ((6, 10), (5, 11), (7, 9))
    assert list(sums) == [(1, 5, 4, 6)]
    assert plans[(6, 6, 6, 6)] == ((12,), ((12, 12),))
    for not_a_roll in [(7, 1, 1, 1), (1, 1, 1), (0, 1, 2, 3)]:
        with pytest.raises(KeyError):
            sums[not_a_roll]  # type: ignore[index]
    assert (7, 1, 1, 1) not in sums
    chances = _BustChances()
    every_column = sum(1 << (c - 2) for c in range(2, 13))
    assert chances[every_column] == 0 and chances[0] == 1
    assert chances[1 << (7 - 2)] == chances[1 << (7 - 2)] > 0  # column 7 alone, then kept


def test_all_rolls_are_every_ordered_roll_once_in_order() -> None:
    assert len(ALL_ROLLS) == len(set(ALL_ROLLS)) == 1296
    assert ALL_ROLLS[0] == (1, 1, 1, 1) and ALL_ROLLS[1] == (1, 1, 1, 2)
    assert ALL_ROLLS[-1] == (6, 6, 6, 6) and list(ALL_ROLLS) == sorted(ALL_ROLLS)
    assert all(type(roll) is tuple and len(roll) == 4 for roll in ALL_ROLLS)
