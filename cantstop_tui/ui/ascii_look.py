"""What ``--ascii`` changes in the look of every app (the game, ``cantstop review`` and
``replay``): the app carries the class ``-ascii`` and these rules draw every border and rule
with ASCII characters (the glyphs, ``ui.glyphs``, do the same for what widgets draw)."""

from __future__ import annotations

from typing import Final

ASCII_CLASS: Final = "-ascii"

ASCII_CSS: Final = """
.-ascii .dialog {
    border: ascii $primary;
}
.-ascii #right {
    border-left: ascii $primary;
}
.-ascii ChoiceRule {
    border-top: ascii $primary;
}
.-ascii * {
    scrollbar-size: 0 0;
}
/* The widgets Textual draws with block borders (tall, heavy), and the boxes of ours. */
.-ascii Input, .-ascii OptionList, .-ascii SelectCurrent,
.-ascii ModalScreen > Vertical, .-ascii ModalScreen > VerticalScroll {
    border: ascii $primary;
}
"""
