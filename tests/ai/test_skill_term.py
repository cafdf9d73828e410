"""The win chance knows who is playing: the skill term's direction, that equal players keep
the calibration fitted between equals, that it fades as the game ends, that the levels'
fitted strengths climb the ladder, and that docs/ai.md states the fitted numbers the code
has."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from ai_positions import position

from cantstop_tui.ai import LEVELS
from cantstop_tui.ai.analysis import Analyst
from cantstop_tui.ai.skill_term import (
    FITTED_PLAYERS,
    NO_SHIFTS,
    PAIR_SHIFTS,
    SKILL_TERM,
    level_skill_rows,
    level_skills,
    pair_key,
    skill_shifts,
)
from cantstop_tui.ai.win_chance import win_chances
from cantstop_tui.arena.skill_fit import CHECK_GAMES, CHECK_SEEDS, FIT_GAMES, FIT_SEEDS
from cantstop_tui.engine import GameConfig, new_game, roll

DOCS = Path(__file__).resolve().parents[2] / "docs" / "ai.md"
EXPERT, NEWCOMER = SKILL_TERM.strength("expert"), SKILL_TERM.strength("rule28")


def test_the_stronger_seat_has_the_better_chance_at_the_start() -> None:
    state = new_game(GameConfig(2), first_player=0)
    blind = win_chances(state)
    first_stronger = win_chances(state, skills=(EXPERT, NEWCOMER))
    second_stronger = win_chances(state, skills=(NEWCOMER, EXPERT))
    assert first_stronger[0] > blind[0] + 0.1
    assert second_stronger[0] < blind[0] - 0.1
    assert sum(first_stronger) == pytest.approx(1.0)
    assert sum(second_stronger) == pytest.approx(1.0)


def test_a_bigger_gap_moves_the_chance_further() -> None:
    state = position(mine={6: 3, 8: 2}, theirs={7: 4})
    chances = [win_chances(state, skills=(NEWCOMER + gap, NEWCOMER))[0]
               for gap in (0, 0.5, 1, 1.5)]
    assert chances == sorted(chances) and len(set(chances)) == 4


def test_equal_players_keep_the_calibration_fitted_between_equals() -> None:
    for state in (new_game(GameConfig(2)), position(mine_won=(2, 7))):
        for level in SKILL_TERM.strengths:
            assert win_chances(state, skills=(level, level)) == pytest.approx(
                win_chances(state), abs=1e-12
            )


def test_the_term_fades_as_the_game_nears_its_end() -> None:
    skills = (EXPERT, NEWCOMER)
    start, half, end = (
        skill_shifts(skills, (turns, turns))[0]
        for turns in (SKILL_TERM.start_turns, SKILL_TERM.start_turns / 2, 0.0)
    )
    assert start == pytest.approx(EXPERT - NEWCOMER)  # at the start: the strengths' gap
    assert start > half > end == 0.0
    # what is left of the game: the turns both players still need, on average
    assert skill_shifts(skills, (1.0, 9.0))[0] == skill_shifts(skills, (9.0, 1.0))[0]
    assert skill_shifts(skills, (1.0, 9.0))[0] == skill_shifts(skills, (5.0, 5.0))[0]
    assert skill_shifts(skills, (0.0, 4.0))[0] > 0


def test_games_of_more_players_stay_blind_to_skill() -> None:
    assert FITTED_PLAYERS == 2
    assert not skill_shifts((EXPERT, NEWCOMER, 1.0), (5.0, 5.0, 5.0)).any()
    state = new_game(GameConfig(3))
    assert win_chances(state, skills=(EXPERT, NEWCOMER, 1.0)) == win_chances(state)


def test_many_positions_at_once_as_one_by_one() -> None:
    skills = np.array([[EXPERT, NEWCOMER], [NEWCOMER, 2.0]])
    turns = np.array([[7.0, 6.0], [2.0, 3.0]])
    rows = skill_shifts(skills, turns)
    assert rows[0] == pytest.approx(skill_shifts(skills[0], turns[0]))
    assert rows[1] == pytest.approx(skill_shifts(skills[1], turns[1]))
    assert rows.sum(axis=1) == pytest.approx([0.0, 0.0])


def test_mid_turn_chances_know_who_plays_too() -> None:
    state, _ = roll(new_game(GameConfig(2), first_player=0), (1, 5, 4, 6))
    analyst = Analyst()
    blind = analyst.chances(state)
    stronger = analyst.chances(state, (EXPERT, NEWCOMER))
    weaker = analyst.chances(state, (NEWCOMER, EXPERT))
    assert weaker[0] < blind[0] < stronger[0]
    assert analyst.chances(state, (2.0, 2.0)) == pytest.approx(blind)


def test_the_levels_strengths_climb_the_ladder_from_zero() -> None:
    assert len(SKILL_TERM.strengths) == len(LEVELS)
    assert SKILL_TERM.strengths[0] == 0.0
    assert list(SKILL_TERM.strengths) == sorted(set(SKILL_TERM.strengths))
    assert SKILL_TERM.strength("ai") == SKILL_TERM.strength("expert")  # an older name
    assert SKILL_TERM.power > 0


def test_docs_state_the_fitted_term() -> None:
    text = DOCS.read_text(encoding="utf-8")
    found = re.search(r"`SKILL_TERM`: power ([\d.]+), start_turns ([\d.]+)", text)
    assert found, "docs/ai.md states the fitted skill term"
    assert tuple(float(x) for x in found.groups()) == (SKILL_TERM.power, SKILL_TERM.start_turns)
    table = dict(re.findall(r"^\| `(\w+)` \| [\d.]+ \| ([\d.]+) \|", text, re.MULTILINE))
    assert {level: float(value) for level, value in table.items()} == dict(
        zip(LEVELS, SKILL_TERM.strengths, strict=True)
    )
    fitted = " ".join(map(str, FIT_SEEDS))
    checked = " ".join(map(str, CHECK_SEEDS))
    command = f"--fit-seeds {fitted} --fit-games {FIT_GAMES}"
    check = f"--check-seeds {checked} --check-games {CHECK_GAMES}"
    assert command in text and check in text
    games = len(CHECK_SEEDS) * CHECK_GAMES
    assert f"Checked on {games:,} other games (seeds {', '.join(map(str, CHECK_SEEDS))}" in text
    source = Path(__file__).resolve().parents[2] / "cantstop_tui" / "ai" / "skill_term.py"
    assert command in source.read_text(encoding="utf-8")
    assert check in source.read_text(encoding="utf-8")


def test_start_turns_is_what_the_model_says_a_player_needs_from_the_start() -> None:
    from cantstop_tui.ai.win_chance import expected_turns

    start = new_game(GameConfig(2))
    assert expected_turns(start, 0) == pytest.approx(SKILL_TERM.start_turns, abs=0.01)


def test_each_pairing_of_two_levels_has_its_own_shift_the_stronger_up() -> None:
    assert set(PAIR_SHIFTS) == {(a, b) for i, a in enumerate(LEVELS) for b in LEVELS[i + 1:]}
    for (weaker, stronger), shift in PAIR_SHIFTS.items():
        for first, second in ((weaker, stronger), (stronger, weaker)):
            a, b = level_skills(first, second)
            gap = SKILL_TERM.strength(stronger) - SKILL_TERM.strength(weaker) + shift
            assert (a - b if first == stronger else b - a) == pytest.approx(gap)
            assert a + b == pytest.approx(
                SKILL_TERM.strength(first) + SKILL_TERM.strength(second))
    for level in LEVELS:  # mirrors: equals
        assert level_skills(level, level) == (SKILL_TERM.strength(level),) * 2
    assert level_skills("ai", "easy") == level_skills("expert", "easy")
    assert pair_key("expert", "rule28") == pair_key("rule28", "expert") == ("rule28", "expert")
    assert level_skills("easy", "expert", shifts=NO_SHIFTS) == (
        SKILL_TERM.strength("easy"), SKILL_TERM.strength("expert"))


def test_many_pairings_at_once_as_one_by_one() -> None:
    pairs = np.array([[0, 4], [4, 0], [2, 4], [3, 3], [1, 2]])
    rows = level_skill_rows(pairs)
    for row, (a, b) in zip(rows, pairs, strict=True):
        assert tuple(row) == pytest.approx(level_skills(LEVELS[a], LEVELS[b]))


def test_docs_state_each_pairings_shift() -> None:
    text = DOCS.read_text(encoding="utf-8")
    table = re.findall(r"^\| `(\w+)` v `(\w+)` \| ([-\d.]+) \|", text, re.MULTILINE)
    assert {(a, b): float(v) for a, b, v in table} == dict(PAIR_SHIFTS)


def test_each_pairings_sharpness_fades_toward_the_calibration_at_the_end() -> None:
    from cantstop_tui.ai.skill_term import (
        NO_SHARPNESS,
        PAIR_SHARPNESS,
        fade,
        level_sharpness,
        sharpness_factor,
    )

    assert set(PAIR_SHARPNESS) == {(a, b) for i, a in enumerate(LEVELS) for b in LEVELS[i:]}
    sharp = level_sharpness("ai", "expert")
    assert sharp == PAIR_SHARPNESS[("expert", "expert")] < 1
    assert level_sharpness("expert", "easy") == level_sharpness("easy", "expert") == (
        PAIR_SHARPNESS[("easy", "expert")])
    assert level_sharpness("easy", "easy", NO_SHARPNESS) == 1.0
    # a factor of `sharp` at the start, 1 when no turns are left, in between on the way
    start = SKILL_TERM.start_turns
    assert sharpness_factor(sharp, (start, start))[0] == pytest.approx(sharp)
    assert sharpness_factor(sharp, (0.0, 0.0))[0] == pytest.approx(1.0)
    assert sharp < sharpness_factor(sharp, (2.0, 3.0))[0] < 1
    rows = sharpness_factor(np.array([sharp, 1.0]), np.array([[2.0, 3.0], [2.0, 3.0]]))
    assert rows[:, 0] == pytest.approx([sharpness_factor(sharp, (2.0, 3.0))[0], 1.0])
    assert fade((2.0, 3.0))[0] == pytest.approx((2.5 / start) ** SKILL_TERM.power)
    ahead = position({2: 3, 7: 8, 12: 2}, {7: 2})
    equals = win_chances(ahead, skills=(EXPERT, EXPERT))
    experts = win_chances(ahead, skills=(EXPERT, EXPERT), sharpness=sharp)
    assert 0.5 < experts[0] < equals[0]
    assert sum(experts) == pytest.approx(1.0)
    assert win_chances(ahead, sharpness=1.0) == win_chances(ahead)
    analyst = Analyst()
    assert analyst.chances(ahead, (EXPERT, EXPERT), sharp) == pytest.approx(experts)
    mid_turn, _ = roll(ahead, (2, 2, 3, 4))
    assert 0.5 < analyst.chances(mid_turn, (EXPERT, EXPERT), sharp)[0] < analyst.chances(
        mid_turn, (EXPERT, EXPERT))[0]


def test_docs_state_each_pairings_sharpness() -> None:
    from cantstop_tui.ai.skill_term import PAIR_SHARPNESS

    text = DOCS.read_text(encoding="utf-8")
    table = re.findall(r"^\| `(\w+)` v `(\w+)` \| (?:[-\d.]+|—) \| ([\d.]+) \|", text,
                       re.MULTILINE)
    assert {(a, b): float(v) for a, b, v in table} == dict(PAIR_SHARPNESS)
    source = Path(__file__).resolve().parents[2] / "cantstop_tui" / "ai" / "skill_term.py"
    command = "python -m cantstop_tui.arena.skill_cv --seeds 2 3 4 5 6 7 --games 1260"
    assert command in source.read_text(encoding="utf-8") and command in text


def test_each_pairings_own_start_counts_at_the_first_turn_start_only() -> None:
    """A pairing's own start (``PAIR_STARTS``): the stronger seat's log-odds at a game's
    first turn start gain it whichever seat it has, little of it is left a few turns on,
    none at the end; a mirror has none, so equal players keep the calibration between
    equals."""
    from cantstop_tui.ai.skill_term import (
        PAIR_STARTS,
        START_POWER,
        level_start_rows,
        level_starts,
        start_fade,
    )

    assert set(PAIR_STARTS) == set(PAIR_SHIFTS)
    start = SKILL_TERM.start_turns
    assert start_fade((start, start))[0] == pytest.approx(1.0)
    assert start_fade((0.0, 0.0))[0] == 0.0
    assert start_fade((0.8 * start, 0.8 * start))[0] == pytest.approx(0.8**START_POWER)
    skills = (EXPERT, NEWCOMER)
    for (weaker, stronger), value in PAIR_STARTS.items():
        for first, second in ((weaker, stronger), (stronger, weaker)):
            a, b = level_starts(first, second)
            assert (a - b if first == stronger else b - a) == pytest.approx(value)
            assert a + b == 0.0
            gained = skill_shifts(skills, (start, start), starts=(a, b))
            assert gained - skill_shifts(skills, (start, start)) == pytest.approx(
                [a - b, b - a])
    for level in LEVELS:
        assert level_starts(level, level) == (0.0, 0.0)
    for state in (new_game(GameConfig(2)), position(mine_won=(2, 7))):
        assert win_chances(state, skills=(EXPERT, EXPERT), starts=(0.0, 0.0)) == pytest.approx(
            win_chances(state), abs=1e-12)
    pairs = np.array([[0, 4], [4, 0], [2, 4], [3, 3], [1, 2]])
    for row, (a, b) in zip(level_start_rows(pairs), pairs, strict=True):
        assert tuple(row) == pytest.approx(level_starts(LEVELS[a], LEVELS[b]))


def test_a_start_moves_the_chance_at_the_first_turn_start_as_shown_everywhere() -> None:
    """The side panel's, the hint's and the review's chances (``Analyst.chances``, the win
    chance) take a pairing's start alike: the stronger seat's chance at the start moves
    by it; mid-game, a few turns on, hardly."""
    start_state = new_game(GameConfig(2), first_player=0)
    skills, starts = (EXPERT, NEWCOMER), (-0.25, 0.25)
    less = win_chances(start_state, skills=skills, starts=starts)
    assert less[0] < win_chances(start_state, skills=skills)[0] - 0.03
    assert Analyst().chances(start_state, skills, 1.0, starts) == pytest.approx(less)
    late = position(mine={6: 3, 8: 2}, theirs={7: 4}, mine_won=(2, 12))
    assert win_chances(late, skills=skills, starts=starts)[0] == pytest.approx(
        win_chances(late, skills=skills)[0], abs=0.01)


def test_docs_state_each_pairings_own_start() -> None:
    from cantstop_tui.ai.skill_term import PAIR_STARTS, START_POWER

    text = DOCS.read_text(encoding="utf-8")
    table = re.findall(r"^\| `(\w+)` v `(\w+)` \| [-\d.]+ \| [\d.]+ \| ([-\d.]+) \|", text,
                       re.MULTILINE)
    assert {(a, b): float(v) for a, b, v in table} == dict(PAIR_STARTS)
    assert f"(turns_left / start_turns) ^ {START_POWER:g}" in text
