"""Each player's win chance in the side panel of the game screen (``w``), updated after
every step, and the hint (``h``), which speaks in the same chances: worked out by
``ai.analysis`` on the analysis thread (``ui.background``; a turn's first position can take
tens of milliseconds), so a key never waits for it. The chances know who is playing
(``play.seat_skill``: a computer's level, a person's rating from the records, over SSH the
server's database) and say what they assume of each seat. The ratings are asked once a game
(a rating moves only when a game ends), on the analysis thread.

:class:`LiveChances` is a piece the game screen owns: it keeps whether the chances are
allowed and shown, and the last ones worked out; it tells its owner by a message
(:class:`ChancesWorkedOut`, :class:`HintWorkedOut`) when new ones are ready, and never
touches the owner's view.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Protocol

from textual.message import Message

from ...play.match import Match
from ..background import in_background
from ..keys import CHANCES, HINT

if TYPE_CHECKING:
    from ...ai.analysis import Analyst
    from ...play.ratings import Rating

Ratings = Callable[[], "Mapping[str, Rating] | None"]
"""Where the people's ratings come from (asked once a game, on the analysis thread)."""

NOT_ALLOWED = "This table's creator keeps the win chances hidden."
HINT_NOT_ALLOWED = (
    "This table's creator keeps the win chances hidden, so hints are off for everyone."
)
"""The hint speaks in the chances ("you win 54% of the time"): hidden with them."""
YOU_HIDE = "You keep the win chances hidden at this table."
YOU_HIDE_HINTS = "You keep the win chances hidden at this table, so hints are off for everyone."
"""The same, said to the table's creator, who chose it."""
HINTS_OFF = "Hints are off for this game (the command palette turns them on)."


def turned_off(action: str, allowed: bool, hints: bool, *, yours: bool = False) -> str | None:
    """Why the game's settings keep the chances' key or the hint's off (None: they do not):
    the chances hidden by the table's creator (``allowed`` false; ``yours``: the one asking
    is the creator) hide the hint too.

    >>> turned_off(HINT.action, allowed=False, hints=True) == HINT_NOT_ALLOWED
    True
    >>> turned_off(HINT.action, allowed=False, hints=True, yours=True) == YOU_HIDE_HINTS
    True
    >>> turned_off(CHANCES.action, allowed=True, hints=False) is None
    True
    """
    if action == CHANCES.action and not allowed:
        return YOU_HIDE if yours else NOT_ALLOWED
    if action == HINT.action and not allowed:
        return YOU_HIDE_HINTS if yours else HINT_NOT_ALLOWED
    if action == HINT.action:
        return None if hints else HINTS_OFF
    return None


@dataclass
class ChancesWorkedOut(Message):
    """The chances of ``match`` are ready (posted to the owner of the ``LiveChances``)."""

    match: Match
    chances: tuple[float, ...]
    assumed: tuple[str, ...]
    """What the chances assume of each seat (``play.seat_skill.assumed``)."""


@dataclass
class HintWorkedOut(Message):
    """The expert's hint for ``match`` is ready, in the chances the side panel shows."""

    match: Match
    text: str


class ChancesOwner(Protocol):
    """What the chances need of the screen that owns them: to run the work and be told."""

    @property
    def is_mounted(self) -> bool: ...

    def run_worker(
        self, work: Callable[[], object], *, exclusive: bool, group: str,
        exit_on_error: bool,
    ) -> object: ...

    def post_message(self, message: Message) -> bool: ...


