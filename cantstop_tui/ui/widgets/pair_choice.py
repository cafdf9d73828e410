"""The legal moves of the roll, one clickable line each; or why the roll went bust."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Hashable
from functools import cache

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
from ...play.narration import verb
from ..keys import HURRY, ROLL, STOP
from ..messages import MoveChosen
from ..view import GameView
from .view_widget import ViewWidget

_NUMBER = Style(bold=True, reverse=True)
"""A move's number, as a key cap."""
WIDTH = 54
"""The narrowest the notices are wrapped to (the width inside the box at 80 columns)."""
MARGIN = " "
"""The box's margin, left and right of its lines."""


@cache
def _click(number: int) -> Style:
    """What clicking move ``number``'s line does: one style a number, for every drawing."""
    return Style.from_meta({"@click": f"choose({number})"})


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
                self.wrap_width, view.seated, view.bot_turn, view.away)

    @property
    def wrap_width(self) -> int:
        """Notices and bust reasons are wrapped to the box as wide as the board is, less
        its margins."""
        return max(WIDTH, self.size.width - 2 * len(MARGIN))

    @property
    def moves(self) -> tuple[tuple[int, ...], ...]:
        return _moves(self.view)

    def draw(self, view: GameView) -> Text:
        return Text("\n").join(self.draw_lines(view))

    def draw_lines(self, view: GameView) -> list[Text]:
        """One line a row, each after the box's left margin (drawn here: a widget without
        padding hands the compositor its own lines)."""
        lines: list[Text] = []

        def add(words: str, style: str = "") -> None:
            line = Text(MARGIN, no_wrap=True, overflow="crop")
            line.append(words, style=style)
            lines.append(line)

        for line in textwrap.wrap(view.notice, self.wrap_width):
            add(line, "bold yellow")
        busted = view.match.last_bust  # explained until the next roll
        if busted is not None:
            self._draw_bust(add, view, busted)
        state = view.state
        name = view.name(state.current_player)
        if state.is_over:
            add(f"Game over: {verb(view.name(state.winner or 0), 'win')}.", "bold")
        elif _moves(view):
            lines += self._draw_moves(view)
        elif not view.seated:
            add(f"You are watching: {watched(view, name)}", "italic")
        elif view.bot_turn:
            add(watched(view, name), "italic")  # said as to a spectator
            # The first letter up only: the keys keep their names ("PgUp/PgDn").
            add(f"{HURRY.said[:1].upper()}{HURRY.said[1:]} hurries it.", "italic")
        elif not view.may_act:
            away = state.current_player in view.away  # said as to a spectator
            add(watched(view, name) if away else f"Waiting for {name} to play.", "italic")
        elif state.phase is Phase.ROLL:
            offered = [f"{key.action} ({key.said})" for key in (ROLL, STOP) if view.offers(
                key.action) and (key is ROLL or can_stop(state))]
            add(f"{name}, your turn: {' or '.join(offered)}.", "bold")
        else:
            add("")
        return lines

    def _draw_moves(self, view: GameView) -> list[Text]:
        state = view.state
        assert state.dice is not None
        title = Text(MARGIN, no_wrap=True, overflow="crop")
        title.append(f"{'Choose a move: press its key or click it':<44}", style="bold")
        title.append("then bust", style="dim")
        lines = [title]
        for number, move in enumerate(_moves(view), start=1):
            clickable = Text(style=_click(number))
            clickable.append(f" {number} ", style=_NUMBER)
            # Two sums of two digits fill the dice's 14 cells: a space keeps the effect apart.
            clickable.append(f" {move_dice(state.dice, move):<14} ")
            effect = move_effect(state, move)
            clickable.append(f"{effect[:28]:<28}")
            clickable.append(f" {percent(chance_after(state, move)):>6}", style="dim")
            line = Text(MARGIN, no_wrap=True, overflow="crop")
            line.append_text(clickable)
            lines.append(line)
        return lines

    def _draw_bust(self, add: Callable[[str, str], None], view: GameView, busted: Busted) -> None:
        for line in textwrap.wrap(bust_summary(view.match, busted), self.wrap_width):
            add(line, "bold red")
        for reason in bust_reasons(view.match, busted):
            for line in textwrap.wrap(
                reason, self.wrap_width, initial_indent="  ", subsequent_indent="    "
            ):
                add(line, "")

    def action_choose(self, number: int) -> None:
        moves = self.moves
        if 1 <= number <= len(moves):
            self.post_message(MoveChosen(moves[number - 1]))


def watched(view: GameView, name: str) -> str:
    """What everyone but the player to move is told of a computer's turn or a player who
    left (spectators, and the other players, alike): playing, away, or played for."""
    if view.state.current_player not in view.away:
        return f"{name} is playing."
    if view.bot_turn:
        return f"the computer plays for {name}."
    return held(name)


def held(name: str) -> str:
    """The player to move has left the table and their seat waits for them."""
    return f"{name} left; their seat is held."
