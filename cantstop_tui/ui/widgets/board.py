"""The board: eleven columns at their true heights, every piece on every space.

It grows with the window (``scale``, ``board_scale``): each space ``width`` characters
wide and ``rows`` lines tall, the pieces on its middle line. Each space (``board_spaces``),
row and line is drawn once per look (``board_looks``) and kept.
"""

from __future__ import annotations

from collections.abc import Hashable

from rich.segment import Segment
from rich.style import Style
from rich.text import Span, Text
from textual.strip import Strip

from ...engine import COLUMNS, GameState
from ..view import GameView
from .board_looks import NONE, Looks, Placed, Row, look_of, moved_by_column, space_key
from .board_scale import CELL, ROWS, board_size
from .board_spaces import label_text, space_text
from .one_style import Filtered
from .view_widget import ViewWidget

MARGIN = " "
"""The board's left margin, drawn with each row (a widget without padding hands the
compositor its own lines: ``OneStylePerRender``)."""
MAX_ROWS = 128
"""Drawn rows kept. A game shows a few hundred different ones, but a change only brings
back rows seen lately (runners gone after a stop or bust); each row is about 25 objects,
kept per visitor on a server."""
MAX_SPACES = 512
"""Drawn spaces kept: eleven columns of up to thirteen spaces, each in the few looks a
game gives it (empty, a runner, each player's piece, claimed)."""


