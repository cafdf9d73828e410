"""A list's highlighted line drawn in reverse where its CSS says so: without colours
(NO_COLOR, xterm-mono) every list of the game (ours, a drop-down's, the command palette's)
shows its highlight in reverse video, the one rule of ``colors.NO_COLOR_CSS``. Fixed on
import, for every app.

An ``OptionList`` draws each line in the style ``Widget.get_visual_style`` works out from
its component classes, and that style keeps bold, dim, italic, underline and strike but not
reverse (Textual 8.2): ``text-style: reverse`` on ``.option-list--option-highlighted``,
ours and Textual's own palette's alike, left the highlight a grey shade (``ESC[100m``)
apart from the other lines. Here a list's line style is reversed when one of its component
classes says ``reverse``.

No private part: tests/ui/test_compat_option_lists.py checks that Textual still drops the
reverse (so that this can go when it no longer does) and that a list's highlight is
reversed.
"""

from __future__ import annotations

from dataclasses import replace

from textual.style import Style
from textual.widget import Widget
from textual.widgets import OptionList

UPSTREAM_GET_VISUAL_STYLE = Widget.get_visual_style
"""Textual's own (an ``OptionList`` does not override it)."""


def _reversed_where_said(self: Widget, *component_classes: str, partial: bool = False) -> Style:
    style = UPSTREAM_GET_VISUAL_STYLE(self, *component_classes, partial=partial)
    if style.reverse is None and any(
        self.get_component_styles(name).text_style.reverse for name in component_classes
    ):
        return replace(style, reverse=True)
    return style


OptionList.get_visual_style = _reversed_where_said  # type: ignore[method-assign]
