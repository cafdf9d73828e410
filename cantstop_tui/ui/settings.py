"""New-game settings: what the new-game screen and the command line produce, remembered on disk."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from ..ai import LEVELS, STRONGEST, level_name, make_bot
from ..engine import GameConfig, Variant, allowed_win_columns
from ..play.match import HUMAN, Match, Seat
from ..play.names import clean_name, clean_text
from ..storage.atomic import atomic_write
from ..storage.errors import SaveError
from ..storage.paths import old_settings_file, settings_file
from ..storage.reading import read_json


def level_names() -> tuple[str, ...]:
    """The computer levels a seat can take, weakest first: one name each."""
    return LEVELS


@dataclass(frozen=True, slots=True)
class GameSettings:
    """A new game's choices: the seats, the variant, the columns to win, the seed."""

    seats: tuple[Seat, ...] = (Seat("You", HUMAN), Seat("Computer", STRONGEST))
    variant: Variant = "standard"
    win_columns: int = 3
    seed: int | None = None
    hints: bool = True
    """Whether ``h`` shows what ``expert`` would do (turned off for a game without help)."""

    def config(self) -> GameConfig:
        """The engine's config; raises ValueError with a sentence when the settings don't fit."""
        return GameConfig(len(self.seats), self.win_columns, self.variant)

    def start(self) -> Match:
        seed = self.seed if self.seed is not None else random.randrange(1 << 31)
        return Match.start(self.seats, self.config(), seed)

    def to_json(self) -> dict[str, object]:
        return {
            "seats": [[seat.name, seat.kind] for seat in self.seats],
            "variant": self.variant,
            "win_columns": self.win_columns,
            "hints": self.hints,
        }


def is_built_in(kind: str) -> bool:
    """Whether a seat kind is a person or a built-in level: safe to take from a file."""
    return kind == HUMAN or level_name(kind) in level_names()


def check_seat(seat: Seat) -> None:
    """Raise ValueError with a sentence when a seat's name or kind is unusable."""
    if not seat.name.strip():
        raise ValueError("Every player needs a name.")
    if not is_built_in(seat.kind):  # a built-in level loads when it first plays
        make_bot(seat.kind)


def parse_players(text: str) -> tuple[Seat, ...]:
    """``"Ana:human,Bot:expert"`` -> seats; raises ValueError with a sentence."""
    seats = []
    for part in text.split(","):
        # Only the first colon ends the name: "Bot:my_bots.greedy:Greedy" is a module:Class.
        name, sep, kind = part.strip().partition(":")
        seat = Seat(clean_name(name), level_name(kind.strip()) if sep else HUMAN)
        if not seat.name:
            raise ValueError(f"Player {part.strip()!r} needs a name, like Ana:human.")
        check_seat(seat)
        seats.append(seat)
    if not 2 <= len(seats) <= 4:
        raise ValueError(f"A game needs 2 to 4 players, not {len(seats)}.")
    if len({seat.name for seat in seats}) != len(seats):
        raise ValueError("Each player needs a different name.")
    return tuple(seats)


def settings_path() -> Path:
    """The settings file in the user's config dir (``$XDG_CONFIG_HOME`` on Linux)."""
    return settings_file()


def load_settings() -> tuple[GameSettings, str | None]:
    """The last settings used, and a sentence if the file could not be used.

    No file: the defaults and no sentence. A broken, hostile or outdated file: the defaults
    and one sentence naming the file and the problem; the file is left as it is (the next
    game's settings replace it).
    """
    path = _settings_source()
    if path is None:
        return GameSettings(), None
    try:
        return _settings_from(read_json(path)), None
    except SaveError as error:
        problem = str(error)
    except (ValueError, KeyError, TypeError) as error:
        problem = str(SaveError(path, f"{error or 'its settings are not ones this game uses.'}"))
    return GameSettings(), f"{problem} The game starts with the usual settings."


def _settings_source() -> Path | None:
    """The settings file to read: the new place, else the old one; None if neither."""
    path = settings_path()
    if not path.exists():
        path = old_settings_file()  # kept there before; the next save writes the new place
    return path if path.exists() else None


def load_theme() -> str | None:
    """The theme chosen last (``"theme"`` in the settings file), if one was; a file that
    cannot be read says so through ``load_settings``."""
    path = _settings_source()
    try:
        data = read_json(path) if path is not None else None
    except SaveError:
        return None
    theme = data.get("theme") if isinstance(data, dict) else None
    return clean_text(theme, 40) if isinstance(theme, str) else None


def _settings_from(data: object) -> GameSettings:
    """Settings from parsed JSON; ValueError/KeyError/TypeError name what is wrong."""
    if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
        raise ValueError("it holds no list of seats.")
    seats = []
    for raw in data["seats"]:
        if not (isinstance(raw, list) and len(raw) == 2 and all(isinstance(x, str) for x in raw)):
            raise ValueError("each seat must be [name, kind].")
        seat = Seat(clean_name(raw[0]), level_name(raw[1]))
        check_seat(seat)
        if not is_built_in(seat.kind):
            raise ValueError(f"seat kind {clean_text(seat.kind, 40)!r} is not a built-in level.")
        seats.append(seat)
    variant, win_columns, hints = data.get("variant"), data.get("win_columns"), data.get("hints")
    if type(win_columns) is not int:
        raise ValueError("'win_columns' must be a whole number.")
    # A seed is for the game it was given for: never taken from the settings.
    # Unchecked until config(), which refuses an unknown variant with a sentence.
    settings = GameSettings(
        tuple(seats), cast(Variant, variant), win_columns, None, hints is not False
    )
    settings.config()  # ValueError with a sentence when the rules refuse it
    return settings


def save_settings(settings: GameSettings, theme: str | None = None) -> SaveError | None:
    """Remember ``settings`` and the ``theme`` (atomically; flushed to disk on the background
    thread, so a new game's first frame never waits on the disk); the error, if they could
    not be written."""
    kept = settings.to_json() | ({"theme": theme} if theme is not None else {})
    data = json.dumps(kept, indent=2) + "\n"
    try:
        atomic_write(settings_path(), data.encode(), sync_now=False)
    except SaveError as error:
        return error
    return None


def fit_win_columns(num_players: int, wanted: int) -> int:
    allowed = allowed_win_columns(num_players)
    return wanted if wanted in allowed else min(allowed, key=lambda n: abs(n - wanted))


# --- the new-game screen's choices --------------------------------------------------------

OFF = "off"
"""A seat nobody plays (the new-game screen's third and fourth seats)."""
MAX_SEATS = 4
VARIANT_HELP = {
    "standard": "Standard rules.",
    "jump": "Jump: runners skip spaces that hold other players' squares.",
    "forced": "Forced: you may not stop while a runner shares a space with a square.",
}


def kind_options(optional: bool) -> list[tuple[str, str]]:
    """Who may play a seat: a person, each computer level, and (``optional``) nobody."""
    options = [("Human", HUMAN)]
    options += [(f"Computer: {level}", level) for level in level_names()]
    if optional:
        options.append(("Nobody", OFF))
    return options


def win_options(players: int) -> list[tuple[str, int]]:
    """The columns to win that ``players`` players may choose."""
    return [(str(n), n) for n in allowed_win_columns(players)]
