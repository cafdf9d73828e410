"""Guests play unrated, and share one allowance per network block.

A keyless guest's name is nobody's once the guest has gone: the next stranger who logs in
with it would get its rating and record, could lose games in its name or hold its place on
the leaderboard. So only an identity bound to authentication keeps a rating: a name bound
to a key (``identity.Names``) or a player's own password. A guest (``guest@ADDRESS``,
``identity.Login.identity``) plays unrated: their games are not counted in the records or
ratings (``storage.served_records.count_game``'s ``unrated``), they are not on the
leaderboard, and the win chances take them for a newcomer. They are told so once, in the
lobby (:data:`GUEST_NOTICE`).

Guests from one address block (``address_block``: /32 for IPv4, /64 for IPv6, what one
host or one home usually gets) share what a single person may do where it costs the
server for long: the turn-based tables waiting for players (``turn_tables``) and the chat
rate (``budgets``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import replace
from typing import Final

from ..play.ratings import GameRatings
from ..storage.records import Records
from .startups import address_block

GUEST_PREFIX: Final = "guest@"
"""A guest's identity: ``guest@ADDRESS`` (the only identity with no authentication)."""
GUEST_NOTICE: Final = (
    "Playing as a guest: games are not rated; log in with an SSH key to keep a rating."
)


def guest(address: str) -> str:
    return f"{GUEST_PREFIX}{address}"


def is_guest(identity: str | None) -> bool:
    """Whether ``identity`` (a person's ``key``) is a keyless guest's."""
    return identity is not None and identity.startswith(GUEST_PREFIX)


def guest_block(identity: str | None) -> str | None:
    """The address block of a guest's identity (None: not a guest)."""
    if not is_guest(identity):
        return None
    assert identity is not None
    return address_block(identity[len(GUEST_PREFIX) :])


def unrated_ratings(known: GameRatings, unrated: Collection[str]) -> GameRatings:
    """``known`` without the guests' names: the chances take a guest for a newcomer."""
    if not unrated:
        return known
    gone = {name.casefold() for name in unrated}
    kept = {name: r for name, r in known.ratings.items() if name.casefold() not in gone}
    return GameRatings(kept, today=known.today)


def leaderboard_of(records: Records, keeps_rating: Callable[[Iterable[str]], set[str]]) -> Records:
    """The leaderboard: only the names an authentication owns (``keeps_rating`` says which,
    case-folded). A name that only guests played under (or an older database's guest
    records) is left out: anyone could have played under it."""
    owned = keeps_rating([*records.players, *records.ratings])
    players = {n: r for n, r in records.players.items() if n.casefold() in owned}
    ratings = {n: r for n, r in records.ratings.items() if n.casefold() in owned}
    return replace(records, players=players, ratings=ratings)
