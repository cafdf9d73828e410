"""``cantstop web`` behind a token, an Origin check and a cap on games, against a real
aiohttp server on loopback (the game process itself is replaced by a stub socket)."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

from cantstop_tui.server import logs, web_guard, web_relay
from cantstop_tui.server.settings import Settings
from cantstop_tui.server.terminal_fit import MAX_SIZE, MIN_SIZE
from cantstop_tui.server.web import build_server
from cantstop_tui.server.web_guard import COOKIE, GuardedServer

from .conftest import WAIT_SECONDS, until


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
    server = TestServer(guarded.make_app(), host="127.0.0.1")
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


async def test_requests_without_the_token_are_refused(site: tuple[GuardedServer, str]) -> None:
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


async def test_a_socket_from_another_origin_is_refused_and_the_own_origin_plays(
    site: tuple[GuardedServer, str],
) -> None:
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


async def test_a_forged_host_with_a_matching_origin_is_refused(
    site: tuple[GuardedServer, str],
) -> None:
    """The Origin is checked against --public-url, not against the request's Host header
    (which the client writes, as DNS rebinding does)."""
    guarded, base = site
    forged = {"Host": "evil.example", "Origin": "http://evil.example"}
    async with aiohttp.ClientSession(cookies={COOKIE: guarded.token}) as http:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(base + "/ws", headers=forged)
        assert refused.value.status == 403


async def test_the_public_url_is_the_one_origin_that_may_open_a_game(
    site: tuple[GuardedServer, str],
) -> None:
    guarded, base = site
    guarded.public_url = "https://cantstop.example"  # behind a proxy
    async with aiohttp.ClientSession(cookies={COOKIE: guarded.token}) as http:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(base + "/ws", headers={"Origin": base})
        assert refused.value.status == 403
        socket = await http.ws_connect(base + "/ws", headers={"Origin": guarded.public_url})
        assert (await socket.receive_str()) == "game"
        await socket.close()


@pytest.mark.parametrize(
    ("argv", "url"),
    [
        ([], "http://127.0.0.1:8000"),
        (["--host", "::1", "--port", "8011"], "http://[::1]:8011"),
        (["--host", "0.0.0.0", "--public-url", "https://Play.Example/"], "https://play.example"),
        (["--public-url", "http://play.example:8080"], "http://play.example:8080"),
        # What browsers send as Origin: no default port, no user.
        (["--port", "80"], "http://127.0.0.1"),
        (["--public-url", "https://ana@play.example:443"], "https://play.example"),
        (["--host", "::", "--public-url", "http://[::1]:8011/"], "http://[::1]:8011"),
    ],
)
def test_the_public_url_defaults_to_the_listening_address(argv: list[str], url: str) -> None:
    assert build_server(argv).public_url == url


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (["--host", "0.0.0.0"], "say it with --public-url"),
        (["--public-url", "play.example"], "must be http://HOST[:PORT]"),
        (["--public-url", "ftp://play.example"], "must be http://HOST[:PORT]"),
        (["--public-url", "http://play.example/cantstop"], "no path"),
        (["--public-url", "http://play.example:port"], "is not an address"),
        (["--port", "70000"], "--port must be 0 to 65535"),
    ],
)
def test_a_bad_address_is_told_in_a_sentence(argv: list[str], sentence: str) -> None:
    with pytest.raises(SystemExit) as stopped:
        build_server(argv)
    assert str(stopped.value).startswith("cantstop web: ") and sentence in str(stopped.value)


async def test_every_response_forbids_other_sites_and_tells_them_nothing(
    site: tuple[GuardedServer, str],
) -> None:
    guarded, base = site
    own = f"{base}/"
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        pages = {}
        for path in (
            f"/?token={guarded.token}",
            "/page/page.css",
            "/static/css/xterm.css",
            "/page/page.js",
            "/nothing",
            "/ws",
        ):
            async with http.get(base + path) as response:
                pages[path] = response.status, await response.text()
                policy = response.headers["Content-Security-Policy"]
                assert "default-src 'none'" in policy and "script-src 'self';" in policy, path
                assert f"connect-src 'self' ws://{base.removeprefix('http://')};" in policy
                assert "unsafe" not in policy
                assert response.headers["Referrer-Policy"] == "no-referrer", path
        assert [status for status, _ in pages.values()] == [200, 200, 200, 200, 404, 403]
        index, css = pages[f"/?token={guarded.token}"][1], pages["/page/page.css"][1]
        links = re.findall(r"(?:href|src)=\"([^\"]+)\"", index)
        assert len(links) == 4 and all(link.startswith(own) for link in links), links
        assert "<script>" not in index and "<style" not in index and "onClick" not in index
        assert re.findall(r"url\(\"([^\"]+)\"\)", css) == [
            "/static/fonts/RobotoMono-VariableFont_wght.ttf",
            "/static/fonts/RobotoMono-Italic-VariableFont_wght.ttf",
        ]
        for font in re.findall(r"url\(\"([^\"]+)\"\)", css):
            async with http.get(base + font) as response:
                assert response.status == 200 and len(await response.read()) > 10_000


class FakeGame:
    """Stands for textual-serve's AppService: records what the page's messages become."""

    def __init__(self, command: str, **_: object) -> None:
        self.calls: list[tuple[Any, ...]] = []
        GAMES.append(self)

    async def start(self, width: int, height: int) -> None:
        self.calls.append(("start", width, height))

    async def stop(self) -> None:
        self.calls.append(("stop",))

    async def _open_app_process(self, width: int = 80, height: int = 24) -> None:
        """AppService's, which ``textual_compat.serve.take_game_stderr`` wraps (never called
        here: this game has no process)."""

    async def send_bytes(self, data: bytes) -> bool:
        self.calls.append(("keys", data))
        return True

    async def set_terminal_size(self, width: int, height: int) -> None:
        self.calls.append(("size", width, height))

    async def blur(self) -> None:
        self.calls.append(("blur",))

    async def focus(self) -> None:
        self.calls.append(("focus",))


GAMES: list[FakeGame] = []


Opener = Callable[[str], Awaitable[aiohttp.ClientWebSocketResponse]]


@pytest.fixture
async def page_socket(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> AsyncIterator[Opener]:
    """Opens the game's socket as the page does, on a real server whose games are
    :class:`FakeGame`s; the server's warnings are captured."""
    monkeypatch.setattr(web_guard, "AppService", FakeGame)
    GAMES.clear()
    caplog.set_level(logging.WARNING, "cantstop.web")
    guarded = build_server(["--port", "0"])
    server = TestServer(guarded.make_app(), host="127.0.0.1")
    await server.start_server()
    base = guarded.public_url = f"http://127.0.0.1:{server.port}"
    async with aiohttp.ClientSession(cookies={COOKIE: guarded.token}) as http:

        async def open_socket(query: str) -> aiohttp.ClientWebSocketResponse:
            return await http.ws_connect(f"{base}/ws{query}", headers={"Origin": base})

        yield open_socket
    await server.close()


