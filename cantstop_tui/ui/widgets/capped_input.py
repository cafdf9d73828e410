"""A one-line input whose text past its limit is cut, not refused."""

from __future__ import annotations

from textual.widgets import Input


class CappedInput(Input):
    """An ``Input`` that keeps what fits of a paste or a key past ``max_length`` and says,
    once, in its own bottom border, that the rest was cut.

    Textual's ``Input`` refuses a whole insertion that would pass ``max_length``: a pasted
    line one character too long was lost, silently (the box stayed empty). Everything typed
    or pasted goes through the public ``Input.replace``, so the cut is made there."""

    def __init__(
        self,
        value: str = "",
        *,
        max_length: int,
        cut_notice: str,
        placeholder: str = "",
        select_on_focus: bool = True,
        id: str | None = None,
    ) -> None:
        super().__init__(
            value,
            placeholder=placeholder,
            max_length=max_length,
            select_on_focus=select_on_focus,
            id=id,
        )
        self.cut_notice = cut_notice

    def replace(self, text: str, start: int, end: int) -> None:
        start, end = sorted((max(0, start), min(len(self.value), end)))
        room = self.max_length - (len(self.value) - (end - start)) if self.max_length else None
        if room is not None and len(text) > room:
            self.border_subtitle = self.cut_notice
            text = text[: max(room, 0)]
            if not text:
                return  # full: the key is refused, as before, but not in silence
        super().replace(text, start, end)
