"""What a finished game counts for each of its players: the one computation behind the records
(``records.json`` and a server's database), the ratings and the leaderboard.

A person who left a game the computer then finished for them has **abandoned** it: it counts
as a loss for them, and in the ratings they come last, whatever the computer did with their
seat (as Board Game Arena counts a game someone left). They abandoned it when the computer
was playing their seat as the game ended (``Match.kind_of``: they were away, or their turn
ran out of time), or they gave a two-player game up (a turn-based table's missed deadline,
``Match.concede``); someone who came back before the end played on, and the game counts as
usual.

A computer's games are kept apart by level (``record_name``: ``Computer (expert)``), as
its strength is: a record that merged the levels would say nothing of any of them. (The
ratings never merge them: a computer level is not rated, it plays at its fixed anchor,
found by its kind, not its name: ``ratings.rated``.)
"""

from __future__ import annotations

from ..ai import level_name
from ..frozen import frozen
from .match import HUMAN, Match, Seat
from .name_cells import KEPT_END
from .names import MAX_PLAYER_NAME, clean_name, clean_text


@frozen
class GameResult:
    """One player's part in a finished game (a name playing two seats: both together)."""

    name: str
    won: bool
    abandoned: bool
    columns: int
    busts: int
    turns: int


def record_name(seat: Seat) -> str:
    """The name a seat's games are counted under: a person's own; a computer's with its
    level (``Computer (expert)``; a bot of your own: its class), unless the name says it."""
    if seat.is_human:
        return seat.name
    level = level_name(seat.kind).rpartition(":")[2] or seat.kind
    said = f"({level})"
    return seat.name if seat.name.endswith(said) else f"{seat.name} {said}"


def clean_record_name(raw: object) -> str:
    """A name the records keep (``record_name``), read back from a file or a database:
    cleaned and capped as any name (``clean_name``), but a computer's bracketed level after
    it is kept whole after the capped name (``Computer (expert)`` after a 24-character
    name: the cap would cut the level off, and the level's games merge with the name's)."""
    text = raw if isinstance(raw, str) else str(raw)
    if (end := KEPT_END.search(text[: MAX_PLAYER_NAME * 16])) is not None:
        name = clean_name(text[: end.start()])
        level = clean_text(end.group()[2:-1], MAX_PLAYER_NAME)
        if name and level:
            return f"{name} ({level})"
    return clean_name(text)


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


def helped_seats(match: Match) -> frozenset[int]:
    """The people's seats the computer played at least one step for (after a drop, for a
    turn that ran out of time, for a missed deadline), whether or not their person played on
    after it: a game they cannot have won alone (``ratings.rated`` gives them no gain)."""
    handed = {
        h.seat for h in match.handovers if match.seats[h.seat].is_human and h.kind != HUMAN
    }
    if not handed:
        return frozenset()  # most games: no need to rebuild the positions
    helped = set()
    for step, (position, _) in zip(range(len(match.history)), match.positions(), strict=False):
        seat = position.state.current_player  # who took action ``step``
        if seat in handed and match.kind_at(seat, step) != HUMAN:
            helped.add(seat)
    return frozenset(helped)


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
    """Each player's result in the finished ``match``, by name (``record_name``: a computer's
    with its level), in seat order."""
    if not match.state.is_over:
        raise ValueError("Only a finished game goes into the records.")
    state = match.state
    left = abandoned_seats(match)
    winner = winner_seat(match)
    found = []
    names = [record_name(seat) for seat in match.seats]
    for name in dict.fromkeys(names):
        seats = [i for i, named in enumerate(names) if named == name]
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
