"""Computer players. ``make_bot(spec)`` turns a level name or ``module:Class`` into a bot.

The ladder of levels, weakest first, each winning 60% to 75% of two-player games against
the one below (docs/ai.md): ``easy`` (a careful beginner), ``rule28`` (Keller's Rule of 28),
``steady`` (one roll ahead, keeping what it has), ``strong`` (plans two rolls ahead against a
hand-made value) and ``expert`` (plans each turn exactly against a learned value). Older
names (``ai`` for expert, ``expert-classic`` for strong) are still read from files and
accepted on the command line, and never offered.
"""

from __future__ import annotations

import importlib
import inspect
import os
import sys
from collections.abc import Callable
from typing import Final

from .base import Bot


def _lazy(module: str, class_name: str) -> Callable[[int], Bot]:
    """A level's class, imported when the first bot of that level is made: a program that
    never meets a computer player never loads the search (the first frame comes sooner)."""

    def build(seed: int) -> Bot:
        bot_class = getattr(importlib.import_module(module, __name__), class_name)
        return bot_class(seed)  # type: ignore[no-any-return]

    return build


_LEVEL_CLASSES: Final[dict[str, Callable[[int], Bot]]] = {
    "easy": _lazy(".easy", "EasyBot"),
    "rule28": _lazy(".rule28", "Rule28Bot"),
    "steady": _lazy(".steady", "SteadyBot"),
    "strong": _lazy(".expert", "ClassicExpertBot"),
    "expert": _lazy(".expert", "ExpertBot"),
}
LEVELS: Final[tuple[str, ...]] = tuple(_LEVEL_CLASSES)
"""Built-in levels, weakest first (the ladder): the one name of each."""
STRONGEST: Final = LEVELS[-1]
OLD_NAMES: Final[dict[str, str]] = {"ai": STRONGEST, "expert-classic": "strong"}
"""Names levels had before, still read from saved games and settings."""


def level_name(kind: str) -> str:
    """A seat kind with any older level name replaced by today's (``ai`` -> ``expert``)."""
    return OLD_NAMES.get(kind, kind)


def _load(spec: str, seed: int) -> Bot:
    module_name, _, class_name = spec.partition(":")
    try:
        bot_class = getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError, ValueError) as error:
        raise ValueError(f"Cannot load the bot {spec!r}: {error}.") from None
    if not isinstance(bot_class, type):
        raise ValueError(f"{spec!r} is not a bot class: it needs choose_move and keep_rolling.")
    try:
        takes_seed = "seed" in inspect.signature(bot_class).parameters
    except (TypeError, ValueError):
        takes_seed = False
    bot = bot_class(seed=seed) if takes_seed else bot_class()
    if not isinstance(bot, Bot):
        raise ValueError(f"{spec!r} is not a bot: it needs choose_move and keep_rolling.")
    return bot


def find_bots_beside_you() -> None:
    """Let ``module:Class`` bots load from the current folder, as docs/bots.md shows.

    The ``cantstop`` script's import path starts at its own folder, not yours.
    """
    if not {"", os.getcwd()} & set(sys.path):
        sys.path.insert(0, os.getcwd())


def prepare(kind: str) -> None:
    """Load what the first decision of a built-in level needs (the expert's learned model
    and numpy), so that decision does not wait for it; nothing for a person or a
    ``module:Class``. Slow on first use: call it off the event loop (the app does while its
    players read who starts)."""
    level = level_name(kind)
    if level not in _LEVEL_CLASSES:
        return
    from .expert import ExpertBot

    bot = make_bot(level)
    if isinstance(bot, ExpertBot):
        bot.prepare()


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A bot for a level (one of ``LEVELS``, or an older name) or ``module:Class``.

    A ``module:Class`` is created with ``Class(seed=seed)`` if it takes a seed, else ``Class()``.
    """
    level = level_name(spec)
    if level in _LEVEL_CLASSES:
        return _LEVEL_CLASSES[level](seed)
    if ":" in spec:
        return _load(spec, seed)
    levels = ", ".join(LEVELS)
    raise ValueError(f"Unknown computer level {spec!r}: choose {levels}, or module:Class.")


__all__ = [
    "LEVELS",
    "OLD_NAMES",
    "STRONGEST",
    "Bot",
    "find_bots_beside_you",
    "level_name",
    "make_bot",
    "prepare",
]
