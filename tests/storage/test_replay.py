"""Replays: every position of a seeded game, the Replay screen, and playing on."""

from __future__ import annotations

import dataclasses
import json

import pytest
from storage_games import play

from cantstop_tui.storage import load_game, match_from_record, record_to_json, write_game
from cantstop_tui.storage.replay import Replay
from cantstop_tui.ui.replay_cli import main as replay_main
from cantstop_tui.ui.screen_app import ScreenApp
from cantstop_tui.ui.screens.replay import PlayOn, ReplayApp


@pytest.mark.parametrize(("seed", "players", "variant"), [(31, 2, "standard"), (32, 4, "jump")])
def test_a_replay_reproduces_every_position_of_a_seeded_game(seed, players, variant):
    positions = play(seed, players, variant)
    replay = Replay(match_from_record(json.loads(record_to_json(positions[-1]))))
    assert len(replay) == len(positions)
    for index, match in enumerate(positions):
        assert replay.position(index).match == match
    assert replay.position(0).action is None
    assert replay.position(replay.last).action == positions[-1].history[-1]


def test_captions_name_the_step_player_and_choice():
    positions = play(34, steps=6)
    replay = Replay(positions[-1])
    first = positions[0].seats[positions[0].rolloff.first_player].name
    assert replay.caption(0) == f"Start of the game (6 steps): {first} plays first."
    assert replay.caption(1).startswith(f"Step 1 of 6: {first}: roll ")
    with pytest.raises(IndexError):
        replay.position(7)


def test_the_start_caption_agrees_with_you():
    """``cantstop replay --text`` began "You plays first." (narration.verb)."""
    positions = play(34, steps=6)
    start = positions[-1]
    first = start.rolloff.first_player
    seats = list(start.seats)
    seats[first] = dataclasses.replace(seats[first], name="You")
    replay = Replay(dataclasses.replace(start, seats=tuple(seats)))
    assert replay.caption(0) == "Start of the game (6 steps): You play first."


def test_play_on_continues_from_the_position_and_saves_like_any_game(tmp_path):
    positions = play(35)
    replay = Replay(positions[-1])
    start = replay.play_on(20)
    assert (start.state, start.history) == (positions[20].state, positions[20].history)
    following, _ = start.roll() if start.state.phase.value == "roll" else start.choose(
        start.state.cached_moves[-1])
    write_game(tmp_path / "on.json", following)
    assert load_game(tmp_path / "on.json").match == following


def test_cantstop_replay_text_prints_every_step(tmp_path, capsys):
    final = play(36, steps=9)[-1]
    write_game(tmp_path / "g.json", final)
    assert replay_main([str(tmp_path / "g.json"), "--text"]) == 0
    lines = capsys.readouterr().out.splitlines()
    players = len(final.seats)
    assert len(lines) == 1 + 9 + players
    assert lines[0].startswith("Start of the game (9 steps): ")
    steps = lines[1:10]
    replay = Replay(final)
    for number, line in enumerate(steps, start=1):
        # Each step is its sentences from the game log, the dice and the move or the stop.
        assert line == f"{number}. " + " ".join(replay.happened(number))
        assert line.endswith((".", "!", "--"))
    rolls = [a for a in final.history if a.kind == "roll" and a.dice]
    assert rolls and all(" ".join(map(str, roll.dice)) in "\n".join(steps) for roll in rolls)
    for seat, line in zip(final.seats, lines[10:], strict=True):
        assert line.startswith(f"{seat.name}: ") and line.endswith(".")


