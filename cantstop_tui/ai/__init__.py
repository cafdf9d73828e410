"""Computer players. ``make_bot(spec)`` turns a level name or ``module:Class`` into a bot."""

from __future__ import annotations

import importlib

from .base import Bot
from .simple import SimpleBot

LEVELS: tuple[str, ...] = ("easy",)
"""Built-in levels, weakest first; ``ai`` means the strongest."""


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A bot for a level name (``easy``…, or ``ai`` for the strongest) or ``module:Class``."""
    if spec in ("ai", *LEVELS):
        return SimpleBot()
    if ":" in spec:
        module_name, _, class_name = spec.partition(":")
        try:
            bot_class = getattr(importlib.import_module(module_name), class_name)
        except (ImportError, AttributeError) as error:
            raise ValueError(f"Cannot load the bot {spec!r}: {error}.") from None
        bot = bot_class()
        if not isinstance(bot, Bot):
            raise ValueError(f"{spec!r} is not a bot: it needs choose_move and keep_rolling.")
        return bot
    levels = ", ".join(LEVELS)
    raise ValueError(f"Unknown computer level {spec!r}: choose {levels}, or module:Class.")


__all__ = ["LEVELS", "Bot", "make_bot"]
