"""GameState.to_dict / from_dict: the documented save format, and everything it refuses."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from engine_builders import position

from cantstop_tui.engine import (
    GameState,
    Phase,
    choose,
    legal_moves,
    new_game,
    roll,
    state_from_dict,
    state_to_dict,
    stop,
)


def choosing() -> GameState:
    """Three players; 1 won column 2; 0 to move with runners in 6 and 7 and dice out."""
    return position(
        players=3,
        squares={0: {6: 1}, 1: {6: 3}, 2: {8: 2}},
        claimed={2: 1},
        runners={6: 2, 7: 1},
        phase=Phase.CHOOSE,
        dice=(1, 5, 4, 6),
    )


def finished() -> GameState:
    return position(claimed={2: 1, 3: 1, 12: 1}, squares={0: {7: 4}}, current=1,
                    phase=Phase.OVER, winner=1)


def test_to_dict_writes_exactly_the_documented_keys() -> None:
    assert state_to_dict(choosing()) == {
        "format": 1,
        "config": {"num_players": 3, "win_columns": 3, "variant": "standard"},
        "squares": {
            "2": [0, 3, 0], "3": [0, 0, 0], "4": [0, 0, 0], "5": [0, 0, 0],
            "6": [1, 3, 0], "7": [0, 0, 0], "8": [0, 0, 2], "9": [0, 0, 0],
            "10": [0, 0, 0], "11": [0, 0, 0], "12": [0, 0, 0],
        },
        "claimed": {"2": 1},
        "runners": {"6": 2, "7": 1},
        "current_player": 0,
        "phase": "choose",
        "dice": [1, 5, 4, 6],
        "winner": None,
    }


def test_finished_game_records_the_winner() -> None:
    data = state_to_dict(finished())
    assert (data["phase"], data["winner"], data["dice"], data["runners"]) == ("over", 1, None, {})


@pytest.mark.parametrize(
    "state",
    [new_game(), choosing(), finished(),
     position(variant="jump", squares={1: {5: 2}}, runners={5: 3}),
     position(variant="forced", players=4, squares={1: {5: 2}}, runners={5: 2})],
    ids=["fresh", "choosing", "finished", "jump", "forced"],
)
def test_round_trip_through_json_gives_an_equal_state(state: GameState) -> None:
    loaded = state_from_dict(json.loads(json.dumps(state_to_dict(state))))
    assert loaded == state
    assert legal_moves(loaded) == legal_moves(state)


def test_a_loaded_choose_state_plays_on() -> None:
    loaded = state_from_dict(state_to_dict(choosing()))
    assert legal_moves(loaded) == ((5,), (6, 10), (7, 9), (11,))
    after, _ = choose(loaded, (6, 10))
    assert after.runners[6] == 3


def test_from_dict_does_not_keep_the_callers_data() -> None:
    data = state_to_dict(choosing())
    loaded = state_from_dict(data)
    data["squares"]["6"][0] = 5
    data["runners"]["6"] = 9
    assert loaded == choosing()


Mutation = Callable[[dict[str, Any]], None]


def _set(path: str, value: object) -> Mutation:
    *parents, last = path.split("/")

    def mutate(data: dict[str, Any]) -> None:
        target = data
        for key in parents:
            target = target[key]
        target[last] = value

    return mutate


def _delete(path: str) -> Mutation:
    *parents, last = path.split("/")

    def mutate(data: dict[str, Any]) -> None:
        target = data
        for key in parents:
            target = target[key]
        del target[last]

    return mutate


def _both(*mutations: Mutation) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        for mutation in mutations:
            mutation(data)

    return mutate


IN_PLAY: list[tuple[str, Mutation, str]] = [
    ("missing key", _delete("winner"), "The saved state is missing 'winner'."),
    ("missing keys", _both(_delete("dice"), _delete("phase")), "missing 'phase', 'dice'"),
    ("unknown format version", _set("format", 2), "Unknown save format 2; this version reads"),
    ("format as bool", _set("format", True), "Unknown save format True"),
    ("format as text", _set("format", "1"), "Unknown save format '1'"),
    ("config not an object", _set("config", [3, 3]), "'config' must be an object."),
    ("config missing a key", _delete("config/variant"), "'config' is missing 'variant'."),
    ("config with five players", _set("config/num_players", 5), "2 to 4 players, not 5"),
    ("config players as bool", _set("config/num_players", True), "whole number, not True"),
    ("config too many columns", _set("config/win_columns", 5), "can be 3 or 4, not 5"),
    ("config both variants", _set("config/variant", "jump+forced"), "cannot be combined"),
    ("squares not an object", _set("squares", [1, 2]), "'squares' must be an object keyed"),
    ("square column 13", _set("squares/13", [0, 0, 0]), "unknown column '13'"),
    ("square column 1", _set("squares/1", [0, 0, 0]), "unknown column '1'"),
    ("square column padded", _set("squares/07", [0, 0, 0]), "unknown column '07'"),
    ("square list too short", _set("squares/6", [1, 3]), "needs a list of 3 heights"),
    ("square list not a list", _set("squares/6", "130"), "needs a list of 3 heights"),
    ("square above the top", _set("squares/6", [1, 12, 0]), "from 0 to 11, not 12"),
    ("square below zero", _set("squares/6", [1, -1, 0]), "from 0 to 11, not -1"),
    ("square height as bool", _set("squares/6", [True, 3, 0]), "not True"),
    ("square height as float", _set("squares/6", [1.0, 3, 0]), "not 1.0"),
    ("square on top of an unwon column", _set("squares/3", [0, 0, 5]),
     "Player 2 has a square on top of column 3, but the column is not marked as won."),
    ("claimed not an object", _set("claimed", None), "'claimed' must be an object"),
    ("claimed unknown column", _set("claimed/x", 0), "unknown column 'x'"),
    ("claimed by a missing player", _set("claimed/2", 3),
     "owner of column 2 must be a whole number from 0 to 2"),
    ("claimed owner as bool", _set("claimed/2", True), "not True"),
    ("won column keeps another square", _set("squares/2", [1, 3, 0]),
     "Column 2 is won by player 1, so only their square on top may stand in it."),
    ("won column without its top square", _set("claimed/8", 2),
     "Column 8 is won by player 2"),
    ("current player missing", _set("current_player", 3), "'current_player' must be a whole"),
    ("current player as bool", _set("current_player", False), "not False"),
    ("four runners", _set("runners", {"6": 2, "7": 1, "9": 1, "10": 1}),
     "A player has at most 3 runners."),
    ("runner in a won column", _set("runners/2", 1), "column 2, which is already won"),
    ("runner above the top", _set("runners/7", 14), "from 1 to 13, not 14"),
    ("runner at zero", _set("runners/7", 0), "from 1 to 13, not 0"),
    ("runner not above own square", _set("runners/6", 1), "from 2 to 11, not 1"),
    ("runner unknown column", _set("runners/x", 1), "unknown column 'x'"),
    ("runners not an object", _set("runners", [6]), "'runners' must be an object"),
    ("unknown phase", _set("phase", "bust"),
     "Unknown phase 'bust'; phases are roll, choose and over."),
    ("phase as list", _set("phase", ["roll"]), "Unknown phase ['roll']"),
    ("choose without dice", _set("dice", None), "must list four dice, not None"),
    ("choose with three dice", _set("dice", [1, 2, 3]), "must list four dice"),
    ("choose with dice as text", _set("dice", "1546"), "must list four dice"),
    ("choose with a seven", _set("dice", [1, 5, 4, 7]), "A die must be a whole number from 1 to 6"),
    ("choose with a bool die", _set("dice", [True, 5, 4, 6]), "not True"),
    ("choose with a bust roll", _both(_set("runners/9", 1), _set("dice", [6, 6, 6, 6])),
     "The dice on the table allow no move; that roll would have busted."),
    ("dice in the roll phase", _set("phase", "roll"), "'dice' must be null outside the choose"),
    ("winner while in play", _set("winner", 0), "A game still in play cannot have a winner."),
    ("winner false while in play", _set("winner", False), "cannot have a winner"),
    ("over without a winner", _both(_set("phase", "over"), _set("dice", None), _set("runners", {})),
     "'winner' must be a whole number from 0 to 2, not None"),
    ("enough columns but still in play",
     _both(_set("claimed/3", 1), _set("claimed/12", 1),
           _set("squares/3", [0, 5, 0]), _set("squares/12", [0, 3, 0])),
     "A player has won enough columns, but the game is not marked over."),
]

FINISHED: list[tuple[str, Mutation, str]] = [
    ("winner without the columns", _set("winner", 0), "marked won by player 0"),
    ("winner with runners left", _set("runners", {"7": 5}), "marked won by player 1"),
    ("winner not the player who moved last", _set("current_player", 0), "marked won by player 1"),
    ("two players with enough columns",
     _both(*(_set(f"claimed/{c}", 0) for c in (4, 5, 6)),
           _set("squares/4", [7, 0]), _set("squares/5", [9, 0]), _set("squares/6", [11, 0])),
     "marked won by player 1"),
    ("winner as bool", _set("winner", True), "'winner' must be a whole number from 0 to 1"),
    ("dice after the game", _set("dice", [1, 2, 3, 4]), "'dice' must be null outside"),
]

JUMP: list[tuple[str, Mutation, str]] = [
    ("runner on another's square", _set("runners/6", 3),
     "In the jump variant no piece ever stands on another player's square."),
    ("squares stacked", _set("squares/8", [0, 4, 4]),
     "In the jump variant no piece ever stands"),
]


def _jump_base() -> GameState:
    return position(
        players=3, variant="jump", squares={0: {6: 1}, 1: {6: 3}}, runners={6: 2}
    )


@pytest.mark.parametrize(
    ("base", "mutate", "message"),
    [(choosing, m, msg) for _, m, msg in IN_PLAY]
    + [(finished, m, msg) for _, m, msg in FINISHED]
    + [(_jump_base, m, msg) for _, m, msg in JUMP],
    ids=[name for name, _, _ in IN_PLAY + FINISHED + JUMP],
)
def test_from_dict_refuses_malformed_or_impossible_states(
    base: Callable[[], GameState], mutate: Mutation, message: str
) -> None:
    data = state_to_dict(base())
    state_from_dict(copy.deepcopy(data))  # the unchanged data loads
    mutate(data)
    with pytest.raises(ValueError) as raised:
        state_from_dict(data)
    assert message in str(raised.value)
    assert str(raised.value).endswith(".")


@pytest.mark.parametrize("data", [None, [], "state", 1])
def test_from_dict_refuses_non_objects(data: object) -> None:
    with pytest.raises(ValueError, match="must be a JSON object"):
        state_from_dict(data)


def test_forced_states_may_stand_on_shared_spaces_mid_turn() -> None:
    state = position(variant="forced", squares={1: {6: 2}}, runners={6: 2})
    assert state_from_dict(state_to_dict(state)) == state


def test_columns_left_out_of_squares_mean_no_squares() -> None:
    data = state_to_dict(new_game())
    data["squares"] = {"7": [0, 4]}
    assert state_from_dict(data).squares[1][7] == 4


def test_every_state_of_a_played_turn_survives_the_round_trip() -> None:
    state = new_game()
    seen = [state]
    for dice, move in (((1, 5, 4, 6), (6, 10)), ((2, 4, 3, 5), (6, 8))):
        state, _ = roll(state, dice)
        seen.append(state)
        state, _ = choose(state, move)
        seen.append(state)
    state, _ = stop(state)
    seen.append(state)
    for each in seen:
        assert state_from_dict(json.loads(json.dumps(state_to_dict(each)))) == each
