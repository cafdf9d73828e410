"""``cantstop web`` in a real headless browser: Debian's chromium driven by Playwright.

The page is opened at the printed address (with its token) and a game is played on it with
keys and a mouse click; what the game draws is read back from the websocket's frames with
pyte. A page from another origin (a second server on another port, which the browser counts
as the same site, so the token cookie goes with it) opens the game's websocket and is
refused. Nothing the page loads comes from another origin.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pyte
import pytest
from aiohttp import web
from playwright import async_api as playwright

from cantstop_tui.server.web_guard import COOKIE, GuardedServer

from .conftest import until

CHROMIUM = Path("/usr/bin/chromium")


@pytest.fixture
def chromium() -> Path:
    """Debian's chromium: ``make test`` installs it when run as root (as CI is)."""
    if not CHROMIUM.exists():
        if os.geteuid() != 0:
            pytest.skip(f"no {CHROMIUM}, and not root to install it (apt-get install chromium)")
        pytest.fail(f"no {CHROMIUM}: make test installs it (apt-get install chromium)")
    return CHROMIUM


async def start(app: web.Application) -> tuple[web.AppRunner, int]:
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    return runner, int(runner.addresses[0][1])


@pytest.fixture
async def served() -> AsyncIterator[GuardedServer]:
    """A real ``cantstop web`` on loopback; each page runs a real game process."""
    game = [sys.executable, "-m", "cantstop_tui", "--seed", "7", "--ai-delay", "0"]
    guarded = GuardedServer(
        shlex.join(game), public_url="http://127.0.0.1:1", host="127.0.0.1", port=0
    )
    runner, port = await start(guarded.make_app())
    guarded.public_url = f"http://127.0.0.1:{port}"
    yield guarded
    await runner.cleanup()


ATTACKER_PAGE = """<!DOCTYPE html><html><body><script>
const socket = new WebSocket("%s");
socket.onopen = () => { document.title = "opened"; };
socket.onclose = () => { if (document.title !== "opened") document.title = "refused"; };
</script></body></html>"""


@pytest.fixture
async def other_origin(served: GuardedServer) -> AsyncIterator[str]:
    """Another site's page, on another port of the same host, that opens the game socket."""
    socket_url = "ws" + served.public_url.removeprefix("http") + "/ws"

    async def page(request: web.Request) -> web.Response:
        return web.Response(text=ATTACKER_PAGE % socket_url, content_type="text/html")

    app = web.Application()
    app.router.add_get("/", page)
    runner, port = await start(app)
    yield f"http://127.0.0.1:{port}/"
    await runner.cleanup()


class Screen:
    """What the game draws, read from the frames the websocket brings (pyte)."""

    def __init__(self) -> None:
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)

    def socket(self, socket: playwright.WebSocket) -> None:
        query = parse_qs(urlsplit(socket.url).query)
        self.resize(int(query["width"][0]), int(query["height"][0]))
        socket.on("framereceived", self.received)
        socket.on("framesent", self.sent)

    def resize(self, width: int, height: int) -> None:
        self.screen.resize(height, width)

    def received(self, payload: str | bytes) -> None:
        if isinstance(payload, bytes):
            self.stream.feed(payload)

    def sent(self, payload: str | bytes) -> None:
        message = json.loads(payload)
        if message[0] == "resize":
            self.resize(message[1]["width"], message[1]["height"])

    @property
    def lines(self) -> list[str]:
        return list(self.screen.display)

    def shows(self, text: str) -> Callable[[], bool]:
        return lambda: any(text in line for line in self.lines)

    def find(self, pattern: str) -> tuple[int, int]:
        """(column, row) of the first match of ``pattern``."""
        for row, line in enumerate(self.lines):
            if found := re.search(pattern, line):
                return found.start(), row
        raise AssertionError(f"{pattern!r} is not on the screen:\n" + "\n".join(self.lines))


async def click_cell(page: playwright.Page, screen: Screen, column: int, row: int) -> None:
    """A mouse click on one cell of the terminal drawn in the page."""
    box = await page.locator(".xterm-screen").bounding_box()
    assert box is not None
    width, height = box["width"] / screen.screen.columns, box["height"] / screen.screen.lines
    await page.mouse.click(box["x"] + (column + 0.5) * width, box["y"] + (row + 0.5) * height)


async def test_a_game_in_chromium_by_keys_and_a_click_and_another_origin_is_refused(
    chromium: Path, served: GuardedServer, other_origin: str, caplog: pytest.LogCaptureFixture
) -> None:
    screen = Screen()
    requests: list[str] = []
    async with playwright.async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=str(chromium))
        context = await browser.new_context(viewport={"width": 1000, "height": 640})
        page = await context.new_page()
        page.on("websocket", screen.socket)
        page.on("request", lambda request: requests.append(request.url))
        console: list[str] = []
        page.on("console", lambda message: console.append(message.text))
        first = await page.goto(served.url)
        assert first is not None and first.status == 200
        assert first.headers["referrer-policy"] == "no-referrer"
        assert "default-src 'none'" in first.headers["content-security-policy"]
        await page.locator("body.-first-byte").wait_for(state="attached")
        await page.locator("textarea.xterm-helper-textarea").focus()

        await until(screen.shows("First to play: You."), "the seeded game's first player")
        await page.keyboard.press("Enter")
        await until(screen.shows("your turn: roll"), "the first turn")
        await page.keyboard.press("r")
        await until(screen.shows("Choose a move"), "the moves of the roll")
        column, row = screen.find(r" 1  \d\+\d=")  # the first move line: "1  2+2=4  5+3=8"
        await click_cell(page, screen, column + 1, row)
        await until(screen.shows("or stop (s)"), "the clicked move to be played")
        await page.keyboard.press("s")
        # A new turn of ours: nothing to stop yet ("...roll (r or space) or stop (s)." before).
        await until(screen.shows("your turn: roll (r or space)."), "the computer's turn, then ours")

        fonts = "() => [...document.fonts].filter(f => f.status === 'loaded').map(f => f.family)"
        assert "Roboto Mono" in await page.evaluate(fonts), "the font, from the game's server"
        own = served.public_url + "/"
        assert requests and all(url.startswith(own) for url in requests), requests
        assert any("/static/fonts/" in url for url in requests)
        # The policy blocks only textual.js's own two inline <style>s (page.css has their rules).
        refused = [line for line in console if "Content Security Policy" in line]
        assert all(line.startswith("Applying inline style") for line in refused), refused

        cookies = {cookie["name"]: cookie for cookie in await context.cookies(served.public_url)}
        assert cookies[COOKIE]["value"] == served.token  # the other page's socket carries it
        attacker = await context.new_page()
        await attacker.goto(other_origin)
        await attacker.wait_for_function("document.title !== ''")
        assert await attacker.title() == "refused"
        assert f"opened by the page of '{other_origin.rstrip('/')}'" in caplog.text
        await browser.close()
