"""Ratings: OpenSkill's Plackett-Luce model, for games of 2 to 4 players.

A person's rating is a belief about their skill: ``mu`` (the estimate) and ``sigma`` (how
unsure it still is); the leaderboard ranks by the cautious ``mu - 3 sigma`` (0 for a
newcomer, as in TrueSkill and OpenSkill leaderboards). A finished game ranks its players:
the winner first, the others by the columns they won (equal columns, equal places), and
those who abandoned it last (``play.results.places``).

Computer levels are anchors that never move: their ``mu`` follows from how often each beats
the level below it in the arena (docs/ai.md, "The ladder"), so a person's rating says where
they stand against them. The second level sits at 25, a newcomer's starting estimate: a
newcomer starts there (``my_level``).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Collection, Mapping
from functools import cache
from typing import TYPE_CHECKING, Final

from ..ai import LEVELS, level_name
from ..frozen import frozen
from .match import Match
from .results import helped_seats, places

if TYPE_CHECKING:
    from openskill.models import PlackettLuce, PlackettLuceRating

MU: Final = 25.0
SIGMA: Final = MU / 3
BETA: Final = SIGMA / 2
"""OpenSkill's defaults (``PlackettLuce()``), here so that reading records does not load
it: the model is built on the first game rated."""
ANCHOR_SIGMA: Final = 1.0
NEWCOMER_LEVEL: Final = LEVELS[1]
"""The level whose anchor is a newcomer's starting estimate ``MU``: the second."""
ARENA_WIN_RATES: Final = (
    ("rule28", "easy", 0.7374),
    ("steady", "rule28", 0.6911),
    ("strong", "steady", 0.6661),
    ("expert", "strong", 0.6242),
)
"""Two-player win rates of each level against the level below it, measured in the arena
(docs/ai.md, "The ladder": ``ARENA_GAMES`` games each, seats rotated): stronger, weaker,
rate."""
ARENA_GAMES: Final = 10_000
"""The games behind each of ``ARENA_WIN_RATES``."""
PROVISIONAL_GAMES: Final = 5
"""A person rated in fewer games than this is provisional (shown with ``?``, as Lichess
does): beating them earns no one anything (``rated``), so a fresh name made to lose is
worth nothing to the one who beats it."""


@frozen
class Rating:
    """A person's skill estimate (mu, sigma) and the games it rests on."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def shown(self) -> float:
        """The leaderboard's figure: ``mu - 3 sigma``, a skill the player very likely has."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        """Rated in fewer than ``PROVISIONAL_GAMES`` games: beating them earns nothing."""
        return self.games < PROVISIONAL_GAMES

    @property
    def label(self) -> str:
        """The shown rating as the leaderboard and side panel write it: ``12.3``, ``12.3?``
        while provisional."""
        return f"{self.shown:.1f}{'?' if self.provisional else ''}"


@frozen
class GameRatings:
    """The people's ratings a game's chances assume: as they were when it began (the
    ratings that leave it out), or, when the records cannot say, today's (``today``)."""

    ratings: Mapping[str, Rating]
    """By name; a newcomer is not in it."""
    today: bool = False


def scale(a: Rating, b: Rating) -> float:
    """The model's scale c between two ratings: a gap in mu of c is log-odds 1."""
    return math.sqrt(2 * BETA**2 + a.sigma**2 + b.sigma**2)


def win_chance(a: Rating, b: Rating) -> float:
    """The chance that ``a`` beats ``b`` in a two-player game, under the model:
    1 / (1 + exp(-(mu_a - mu_b) / c)), c = sqrt(2 beta^2 + sigma_a^2 + sigma_b^2)."""
    return 1 / (1 + math.exp(-(a.mu - b.mu) / scale(a, b)))


def _anchors() -> dict[str, Rating]:
    """``mu`` for each level from the arena's win rates: ``win_chance`` turned round."""
    fixed = Rating(MU, ANCHOR_SIGMA)
    mus = {NEWCOMER_LEVEL: MU}
    for stronger, weaker, rate in ARENA_WIN_RATES:
        gap = scale(fixed, fixed) * math.log(rate / (1 - rate))
        if weaker in mus:
            mus[stronger] = mus[weaker] + gap
        else:
            mus[weaker] = mus[stronger] - gap
    return {level: Rating(mu, ANCHOR_SIGMA) for level, mu in sorted(mus.items(), key=_by_mu)}


def _by_mu(item: tuple[str, float]) -> float:
    return item[1]


ANCHORS: Final = _anchors()
"""The fixed ratings of the computer levels, weakest first."""


