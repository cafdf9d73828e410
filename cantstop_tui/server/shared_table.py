"""A :class:`Table` shared by many apps running in one event loop, played as its seats say.

A hosted table hands in its seat record (``seats``): who plays each seat is read from it
whenever the match is read (``seating.played_as_seated``), so the game's hand-overs are
derived from the seats, never kept beside them; ``seats_changed`` lets the computer play
a seat it was just given.

Textual finds "the current app" through a context variable. A table publishes from
whichever session acted (or from its computer-player task), so each listener is run
in a copy of the context it subscribed from: widgets always see their own app.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Mapping

from ..ai import Bot
from ..engine import Event
from ..play.match import Match
from ..play.seating import Seats, played_as_seated
from ..play.table import Listener, Table
from ..ui.textual_compat import current_app


class SharedTable(Table):
    def __init__(
        self,
        match: Match,
        bots: Mapping[int, Bot] | None = None,
        bot_delay: float = 0.6,
        *,
        seats: Callable[[], Seats] | None = None,
    ) -> None:
        super().__init__(match, bots, bot_delay)
        self._seats = seats
        self._owners: dict[object, list[Callable[[], None]]] = {}

    @property
    def match(self) -> Match:
        if self._seats is not None:
            # Kept as derived (a cache): the same match while the seats agree, so a step
            # being decided for it stays valid until they change.
            self._match = played_as_seated(self._match, self._seats())
        return self._match

    def seats_changed(self) -> None:
        """The seat record changed: a seat the computer now plays gets its turn."""
        self._kick()

    def subscribe(self, listener: Listener, *, owned: bool = True) -> Callable[[], None]:
        """``listener`` hears every step in the context it subscribed from; an ``owned``
        one (the default) belongs to the app subscribing, and ``forget`` drops it when that
        app's session ends. The table's own listeners (its store, its clocks) are not owned:
        they must outlive whichever visitor's arrival started the game."""
        if not owned:
            return super().subscribe(listener)
        context = contextvars.copy_context()

        def in_own_context(match: Match, events: tuple[Event, ...]) -> None:
            context.copy().run(listener, match, events)

        unsubscribe = super().subscribe(in_own_context)
        owner = current_app()
        if owner is not None:
            self._owners.setdefault(owner, []).append(unsubscribe)
        return unsubscribe

    def forget(self, app: object) -> None:
        """Drop every listener an app subscribed (its session ended)."""
        for unsubscribe in self._owners.pop(app, []):
            unsubscribe()

    @property
    def listener_count(self) -> int:
        return len(self._listeners)
