"""How fast the computer players step: a default every app, lobby and command line takes,
in a module of its own so the command line reads it without loading the table (asyncio)."""

from __future__ import annotations

from typing import Final

BOT_DELAY: Final = 0.6
"""Seconds between a computer player's steps unless told otherwise (``--ai-delay``): the
one default every app, lobby and command line takes."""
