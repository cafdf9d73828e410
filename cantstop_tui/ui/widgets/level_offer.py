"""One line of the new-game screen: the computer level at the first person's level."""

from __future__ import annotations

from collections.abc import Mapping

from textual.widgets import Static

from ...play.my_level import level_offer, offered_level
from ...play.ratings import Rating


class LevelOffer(Static):
    """Offers the strongest level worth a try for the person (``play.my_level.offered_level``; a
    newcomer's is the second level); hidden without ratings or a person. Two lines high
    whatever it says (an offer takes one or two at 76 columns), and blank while the ratings
    are still being read (``pending``), so that the offer fills its place when they come
    instead of pushing what is below it down."""

    DEFAULT_CSS = """
    LevelOffer {
        height: 2;
    }
    """

    def __init__(
        self, ratings: Mapping[str, Rating] | None, key: str, id: str, pending: bool = False
    ) -> None:
        super().__init__("", markup=False, id=id)
        self.ratings = ratings
        self.key = key
        self.pending = pending
        """Whether the ratings are still being read (``ratings_read`` ends it)."""
        self.level: str | None = None
        """The level offered (None: no offer)."""

    def ratings_read(
        self, ratings: Mapping[str, Rating] | None, name: str | None, computers: bool
    ) -> None:
        """The ratings have been read (None: there are none): offer ``name``'s level."""
        self.ratings = ratings
        self.pending = False
        self.show_for(name, computers)

    def show_for(self, name: str | None, computers: bool) -> None:
        """Offer the level of the person called ``name`` (None: nobody) for the computer
        seats (``computers``: whether there are any; the key sets only them)."""
        ratings = self.ratings
        self.level = None if ratings is None or not name else offered_level(ratings.get(name))
        self.display = self.level is not None or (self.pending and bool(name))
        if self.level is not None and name:
            key = self.key if computers else None
            self.update(level_offer(name, (ratings or {}).get(name), key))
        elif self.pending:
            self.update("")
