"""A widget drawn from the game screen's GameView that repaints only the lines that changed.

It uses Textual's line API: each line of the drawn text becomes a cached strip, and a
change of view re-renders and repaints only the lines whose text changed.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar, NamedTuple

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.color import Color
from textual.filter import LineFilter
from textual.geometry import Region, Spacing
from textual.reactive import var
from textual.strip import Strip
from textual.widget import Widget

from ..glyphs import Glyphs, glyphs_for
from ..textual_compat import UncycledStrip, repaint
from ..view import GameView
from .kept_strips import KeptStrips

_PLAIN = Style()
_NO_SPACE = Spacing()
KEPT_LOOKS = 64
"""Drawn lines a widget keeps (``ViewWidget._drawn``): more than any widget shows in the
states a turn goes through, few enough for a server's many visitors."""


Filtering = tuple[tuple[LineFilter, ...], Color]
"""The app's line filters and the background they are applied over."""


class Filtered(UncycledStrip):
    """A line already through the app's line filters, as ``OneStylePerRender.filtering``
    says: ``_bare_lines`` hands it on as it is (a widget that keeps its drawn lines filters
    each once, not on every drawing, nor a new row made of kept pieces again)."""

    __slots__ = ()


class _Styled(NamedTuple):
    """What ``OneStylePerRender`` keeps of its styles until they change."""

    style: Style
    bare: bool
    backgrounds: tuple[Color, Color]


class OneStylePerRender(Widget):
    """Works out ``rich_style`` and the background colours (walks up the DOM) and whether
    the widget is bare once until its styles change, not once per line or per render; a
    bare widget (``_bare``) hands the compositor its lines as ``render_line`` draws them.

    A widget whose first base is another widget class puts it after that class, so its
    CSS is still that class's (Textual takes a widget's CSS from its first DOM base):
    ``class Mine(Log, OneStylePerRender)``.
    """

    _rendering = False
    _styled: _Styled | None = None
    """While drawing: the rich style, whether the styles leave the widget bare and the
    background colours, kept until the styles change (``notify_style_update``: a new
    theme, a class that restyles the widget)."""
    _drawn_width = 0
    """While ``_bare_lines`` draws: the widget's width (``line_width``)."""
    filtering: Filtering | None = None
    """While ``_bare_lines`` draws: the filters its lines go through, so that ``filtered``
    lines may be kept already filtered; None otherwise (Textual filters what it draws)."""
    _filtered_by: Filtering | None = None
    """The filters the lines kept were filtered by (``forget_filtered`` when they change)."""

    @property
    def rich_style(self) -> Style:
        if not self._rendering:
            return super().rich_style
        return self._style_kept().style

    @property
    def line_width(self) -> int:
        """The widget's width, asked once per drawing rather than once per line."""
        return self._drawn_width if self._rendering else self.size.width

    def _style_kept(self) -> _Styled:
        styled = self._styled
        if styled is None:
            styled = self._styled = _Styled(
                super().rich_style, self._bare_styles(), self.background_colors
            )
        return styled

    def render_lines(self, crop: Region) -> list[Strip]:
        self._rendering = True
        try:
            if self._bare():
                return self._bare_lines(crop)
            return super().render_lines(crop)
        finally:
            self._rendering = False

    def notify_style_update(self) -> None:
        self._styled = None
        super().notify_style_update()

    def _bare(self) -> bool:
        """Whether Textual's styling adds nothing to the widget's own lines: no padding,
        border or outline, no tint, opacity or hatch, no link under the mouse."""
        return self._style_kept().bare and not (self.hover_style and self.auto_links)

    def _bare_styles(self) -> bool:
        """Whether the widget's styles add nothing (``_bare``, but for the mouse)."""
        styles = self.styles
        return (
            styles.gutter == _NO_SPACE
            and not any(edge for edge, _ in styles.outline)
            and not styles.tint.a
            and styles.text_opacity == 1.0
            and self.opacity == 1.0
            and (not styles.has_rule("hatch") or styles.hatch == "none")
        )

    def filtered(self, segments: list[Segment], cell_length: int) -> Strip:
        """``segments`` as a line: through the filters if ``_bare_lines`` is drawing (a
        ``Filtered`` line, to keep), else as they are (Textual filters them)."""
        if self.filtering is None:
            return Strip(segments, cell_length)
        filters, background = self.filtering
        for line_filter in filters:
            segments = line_filter.apply(segments, background)
        return Filtered(segments, cell_length)

    def forget_filtered(self) -> None:
        """Forget lines kept filtered: the app's filters or the background changed."""

    def _bare_lines(self, crop: Region) -> list[Strip]:
        """The lines of ``crop`` as ``render_line`` draws them, through the app's filters:
        what Textual's styling makes of a bare widget's lines, without building each line
        again (a change of a widget redraws only the rows it changed, and the compositor
        asks again for all the rows it shows)."""
        width = self._drawn_width = self.size.width
        base_background, background = self._style_kept().backgrounds
        filters = tuple(self.get_line_filters())
        filtering = (filters, background)
        if filtering != self._filtered_by:
            self._filtered_by = filtering
            self.forget_filtered()
        self.filtering = filtering
        inner: Style | None = None
        strips: list[Strip] = []
        try:
            for y in crop.line_range:
                strip = self.render_line(y)
                if type(strip) is Filtered and strip.cell_length == width:
                    strips.append(strip)  # filtered when drawn and kept
                    continue
                if strip.cell_length != width:
                    if inner is None:
                        inner = Style(bgcolor=(base_background + background).rich_color)
                    strip = strip.adjust_cell_length(width, inner)
                for line_filter in filters:
                    strip = strip.apply_filter(line_filter, background)
                strips.append(strip)
        finally:
            self.filtering = None
        left, right = crop.column_span
        if (left, right) != (0, width):
            strips = [strip.crop(left, right) for strip in strips]
        return strips


