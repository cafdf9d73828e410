"""An ``OptionList`` whose page keys are safe while it shows no row.

Textual's ``OptionList`` pages by the rows it has laid out, and lays none out while its
content region is empty (a window too short for it, a list not drawn yet): PgUp or PgDn
then raised ``KeyError`` (Textual 8.2.8). Here a page key on a list that shows nothing
moves the highlight by one option, as the arrow keys do. (Textual leaves both actions
untyped, hence the ignores.)
"""

from __future__ import annotations

from textual.widgets import OptionList


class PagedOptionList(OptionList):
    def action_page_up(self) -> None:
        if self.scrollable_content_region:
            super().action_page_up()  # type: ignore[no-untyped-call]
        else:
            self.action_cursor_up()

    def action_page_down(self) -> None:
        if self.scrollable_content_region:
            super().action_page_down()  # type: ignore[no-untyped-call]
        else:
            self.action_cursor_down()
