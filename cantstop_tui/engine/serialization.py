"""The versioned save format of a game state (docs/save-format.md)."""

from __future__ import annotations

from typing import Any, Final

from .board import COLUMNS, MAX_RUNNERS, TOPS
from .config import GameConfig
from .moves import _moves
from .rules import _shares_a_space
from .state import GameState, Phase

FORMAT_VERSION: Final = 1
_KEYS: Final = (
    "format", "config", "squares", "claimed", "runners",
    "current_player", "phase", "dice", "winner",
)


def config_to_dict(config: GameConfig) -> dict[str, Any]:
    """The rules of a game as JSON-ready data (saves, records, a server's tables);
    ``config_from_dict`` reverses it."""
    return {
        "num_players": config.num_players,
        "win_columns": config.win_columns,
        "variant": config.variant,
    }


def config_from_dict(raw: Any) -> GameConfig:
    """The rules ``config_to_dict`` wrote; ValueError with a sentence for anything else."""
    if not isinstance(raw, dict):
        raise ValueError("'config' must be an object.")
    try:
        return GameConfig(
            num_players=raw["num_players"], win_columns=raw["win_columns"], variant=raw["variant"]
        )
    except KeyError as missing_key:
        raise ValueError(f"'config' is missing {missing_key}.") from None


def state_to_dict(state: GameState) -> dict[str, Any]:
    """Plain JSON-ready data; ``state_from_dict`` reverses it exactly."""
    data: dict[str, Any] = {
        "format": FORMAT_VERSION,
        "config": config_to_dict(state.config),
        "squares": {str(c): [sq[c] for sq in state.squares] for c in COLUMNS},
        "claimed": {str(c): state.claimed[c] for c in COLUMNS if state.claimed[c] is not None},
        "runners": {str(c): state.runners[c] for c in COLUMNS if state.runners[c]},
        "current_player": state.current_player,
        "phase": state.phase.value,
        "dice": list(state.dice) if state.dice is not None else None,
        "winner": state.winner,
    }
    if state.conceded is not None:  # only then: every other save is as it always was
        data["conceded"] = state.conceded
    return data


def _int(value: Any, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{what} must be a whole number from {low} to {high}, not {value!r}.")
    return value


def _column(key: Any, what: str) -> int:
    if not isinstance(key, str) or key not in {str(c) for c in COLUMNS}:
        raise ValueError(f"{what} has an unknown column {key!r}; columns are '2' to '12'.")
    return int(key)


def _mapping(data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data[key]
    if not isinstance(value, dict):
        raise ValueError(f"'{key}' must be an object keyed by column, not {value!r}.")
    return value


def _stacked_squares(rows: list[list[int]]) -> bool:
    """Whether two players' squares share a space."""
    for column in COLUMNS:
        heights = [row[column] for row in rows if row[column]]
        if len(heights) != len(set(heights)):
            return True
    return False


def state_from_dict(data: Any) -> GameState:
    """Rebuild a state, refusing anything malformed or against the rules."""
    if not isinstance(data, dict):
        raise ValueError("A saved game state must be a JSON object.")
    missing = [key for key in _KEYS if key not in data]
    if missing:
        raise ValueError(f"The saved state is missing {', '.join(repr(k) for k in missing)}.")
    if type(data["format"]) is not int or data["format"] != FORMAT_VERSION:
        raise ValueError(
            f"Unknown save format {data['format']!r}; this version reads format {FORMAT_VERSION}."
        )
    config = config_from_dict(data["config"])
    players = config.num_players

    raw_squares = _mapping(data, "squares")
    rows = [[0] * 13 for _ in range(players)]
    for key, heights in raw_squares.items():
        column = _column(key, "'squares'")
        if not isinstance(heights, list) or len(heights) != players:
            raise ValueError(
                f"'squares' column {key} needs a list of {players} heights, not {heights!r}."
            )
        for player, height in enumerate(heights):
            rows[player][column] = _int(height, f"Square height in column {key}", 0, TOPS[column])

    claimed: list[int | None] = [None] * 13
    for key, owner in _mapping(data, "claimed").items():
        column = _column(key, "'claimed'")
        claimed[column] = _int(owner, f"The owner of column {key}", 0, players - 1)
    for column in COLUMNS:
        owner = claimed[column]
        for player in range(players):
            height = rows[player][column]
            if owner is None and height == TOPS[column]:
                raise ValueError(
                    f"Player {player} has a square on top of column {column}, "
                    "but the column is not marked as won."
                )
            if owner is not None and height != (TOPS[column] if player == owner else 0):
                raise ValueError(
                    f"Column {column} is won by player {owner}, so only their square "
                    "on top may stand in it."
                )

    current = _int(data["current_player"], "'current_player'", 0, players - 1)
    runners = [0] * 13
    for key, height in _mapping(data, "runners").items():
        column = _column(key, "'runners'")
        if claimed[column] is not None:
            raise ValueError(f"A runner stands in column {column}, which is already won.")
        low = rows[current][column] + 1
        runners[column] = _int(height, f"The runner in column {key}", low, TOPS[column])
    if sum(1 for h in runners if h) > MAX_RUNNERS:
        raise ValueError(f"A player has at most {MAX_RUNNERS} runners.")

    phase_name = data["phase"]
    if not isinstance(phase_name, str) or phase_name not in {p.value for p in Phase}:
        raise ValueError(f"Unknown phase {phase_name!r}; phases are roll, choose and over.")
    phase = Phase(phase_name)
    dice = data["dice"]
    if phase is Phase.CHOOSE:
        if not isinstance(dice, list) or len(dice) != 4:
            raise ValueError(f"In the choose phase 'dice' must list four dice, not {dice!r}.")
        dice = tuple(_int(d, "A die", 1, 6) for d in dice)
    elif dice is not None:
        raise ValueError(f"'dice' must be null outside the choose phase, not {dice!r}.")

    winner = data["winner"]
    won = [sum(1 for c in COLUMNS if claimed[c] == p) for p in range(players)]
    conceded = data.get("conceded")
    if conceded is not None:  # given up (``concede``): over, the other player the winner
        conceded = _int(conceded, "'conceded'", 0, players - 1)
        if phase is not Phase.OVER or players != 2 or any(runners) or winner != current:
            raise ValueError("Only a game of two that is over can have been conceded.")
        if winner != 1 - conceded:
            raise ValueError(f"Player {conceded} conceded, so the other player won.")
    elif phase is Phase.OVER:
        winner = _int(winner, "'winner'", 0, players - 1)
        winners = [p for p in range(players) if won[p] >= config.win_columns]
        if winners != [winner] or any(runners) or winner != current:
            raise ValueError(
                f"The game is marked won by player {winner}, which the board does not show."
            )
    elif winner is not None:
        raise ValueError("A game still in play cannot have a winner.")
    elif max(won) >= config.win_columns:
        raise ValueError("A player has won enough columns, but the game is not marked over.")

    state = GameState(
        config=config,
        squares=tuple(tuple(row) for row in rows),
        claimed=tuple(claimed),
        runners=tuple(runners),
        current_player=current,
        phase=phase,
        dice=dice,
        winner=winner,
        conceded=conceded,
    )
    if config.variant == "jump" and (
        _shares_a_space(state, state.runners) or _stacked_squares(rows)
    ):
        raise ValueError("In the jump variant no piece ever stands on another player's square.")
    if phase is Phase.CHOOSE:
        moves = _moves(state, dice)
        if not moves:
            raise ValueError("The dice on the table allow no move; that roll would have busted.")
        state = GameState(
            config, state.squares, state.claimed, state.runners,
            current, phase, dice, None, moves,
        )
    return state
