"""Player records: games, wins, columns won, busts, turns and games abandoned per player name.

Stored in ``records.json`` beside the saves, updated once per finished game
(a game counted twice is recognised by its ``game_id``), under a lock and written
atomically so two sessions finishing games at once both count. Each game counted keeps its
people's ratings as they were before it (``before``), so that its review assumes those
(``game_ratings``), not ratings its own result has moved.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import asdict, field
from pathlib import Path
from typing import Any, Final

from ..frozen import frozen
from ..play.match import Match
from ..play.ratings import GameRatings, Rating, rated
from ..play.results import GameResult, clean_record_name, results
from .atomic import atomic_write, reason
from .errors import SaveError
from .locks import FileLock
from .paths import records_path
from .reading import read_json
from .record import game_id

FORMAT: Final = "cantstop-records"
VERSION: Final = 1
_COUNTS: Final = ("games", "wins", "columns", "busts", "turns")
_LATER_COUNTS: Final = ("abandoned",)
"""Counts a file from an older version may lack (read as 0)."""
KEPT_BEFORE: Final = 500
"""The newest games whose people's ratings before them are kept (``Records.before``): the
review of an older one assumes today's ratings and says so. Each costs about 20 us of CPU
at every read of the records (the guarded reader, ``reading.read_json``)."""
LOCK_WAIT = 5.0
"""Seconds to wait for another session updating the records."""


@frozen
class PlayerRecord:
    """A player's totals over the games counted."""

    name: str
    games: int = 0
    wins: int = 0
    columns: int = 0
    busts: int = 0
    turns: int = 0
    abandoned: int = 0
    """Games left for the computer to finish: losses (``play.results``)."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average_turns(self) -> float:
        return self.turns / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["win_rate"] = round(self.win_rate, 4)
        data["average_turns"] = round(self.average_turns, 2)
        return data


@frozen
class Records:
    """Every player's totals and rating, and the games counted."""

    players: dict[str, PlayerRecord]
    games: tuple[str, ...] = ()
    """Ids of the games counted."""
    ratings: dict[str, Rating] = field(default_factory=dict)
    """Each person's rating (``play.ratings``), updated with the same games."""
    before: dict[str, Any] = field(default_factory=dict)
    """By game id, the ratings of its people before it (a newcomer: no games), as stored
    (read when asked for, by ``game_ratings``), for the newest ``KEPT_BEFORE`` games; a game
    older, or counted by an older cantstop, has none."""

    def rating(self, name: str) -> Rating | None:
        return self.ratings.get(name)

    def ranked(self) -> list[PlayerRecord]:
        """The leaderboard: best rating first (the unrated after), then most wins, then
        best win rate, then name."""

        def order(record: PlayerRecord) -> tuple[float, int, float, str]:
            rating = self.ratings.get(record.name)
            shown = rating.shown if rating is not None else -math.inf
            return (-shown, -record.wins, -record.win_rate, record.name.casefold())

        return sorted(self.players.values(), key=order)


def _parse(path: Path, data: Any) -> Records:
    def bad(problem: str) -> SaveError:
        return SaveError(path, f"{problem} The records file is left as it is.")

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise bad(f"it is not a Can't Stop records file (no \"format\": \"{FORMAT}\").")
    version = data.get("version")
    if type(version) is not int or version > VERSION or version < 1:
        raise bad(f"its version {version!r} is not one this cantstop reads ({VERSION}).")
    games, players = data.get("games"), data.get("players")
    if not isinstance(games, list) or not all(isinstance(g, str) for g in games):
        raise bad("'games' must be a list of game ids.")
    if not isinstance(players, dict):
        raise bad("'players' must be an object keyed by player name.")
    parsed = {}
    for name, counts in players.items():
        if not isinstance(counts, dict) or not all(
            type(counts.get(key)) is int and counts[key] >= 0 for key in _COUNTS
        ):
            raise bad(f"the record of {name!r} needs whole numbers {', '.join(_COUNTS)}.")
        shown = clean_record_name(name) or "?"  # names reach terminals: cleaned, capped at load
        if shown in parsed:
            raise bad(f"two players' names both read {shown!r} once cleaned.")
        later = [counts.get(key, 0) for key in _LATER_COUNTS]
        if not all(type(count) is int and count >= 0 for count in later):
            raise bad(f"the record of {name!r} needs whole numbers {', '.join(_LATER_COUNTS)}.")
        parsed[shown] = PlayerRecord(shown, *(counts[key] for key in _COUNTS), *later)
    before = data.get("before", {})
    if not isinstance(before, dict):
        raise bad("'before' must be an object keyed by game id.")
    return Records(parsed, tuple(games), _ratings(data.get("ratings", {}), bad), before)


