"""Where a table's computer players think: on a thread of this process, or, while a
server runs (``bots_in_processes``), in a worker process at a lower priority.

A search (the expert's) fills megabytes of plans and tables for a turn. In a server's
process that memory stayed: eleven abandoned tables played out by the computer left it
about 70 MiB larger for good (docs/ssh.md). In a worker it goes when the worker is
replaced (after ``jobs_per_worker`` decisions) or ends (idle), and a search never holds
the interpreter the players' keys need.

A built-in level is a pure function of the state, so a worker may decide any table's step:
it keeps the last few bots it made (``KEPT_BOTS``; the expert's plan for the turn under
way goes with its bot). A ``module:Class`` handed in by whoever trusts it, and any step
the worker's queue has no room for, is decided on the thread as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import Final

from ..ai import Bot, make_bot
from ..engine import GameState
from .bot_step import forced_step, next_step
from .match import Action
from .processes import Busy, PoolSlot
from .worker import WorkerLimits

Level = tuple[str, int]
"""A built-in level and the seed its bot is made with (``make_bot``)."""

KEPT_BOTS: Final = 16
"""Bots a worker keeps between decisions, the most recently used: a turn's plan is reused
by the turn's next decisions, while many tables take turns at the worker."""

log = logging.getLogger(__name__)

_bots: OrderedDict[Level, Bot] = OrderedDict()
"""A worker's bots (in a server's own process, the table keeps its bots instead)."""


def decide(kind: str, seed: int, state: GameState, progress: object = None) -> Action:
    """In a worker: the next step of the ``kind`` bot made with ``seed`` in ``state``."""
    level = (kind, seed)
    bot = _bots.pop(level, None) or make_bot(kind, seed=seed)
    _bots[level] = bot
    while len(_bots) > KEPT_BOTS:
        _bots.popitem(last=False)
    return next_step(bot, state)


def bots_kept() -> int:
    """How many bots this process keeps for workers' decisions (none outside a worker)."""
    return len(_bots)


_slot = PoolSlot()


def bots_in_processes(limits: WorkerLimits) -> contextlib.AbstractContextManager[None]:
    """While this lasts, tables' built-in computer players think in worker processes."""
    return _slot.running(limits)


def thinking_in_processes() -> bool:
    return _slot.current is not None


def _nothing() -> None:
    pass


def _no_progress(done: int, total: int) -> None:
    pass


async def think(level: Level | None, bot: Callable[[], Bot], state: GameState) -> Action:
    """The next step in ``state`` of the seat's computer player: ``level`` in a worker
    when there are workers, else ``bot()`` on a thread (``level`` None: a handed-in bot)."""
    processes = _slot.current
    forced = forced_step(state)
    if forced is not None:  # nothing to think about: no round trip to a worker
        return forced
    if processes is not None and level is not None:
        try:
            return await processes.run(decide, (*level, state), _nothing, _no_progress)
        except Busy:
            pass  # no room in the queue: decided here instead
        except Exception:  # a worker that died (killed, out of memory): the game goes on
            log.exception("A computer player's worker failed; the step is decided here.")
    return await asyncio.to_thread(next_step, bot(), state)
