"""The Replay screen: step through a recorded game; ``p`` plays on from the step shown,
with new dice: whoever watched the replay knows the recorded ones."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Static

from ...play.match import Match
from ...storage.replay import Replay
from .. import screen_keys
from ..glyphs import Glyphs, app_glyphs
from ..keys import bindings
from ..screen_app import ScreenApp
from ..view import GameView
from ..widgets.board import Board
from ..widgets.dice import DiceView
from ..widgets.keys_bar import KeysBar
from ..widgets.players import PlayersPanel

PLAY_ON_HINT = (
    f"Press {screen_keys.PLAY_ON.said} to play on from this step with new dice: "
    "this replay gives nothing away about what they will show."
)


@dataclass(frozen=True, slots=True)
class PlayOn:
    """The player's choice to play on: from position ``index`` of the replay."""

    index: int
    match: Match

    @property
    def notice(self) -> str:
        return f"Playing on from step {self.index} with new dice."


class ReplayScreen(Screen[PlayOn | None]):
    DEFAULT_CSS = """
    ReplayScreen #title {
        text-style: bold;
        padding: 0 1;
    }
    ReplayScreen #caption {
        padding: 0 1;
        color: $accent;
        text-style: bold;
    }
    ReplayScreen Horizontal {
        height: auto;
    }
    ReplayScreen #side {
        width: 1fr;
        height: auto;
    }
    ReplayScreen #happened {
        padding: 1 1 0 1;
        height: auto;
    }
    ReplayScreen #fresh-dice {
        padding: 1 1 0 1;
        height: auto;
        color: $text-muted;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = bindings(screen_keys.REPLAY)

    view: var[GameView | None] = var(None)
    """The position shown, published to the widgets that draw it."""

    def __init__(
        self,
        replay: Replay,
        title: str = "",
        glyphs: Glyphs | None = None,
        *,
        start: int | None = None,
        play_on: bool = True,
    ) -> None:
        super().__init__()
        self.replay = replay
        self.title_text = title
        self.given_glyphs = glyphs
        self.index = replay.last if start is None else min(max(start, 0), replay.last)
        self.play_on = play_on
        """Whether ``p`` plays on (not over SSH, where the table decides the games)."""

    @property
    def glyphs(self) -> Glyphs:
        """The glyphs given, else the app's (ASCII under ``--ascii``)."""
        return self.given_glyphs or app_glyphs(self.app)

    def compose(self) -> ComposeResult:
        yield Static(f"Replay {self.title_text}".strip(), id="title")
        yield Static(id="caption")
        with Horizontal():
            yield Board(self.glyphs, id="board").data_bind(ReplayScreen.view)
            with Vertical(id="side"):
                yield PlayersPanel(self.glyphs, id="players").data_bind(ReplayScreen.view)
                yield DiceView(self.glyphs, id="dice").data_bind(ReplayScreen.view)
                yield Static(id="happened")
                if self.play_on:
                    yield Static(PLAY_ON_HINT, id="fresh-dice")
        yield KeysBar()

    def on_mount(self) -> None:
        self.show(self.index)

    def show(self, index: int) -> None:
        self.index = index
        position = self.replay.position(index)
        self.view = GameView(position.match)  # the board, the players and the dice draw it
        self.query_one("#caption", Static).update(self.replay.caption(index))
        happened = "\n".join(self.replay.happened(index))
        self.query_one("#happened", Static).update(happened)
        for hint in self.query("#fresh-dice"):
            hint.display = self.can_play_on
        self.refresh_bindings()  # ``p`` leaves the keys bar at a finished game's last step

    def action_step(self, delta: int) -> None:
        self.show(min(max(self.index + delta, 0), self.replay.last))

    def action_jump(self, index: int) -> None:
        self.show(self.replay.last if index < 0 else index)

    @property
    def can_play_on(self) -> bool:
        """Whether ``p`` plays on from the step shown: not where the game is over."""
        return self.play_on and not self.replay.position(self.index).match.state.is_over

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``p`` where the game can go on; Back and Start not at the first step, Forward and
        End not at the last (the keys bar shows only keys that act)."""
        if action == "play_on":
            return self.can_play_on
        if (action, parameters) in (("step", (-1,)), ("jump", (0,))):
            return self.index > 0
        if (action, parameters) in (("step", (1,)), ("jump", (-1,))):
            return self.index < self.replay.last
        return True

    def action_play_on(self) -> None:
        self.dismiss(PlayOn(self.index, self.replay.play_on(self.index)))

    def action_close(self) -> None:
        self.dismiss(None)


def ReplayApp(
    replay: Replay, title: str = "", ascii_only: bool = False
) -> ScreenApp[PlayOn | None]:
    """``cantstop replay FILE``: the Replay screen on its own."""
    return ScreenApp(
        "Can't Stop replay", lambda glyphs: ReplayScreen(replay, title, glyphs), ascii_only
    )
