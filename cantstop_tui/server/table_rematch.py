"""The rematch at the table a visitor's app shows: the game-over box of a shared table,
each seated visitor's ask (or the computer taking the free seats), and the votes shown
to everyone at the table as they come (``next_game.NextGame`` counts them)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual.screen import Screen

from ..play.match import Match
from ..ui.glyphs import Glyphs
from ..ui.screens.table_over import TableOverScreen
from .tables import HostedTable, Visitor


def game_over(
    hosted: HostedTable, visitor: Visitor, match: Match, glyphs: Glyphs, *, seated: bool
) -> Screen[Any]:
    """The game-over box of ``match`` at ``hosted``, as ``visitor`` sees it (``seated`` or
    watching, their ask and the others')."""
    votes = hosted.next_game
    return TableOverScreen(
        match,
        glyphs,
        seated=seated,
        status=votes.rematch_status(visitor),
        asked=votes.asked(visitor),
    )


def show_votes(screens: Iterable[Screen[Any]], hosted: HostedTable, visitor: Visitor) -> None:
    """The rematch's votes now, on the game-over box among ``screens`` (if one is up)."""
    votes = hosted.next_game
    for screen in screens:
        if isinstance(screen, TableOverScreen):
            screen.show_status(votes.rematch_status(visitor), votes.asked(visitor))


def ask(hosted: HostedTable, visitor: Visitor, *, computer: bool) -> None:
    """``visitor`` asks for the rematch, or (``computer``) for the computer in the free
    seats."""
    if computer:
        hosted.next_game.computer_takes_free_seats(visitor)
    else:
        hosted.next_game.ask_rematch(visitor)
