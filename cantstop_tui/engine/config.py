"""Game configuration: players, columns to win and the rules variant."""

from __future__ import annotations

from typing import Final, Literal, cast

from ..frozen import frozen
from .board import MAX_PLAYERS, MIN_PLAYERS

Variant = Literal["standard", "jump", "forced"]
VARIANTS: Final[tuple[Variant, ...]] = ("standard", "jump", "forced")

# The most columns a game may require, by number of players.
_MAX_WIN_COLUMNS: Final = {2: 5, 3: 4, 4: 3}


def allowed_win_columns(num_players: int) -> tuple[int, ...]:
    """The columns-to-win counts the rules allow for ``num_players`` players."""
    if num_players not in _MAX_WIN_COLUMNS:
        raise ValueError(
            f"A game needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {num_players!r}."
        )
    return tuple(range(3, _MAX_WIN_COLUMNS[num_players] + 1))


@frozen
class GameConfig:
    """What kind of game is played. Invalid settings raise ``ValueError``.

    >>> GameConfig(num_players=3, win_columns=4, variant="jump").variant
    'jump'
    """

    num_players: int = 2
    win_columns: int = 3
    variant: Variant = "standard"

    def __post_init__(self) -> None:
        if type(self.num_players) is not int:
            raise ValueError(
                f"The number of players must be a whole number, not {self.num_players!r}."
            )
        allowed = allowed_win_columns(self.num_players)
        if type(self.win_columns) is not int or self.win_columns not in allowed:
            counts = " or ".join(str(n) for n in allowed)
            raise ValueError(
                f"With {self.num_players} players the columns to win can be {counts}, "
                f"not {self.win_columns!r}."
            )
        variant = cast(object, self.variant)
        if variant not in VARIANTS:
            if _names_jump_and_forced(variant):
                raise ValueError("The jump and forced variants cannot be combined: choose one.")
            raise ValueError(
                f"Unknown variant {variant!r}: choose standard, jump or forced."
            )


def _names_jump_and_forced(variant: object) -> bool:
    """Whether ``variant`` asks for both, e.g. ``"jump+forced"`` or ``("jump", "forced")``."""
    try:
        return "jump" in variant and "forced" in variant  # type: ignore[operator]
    except TypeError:
        return False
