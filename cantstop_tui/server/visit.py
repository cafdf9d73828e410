"""Who a visitor is once signed in: the name they play under, the seat they left (taken
back at once, or else the lobby first), and the newest login of the same player taking over
from the older one.

The abstract base of ``session.GameSession``, which owns the channel and runs the visitor's
one app on it (``visit_app.VisitApp``: the lobby, the tables, the lobby again): it must give
``end`` and ``run_app``, and set the state declared here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from abc import ABC, abstractmethod
from typing import Any, Final, Protocol

from ..play.names import is_usable_name, sanitize_name
from ..play.reserved_names import computer_name
from ..play.seating import LobbyError
from ..ui.screens.lobby_tables import LobbyChoice
from .collector import collect_soon
from .identity import Identities, Login
from .lobby import Lobby
from .tables import Visitor
from .visit_app import VisitApp

log = logging.getLogger(__name__)


class VisitHost(Protocol):
    """What a visit needs of the server (``server.GameServer``)."""

    lobby: Lobby
    identities: Identities

    def session_as(self, name: str) -> Visiting | None: ...

    def person_as(self, name: str) -> Visitor | None: ...


UNNAMED: Final = ""
"""The name of a visitor still being asked for one: no player's (names are never empty)."""


class Refused(Exception):
    """This login may not play; the message says why."""


class Visiting(ABC):
    server: VisitHost
    username: str
    login: Login
    address: str
    visitor: Visitor | None
    closed: bool
    taken_over: bool
    """Ended by a newer login of the same player: their seat moves, silently."""
    returning: bool
    """Took over an older session of the same player: back at the seat, silently."""
    _task: asyncio.Task[None] | None

    @abstractmethod
    def end(self, reason: str, code: int = 0) -> None:
        """Close the session, telling the visitor ``reason``."""

    @abstractmethod
    async def run_app(self, app: VisitApp) -> Any:
        """Run ``app`` on the session's terminal until it exits."""

    def _leave_tables(self) -> None:
        """Gone from the lobby too: a table waiting for its players must not keep a ghost.

        (Seats in a game were already left, and are held, when the app ended.)
        """
        if self.visitor is None:
            return
        for hosted in list(self.server.lobby.tables.values()):
            if hosted.seats_of(self.visitor):
                hosted.left(self.visitor, dropped=True)
            hosted.unwatch(self.visitor)  # one waiting in the lobby to watch it

    def _first_name(self) -> tuple[str, str | None]:
        """The name to use, or the question to ask when the SSH user name won't do.

        Raises ``Refused`` with a sentence when this login may not play at all (a player's
        own password with an unusable name); a name that belongs to another identity, looks
        like another's or mixes scripts is asked again with the reason (whoever mistyped a
        name is not thrown out: ``ana`` and its look-alike ``аna`` alike)."""
        identities, login = self.server.identities, self.login
        name = sanitize_name(self.username)
        if identities.fixed_name(login, self.username):
            if not is_usable_name(self.username):
                raise Refused(f"The login name {name!r} cannot be shown; ask the host for another.")
            return name, None
        if not is_usable_name(name):
            return name, "Your SSH user name cannot be shown to other players. Your name?"
        if (kept := computer_name(name)) is not None:
            return name, f"{kept} Your name?"
        owned = identities.owner_refusal(login, name)
        if owned is not None:  # another's name, as a look-alike of it is: asked for one
            return name, f"{owned} Your name?"
        lookalike = identities.lookalike_for(login, name)
        if lookalike is not None:  # asked, as for a name already playing: said why
            return name, f"{lookalike} Your name?"
        spent = identities.budget_refusal(login, name)
        if spent is not None:  # a new name past the address's budget: one it has will do
            return name, f"{spent} Your name?"
        other = self.server.person_as(name)
        if other is None:
            return name, None
        if other.key != login.identity:  # a look-alike of a seated player is their name
            return name, f"{other.name} is already playing here. Your name?"
        return other.name, None  # themself, back: their name as it is seated

    def name_refusal(self, name: str) -> str | None:
        """For the name prompt: why ``name`` is not this visitor's to take, or None."""
        if (kept := computer_name(name)) is not None:
            return f"{kept} Choose another."
        refusal = self.server.identities.refusal(self.login, name)
        if refusal is not None:
            return refusal
        other = self.server.session_as(name)
        seated = self.server.person_as(name)
        if (other is not None and other is not self) or (
            seated is not None and seated.key != self.login.identity
        ):
            return f"{name} is already playing here: choose another."
        return None

    async def _take_over(self, name: str) -> None:
        """The newest login wins: the same player's older session ends, its seat moves here."""
        old = self.server.session_as(name)
        if old is None or old is self or old.visitor is None:
            return
        if old.visitor.key != self.login.identity:
            return
        log.info("%s signed in again from %s: the older session ends.", name, self.address)
        old.taken_over = self.returning = True
        old.end("Signed in from another connection.")
        if old._task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(old._task), 10)

    async def _visit(self) -> None:
        try:
            name, question = self._first_name()
        except Refused as refusal:
            self.end(str(refusal), code=1)
            return
        if question is None:
            self.server.identities.claim(self.login, name)
            await self._take_over(name)
        # Asked for a name, the visitor carries none until they choose one: the SSH user
        # name may be another player's, and seats and sessions are found by name (a
        # stranger who logged in as a seated player and left at the question took the
        # seat away with them).
        self.visitor = Visitor(
            name if question is None else UNNAMED, self.login.identity, self.login.address
        )
        app = VisitApp(
            self.server.lobby,
            self.visitor,
            ask_name=question,
            taken=self.name_refusal,
            named=self._named,
            first=self._held_seat() if question is None else None,
            quiet=lambda: self.taken_over,
        )
        try:
            await self.run_app(app)
        finally:
            app.leave_table(quiet=self.taken_over)  # if the app failed before its unmount
            collect_soon()  # the ended app is garbage in cycles

    def _named(self, visitor: Visitor) -> None:
        """The name the visitor chose is theirs from now on."""
        self.server.identities.claim(self.login, visitor.name)
        self.visitor = visitor

    def _held_seat(self) -> LobbyChoice | None:
        assert self.visitor is not None
        held = self.server.lobby.held_seat(self.visitor)
        if held is None:
            return None
        hosted, _seat = held
        try:
            return LobbyChoice(hosted.id, hosted.sit(self.visitor, None, quiet=self.returning))
        except LobbyError:
            return None
