"""What a client types, made safe before Textual's parser sees it.

Textual's xterm parser trusts its terminal: an overlong or absurd escape sequence
(``ESC [ 99999999999 u``) raises inside it and ends it for good, and a paste that never
ends keeps it in paste mode. Over SSH the "terminal" is anyone, so every byte passes
through :class:`InputFilter` first:

- an escape sequence longer than ``MAX_SEQUENCE`` characters, with a number of more than
  ``MAX_DIGITS`` digits, or of a kind no terminal sends as input (OSC, DCS, APC...) is
  dropped whole;
- a bracketed paste keeps its first ``MAX_PASTE`` characters; the rest is dropped and
  ``cut`` says so; a paste whose end never comes is ended by :meth:`InputFilter.end_paste`;
- an incomplete sequence at the end of a chunk is held until the next chunk, or until
  ``flush`` (the driver's tick): a lone Escape key still arrives;
- a whole CSI sequence passes only if it is one the server asked for, bounded to the
  session's screen (``input_sequences.admit_csi``): no report the client makes up resizes
  the app or moves its mouse off the screen.
"""

from __future__ import annotations

import re
from typing import Final

from .input_sequences import PASTE_END, PASTE_START, admit_csi

ESC: Final = "\x1b"
MAX_SEQUENCE: Final = 48
MAX_DIGITS: Final = 7
"""Enough for any key code (Unicode ends at 1114111) and any mouse position."""
MAX_PASTE: Final = 2048

# CSI: parameters, intermediates, a final byte. SS3: one letter. Alt+key: ESC and a char.
_SS3 = re.compile(r"\x1bO[ -~]")
_NUMBER = re.compile(r"\d+")


class InputFilter:
    def __init__(self, size: tuple[int, int] = (80, 24)) -> None:
        self.size = size
        """The session's screen (width, height): mouse reports are kept within it."""
        self._held = ""
        self._paste: int | None = None  # characters of the current paste kept so far
        self._dropping = False  # inside an overlong escape sequence
        self._sent_escape = False  # the held text starts with an ESC the parser already has
        self._unsent = 0  # characters at the start of this feed's text not to send again
        self.cut = False
        """Whether a paste was cut since the driver last looked (it then resets it)."""
        self._paste_cut = False

    @property
    def in_paste(self) -> bool:
        return self._paste is not None

    def feed(self, data: str) -> str:
        """The safe part of ``data`` (and of what was held), in order."""
        text, self._held = self._held + data, ""
        out: list[str] = []
        # The held ESC may have gone to the parser already (it looked like the Escape key).
        self._unsent, self._sent_escape = int(self._sent_escape), False
        index = 0
        while index < len(text):
            if self._dropping:
                index = _skip_csi_body(text, index)
                if index < len(text):
                    self._dropping = False
                    index += "@" <= text[index] <= "~"
                continue
            if self._paste is not None:
                index = self._take_paste(text, index, out)
                continue
            escape = text.find(ESC, index)
            if escape < 0:
                out.append(text[index:])
                break
            out.append(text[index:escape])
            index = self._take_sequence(text, escape, out)
            if index < 0:  # incomplete: held for the next chunk
                break
        self._unsent = 0
        return "".join(out)

    def flush(self) -> str:
        """What was held (a lone Escape key) once no more input came; nothing in a paste."""
        if self._paste is not None:
            return ""
        held, self._held = self._held, ""
        if self._sent_escape:
            self._sent_escape = False
            return held[1:]
        return held

    def end_paste(self) -> str:
        """End a paste whose end marker never came (the driver calls this after a pause)."""
        if self._paste is None:
            return ""
        self._paste, self._held = None, ""
        self.cut = not self._paste_cut  # said once per paste
        return PASTE_END

    def _take_sequence(self, text: str, start: int, out: list[str]) -> int:
        """Pass or drop the escape sequence at ``start``; the index after it, or -1 if held."""
        rest = text[start : start + MAX_SEQUENCE + 1]
        if len(rest) == 1:
            # Maybe the Escape key, maybe a sequence cut by the chunk: the parser gets the ESC
            # now (it tells the two apart by time); the rest is checked when it comes.
            self._emit(out, start, ESC)
            self._held, self._sent_escape = rest, True
            return -1
        second = rest[1]
        if second == "[":
            return self._take_csi(text, start, out)
        if second == "O":
            if len(rest) < 3:
                return self._hold(text, start)
            if _SS3.match(rest):
                self._emit(out, start, rest[:3])
                return start + 3
            return start + 2
        if second in "]PX^_":  # strings (OSC, DCS...) are never keys: dropped
            end = re.search(r"\x07|\x1b\\", rest)
            if end is None and len(rest) <= MAX_SEQUENCE:
                return self._hold(text, start)
            return start + (end.end() if end else len(rest))
        self._emit(out, start, rest[:2] if second != ESC else ESC)  # alt+key, a lone Escape
        return start + (2 if second != ESC else 1)

    def _emit(self, out: list[str], start: int, piece: str) -> None:
        if start == 0 and self._unsent:
            piece = piece[self._unsent :]
        self._unsent = 0
        out.append(piece)

    def _hold(self, text: str, start: int) -> int:
        """Keep an incomplete sequence for the next chunk; -1 ends this feed."""
        self._held = text[start:]
        if start == 0 and self._unsent:
            self._sent_escape = True  # its ESC is with the parser already
        self._unsent = 0
        return -1

    def _take_csi(self, text: str, start: int, out: list[str]) -> int:
        end = _skip_csi_body(text, start + 2)
        if end == len(text):  # cut short by the chunk
            if end - start > MAX_SEQUENCE:
                self._dropping = True  # the rest of it arrives later: dropped then
                return end
            return self._hold(text, start)
        if not "@" <= text[end] <= "~":
            return end  # no final byte: a broken sequence, dropped
        sequence = text[start : end + 1]
        numbers = _NUMBER.findall(sequence)
        if len(sequence) > MAX_SEQUENCE or any(len(n) > MAX_DIGITS for n in numbers):
            return end + 1  # dropped: nothing a terminal sends
        admitted = admit_csi(sequence, self.size)
        if admitted is None:
            return end + 1  # dropped: a report the server never asked for
        self._emit(out, start, admitted)
        if sequence == PASTE_START:
            self._paste, self._paste_cut = 0, False
        return end + 1

    def _take_paste(self, text: str, index: int, out: list[str]) -> int:
        assert self._paste is not None
        end = text.find(PASTE_END, index)
        if end < 0:
            # Hold a tail that may be the start of the end marker.
            tail = next(
                (k for k in range(len(PASTE_END) - 1, 0, -1) if text.endswith(PASTE_END[:k])), 0
            )
            body, self._held = text[index : len(text) - tail], text[len(text) - tail :]
            stop = len(text)
        else:
            body, stop = text[index:end], end + len(PASTE_END)
        room = MAX_PASTE - self._paste
        if len(body) > room and not self._paste_cut:
            self.cut = self._paste_cut = True
        kept = body[: max(room, 0)]
        self._paste += len(kept)
        out.append(kept)
        if end >= 0:
            out.append(PASTE_END)
            self._paste = None
        return stop


def _skip_csi_body(text: str, index: int) -> int:
    """The index after the parameter and intermediate bytes (0x20-0x3F) from ``index``."""
    while index < len(text) and " " <= text[index] <= "?":
        index += 1
    return index
