"""A seat handed to the computer (or given back) is in the game record, and old records load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cantstop_tui.engine import GameConfig, legal_moves, state_to_dict
from cantstop_tui.play.match import HUMAN, Handover, Match, Seat
from cantstop_tui.play.table import Table
from cantstop_tui.storage import game_id, load_game, match_from_record, record_to_dict, write_game

# A version 1 record as written before hand-overs were recorded; STATE and ACTIONS are
# filled in from a game the engine plays, so the file is a legal one.
OLD_RECORD = """{
 "format": "cantstop-game-record",
 "version": 1,
 "created": "2026-11-20T10:00:00Z",
 "updated": "2026-11-20T10:01:00Z",
 "config": {"num_players": 2, "win_columns": 3, "variant": "standard"},
 "seed": 3,
 "seats": [{"name": "Ada", "kind": "human"}, {"name": "Ben", "kind": "easy"}],
 "state": STATE,
 "actions": ACTIONS
}
"""


def two_humans(seed: int = 3) -> Table:
    match = Match.start((Seat("ana"), Seat("bob")), GameConfig(num_players=2), seed)
    return Table(match, bot_delay=0)


def test_a_seat_handed_to_the_computer_and_back_is_recorded_with_its_step() -> None:
    table = two_humans()
    me = table.match.state.current_player
    other = 1 - me
    table.roll(me)
    table.set_seat_kind(other, "ai")
    assert table.match.handovers == (Handover(1, other, "ai"),)
    assert table.match.kind_of(other) == "ai" and table.match.seats[other].kind == HUMAN
    table.set_seat_kind(other, None)  # taken back before any step: as if it never happened
    assert table.match.handovers == ()

    table.set_seat_kind(me, "ai")  # the computer finishes my turn
    while table.bot_to_move:
        table.step_bot()
    steps = len(table.match.history)
    assert steps > 1 and table.match.state.current_player == other
    table.set_seat_kind(me, None)
    assert table.match.handovers == (Handover(1, me, "ai"), Handover(steps, me, HUMAN))
    assert table.match.kind_of(me) == HUMAN


def test_giving_back_a_computer_seat_records_nothing() -> None:
    match = Match.start((Seat("ana"), Seat("Ben", "easy")), GameConfig(num_players=2), 5)
    table = Table(match, bot_delay=0)
    table.set_seat_kind(1, None)
    table.set_seat_kind(0, None)
    assert table.match.handovers == ()


def test_hand_overs_survive_a_save_and_a_load(tmp_path: Path) -> None:
    table = two_humans()
    table.roll(table.match.state.current_player)
    table.set_seat_kind(1, "expert")
    write_game(tmp_path / "game.json", table.match)
    loaded = load_game(tmp_path / "game.json").match
    assert loaded.handovers == (Handover(1, 1, "expert"),)
    assert loaded == table.match


def test_an_old_record_without_hand_overs_still_loads_and_keeps_its_id(tmp_path: Path) -> None:
    match = Match.start((Seat("Ada"), Seat("Ben", "easy")), GameConfig(num_players=2), 3)
    for _ in range(2):
        match, _ = match.roll()
        if match.state.dice is not None:
            match, _ = match.choose(legal_moves(match.state)[0])
    actions = ",\n  ".join(json.dumps(a.to_json(), separators=(",", ":")) for a in match.history)
    text = OLD_RECORD.replace("STATE", json.dumps(state_to_dict(match.state))).replace(
        "ACTIONS", f"[\n  {actions}\n ]"
    )
    assert "handovers" not in text
    path = tmp_path / "old.json"
    path.write_text(text, encoding="utf-8")

    loaded = load_game(path).match
    assert loaded.handovers == () and loaded.history == match.history
    assert loaded.kind_of(0) == HUMAN and loaded.kind_of(1) == "easy"
    rewritten = record_to_dict(loaded)
    assert "handovers" not in rewritten  # written back exactly in the old layout
    old_data = json.loads(text)
    assert set(rewritten) == set(old_data)
    # The records recognise a game counted before hand-overs existed as the same game.
    assert game_id(loaded) == game_id(match_from_record(old_data))


@pytest.mark.parametrize(
    ("handovers", "problem"),
    [
        ("nope", "must be a list"),
        ([[0, 1]], "is not [step, seat, kind]"),
        ([[0, 1, ""]], "is not [step, seat, kind]"),
        ([[0, True, "ai"]], "is not [step, seat, kind]"),
        ([[99, 1, "ai"]], "names a step or seat"),
        ([[0, 2, "ai"]], "names a step or seat"),
        ([[1, 1, "ai"], [0, 1, HUMAN]], "names a step or seat"),
    ],
)
def test_bad_hand_overs_are_refused_with_a_sentence(handovers: object, problem: str) -> None:
    table = two_humans()
    table.roll(table.match.state.current_player)
    data = record_to_dict(table.match)
    data["handovers"] = handovers
    with pytest.raises(ValueError, match=problem.replace("[", r"\[").replace("]", r"\]")):
        match_from_record(data)


def test_a_hand_over_to_a_module_named_in_a_file_is_played_by_a_built_in_level(
    tmp_path: Path,
) -> None:
    """A record could name any ``module:Class``: the table never imports it."""
    import sys

    from cantstop_tui.ai import STRONGEST, make_bot

    table = two_humans()
    table.set_seat_kind(1, "cantstop_evil_module:Player")
    write_game(tmp_path / "game.json", table.match)
    loaded = Table(load_game(tmp_path / "game.json").match, bot_delay=0)
    assert loaded.is_bot(1) and loaded.match.kind_of(1) == "cantstop_evil_module:Player"
    assert type(loaded._bot(1)) is type(make_bot(STRONGEST))
    assert "cantstop_evil_module" not in sys.modules
