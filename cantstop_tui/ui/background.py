"""One thread for the analysis screens ask for (reviews, live win chances), off the event
loop so keys never wait for it. A server's visitors share it: however many ask, the
process works out one thing at a time, and Textual's own thread pool stays free."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")

_POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cantstop-analysis")


async def in_background(work: Callable[[], T]) -> T:
    """``work()``'s result, worked out on the analysis thread."""
    return await asyncio.get_running_loop().run_in_executor(_POOL, work)
