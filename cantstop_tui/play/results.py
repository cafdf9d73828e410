"""What a finished game counts for each of its players: the one computation behind the records
(``records.json`` and a server's database), the ratings and the leaderboard.

A person who left a game the computer then finished for them has **abandoned** it: it counts
as a loss for them, and in the ratings they come last, whatever the computer did with their
seat (as Board Game Arena counts a game someone left). They abandoned it when the computer
was playing their seat as the game ended (``Match.kind_of``: they were away, or their turn
ran out of time), or they gave a two-player game up (a turn-based table's missed deadline,
``Match.concede``); someone who came back before the end played on, and the game counts as
usual.
"""

from __future__ import annotations

from dataclasses import dataclass

from .match import HUMAN, Match


@dataclass(frozen=True, slots=True)
class GameResult:
    """One player's part in a finished game (a name playing two seats: both together)."""

    name: str
    won: bool
    abandoned: bool
    columns: int
    busts: int
    turns: int


def abandoned_seats(match: Match) -> frozenset[int]:
    """The people's seats the computer was playing when the game ended, and the seat that
    gave it up (``Match.concede``)."""
    away = frozenset(
        seat
        for seat, player in enumerate(match.seats)
        if player.is_human and match.kind_of(seat) != HUMAN
    )
    conceded = match.state.conceded
    return away if conceded is None else away | {conceded}


def winner_seat(match: Match) -> int | None:
    """The seat that won the game for its player (None if it was abandoned or not over)."""
    winner = match.state.winner
    return None if winner is None or winner in abandoned_seats(match) else winner


def places(match: Match) -> list[int]:
    """Each seat's place in a finished game: 1 for the winner, then by columns won; the seats
    of people who abandoned it last."""
    state = match.state
    left = abandoned_seats(match)
    winner = winner_seat(match)

    def rank(seat: int) -> tuple[bool, bool, int]:
        return (seat in left, seat != winner, -len(state.columns_won(seat)))

    ranks = [rank(seat) for seat in range(len(match.seats))]
    return [1 + sum(other < mine for other in ranks) for mine in ranks]


def results(match: Match) -> list[GameResult]:
    """Each player's result in the finished ``match``, by name, in seat order."""
    if not match.state.is_over:
        raise ValueError("Only a finished game goes into the records.")
    state = match.state
    left = abandoned_seats(match)
    winner = winner_seat(match)
    found = []
    for name in dict.fromkeys(seat.name for seat in match.seats):
        seats = [i for i, seat in enumerate(match.seats) if seat.name == name]
        found.append(
            GameResult(
                name,
                won=winner in seats,
                abandoned=any(seat in left for seat in seats),
                columns=sum(len(state.columns_won(i)) for i in seats),
                busts=sum(match.stats[i].busts for i in seats),
                turns=sum(match.stats[i].turns for i in seats),
            )
        )
    return found