async def game_over() -> FakeGame:
    """The one game, once the server has read every message and stopped it."""
    await until(lambda: len(GAMES) == 1 and ("stop",) in GAMES[0].calls, "the game's end")
    return GAMES[0]


async def test_sizes_are_clamped_and_what_the_page_never_sends_is_dropped_and_logged_once(
    page_socket: Opener, caplog: pytest.LogCaptureFixture
) -> None:
    socket = await page_socket("?width=100000&height=abc")
    junk = ["not json", "[]", "{}", '["stdin", 5]', '["resize", 7]', '["upload", "x"]', "7"]
    for message in [
        *junk * 20,
        '["resize", {"width": -5, "height": 10000000}]',
        '["stdin", "r"]',
        '["focus"]',
        '["blur"]',
        '["ping", "12"]',
    ]:
        await socket.send_str(message)
    assert await socket.receive_json(timeout=WAIT_SECONDS) == ["pong", "12"]
    await socket.close()
    assert (await game_over()).calls == [
        ("start", MAX_SIZE[0], 24),
        ("size", MIN_SIZE[0], MAX_SIZE[1]),
        ("keys", b"r"),
        ("focus",),
        ("blur",),
        ("stop",),
    ]
    dropped = [r.getMessage() for r in caplog.records if "never sends" in r.getMessage()]
    assert len(dropped) == 1, dropped


async def test_a_flood_of_keys_gets_the_input_budget_of_an_ssh_session(
    page_socket: Opener, caplog: pytest.LogCaptureFixture
) -> None:
    socket = await page_socket("")
    for _ in range(200):
        await socket.send_str(json.dumps(["stdin", "\x1b[<35;1;1M" * 40]))
    await socket.close()
    keys = sum(len(call[1]) for call in (await game_over()).calls if call[0] == "keys")
    # The terminal's bytes count, as over SSH, not their JSON envelope (three times as long).
    assert Settings.input_burst - 1000 <= keys < Settings.input_burst + Settings.input_rate
    floods = [r for r in caplog.records if "Input flood" in r.getMessage()]
    assert len(floods) == 1


def test_library_lines_a_client_causes_are_one_a_minute_without_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    now = [0.0]
    limited = logs.Limited(logging.getLogger("cantstop.web"), period=60, clock=lambda: now[0])
    library = logging.getLogger("textual-serve")
    once = web_guard.OnceAMinute(limited)
    library.addFilter(once)
    try:
        for _ in range(50):
            try:
                raise AssertionError("bad envelope")
            except AssertionError as error:
                library.exception(error)
        now[0] = 61.0
        library.warning("socket.send() raised exception.")
        library.exception("bad envelope")
    finally:
        library.removeFilter(once)
    lines = [record.getMessage() for record in caplog.records]
    assert len(lines) == 3, lines
    assert lines[0] == "textual-serve: bad envelope: AssertionError('bad envelope')"
    assert "Traceback" not in caplog.text
    assert lines[2].endswith("(and 49 more like it in the last minute)")


def test_docs_state_the_policy_and_limits_the_code_applies() -> None:
    docs = " ".join((Path(__file__).parents[2] / "docs" / "ssh.md").read_text().split())
    headers = web_guard.security_headers("http://host:8000")
    policy = headers["Content-Security-Policy"].replace("host:8000", "HOST:PORT")
    assert f"`Content-Security-Policy: {policy}`" in docs
    assert f"`Referrer-Policy: {headers['Referrer-Policy']}`" in docs
    sizes = f"{MIN_SIZE[0]}x{MIN_SIZE[1]} to {MAX_SIZE[0]}x{MAX_SIZE[1]}"
    assert f"clamped as over SSH ({sizes})" in docs
    assert f"at most {web_relay.MAX_MESSAGE // 1024} KB" in docs
    rate, burst = Settings.input_rate / 1024, Settings.input_burst / 1024
    assert f"input budget ({rate:g} KB/s with bursts of {burst:g} KB;" in docs
