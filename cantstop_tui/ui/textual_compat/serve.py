"""textual-serve's copy of the web game's stderr, taken over (``take_game_stderr``): the
one private name of textual-serve used, ``AppService._open_app_process``, guarded by
tests/ui/test_compat_serve.py. Imported by the web server only (textual-serve brings
aiohttp), so the package does not import it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual_serve.app_service import AppService


def take_game_stderr(
    service: AppService,
    take: Callable[[asyncio.StreamReader, asyncio.subprocess.Process], None],
) -> None:
    """Hand the stderr of the game process ``service`` starts to ``take`` (with the process):
    textual-serve's ``AppService.run`` would keep all of it in memory and copy it to the
    server's stdout, without a limit; it is given a stream that has already ended instead.
    Wraps ``AppService._open_app_process`` on this one service."""
    opened = service._open_app_process

    async def open_process(width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        process = await opened(width, height)
        if process.stderr is not None:
            take(process.stderr, process)
            process.stderr = asyncio.StreamReader()
            process.stderr.feed_eof()
        return process

    service._open_app_process = open_process  # type: ignore[method-assign]
