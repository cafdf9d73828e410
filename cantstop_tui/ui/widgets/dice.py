"""The four dice of the turn's last roll (none at its start): as numbers, or as dice faces
where there is room."""

from __future__ import annotations

from collections.abc import Hashable

from rich.text import Text

from ..view import GameView
from .view_widget import ViewWidget


class DiceView(ViewWidget):
    DEFAULT_CSS = """
    DiceView {
        height: 1;
        width: 1fr;
    }
    """

    @property
    def faces(self) -> bool:
        """Dice drawn as faces (three lines), not numbers, as the view says."""
        return self.view is not None and self.view.fit.dice_faces

    def watch_view(self, view: GameView | None) -> None:
        height = FACE_LINES if self.faces else 1
        if self.styles.height is None or self.styles.height.value != height:
            self.styles.height = height
            self.refresh(layout=True)
        super().watch_view(view)

    def render_key(self, view: GameView) -> Hashable:
        return (view.turn_dice, self.faces)

    def draw(self, view: GameView) -> Text:
        if self.faces:
            return self._draw_faces(view.turn_dice)
        text = Text("Dice ", style="bold", no_wrap=True, overflow="crop")
        dice = view.turn_dice
        if dice is None:
            text.append("- - - -", style="dim")
            return text
        for value in dice:
            text.append(f" {value} ", style="bold reverse")
            text.append(" ")
        return text

    def _draw_faces(self, dice: tuple[int, ...] | None) -> Text:
        lines = [Text(no_wrap=True, overflow="crop") for _ in range(FACE_LINES)]
        for row, line in enumerate(lines):
            line.append("Dice " if row == 1 else "     ", style="bold")
        for value in dice or ():
            for row, line in enumerate(lines):
                face = "".join(
                    self.glyphs.pip if (row, column) in PIPS[value] else " "
                    for column in range(3)
                )
                line.append(" ".join(face), style="bold reverse")
                line.append(" ")
        if dice is None:
            lines[1].append("- - - -", style="dim")
        return Text("\n").join(lines)


FACE_LINES = 3
"""A die face: three rows of three pips' places."""
FACE_WIDTH = 5
PIPS: dict[int, frozenset[tuple[int, int]]] = {
    1: frozenset({(1, 1)}),
    2: frozenset({(0, 0), (2, 2)}),
    3: frozenset({(0, 0), (1, 1), (2, 2)}),
    4: frozenset({(0, 0), (0, 2), (2, 0), (2, 2)}),
    5: frozenset({(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)}),
    6: frozenset({(0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2)}),
}
"""(row, column) of each pip on a face, as on a real die."""
