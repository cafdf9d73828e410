"""Hand-made positions for the AI tests: player 0 to move, in a two-player game."""

from __future__ import annotations

from cantstop_tui.engine import TOPS, GameConfig, GameState, Phase, roll


def position(
    mine: dict[int, int] | None = None,
    theirs: dict[int, int] | None = None,
    mine_won: tuple[int, ...] = (),
    theirs_won: tuple[int, ...] = (),
    runners: dict[int, int] | None = None,
) -> GameState:
    """Player 0 to roll with ``runners`` out; squares and won columns as given."""
    squares = [[0] * 13, [0] * 13]
    claimed: list[int | None] = [None] * 13
    for player, won in ((0, mine_won), (1, theirs_won)):
        for column in won:
            claimed[column] = player
            squares[player][column] = TOPS[column]
    for player, heights in ((0, mine or {}), (1, theirs or {})):
        for column, height in heights.items():
            squares[player][column] = height
    heights = [0] * 13
    for column, height in (runners or {}).items():
        heights[column] = height
    return GameState(
        config=GameConfig(num_players=2),
        squares=tuple(tuple(row) for row in squares),
        claimed=tuple(claimed),
        runners=tuple(heights),
        current_player=0,
        phase=Phase.ROLL,
    )


def rolled(state: GameState, dice: tuple[int, int, int, int]) -> GameState:
    """The state with ``dice`` on the table (they must not bust)."""
    after, _ = roll(state, dice)
    assert after.phase is Phase.CHOOSE, f"{dice} busts here"
    return after
