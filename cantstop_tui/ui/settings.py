"""New-game settings: what the new-game screen and the command line produce, remembered on disk."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

from ..ai import LEVELS, make_bot
from ..engine import GameConfig, Variant, allowed_win_columns
from ..play.match import HUMAN, Match, Seat

APP_NAME = "cantstop-tui"
STRONGEST = "ai"


def level_names() -> tuple[str, ...]:
    """The computer levels a seat can take, weakest first, then ``ai`` (the strongest)."""
    return (*LEVELS, STRONGEST)


@dataclass(frozen=True, slots=True)
class GameSettings:
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
            "seed": self.seed,
            "hints": self.hints,
        }


def is_built_in(kind: str) -> bool:
    """Whether a seat kind is a person or a built-in level: safe to take from a file."""
    return kind == HUMAN or kind in level_names()


def check_seat(seat: Seat) -> None:
    """Raise ValueError with a sentence when a seat's name or kind is unusable."""
    if not seat.name.strip():
        raise ValueError("Every player needs a name.")
    if seat.kind != HUMAN:
        make_bot(seat.kind)


def parse_players(text: str) -> tuple[Seat, ...]:
    """``"Ana:human,Bot:ai"`` -> seats; raises ValueError with a sentence."""
    seats = []
    for part in text.split(","):
        # Only the first colon ends the name: "Bot:my_bots.greedy:Greedy" is a module:Class.
        name, sep, kind = part.strip().partition(":")
        seat = Seat(name.strip(), kind.strip() if sep else HUMAN)
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
    from platformdirs import user_config_path  # only when settings are read or saved

    return user_config_path(APP_NAME) / "settings.json"


def load_settings() -> GameSettings:
    """The last settings used, or the defaults when there are none or they no longer fit."""
    try:
        data = json.loads(settings_path().read_text(encoding="utf-8"))
        seats = tuple(Seat(str(name), str(kind)) for name, kind in data["seats"])
        for seat in seats:
            check_seat(seat)
        hints = data.get("hints", True)
        settings = GameSettings(
            seats, data["variant"], int(data["win_columns"]), data["seed"], hints is not False
        )
        settings.config()
        if settings.seed is not None and type(settings.seed) is not int:
            raise ValueError("bad seed")
        return settings
    except (OSError, ValueError, KeyError, TypeError):
        return GameSettings()


def save_settings(settings: GameSettings) -> None:
    path = settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(settings.to_json(), indent=2), encoding="utf-8")
    except OSError:
        pass


def fit_win_columns(num_players: int, wanted: int) -> int:
    allowed = allowed_win_columns(num_players)
    return wanted if wanted in allowed else min(allowed, key=lambda n: abs(n - wanted))
