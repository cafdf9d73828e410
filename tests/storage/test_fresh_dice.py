"""Playing on from a replay rolls new dice, and the record of that game still replays exactly."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from storage_games import carry_on, play

from cantstop_tui.engine import Dice
from cantstop_tui.play.match import Match
from cantstop_tui.storage import load_game, match_from_record, record_to_json, write_game
from cantstop_tui.storage.record import VERSION, game_id
from cantstop_tui.storage.replay import Replay
from cantstop_tui.ui.screens.replay import PLAY_ON_HINT, ReplayApp


def rolls(match: Match, count: int) -> list[tuple[int, ...]]:
    """The next ``count`` rolls ``match`` would make."""
    dice = Dice(match.dice_seed, match.dice_position)
    return [dice.roll() for _ in range(count)]


def as_data(match: Match) -> dict:
    return json.loads(record_to_json(match))


def test_play_on_keeps_the_position_and_draws_new_dice_from_the_os(monkeypatch):
    positions = play(35)
    replay = Replay(positions[-1])
    first, second = replay.play_on(20), replay.play_on(20)
    for start in (first, second):
        assert (start.state, start.history, start.stats) == (
            positions[20].state, positions[20].history, positions[20].stats)
        assert start.dice_seed != positions[20].seed and start.seed == positions[20].seed
    assert first.dice_seed != second.dice_seed  # 63 bits from the OS: never the same twice
    recorded = rolls(positions[20], 8)
    assert rolls(first, 8) != recorded and rolls(second, 8) != recorded

    import secrets

    drawn = []
    monkeypatch.setattr(secrets, "randbits", lambda bits: drawn.append(bits) or 977)
    assert replay.play_on(20).dice_seed == 977 and drawn == [63]


@pytest.mark.parametrize(("seed", "index"), [(40, 0), (41, 17), (42, 30)])
def test_a_game_played_on_with_new_dice_saves_loads_and_replays_exactly(tmp_path, seed, index):
    recorded = play(seed, steps=40)
    start = Replay(recorded[-1]).play_on(index, seed=seed * 1000)
    onward = carry_on(start, seed, 60)
    final = onward[-1]
    assert final.history[:index] == recorded[-1].history[:index]
    write_game(tmp_path / "on.json", final)
    loaded = load_game(tmp_path / "on.json").match
    assert loaded == final
    assert rolls(loaded, 3) == rolls(final, 3)  # it also goes on with the same dice
    replay = Replay(loaded)
    assert [replay.position(i).match for i in range(len(replay))] == recorded[:index] + onward
    assert replay.happened(index)[-1] == "New dice from here on."
    assert all("New dice" not in line for i in range(index) for line in replay.happened(i))


def test_only_a_game_with_new_dice_needs_the_new_record_version():
    plain = play(43, steps=25)[-1]
    data = as_data(plain)
    assert data["version"] == 1 and "reseeds" not in data  # older programs still open it
    reseeded = Replay(plain).play_on(10, seed=5)
    data = as_data(reseeded)
    assert data["version"] == VERSION == 2
    assert data["reseeds"] == [[10, 5]]
    assert game_id(reseeded) != game_id(replace(reseeded, reseeds=()))


def test_playing_on_twice_keeps_both_seeds():
    recorded = play(44, steps=30)
    once = carry_on(Replay(recorded[-1]).play_on(10, seed=1), 1, 20)[-1]
    twice = carry_on(Replay(once).play_on(25, seed=2), 2, 20)[-1]
    assert [(r.step, r.seed) for r in twice.reseeds] == [(10, 1), (25, 2)]
    assert match_from_record(as_data(twice)) == twice
    again = Replay(twice).play_on(10, seed=3)  # at the first one's step: it replaces both
    assert [(r.step, r.seed) for r in again.reseeds] == [(10, 3)]


def test_the_new_seed_is_needed_to_replay_the_game():
    recorded = play(45, steps=30)
    final = carry_on(Replay(recorded[-1]).play_on(12, seed=8), 8, 30)[-1]
    data = as_data(final)
    del data["reseeds"]
    first_roll = next(i for i, a in enumerate(final.history) if i >= 12 and a.kind == "roll")
    with pytest.raises(ValueError, match=rf"^step {first_roll + 1} \(roll .*not what the seeded"):
        match_from_record(data)


@pytest.mark.parametrize(
    ("reseeds", "message"),
    [
        ({}, "'reseeds' must be a list of \\[step, seed\\]"),
        ([[3]], "new dice \\[3\\] is not \\[step, seed\\]"),
        ([[3, "7"]], "is not \\[step, seed\\]"),
        ([[True, 7]], "is not \\[step, seed\\]"),
        ([[-1, 7]], "names a step the game does not have"),
        ([[99, 7]], "names a step the game does not have"),
        ([[5, 7], [5, 8]], "names a step the game does not have"),
    ],
)
def test_bad_new_dice_are_refused_with_a_reason(reseeds, message):
    data = as_data(Replay(play(46, steps=20)[-1]).play_on(5, seed=7))
    data["reseeds"] = reseeds
    with pytest.raises(ValueError, match=message):
        match_from_record(data)


async def test_the_replay_screen_says_play_on_uses_new_dice():
    positions = play(37, steps=30)
    app = ReplayApp(Replay(positions[-1]), title="g.json")
    async with app.run_test(size=(100, 30)) as pilot:
        said = str(app.screen.query_one("#fresh-dice").render())
        assert said == PLAY_ON_HINT and "new dice" in said
        await pilot.press("left", "p")
    choice = app.return_value
    assert choice is not None and choice.index == 29
    assert choice.match.history == positions[29].history
    assert choice.match.reseeds[-1].step == 29 and choice.match.dice_seed != positions[29].seed
