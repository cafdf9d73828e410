"""Who the next game at a shared table waits for: pure functions of the seats and the votes.

When a game ends the table waits for a rematch: it starts once every person's seat is
taken by someone at the table who asked for it (computer seats need no vote).
"""

from __future__ import annotations

from collections.abc import Iterable, Set

from .match import HUMAN
from .narration import join_columns
from .seating import Seats, away, free_seats


def ready(seats: Seats, votes: Set[int]) -> bool:
    """Every person's seat is taken by someone at the table who asked for the next game."""
    return all(
        seat.level != HUMAN or (seat.connected and index in votes)
        for index, seat in enumerate(seats)
    )


def names(seats: Seats, indexes: Iterable[int]) -> str:
    """``ana``, ``ana and bob``, ``ana, bob and (free)``."""
    return join_columns([seats[index].player_name(index) for index in indexes])


def seat_numbers(indexes: list[int]) -> str:
    """``seat 2`` / ``seats 2 and 3``."""
    if len(indexes) == 1:
        return f"seat {indexes[0] + 1}"
    return f"seats {join_columns([index + 1 for index in indexes])}"


def waiting_for(seats: Seats, votes: Set[int], mine: Set[int]) -> str:
    """One sentence, for someone who plays the seats ``mine`` (none: a spectator), on who
    the rematch waits for and what they can do about it."""
    asked = [index for index in sorted(votes) if index not in mine]
    free = free_seats(seats)
    gone = away(seats)
    parts = []
    if mine and not mine <= votes:
        parts.append(
            f"{names(seats, asked)} asked for a rematch: r to play again."
            if asked
            else "r asks for a rematch; l goes back to the lobby."
        )
    else:
        waiting = [
            index
            for index, seat in enumerate(seats)
            if seat.person is not None and index not in votes and index not in gone
        ]
        if asked and not mine:
            parts.append(f"{names(seats, asked)} asked for a rematch.")
        if waiting:
            parts.append(f"Waiting for {names(seats, waiting)}.")
    offer = " (c: the computer plays it)." if mine else "."
    if free:
        parts.append(
            f"{seat_numbers(free).capitalize()} {'is' if len(free) == 1 else 'are'} free: "
            "waiting for someone to sit down" + offer
        )
    if gone:
        parts.append(
            f"{seat_numbers(gone).capitalize()} {'is' if len(gone) == 1 else 'are'} "
            f"kept for {names(seats, gone)} until they reconnect" + offer
        )
    return " ".join(parts)
