"""Games saved under a name (``ctrl+s``), and the list the new-game screen shows."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from ..frozen import frozen
from ..play.match import Match
from .errors import SaveError
from .paths import saves_dir
from .reading import read_json
from .record import check_header, write_game

MAX_NAME = 60
"""The longest save name (``clean_name`` cuts a longer one)."""
DATE_FORM = "%Y-%m-%d %H.%M"
"""The date and time at the end of ``default_name`` (no ``:``, which ``clean_name`` drops)."""


def clean_name(text: str) -> str:
    """A save name usable as a file name; raises ``ValueError`` with a sentence if none is left."""
    name = " ".join(_usable(text).split())[:MAX_NAME].strip().lstrip(".")
    if not name:
        raise ValueError("Give the game a name: letters, digits, spaces or - _ ( ).")
    return name


def default_name(names: Sequence[str], when: datetime) -> str:
    """``Ana vs Bo 2026-11-27 12.32``: the players and the date, at most ``MAX_NAME``
    characters and a file name as it is (``clean_name`` keeps it whole). Too long, the
    longest names are cut alike, never the date."""
    date = f"{when:{DATE_FORM}}"
    names = [" ".join(_usable(name).split()) or "-" for name in names]
    room = MAX_NAME - len(date) - 1 - len(" vs ") * (len(names) - 1)
    cap = max(len(name) for name in names)
    while cap > 1 and sum(min(len(name), cap) for name in names) > room:
        cap -= 1
    players = " vs ".join(name[:cap].strip() or name[:1] for name in names)
    return clean_name(f"{players} {date}")


def _usable(text: str) -> str:
    """``text`` with what a file name cannot hold as spaces (``clean_name``'s rule)."""
    return "".join(
        char if char not in '/\\:*?"<>|' and unicodedata.category(char)[0] != "C" else " "
        for char in text
    )


def save_path(name: str, folder: Path | None = None) -> Path:
    return (folder or saves_dir()) / f"{clean_name(name)}.json"


def save_game(
    match: Match, name: str, *, overwrite: bool = False, folder: Path | None = None
) -> Path:
    """Save ``match`` as ``name``; raises ``FileExistsError`` if that name is taken (and not
    ``overwrite``), ``ValueError`` for an unusable name, ``SaveError`` if writing fails."""
    path = save_path(name, folder)
    if path.exists() and not overwrite:
        raise FileExistsError(f"A saved game called {path.stem!r} exists already.")
    write_game(path, match)
    return path


@frozen
class SavedGame:
    """One file in the saves folder, summarised without replaying it."""

    path: Path
    mtime: float
    players: tuple[str, ...] = ()
    status: str = ""
    """``"Ada won"``, ``"Ben to play"``; empty when ``problem`` is set."""
    moves: int = 0
    problem: str | None = None

    @property
    def name(self) -> str:
        return self.path.stem


def _summary(path: Path) -> SavedGame:
    mtime = path.stat().st_mtime
    try:
        data = read_json(path)
        check_header(data)
        names = tuple(str(seat["name"]) for seat in data["seats"])
        state = data["state"]
        if state["phase"] == "over":
            status = f"{names[state['winner']]} won"
        else:
            status = f"{names[state['current_player']]} to play"
        return SavedGame(path, mtime, names, status, len(data["actions"]))
    except SaveError as error:
        return SavedGame(path, mtime, problem=str(error))
    except (ValueError, KeyError, TypeError, IndexError) as error:
        problem = str(error) if isinstance(error, ValueError) else "it is not a game record."
        return SavedGame(path, mtime, problem=str(SaveError(path, problem)))


def list_saved_games(folder: Path | None = None) -> list[SavedGame]:
    """Every saved game, newest first; unreadable files are listed with their problem."""
    folder = folder or saves_dir()
    if not folder.is_dir():
        return []
    games = []
    for path in folder.glob("[!.]*.json"):
        try:
            games.append(_summary(path))
        except OSError:  # removed meanwhile
            continue
    return sorted(games, key=lambda game: game.mtime, reverse=True)