def test_cantstop_replay_of_a_bad_file_explains_and_fails(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "cantstop-game-record", "version": 1')
    assert replay_main([str(path)]) == 1
    error = capsys.readouterr().err
    assert str(path) in error and "ends too early" in error
    assert path.read_text() == '{"format": "cantstop-game-record", "version": 1'


async def test_the_replay_screen_steps_both_ways_and_plays_on():
    positions = play(37, steps=30)
    replay = Replay(positions[-1])
    app = ReplayApp(replay, title="g.json")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        caption = screen.query_one("#caption")
        assert screen.index == 30
        assert "Step 30 of 30" in str(caption.render())
        await pilot.press("home")
        assert screen.index == 0 and "Start of the game" in str(caption.render())
        await pilot.press("left")
        assert screen.index == 0
        await pilot.press("right", "right", "right")
        assert screen.index == 3
        assert "Step 3 of 30" in str(caption.render())
        await pilot.press("end", "left")
        assert screen.index == 29
        await pilot.press("p")
    choice = app.return_value
    assert isinstance(choice, PlayOn) and choice.index == 29
    played_on = choice.match
    assert (played_on.state, played_on.history) == (positions[29].state, positions[29].history)


async def test_the_replay_screen_will_not_play_on_from_a_finished_game():
    positions = play(38)
    app = ReplayApp(Replay(positions[-1]))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("p")
        assert app.screen.index == len(positions) - 1  # still showing the end
        await pilot.press("escape")
    assert app.return_value is None


def busts(match):
    return sum(stats.busts for stats in match.stats)


def test_each_step_says_what_happened_in_the_game_logs_words():
    positions = play(39)
    final = positions[-1]
    replay = Replay(final)
    assert replay.happened(0) == []
    names = {seat.name for seat in final.seats}
    for index in range(1, len(replay)):
        action = final.history[index - 1]
        said = replay.happened(index)
        who = positions[index - 1].current_seat.name
        assert said and said[0].startswith(f"{who} ")
        if action.kind == "roll":
            dice = " ".join(map(str, action.dice))
            if busts(positions[index]) > busts(positions[index - 1]):
                assert said[0].startswith(f"{who} rolls {dice}: bust")
            else:
                assert said == [f"{who} rolls {dice}."]
        elif action.kind == "choose":
            roll = final.history[index - 2]
            columns = " and ".join(map(str, action.move))
            if len(set(action.move)) == 1 < len(action.move):
                columns = f"{action.move[0]} twice"
            assert said == [f"{who} rolls {' '.join(map(str, roll.dice))} and plays {columns}."]
        else:
            assert said[0].startswith(f"{who} stops: ")
    everything = [line for index in range(len(replay)) for line in replay.happened(index)]
    winner = final.seats[final.state.winner].name
    assert everything[-1] == f"{winner} wins the game!"
    assert sum(" wins column " in line for line in everything) >= 3
    assert sum(": bust" in line for line in everything) == busts(final) > 0
    assert {line for line in everything if line.startswith("-- ")} == {
        f"-- {name}'s turn --" for name in names
    }
    # Every line is a sentence: it ends with its stop (the turn markers are headings).
    assert all(line.endswith((".", "!")) for line in everything if not line.startswith("--"))


def test_you_is_spoken_to_in_the_second_person():
    from cantstop_tui.play.narration import possessive, verb

    assert verb("You", "stop") == "You stop" and verb("Ana", "stop") == "Ana stops"
    assert verb("You", "win") == "You win" and verb("Bob", "win") == "Bob wins"
    assert possessive("You") == "Your" and possessive("Ana") == "Ana's"
    assert possessive("Charles") == "Charles'"


def test_the_replay_and_its_words_load_no_user_interface():
    import subprocess
    import sys

    code = (
        "import sys, cantstop_tui.storage.replay, cantstop_tui.play.narration\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')"
        " or m.startswith('cantstop_tui.ui')))"
    )
    command = [sys.executable, "-c", code]
    loaded = subprocess.run(command, capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == "[]"


def test_cantstop_replay_plays_on_via_a_saved_game(tmp_path, monkeypatch, capsys):
    from argparse import ArgumentParser

    from cantstop_tui.storage import saves_dir
    from cantstop_tui.ui import cli

    positions = play(47, steps=12)
    write_game(tmp_path / "g.json", positions[-1])
    monkeypatch.setattr(ScreenApp, "run", lambda self: PlayOn(4, positions[4]))
    monkeypatch.setattr(cli, "build_parser", ArgumentParser)  # an app without --load
    assert replay_main([str(tmp_path / "g.json")]) == 0
    saved = saves_dir() / "g from step 4.json"
    assert f"as {saved}" in capsys.readouterr().out
    assert load_game(saved).match == positions[4]

    opened: list[list[str]] = []

    def with_load() -> ArgumentParser:
        parser = ArgumentParser()
        parser.add_argument("--load")
        return parser

    monkeypatch.setattr(cli, "build_parser", with_load)
    monkeypatch.setattr(cli, "main", lambda argv: opened.append(argv) or 0)
    assert replay_main([str(tmp_path / "g.json")]) == 0
    assert opened == [["--load", str(saved)]]

    monkeypatch.setattr(ScreenApp, "run", lambda self: None)
    assert replay_main([str(tmp_path / "g.json")]) == 0
    assert len(opened) == 1
