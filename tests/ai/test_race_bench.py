"""The race benchmark's arithmetic: two players' turns alone, taken as independent."""

from __future__ import annotations

from benchmarks.bench_race import race, solitaire_turns


def test_a_tie_in_turns_goes_to_the_player_who_moved_first() -> None:
    assert race([5], [5]) == (1.0, 0.0)


def test_each_pairing_of_games_counts_once() -> None:
    # needing 4 turns beats 6 and loses to 3 either way; 6 against 6 is a tie
    first, second = race([4, 6], [3, 6])
    assert (first, second) == (2 / 4, 1 / 4)


def test_solitaire_turns_are_the_arenas_games() -> None:
    turns = solitaire_turns("rule28", 3)
    assert len(turns) == 3 and all(t >= 3 for t in turns)
    assert turns == solitaire_turns("rule28", 3)