class Board(ViewWidget):
    DEFAULT_CSS = """
    Board {
        width: 56;
        height: 14;
    }
    """

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._rows: dict[Hashable, Text] = {}
        self._spaces: dict[Hashable, tuple[Text, list[Span]]] = {}
        """Each space as drawn and its styles as spans, by its look (``_keep_space``)."""
        self._columns: dict[Hashable, Looks] = {}
        """Each column's looks by height (``_column``), by what the column shows."""
        self._placed: dict[Hashable, Placed] = {}
        """Each space as a row holds it, by its column's index, height, look, whether it is
        the line with the pieces, and the players (``_place``)."""
        self._space_lines: dict[Hashable, tuple[Segment, ...]] = {}
        """Each space's line as drawn and a gap, by its look, the base style and the app's
        line filters it went through (``_drawn``)."""
        self._sized = (CELL, 1)
        """The scale the widget's size and drawn rows are for."""

    @property
    def scale(self) -> tuple[int, int]:
        """(characters per space, lines per space), as the view last drawn says (read
        once per view, not once per space)."""
        return self._sized

    def watch_view(self, view: GameView | None) -> None:
        scale = (view.fit.board if view is not None else None) or (CELL, 1)
        if scale != self._sized:  # each space drawn wider or taller
            self._sized = scale
            self.styles.width, self.styles.height = board_size(*scale)
            self._rows.clear()
            self._columns.clear()
            self._spaces.clear()
            self._placed.clear()
            self._space_lines.clear()
            self.refresh(layout=True)
        super().watch_view(view)

    def render_key(self, view: GameView) -> Hashable:
        state = view.state
        return (
            state.squares,
            state.claimed,
            state.runners,
            state.current_player,
            view.match.seats,
            self.scale,
            view.unseen,
        )

    def draw_lines(self, view: GameView) -> list[Text]:
        rows = self.scale[1]
        middle = rows // 2
        moved = moved_by_column(view)
        state = view.state
        by_column = tuple(zip(*state.squares, strict=True))  # each column's squares, at once
        columns = [
            self._column(state, column, by_column[column], moved.get(column, NONE))
            for column in COLUMNS
        ]
        by_height = tuple(zip(*columns, strict=True))  # each height's looks, across
        lines = [
            self._row(view, height, by_height[height], moved, line == middle)
            for height in range(ROWS, 0, -1)
            for line in range(rows)
        ]
        labels = self._rows.get(state.claimed)
        if labels is None:
            labels = Text(MARGIN)
            for column in COLUMNS:
                labels.append_text(label_text(state, self.glyphs, self.scale[0], column))
                labels.append(" ")
            self._rows[state.claimed] = labels
        return [*lines, labels]

    def _column(
        self, state: GameState, column: int, squares: tuple[int, ...], moved: frozenset[int]
    ) -> Looks:
        """How each space of ``column`` looks, by height (index 0 unused), worked out once
        per look of the column: a move changes one or two columns."""
        runner = state.runners[column]
        key = (
            column,
            state.claimed[column],
            squares,
            runner,
            state.current_player if runner else None,
            moved,
        )
        looks = self._columns.get(key)
        if looks is None:
            if len(self._columns) > MAX_ROWS:
                self._columns.clear()
            heights = range(1, ROWS + 1)
            looks = (None, *[look_of(state, column, height, moved) for height in heights])
            self._columns[key] = looks
        return looks

    def _row(
        self,
        view: GameView,
        height: int,
        looks: tuple[Hashable, ...],
        moved: dict[int, frozenset[int]],
        pieces: bool = True,
    ) -> Text:
        """One line of spaces, drawn once per look: a move changes only a row or two.
        ``pieces``: the line with the pieces (a taller space's other lines have none)."""
        players = view.state.num_players
        key = (height, players, pieces, looks)
        row = self._rows.get(key)
        if row is None:
            if len(self._rows) > MAX_ROWS:
                self._rows.clear()
            get = self._placed.get
            placed = tuple(
                [
                    get((index, height, look, pieces, players))
                    or self._place(view, index, height, look, pieces, moved)
                    for index, look in enumerate(looks)
                ]
            )
            # As if each space were appended, a gap after each.
            row = Row(
                "".join([MARGIN, *[space.text for space in placed]]),
                spans=[span for space in placed for span in space.spans],
            )
            row.placed = placed
            self._rows[key] = row
        return row

    def _place(
        self, view: GameView, index: int, height: int, look: Hashable, pieces: bool,
        moved: dict[int, frozenset[int]],
    ) -> Placed:
        """The space of the ``index``th column at ``height`` as its row holds it, kept."""
        if len(self._placed) > MAX_SPACES:
            self._placed.clear()
        players = view.state.num_players
        column = COLUMNS[index]
        key = space_key(column, height, look, pieces, players)
        kept = self._spaces.get(key)
        if kept is None:
            kept = self._keep_space(view, key, column, height, pieces, moved)
        space, own = kept
        offset = len(MARGIN) + index * (len(space) + 1)  # each as wide: the scale's
        placed = Placed(
            key,
            space,
            space.plain + " ",
            tuple(Span(start + offset, end + offset, style) for start, end, style in own),
        )
        self._placed[index, height, look, pieces, players] = placed
        return placed

    def _drawn(self, text: Text, width: int, base: Style) -> Strip:
        """A row as a line of the board: its spaces' lines, each drawn once per look and
        base style, side by side (a new row costs no drawing of spaces seen before)."""
        if not isinstance(text, Row):
            return super()._drawn(text, width, base)
        lines, filtering = self._space_lines, self.filtering
        margin = lines.get((MARGIN, base, filtering))
        if margin is None:
            margin = lines[MARGIN, base, filtering] = (*self.filtered([Segment(MARGIN, base)], 1),)
        segments = [*margin]
        for key, space, _, _ in text.placed:
            drawn = lines.get((key, base, filtering))
            if drawn is None:
                if len(lines) > MAX_SPACES:
                    lines.clear()
                alone = Text().append_text(space)  # its own style a span, over the base
                line = self._draw(alone, space.cell_len, base)  # filtered while drawing
                gap = self.filtered([Segment(" ", base)], 1)
                drawn = lines[key, base, filtering] = (*line, *gap)
            segments += drawn
        # Each piece filtered once, when first drawn: the row needs no filtering.
        line = Strip(segments, text.cell_len) if filtering is None else Filtered(
            segments, text.cell_len
        )
        return line if line.cell_length == width else line.crop_extend(0, width, base)

    def _keep_space(
        self, view: GameView, key: Hashable, column: int, height: int, pieces: bool,
        moved: dict[int, frozenset[int]],
    ) -> tuple[Text, list[Span]]:
        """The space at ``column`` and ``height`` drawn once per look, wherever it is
        (``space_key``, as ``Row.placed`` keeps it), and its styles as spans (its own style
        first, as ``Text.append_text`` would put them): a new row is spaces seen before."""
        if len(self._spaces) > MAX_SPACES:
            self._spaces.clear()
        space = space_text(
            view.state, self.glyphs, self.scale[0], column, height, moved.get(column, NONE), pieces
        )
        own = [Span(0, len(space), space.style)] if space.style else []
        kept = self._spaces[key] = (space, [*own, *space.spans])
        return kept
