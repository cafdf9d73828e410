"""textual-serve's private part that ``textual_compat.serve`` uses, named and checked."""

from __future__ import annotations

from cantstop_tui.ui.textual_compat.serve import take_game_stderr


async def test_take_game_stderr_wraps_textual_serves_open_app_process() -> None:
    """``textual_serve.app_service.AppService._open_app_process``, the one textual-serve
    name the compat layer uses: the game's stderr goes to the taker, whole."""
    import asyncio
    import shlex
    import sys

    from textual_serve.app_service import AppService
    from textual_serve.download_manager import DownloadManager

    assert callable(getattr(AppService, "_open_app_process", None))
    said = "import sys; sys.stderr.write('a line for the taker'); print('__GANGLION__')"

    async def nothing(*_args: object) -> None:
        return None

    service = AppService(
        shlex.join([sys.executable, "-c", said]),
        write_bytes=nothing,
        write_str=nothing,
        close=nothing,
        download_manager=DownloadManager(),
    )
    taken: list[tuple[asyncio.StreamReader, asyncio.subprocess.Process]] = []
    take_game_stderr(service, lambda *given: taken.append(given))
    await service.start(80, 24)
    assert len(taken) == 1
    stream, process = taken[0]
    assert await asyncio.wait_for(stream.read(), 20) == b"a line for the taker"
    await service.stop()
    assert await asyncio.wait_for(process.wait(), 20) == 0
