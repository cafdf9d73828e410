"""``cantstop web`` behind a token, an Origin check and a cap on games, against a real
aiohttp server on loopback (the game process itself is replaced by a stub socket)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

from cantstop_tui.server.web import COOKIE, GuardedServer, build_server
from cantstop_tui.ui.textual_compat import web_application


@pytest.fixture
async def site() -> AsyncIterator[tuple[GuardedServer, str]]:
    guarded = build_server(["--port", "0", "--max-sessions", "1"])

    async def stub_socket(request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        await socket.send_str("game")
        async for _ in socket:
            pass
        return socket

    guarded.handle_websocket = stub_socket  # type: ignore[method-assign]
    server = TestServer(await web_application(guarded), host="127.0.0.1")
    await server.start_server()
    base = f"http://127.0.0.1:{server.port}"
    guarded.public_url = base
    yield guarded, base
    await server.close()


def test_web_listens_on_loopback_unless_told_and_prints_a_token_url() -> None:
    guarded = build_server(["--port", "8123", "--ascii"])
    assert guarded.host == "127.0.0.1" and guarded.port == 8123
    assert guarded.command.endswith("-m cantstop_tui --ascii")
    assert guarded.url.startswith("http://127.0.0.1:8123/?token=") and len(guarded.token) >= 32
    assert build_server([]).token != guarded.token


async def test_requests_without_the_token_are_refused(site) -> None:
    guarded, base = site
    # A browser keeps cookies for 127.0.0.1; aiohttp's jar does so only when told.
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        for path in ("/", "/static/css/xterm.css", "/ws", "/?token=wrong"):
            async with http.get(base + path) as response:
                assert response.status == 403, path
        async with http.get(f"{base}/?token={guarded.token}") as response:
            assert response.status == 200
            assert response.cookies[COOKIE].value == guarded.token
            assert response.cookies[COOKIE]["samesite"] == "Strict"
        async with http.get(base + "/static/css/xterm.css") as response:
            assert response.status != 403  # the cookie now carries the token


async def test_a_socket_from_another_origin_is_refused_and_the_own_origin_plays(site) -> None:
    guarded, base = site
    jar = {COOKIE: guarded.token}
    async with aiohttp.ClientSession(cookies=jar) as http:
        for origin in ("http://evil.example", "null", ""):
            headers = {"Origin": origin} if origin else {}
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(base + "/ws", headers=headers)
            assert refused.value.status == 403
        socket = await http.ws_connect(base + "/ws", headers={"Origin": base})
        assert (await socket.receive_str()) == "game"
        # The one place is taken: the next visitor is told to wait.
        with pytest.raises(aiohttp.WSServerHandshakeError) as full:
            await http.ws_connect(base + "/ws", headers={"Origin": base})
        assert full.value.status == 503
        async with http.get(f"{base}/?token={guarded.token}") as page:
            assert page.status == 503 and "please wait" in await page.text()
        await socket.close()