def _ratings(raw: Any, bad: Callable[[str], SaveError]) -> dict[str, Rating]:
    """The ``ratings`` object: ``{name: {"mu": ..., "sigma": ..., "games": ...}}``."""
    if not isinstance(raw, dict):
        raise bad("'ratings' must be an object keyed by player name.")
    found = {}
    for name, value in raw.items():
        ok = isinstance(value, dict) and all(
            type(value.get(key)) in (int, float) and math.isfinite(value[key])
            for key in ("mu", "sigma")
        ) and type(value.get("games")) is int and value["games"] >= 0
        if not ok or not 0 < value["sigma"] < 100 or not -1000 < value["mu"] < 1000:
            raise bad(f"the rating of {name!r} needs numbers mu, sigma (above 0) and games.")
        found[clean_record_name(name) or "?"] = Rating(
            float(value["mu"]), float(value["sigma"]), value["games"]
        )
    return found


def load_records(path: Path | None = None) -> Records:
    """The records; none yet if the file does not exist. A bad file raises ``SaveError``."""
    path = path or records_path()
    if not path.exists():
        return Records({})
    return _parse(path, read_json(path))


def ratings_after(match: Match, path: Path | None = None) -> dict[str, Rating]:
    """The people's ratings with the finished ``match`` counted, whether or not the records
    have counted it yet (the autosave counts it in the background). A bad file raises
    ``SaveError``."""
    records = load_records(path)
    return records.ratings if game_id(match) in records.games else _ratings_with(records, match)


def game_ratings(match: Match, path: Path | None = None) -> GameRatings:
    """The ratings ``match``'s chances assume: its people's before it, if the records counted
    it with them; today's if they counted it without (``today``); if they have not counted
    it, today's, which leave it out. A bad file raises ``SaveError``."""
    path = path or records_path()
    records = load_records(path)
    gid = game_id(match)
    if gid in records.before:
        def bad(problem: str) -> SaveError:
            return SaveError(path, f"{problem} The records file is left as it is.")

        return GameRatings(rated_only(_ratings(records.before[gid], bad)))
    return GameRatings(records.ratings, today=gid in records.games)


def rated_only(ratings: dict[str, Rating]) -> dict[str, Rating]:
    """``ratings`` without the newcomers (no games yet): what the chances take as new."""
    return {name: rating for name, rating in ratings.items() if rating.games}


def _ratings_with(records: Records, match: Match) -> dict[str, Rating]:
    return {**records.ratings, **rated(records.ratings, match)}


def _with_game(records: Records, match: Match, gid: str) -> Records:
    players = dict(records.players)
    for result in results(match):
        players[result.name] = added(players.get(result.name, PlayerRecord(result.name)), result)
    people = {seat.name for seat in match.seats if seat.is_human}
    before = {name: records.ratings.get(name, Rating()) for name in sorted(people)}
    return Records(
        players, (*records.games, gid), _ratings_with(records, match),
        _newest({**records.before, gid: _ratings_json(before)}),
    )


def _newest(before: dict[str, Any]) -> dict[str, Any]:
    """``before`` without its oldest games beyond ``KEPT_BEFORE`` (kept in the order counted)."""
    return dict(list(before.items())[-KEPT_BEFORE:])


def added(record: PlayerRecord, result: GameResult) -> PlayerRecord:
    """``record`` with one more game: ``result``."""
    return PlayerRecord(
        record.name,
        games=record.games + 1,
        wins=record.wins + result.won,
        columns=record.columns + result.columns,
        busts=record.busts + result.busts,
        turns=record.turns + result.turns,
        abandoned=record.abandoned + result.abandoned,
    )


def _to_json(records: Records) -> bytes:
    data = {
        "format": FORMAT,
        "version": VERSION,
        "players": {
            name: {key: getattr(record, key) for key in (*_COUNTS, *_LATER_COUNTS)}
            for name, record in sorted(records.players.items())
        },
        "games": list(records.games),
        "ratings": _ratings_json(records.ratings),
        "before": records.before,
    }
    return (json.dumps(data, indent=1) + "\n").encode()


def _ratings_json(ratings: dict[str, Rating]) -> dict[str, dict[str, float | int]]:
    return {
        name: {"mu": rating.mu, "sigma": rating.sigma, "games": rating.games}
        for name, rating in sorted(ratings.items())
    }


def record_game(match: Match, path: Path | None = None) -> bool:
    """Count a finished game in the records; False if it was counted before.

    Raises ``SaveError`` if the records cannot be read or written (they are then unchanged).
    """
    if not match.state.is_over:
        raise ValueError("Only a finished game goes into the records.")
    path = path or records_path()
    gid = game_id(match)
    lock_path = path.with_name(path.name + ".lock")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        lock = FileLock.acquire(lock_path, LOCK_WAIT)
    except OSError as error:
        raise SaveError(path, reason(error), writing=True) from None
    if lock is None:
        raise SaveError(path, "another cantstop kept the records locked.", writing=True)
    try:
        records = load_records(path)
        if gid in records.games:
            return False
        atomic_write(path, _to_json(_with_game(records, match, gid)))
        return True
    finally:
        lock.release()