class LiveChances:
    """Whether the win chances are allowed and shown, and the last ones worked out."""

    def __init__(
        self, owner: ChancesOwner, *, allowed: bool, shown: bool, ratings: Ratings | None = None
    ) -> None:
        self._owner = owner
        self._ratings = ratings
        self._known_ratings: tuple[object, Mapping[str, Rating] | None] | None = None
        """The ratings asked for, and of which game (``_game``)."""
        self.allowed = allowed
        """Whether ``w`` may show them (over SSH: as the table's creator chose)."""
        self.yours = False
        """Whether the one looking is the creator who chose (what ``turned_off`` says)."""
        self.shown = shown and allowed
        self._analyst: Analyst | None = None
        """Used on the analysis thread only (``ui.background``)."""
        self._known: tuple[Match, tuple[float, ...], tuple[str, ...]] | None = None

    def turned_off(self, action: str, hints: bool) -> str | None:
        """Why ``action`` is off (``turned_off``), said to whoever is looking."""
        return turned_off(action, self.allowed, hints, yours=self.yours)

    def toggle(self) -> bool:
        """``w``: shown or hidden from now (False if not allowed)."""
        self.shown = self.allowed and not self.shown
        return self.shown

    def for_match(self, match: Match) -> tuple[float, ...] | None:
        """The chances to draw for ``match`` now: None while hidden or being worked out (the
        owner gets a :class:`ChancesWorkedOut` once they are ready)."""
        if not self.shown:
            return None
        known = self._known
        if known is not None and known[0] is match:
            return known[1]
        if self._owner.is_mounted:  # else asked again once mounted
            # The work's coroutine is made when the worker starts: a worker replaced before
            # it ran (``exclusive``) leaves no coroutine that was never awaited.
            self._owner.run_worker(
                partial(self._work_out, match), exclusive=True, group="chances",
                exit_on_error=False,
            )
        return None

    def assumed_for(self, match: Match) -> tuple[str, ...]:
        """What the chances drawn for ``match`` assume of each seat (empty: none drawn, or
        equal players)."""
        known = self._known
        return known[2] if self.shown and known is not None and known[0] is match else ()

    def ask_hint(self, match: Match) -> None:
        """``h``: the expert's hint for ``match``, worked out on the analysis thread with the
        same assumptions of who is playing as the chances (the owner gets a
        :class:`HintWorkedOut`), so the hint's percentages are the side panel's."""
        if self._owner.is_mounted:
            self._owner.run_worker(
                partial(self._hint, match), exclusive=True, group="hint", exit_on_error=False
            )

    async def _hint(self, match: Match) -> None:
        text = await in_background(lambda: self._hint_text(match))
        self._owner.post_message(HintWorkedOut(match, text))

    def _hint_text(self, match: Match) -> str:
        from ...ai.hint import hint  # the expert's tables load on the first hint
        from ...play.seat_skill import seat_sharpness, seat_skills, seat_starts

        skills = seat_skills(match, self._ratings_of(match))
        return hint(match.state, skills, seat_sharpness(match), seat_starts(match)).text

    async def _work_out(self, match: Match) -> None:
        chances, assumed = await in_background(lambda: self._analysis(match))
        self._known = (match, chances, assumed)
        self._owner.post_message(ChancesWorkedOut(match, chances, assumed))

    def _analysis(self, match: Match) -> tuple[tuple[float, ...], tuple[str, ...]]:
        from ...play.seat_skill import assumed, seat_sharpness, seat_skills, seat_starts

        if self._analyst is None:
            from ...ai.analysis import Analyst  # the expert loads when chances are first shown

            self._analyst = Analyst()
        ratings = self._ratings_of(match)
        chances = self._analyst.chances(
            match.state, seat_skills(match, ratings), seat_sharpness(match), seat_starts(match))
        return chances, assumed(match, ratings)

    def _ratings_of(self, match: Match) -> Mapping[str, Rating] | None:
        """The ratings for ``match``'s game: asked again when a new game begins on the same
        screen (a shared table's rematch: the last game has moved its players' ratings)."""
        known, game = self._known_ratings, _game(match)
        if known is None or known[0] != game:
            known = (game, self._ratings() if self._ratings is not None else None)
            self._known_ratings = known
        return known[1]


def _game(match: Match) -> object:
    """Which game ``match`` is a position of: a next game at a table has other seats or
    another seed (``server.next_game``)."""
    return (match.seed, match.seats)
