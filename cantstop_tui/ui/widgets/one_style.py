"""The base of widgets whose styles seldom change: their style is worked out once per
change of styles, not once per line, and a bare widget's lines go to the compositor as it
draws them, through the app's line filters once (``OneStylePerRender``)."""

from __future__ import annotations

from typing import NamedTuple

from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import LineFilter
from textual.geometry import Region, Size, Spacing
from textual.strip import Strip
from textual.widget import Widget

from ..textual_compat import UncycledStrip

_NO_SPACE = Spacing()


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
    def size(self) -> Size:
        """The content's size. Once drawn, a widget whose styles add nothing
        (``_bare_styles``: no padding or border) is as big as its outer size, which Textual
        keeps at each layout: no asking the screen for the widget's region (about ten calls,
        some twenty times a key). Hidden, it keeps the size it had (Textual's is 0 x 0 off
        the screen's map)."""
        return self.outer_size if self.gutterless else super().size

    @property
    def gutterless(self) -> bool:
        """Drawn, and with no padding or border (``_bare_styles``): the content's size and
        regions are the widget's."""
        styled = self._styled
        return styled is not None and styled.bare

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