def _ceilings() -> dict[str, Rating]:
    """How high beating each level can take a person: to the next level's anchor (one
    ladder step up); above the top level, one more step of the size of its own."""
    levels = list(ANCHORS.values())
    steps = [b.mu - a.mu for a, b in itertools.pairwise(levels)]
    steps.append(steps[-1])
    return {
        level: Rating(fixed.mu + step, ANCHOR_SIGMA)
        for (level, fixed), step in zip(ANCHORS.items(), steps, strict=True)
    }


CEILINGS: Final = _ceilings()
"""By level: the estimate and shown rating no run of wins over it (or a weaker level) can
pass. Beating a level proves a person at most about one ladder step stronger than it;
without a ceiling, 200 straight wins over ``easy`` showed 38.8, above ``expert``'s anchor."""


def anchor(kind: str) -> Rating | None:
    """The fixed rating of a computer level (None for a person or an unknown bot)."""
    return ANCHORS.get(level_name(kind))


def rated(
    ratings: Mapping[str, Rating], match: Match, unrated: Collection[str] = ()
) -> dict[str, Rating]:
    """The new ratings of the people who played the finished ``match`` (by name).

    A person in two seats counts once, at their better place; computer levels take part
    with their anchors and are not changed; a bot of your own is left out, and so are the
    ``unrated`` (guests: a server's, whose names are anyone's). A person the
    computer played some of their turns for (``results.helped_seats``: a drop, a turn that
    ran out of time, a missed deadline) or who asked for hints (``Match.hinted``) gains
    nothing from the game: their rating moves only if the game lowers its estimate
    (``mu``), so that letting the strongest level play for you raises no one's rating, and
    timing out cannot dodge a loss either.

    A rise must be earned (``_earned``): from a game where a person beat (placed ahead of)
    someone no longer provisional, as the model says; where they beat only computer levels,
    up to the strongest one's ``CEILINGS``; where they beat only provisional people (or no
    one), not at all: the game counts, their rating stays.
    """
    if not match.state.is_over:
        raise ValueError("Only a finished game is rated.")
    place = places(match)
    people: dict[str, int] = {}
    anchors: list[tuple[Rating, int, str]] = []
    skipped = {name.casefold() for name in unrated}
    for seat, player in enumerate(match.seats):
        if player.is_human and player.name.casefold() in skipped:
            continue
        if player.is_human:
            people[player.name] = min(people.get(player.name, place[seat]), place[seat])
        elif (fixed := anchor(player.kind)) is not None:
            anchors.append((fixed, place[seat], level_name(player.kind)))
    if not people or len(people) + len(anchors) < 2:
        return {}
    names = list(people)
    teams = [[_model_rating(ratings.get(name, Rating()))] for name in names]
    teams += [[_model_rating(fixed)] for fixed, _, _ in anchors]
    ranks = [float(people[name]) for name in names] + [float(rank) for _, rank, _ in anchors]
    new = model().rate(teams, ranks=ranks)
    helped = {match.seats[seat].name for seat in helped_seats(match) | match.hinted}
    moved = {}
    for name, team in zip(names, new, strict=False):
        old = ratings.get(name, Rating())
        if name in helped and team[0].mu > old.mu:
            continue  # no gain from a game the computer played part of
        now = Rating(team[0].mu, team[0].sigma, old.games + 1)
        if now.mu > old.mu:
            beaten = [other for other, at in people.items() if at > people[name]]
            levels = [level for _, at, level in anchors if at > people[name]]
            ceiling = max((CEILINGS[level] for level in levels), default=None, key=_mu)
            now = _earned(old, now, ratings, beaten, ceiling)
        moved[name] = now
    return moved


def _earned(
    old: Rating,
    now: Rating,
    ratings: Mapping[str, Rating],
    beaten: list[str],
    ceiling: Rating | None,
) -> Rating:
    """Of the model's rise from ``old`` to ``now``, what the people ``beaten`` and the
    ``ceiling`` of the levels beaten (if any) allow: neither an estimate nor a shown rating
    above the ceiling's (nor below ``old``'s), or else ``old`` with one game more."""
    if any(not ratings.get(other, Rating()).provisional for other in beaten):
        return now
    if ceiling is None or old.shown >= ceiling.shown:
        return Rating(old.mu, old.sigma, now.games)
    mu = min(now.mu, max(old.mu, ceiling.mu))
    sigma = max(now.sigma, (mu - ceiling.shown) / 3)  # shown at most the ceiling's
    return Rating(mu, sigma, now.games)


def _mu(rating: Rating) -> float:
    return rating.mu


@cache
def model() -> PlackettLuce:
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA)


def _model_rating(rating: Rating) -> PlackettLuceRating:
    return model().rating(mu=rating.mu, sigma=rating.sigma)
