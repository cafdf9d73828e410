"""The legal moves of the roll, one clickable line each; or why the roll went bust."""

from __future__ import annotations

import textwrap
from collections.abc import Hashable

from rich.style import Style
from rich.text import Text

from ...engine import Busted, Phase, Rolled, legal_moves
from ...play.explain import (
    bust_reasons,
    bust_summary,
    chance_after,
    move_dice,
    move_effect,
    percent,
)
from ..messages import MoveChosen
from ..view import GameView
from .view_widget import ViewWidget

WIDTH = 54


def _moves(view: GameView | None) -> tuple[tuple[int, ...], ...]:
    if view is None or not view.my_turn:
        return ()
    return legal_moves(view.state)


class PairChoice(ViewWidget):
    DEFAULT_CSS = """
    PairChoice {
        link-style: none;
        link-style-hover: bold;
        width: 56;
        height: 1fr;
        padding: 0 1;
        border-top: solid $primary;
    }
    PairChoice:ansi {
        border-top: solid ansi_blue;
    }
    """

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._bust: Busted | None = None
        self._bust_step: tuple[int, object] = (0, None)
        """How long the history was when the bust came, and its last action."""

    def _same_game_as_bust(self, view: GameView) -> bool:
        length, action = self._bust_step
        history = view.match.history
        return len(history) >= length > 0 and history[length - 1] is action

    def render_key(self, view: GameView) -> Hashable:
        if self._bust is not None and not self._same_game_as_bust(view):
            self._bust = None  # another game (a rematch, a load) is on the table now
        for event in view.events:
            if isinstance(event, Rolled):
                self._bust = None
            elif isinstance(event, Busted):
                self._bust = event
                history = view.match.history
                self._bust_step = (len(history), history[-1] if history else None)
        state = view.state
        return (view.match.seats, state, view.my_turn, view.notice, self._bust)

    @property
    def moves(self) -> tuple[tuple[int, ...], ...]:
        return _moves(self.view)

    def draw(self, view: GameView) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        for line in textwrap.wrap(view.notice, WIDTH):
            text.append(line + "\n", style="bold yellow")
        if self._bust is not None:
            self._render_bust(text, view, self._bust)
        state = view.state
        name = view.name(state.current_player)
        if state.is_over:
            text.append(f"Game over: {view.name(state.winner or 0)} wins.", style="bold")
        elif _moves(view):
            self._render_moves(text, view)
        elif view.bot_turn:
            text.append(f"{name} is playing. Press any key to hurry.", style="italic")
        elif not view.my_turn:
            text.append(f"Waiting for {name} to play.", style="italic")
        elif state.phase is Phase.ROLL:
            hint = "roll (r or space) or stop (s)" if any(state.runners) else "roll (r or space)"
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
            line.append(f" {move_dice(state.dice, move):<14}")
            effect = move_effect(state, move)
            line.append(f"{effect[:29]:<29}")
            line.append(f" {percent(chance_after(state, move)):>6}\n", style="dim")
            text.append_text(line)

    def _render_bust(self, text: Text, view: GameView, busted: Busted) -> None:
        for line in textwrap.wrap(bust_summary(view.match, busted), WIDTH):
            text.append(line + "\n", style="bold red")
        for reason in bust_reasons(view.match, busted):
            for line in textwrap.wrap(reason, WIDTH, initial_indent="  ", subsequent_indent="    "):
                text.append(line + "\n")

    def action_choose(self, number: int) -> None:
        moves = self.moves
        if 1 <= number <= len(moves):
            self.post_message(MoveChosen(moves[number - 1]))
