"""Build engine positions for tests from a short description, and check them."""

from __future__ import annotations

from collections.abc import Mapping

from cantstop_tui.engine import (
    TOPS,
    GameConfig,
    GameState,
    Phase,
    Variant,
    state_from_dict,
    state_to_dict,
)


def position(
    *,
    players: int = 2,
    win_columns: int = 3,
    variant: Variant = "standard",
    squares: Mapping[int, Mapping[int, int]] | None = None,
    claimed: Mapping[int, int] | None = None,
    runners: Mapping[int, int] | None = None,
    current: int = 0,
    phase: Phase = Phase.ROLL,
    dice: tuple[int, int, int, int] | None = None,
    winner: int | None = None,
) -> GameState:
    """A legal position: ``squares={player: {column: height}}``, ``claimed={column: player}``.

    A claimed column gets its owner's square on top. The result is checked by
    loading it through the save format, so tests never start from a corrupt state.
    """
    rows = [[0] * 13 for _ in range(players)]
    for player, heights in (squares or {}).items():
        for column, height in heights.items():
            rows[player][column] = height
    owners: list[int | None] = [None] * 13
    for column, owner in (claimed or {}).items():
        owners[column] = owner
        rows[owner][column] = TOPS[column]
    moving = [0] * 13
    for column, height in (runners or {}).items():
        moving[column] = height
    state = GameState(
        config=GameConfig(num_players=players, win_columns=win_columns, variant=variant),
        squares=tuple(tuple(row) for row in rows),
        claimed=tuple(owners),
        runners=tuple(moving),
        current_player=current,
        phase=phase,
        dice=dice,
        winner=winner,
    )
    return state_from_dict(state_to_dict(state))


def runner_heights(state: GameState) -> dict[int, int]:
    """The current player's runners as ``{column: height}``."""
    return {c: h for c, h in enumerate(state.runners) if h}


def square_heights(state: GameState, player: int) -> dict[int, int]:
    return {c: h for c, h in enumerate(state.squares[player]) if h}
