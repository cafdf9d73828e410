"""Roll and Stop, as clickable buttons (for a spectator: that they are watching), with the
exact chance that the next roll busts.

A button is drawn only while a press of it acts, as the keys bar shows only the keys that
act (``keys_bar``): Roll on one's own turn before a roll, Stop then too once the engine
allows stopping (not at a turn's start, nor where the forced variant forbids it; ``s``
still says why). Where neither acts (choosing a move, another's turn) the line is blank."""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction

from rich.style import Style
from rich.text import Text

from ...engine import Phase, bust_probability, can_stop
from ...play.explain import percent
from ..keys import ROLL, STOP
from ..messages import RollRequested, StopRequested
from ..view import GameView
from .view_widget import ViewWidget


class ActionBar(ViewWidget):
    DEFAULT_CSS = """
    ActionBar {
        link-style: none;
        link-style-hover: bold;
        height: 3;
        width: 1fr;
    }
    """
    KEPT_DRAWINGS = 8
    """A turn goes between a few looks of the bar (rolling at a few chances, choosing)."""

    def render_key(self, view: GameView) -> Hashable:
        return (_controls(view), view.may_act, view.state.phase, view.seated)

    def draw(self, view: GameView) -> Text:
        rolling, allowed, chance = _controls(view)
        text = Text(no_wrap=True, overflow="crop")
        if view.seated:
            if rolling:
                text.append_text(_button(f" {ROLL.label} {ROLL.first} ", ROLL.action))
            if allowed:
                text.append(" ")
                text.append_text(_button(f" {STOP.label} {STOP.first} ", STOP.action))
        else:
            text.append("Watching", style="bold reverse")
        text.append("\nNext roll busts:\n", style="dim" if chance is None else "")
        if chance is not None:
            text.append(percent(chance), style="bold")
            if chance:
                text.append(f" ({chance.numerator}/{chance.denominator})", style="dim")
        elif view.may_act and view.state.phase is Phase.CHOOSE:
            text.append("see each move", style="dim")
        elif view.state.phase is Phase.CHOOSE:
            text.append("once a move is chosen", style="dim")
        else:
            text.append("-", style="dim")  # the game is over
        return text

    def action_roll(self) -> None:
        self.post_message(RollRequested())

    def action_stop(self) -> None:
        self.post_message(StopRequested())


def _controls(view: GameView) -> tuple[bool, bool, Fraction | None]:
    """May roll, may stop (the engine says; the forced variant may forbid it), the bust
    chance of the next roll."""
    state = view.state
    rolling = view.may_act and state.phase is Phase.ROLL
    chance = bust_probability(state) if state.phase is Phase.ROLL and not state.is_over else None
    return (rolling, rolling and can_stop(state), chance)


def _button(label: str, action: str) -> Text:
    """A button that acts: bold brackets, its label reversed, a click presses its key."""
    click = Style.from_meta({"@click": action})
    style = Style(bold=True, reverse=True) + click
    return Text.assemble(("[", "bold"), (label, style), ("]", "bold"))