class ViewWidget(OneStylePerRender):
    """Bind ``view`` with ``data_bind(GameScreen.view)`` or hand it each view with ``show``;
    override ``render_key`` and ``draw``.

    What it shows is a function of the view and its own width: nothing sets it from outside.
    """

    view: var[GameView | None] = var(None)
    KEPT_DRAWINGS: ClassVar[int] = 0
    """How many drawings (``draw_lines``) to keep by their render key, for a widget whose
    keys come back (the action bar's few states); none by default."""

    def __init__(self, glyphs: Glyphs | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs or glyphs_for(False)
        self._key: Hashable = None
        self._lines: list[Text] = []
        self._drawings: dict[Hashable, list[Text]] = {}
        """``KEPT_DRAWINGS`` drawings by render key; all forgotten at once when full."""
        self._strips: dict[int, Strip] = {}
        """The strip drawn on each row, until the row changes."""
        self._looks = KeptStrips(KEPT_LOOKS)
        """Lines drawn lately, by their text, width and base style (``_drawn``)."""

    def render_key(self, view: GameView) -> Hashable:
        """Everything the widget draws depends on; equal keys mean no repaint."""
        return view

    def draw(self, view: GameView) -> Text:
        """The widget's text for ``view``: one line per row, no wrapping."""
        raise NotImplementedError

    def draw_lines(self, view: GameView) -> list[Text]:
        """The widget's lines for ``view`` (by default, ``draw`` split into lines)."""
        return list(self.draw(view).split("\n", allow_blank=True))

    def show(self, view: GameView | None) -> None:
        """Draw ``view``: what setting ``view`` does, without the reactive's machinery
        (the game screen hands each of its views to its widgets this way)."""
        self.set_reactive(ViewWidget.view, view)
        self.watch_view(view)

    def watch_view(self, view: GameView | None) -> None:
        if view is None:
            return
        key = self.render_key(view)
        if key == self._key:
            return
        self._key = key
        old, self._lines = self._lines, self._drawing(key, view)
        if (
            len(old) != len(self._lines)
            and self.styles.height is not None
            and self.styles.height.is_auto
        ):
            self._strips.clear()
            self.refresh(layout=True)
            return
        new = self._lines
        both = zip(old, new, strict=False)  # the rows both have; then those one has
        rows = [row for row, (before, after) in enumerate(both) if before is not after]
        rows = [row for row in rows if old[row] != new[row]]  # a kept line is the same
        rows += range(min(len(old), len(new)), max(len(old), len(new)))
        width = self.size.width
        changed = []
        for row in rows:
            self._strips.pop(row, None)
            changed.append(Region(0, row, width, 1))
        if changed:
            repaint(self, *changed)  # one repaint for the lines that changed

    def _drawing(self, key: Hashable, view: GameView) -> list[Text]:
        """``draw_lines(view)``, kept by ``key`` if the widget keeps drawings."""
        if not self.KEPT_DRAWINGS:
            return self.draw_lines(view)
        lines = self._drawings.get(key)
        if lines is None:
            if len(self._drawings) >= self.KEPT_DRAWINGS:
                self._drawings.clear()
            lines = self._drawings[key] = self.draw_lines(view)
        return lines

    def render(self) -> Text:
        """The whole text (Textual draws line by line with ``render_line``)."""
        return Text("\n").join(self._lines)

    def render_line(self, y: int) -> Strip:
        strip = self._strips.get(y)
        if strip is None:
            width = self.line_width
            base = self.rich_style
            if y >= len(self._lines):
                strip = Strip.blank(width, base)
            else:
                strip = self._drawn(self._lines[y], width, base)
            self._strips[y] = strip
        return strip

    def _drawn(self, text: Text, width: int, base: Style) -> Strip:
        """``text`` as a line ``width`` cells wide, drawn once per look: a widget's lines
        come back (the roll and the choice alternate, the turn passes between players)."""
        key = (text.plain, tuple(text.spans), text.style, width, base, self.filtering)
        return self._looks.get(key, lambda: self._draw(text, width, base))

    def _draw(self, text: Text, width: int, base: Style) -> Strip:
        line = text.copy()
        line.stylize_before(base)
        line.no_wrap = True
        # Every segment gets a style: Textual's filters (NO_COLOR's monochrome one)
        # read segment.style and fail on a segment that has none.
        segments = [
            Segment(part, style or _PLAIN, control)
            for part, style, control in line.render(self.app.console)
        ]
        if line.cell_len != width:  # (a whole crop_extend caches the strip on itself)
            segments = list(Strip(segments, line.cell_len).crop_extend(0, width, base))
        return self.filtered(segments, width)

    def forget_filtered(self) -> None:
        self._strips.clear()
        self._looks.clear()

    def on_resize(self) -> None:
        """Drawn again where the drawing depends on the width (``render_key`` says)."""
        self._strips.clear()
        if self.view is not None:
            self.watch_view(self.view)

    def notify_style_update(self) -> None:
        self._strips.clear()
        super().notify_style_update()
