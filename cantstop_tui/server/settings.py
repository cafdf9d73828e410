"""What an operator sets for ``cantstop serve`` (the command line fills it in)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..play.pacing import BOT_DELAY
from ..play.turn_based import MAX_TURN_BASED
from ..ui.colors import ColorDepth
from .auth import Auth


@dataclass
class Settings:
    auth: Auth
    host: str = "127.0.0.1"
    port: int = 2222
    max_sessions: int = 100
    seat_timeout: float = 600.0
    turn_timeout: float | None = None
    idle_timeout: float | None = 3600.0
    bot_delay: float = BOT_DELAY
    input_rate: float = 2048.0  # bytes a second of keys and mouse reports
    input_burst: float = 8192.0
    output_limit: int = 512 * 1024  # unsent bytes before a client that does not read is dropped
    keepalive_interval: float = 30.0
    """Seconds between keepalives; a client that misses ``keepalive_count_max`` in a row is
    dropped (within 2 minutes: a frozen laptop must not keep its name locked)."""
    keepalive_count_max: int = 3
    colors: ColorDepth = "256"
    """The most colours drawn: each visitor gets what their terminal says it shows (TERM,
    COLORTERM, NO_COLOR), up to this."""
    max_turn_based: int = MAX_TURN_BASED
    """Turn-based games a person may play at once (0: no turn-based tables)."""

    def lobby_options(self) -> dict[str, Any]:
        """What the lobby takes from the settings (``Lobby(**settings.lobby_options())``)."""
        return {
            "seat_timeout": self.seat_timeout,
            "turn_timeout": self.turn_timeout,
            "bot_delay": self.bot_delay,
            "turn_based_limit": self.max_turn_based,
        }
