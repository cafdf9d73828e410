"""The legal moves of the roll, one clickable line each; or why the roll went bust."""

from __future__ import annotations

import textwrap
from collections.abc import Hashable

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from ...engine import Busted, Phase, can_stop, legal_moves
from ...play.explain import (
    bust_reasons,
    bust_summary,
    chance_after,
    move_dice,
    move_effect,
    percent,
)
from ..keys import ROLL, STOP
from ..messages import MoveChosen
from ..view import GameView
from .view_widget import ViewWidget

WIDTH = 54
"""The narrowest the notices are wrapped to (the width inside the box at 80 columns)."""
MARGIN = " "
"""The box's margin, left and right of its lines."""


def _moves(view: GameView | None) -> tuple[tuple[int, ...], ...]:
    if view is None or not view.may_act:
        return ()
    return legal_moves(view.state)


class ChoiceRule(Widget):
    """The line over the moves: a widget of its own, drawn once, so that the moves under
    it (``PairChoice``) have no border and hand the compositor their own lines."""

    DEFAULT_CSS = """
    ChoiceRule {
        width: 100%;
        height: 1;
        border-top: solid $primary;
    }
    ChoiceRule:ansi {
        border-top: solid ansi_blue;
    }
    """


class PairChoice(ViewWidget):
    DEFAULT_CSS = """
    PairChoice {
        link-style: none;
        link-style-hover: bold;
        width: 56;
        height: 1fr;
    }
    """

    def render_key(self, view: GameView) -> Hashable:
        state = view.state
        return (view.match.seats, state, view.may_act, view.notice, view.match.last_bust,
                self.wrap_width, view.seated)

    @property
    def wrap_width(self) -> int:
        """Notices and bust reasons are wrapped to the box as wide as the board is, less
        its margins."""
        return max(WIDTH, self.size.width - 2 * len(MARGIN))

    def draw_lines(self, view: GameView) -> list[Text]:
        """The lines of ``draw``, each after the box's left margin (drawn here: a widget
        without padding hands the compositor its own lines)."""
        lines = super().draw_lines(view)
        for line in lines:
            line.pad_left(len(MARGIN))
        return lines

    @property
    def moves(self) -> tuple[tuple[int, ...], ...]:
        return _moves(self.view)

    def draw(self, view: GameView) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        for line in textwrap.wrap(view.notice, self.wrap_width):
            text.append(line + "\n", style="bold yellow")
        busted = view.match.last_bust  # explained until the next roll
        if busted is not None:
            self._render_bust(text, view, busted)
        state = view.state
        name = view.name(state.current_player)
        if state.is_over:
            text.append(f"Game over: {view.name(state.winner or 0)} wins.", style="bold")
        elif _moves(view):
            self._render_moves(text, view)
        elif not view.seated:
            text.append(f"You are watching: {name} is playing.", style="italic")
        elif view.bot_turn:
            text.append(f"{name} is playing. Press any key to hurry.", style="italic")
        elif not view.may_act:
            text.append(f"Waiting for {name} to play.", style="italic")
        elif state.phase is Phase.ROLL:
            hint = f"roll ({ROLL.said})" + (f" or stop ({STOP.said})" if can_stop(state) else "")
            text.append(f"{name}, your turn: {hint}.", style="bold")
        return text

    def _render_moves(self, text: Text, view: GameView) -> None:
        state = view.state
        assert state.dice is not None
        text.append(f"{'Choose a move: press its key or click it':<44}", style="bold")
        text.append("then bust\n", style="dim")
        for number, move in enumerate(_moves(view), start=1):
            click = Style.from_meta({"@click": f"choose({number})"})
            line = Text(style=click)
            line.append(f" {number} ", style=Style(bold=True, reverse=True))
            # Two sums of two digits fill the dice's 14 cells: a space keeps the effect apart.
            line.append(f" {move_dice(state.dice, move):<14} ")
            effect = move_effect(state, move)
            line.append(f"{effect[:28]:<28}")
            line.append(f" {percent(chance_after(state, move)):>6}\n", style="dim")
            text.append_text(line)

    def _render_bust(self, text: Text, view: GameView, busted: Busted) -> None:
        for line in textwrap.wrap(bust_summary(view.match, busted), self.wrap_width):
            text.append(line + "\n", style="bold red")
        for reason in bust_reasons(view.match, busted):
            for line in textwrap.wrap(
                reason, self.wrap_width, initial_indent="  ", subsequent_indent="    "
            ):
                text.append(line + "\n")

    def action_choose(self, number: int) -> None:
        moves = self.moves
        if 1 <= number <= len(moves):
            self.post_message(MoveChosen(moves[number - 1]))
