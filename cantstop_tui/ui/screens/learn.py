"""The guided first game: the game screen on a ``GuidedTable``, with the guide's sentence
for each step in the side panel (on the board, not over it). ``q`` or Escape leaves at
any time without asking: nothing is lost."""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.reactive import var
from textual.widgets import Static

from ...engine import Event, Phase, legal_moves
from ...play import guide
from ...play.guided_table import GuidedTable
from ...play.match import Match
from .. import screen_keys
from ..glyphs import Glyphs
from ..keys import CHANCES, CHOOSE, HELP, HINT, KEY_ACTIONS, ROLL, STOP, bindings, help_block
from ..view import GameView
from .closing import close
from .game import GameScreen
from .help import HelpScreen

PLAY_ACTIONS = (ROLL.action, STOP.action, CHOOSE.action)
HIDDEN_ACTIONS = frozenset({HINT.action, CHANCES.action})
"""The game screen's actions the guided game has no use for (not shown, and their keys
say what to press instead)."""
LEAVE_KEYS = screen_keys.LEAVE_LESSON.keys.split(",")
HELP_KEYS = HELP.keys.split(",")


class GuidePanel(Static):
    """The guide's sentence for the step the game waits for, after what the learner did not
    see happen (their busting roll, the guide's turn) if the guide has just played: the
    game log is left out (it would not fit beside the sentence at 80x24)."""

    DEFAULT_CSS = """
    GuidePanel {
        height: 1fr;
        padding: 1 0 0 0;
    }
    """

    view: var[GameView | None] = var(None)

    def watch_view(self, view: GameView | None) -> None:
        if view is not None:
            text = Text()
            if recap := guide.recap(view.match):
                text.append("\n".join(recap) + "\n\n", style="italic")
            text.append(guide.text_of(view.match), style="bold")
            self.update(text)


class LessonHelpScreen(HelpScreen, inherit_bindings=False):
    """The help over the guided game: the keys it takes, in its words (q leaves it); it
    dismisses with True to leave the lesson."""

    BINDINGS: ClassVar[list[BindingType]] = bindings(screen_keys.LESSON_HELP_SCREEN)
    HURRIES = False  # the guide's turns are played at once

    def action_leave(self) -> None:
        close(self, True)


class LearnScreen(GameScreen):
    DEFAULT_CSS = """
    LearnScreen #log {
        display: none;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = bindings(screen_keys.LEARN)

    def __init__(self, glyphs: Glyphs) -> None:
        super().__init__(GuidedTable(), lambda: frozenset({guide.LEARNER}), glyphs,
                         hints=False, chances=False)

    def below_log(self) -> ComposeResult:
        yield GuidePanel(id="guide").data_bind(GameScreen.view)

    def _check_over(self, match: Match, events: tuple[Event, ...]) -> None:
        """The guide's last sentence says the game is won: no game-over box."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in HIDDEN_ACTIONS:
            return False
        if action in PLAY_ACTIONS and not self._takes(action, parameters):
            return False  # not this step's: the key says what the step takes (``_why_not``)
        return super().check_action(action, parameters)

    def _takes(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Whether the step takes ``action`` (a choice: only its one move's key, which the
        keys bar then shows alone)."""
        step = guide.step_of(self.table.match)
        if step is None or action != step.action:
            return False
        key = guide.key_taken(self.table.match)
        return key is None or parameters == (key,)

    def keys_hang_on(self) -> Hashable:
        """The action the step waits for, and the one key of a choice (None once the game
        is won): only its keys act."""
        step = guide.step_of(self.table.match)
        return None if step is None else (step.action, guide.key_taken(self.table.match))

    def action_leave(self) -> None:
        close(self)

    def open_help(self) -> None:
        """The lesson's help (``help.OwnHelp``): its keys only."""
        win = self.table.match.config.win_columns
        keys = help_block(screen_keys.LESSON_HELP)
        self.app.push_screen(LessonHelpScreen(self.glyphs, win, keys), self._helped)

    def _helped(self, leave: bool | None) -> None:
        if leave:
            self.call_after_refresh(close, self)  # once the help is gone: the lesson on top

    def action_not_here(self) -> None:
        self._notice(self._why_not("", ()))

    def _why_not(self, action: str, parameters: tuple[object, ...]) -> str:
        if action == CHOOSE.action and not self._a_move(parameters):
            return super()._why_not(action, parameters)  # "There is no move 5: choose 1-2."
        if action in PLAY_ACTIONS:
            return guide.why_not(self.table.match, action)  # type: ignore[arg-type]
        return guide.why_not(self.table.match) + f" ({LEAVE_KEYS[-1]} leaves the guided game.)"

    def _a_move(self, parameters: tuple[object, ...]) -> bool:
        """Whether a number key names one of the moves on the table."""
        state = self.table.match.state
        number = parameters[0] if parameters else 0
        return state.phase is Phase.CHOOSE and isinstance(number, int) and (
            1 <= number <= len(legal_moves(state)))

    def on_key(self, event: events.Key) -> None:
        if event.key in HELP_KEYS:
            return  # the help opens over the lesson, which goes on once it is closed
        name = KEY_ACTIONS.get(event.key, ("", ()))[0]
        if event.key in LEAVE_KEYS or name in PLAY_ACTIONS:
            super().on_key(event)
        elif event.is_printable or name:
            event.stop()
            self._notice(self._why_not(name, ()))
