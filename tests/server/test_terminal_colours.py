"""The visitor's terminal decides the colours (TERM from the pty request, COLORTERM and
NO_COLOR sent as environment variables), up to the server's ``--colors``; a dumb terminal
is told why and closed. Sessions of different depths at once never mix their colours."""

from __future__ import annotations

import asyncio
import re

import asyncssh
import pytest

from cantstop_tui.server.server import GameServer
from cantstop_tui.ui.colors import ColorDepth
from cantstop_tui.ui.textual_compat import forget_rendered_codes, terminal_console

from .conftest import Player, make_server

SGR = re.compile(r"\x1b\[([\d;]*)m")


def depths_drawn(output: str) -> set[str]:
    """The kinds of colour codes in ``output``: truecolor, 256, 16 (defaults are none)."""
    kinds: set[str] = set()
    for match in SGR.finditer(output):
        codes = [int(c) for c in match[1].split(";") if c]
        index = 0
        while index < len(codes):
            code = codes[index]
            if code in (38, 48) and index + 1 < len(codes):
                kinds.add("truecolor" if codes[index + 1] == 2 else "256")
                index += 5 if codes[index + 1] == 2 else 3
                continue
            if 30 <= code <= 37 or 40 <= code <= 47 or 90 <= code <= 97 or 100 <= code <= 107:
                kinds.add("16")
            index += 1
    return kinds


@pytest.fixture(autouse=True)
def codes_of_no_other_depth() -> None:
    """Other tests in this process drew at other depths, and Rich and Textual keep the
    codes first drawn (a server's own consoles all draw truecolor)."""
    forget_rendered_codes()


@pytest.fixture
async def server(host_key: asyncssh.SSHKey) -> object:
    game_server = make_server(host_key, colors="truecolor")
    await game_server.start()
    yield game_server
    await game_server.close()


async def lobby_output(
    server: GameServer, name: str, term: str, env: dict[str, str] | None = None
) -> str:
    player = await Player.connect(server.port, name, term_type=term, env=env or {})
    await player.wait_for("lobby")
    await player.wait_for("press c to create one")
    return player.raw()


@pytest.mark.parametrize(
    ("term", "env", "expected"),
    [
        ("xterm-256color", {"COLORTERM": "truecolor"}, {"truecolor"}),
        ("xterm-256color", {}, {"256"}),
        ("xterm", {}, {"16"}),
        ("xterm-mono", {}, set()),
        ("xterm-256color", {"NO_COLOR": "1"}, set()),
    ],
)
async def test_the_clients_terminal_decides_the_colours(
    server: GameServer, term: str, env: dict[str, str], expected: set[str]
) -> None:
    assert depths_drawn(await lobby_output(server, "ana", term, env)) == expected


async def test_sessions_of_different_depths_at_once_keep_their_own(server: GameServer) -> None:
    """Rich caches a style's codes on the (shared) style: each session must still get its
    own depth while the others draw."""
    outputs = await asyncio.gather(
        lobby_output(server, "ana", "xterm-256color", {"COLORTERM": "truecolor"}),
        lobby_output(server, "bob", "xterm-256color"),
        lobby_output(server, "cat", "xterm"),
        lobby_output(server, "dan", "xterm-mono"),
    )
    assert [depths_drawn(o) for o in outputs] == [{"truecolor"}, {"256"}, {"16"}, set()]


async def test_without_colours_the_focus_is_drawn_in_reverse(server: GameServer) -> None:
    player = await Player.connect(server.port, "ana", term_type="xterm-mono")
    await player.wait_for("press c to create one")
    player.view.raw.clear()
    player.press("c")  # the form opens with its first field focused
    await player.wait_for("New table")
    await player.wait_for(lambda: "7" in sgr_codes(player.raw()), "a reversed field")
    assert depths_drawn(player.raw()) == set()


def sgr_codes(output: str) -> set[str]:
    return {code for match in SGR.finditer(output) for code in match[1].split(";")}


@pytest.mark.parametrize(("ceiling", "expected"), [("256", {"256"}), ("16", {"16"})])
async def test_the_servers_colors_is_the_ceiling(
    host_key: asyncssh.SSHKey, ceiling: ColorDepth, expected: set[str]
) -> None:
    server = make_server(host_key, colors=ceiling)
    await server.start()
    try:
        output = await lobby_output(server, "ana", "xterm-256color", {"COLORTERM": "truecolor"})
        assert depths_drawn(output) == expected
    finally:
        await server.close()


async def test_a_dumb_terminal_gets_one_sentence_and_is_closed(server: GameServer) -> None:
    player = await Player.connect(server.port, "ana", term_type="dumb")
    await asyncio.wait_for(player.view.closed.wait(), 10)
    assert player.raw() == (
        "Can't Stop draws a full screen, which a dumb terminal cannot show: "
        "connect from a terminal such as xterm.\r\n"
    )
    assert not server.sessions


def test_terminal_console_reads_richs_private_environ() -> None:
    """ui/textual_compat/rendering.terminal_console: Rich's ``Console(_environ=...)``."""
    assert terminal_console({"TERM": "xterm-256color"}).color_system == "256"
    assert terminal_console({"COLORTERM": "truecolor"}).color_system == "truecolor"
    assert terminal_console({"TERM": "dumb"}).is_dumb_terminal
