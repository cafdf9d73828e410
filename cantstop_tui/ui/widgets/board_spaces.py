"""What a space of the board and a column's label show, as text with its styles: the
pieces on it (a slot per player), the runner, a won column's owner, its column's top
underlined. The board keeps each drawn once per look (``board_looks``)."""

from __future__ import annotations

from rich.text import Text

from ...engine import TOPS, GameState
from ..glyphs import Glyphs, player_style


def space_text(
    state: GameState,
    glyphs: Glyphs,
    width: int,
    column: int,
    height: int,
    moved: frozenset[int],
    pieces: bool = True,
) -> Text:
    """The space at ``column`` and ``height``, ``width`` characters wide; ``moved``: the
    players whose piece there moved since a returning player looked (reversed);
    ``pieces``: the line with the pieces (a taller space's other lines have none)."""
    if height > TOPS[column]:
        return Text(" " * width)
    owner = state.claimed[column]
    players = state.num_players
    if owner is not None:
        look = "reverse" if owner in moved else "dim"
        return _centred(
            Text(glyphs.shape(owner) * players, style=f"{look} {player_style(owner)}"), width
        )
    if not pieces:
        return Text(" " * width)
    cell = Text()
    spaced = width >= 2 * players + 1  # room to set the pieces apart
    for player in range(players):
        if spaced and player:
            cell.append(" ")
        if player == state.current_player and state.runners[column] == height:
            cell.append(glyphs.runner, style="bold reverse")
        elif state.squares[player][column] == height:
            shown = player in moved  # moved since a returning player looked
            style = f"reverse {player_style(player)}" if shown else player_style(player)
            cell.append(glyphs.shape(player), style=style)
        else:
            cell.append(glyphs.empty, style="dim")
    _centred(cell, width)
    if height == TOPS[column]:
        cell.stylize("underline")
    return cell


def label_text(state: GameState, glyphs: Glyphs, width: int, column: int) -> Text:
    """The label under ``column``: its number, with its owner's shape once it is won."""
    owner = state.claimed[column]
    if owner is None:
        return _centred(Text(str(column), style="bold"), width)
    return _centred(
        Text(f"{glyphs.shape(owner)}{column}", style=f"reverse {player_style(owner)}"), width
    )


def _centred(text: Text, width: int) -> Text:
    text.align("center", width)
    return text
