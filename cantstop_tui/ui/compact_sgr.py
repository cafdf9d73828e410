"""Fewer bytes for the same screen: colour and style codes sent only where they change.

Textual writes every run of text as ``ESC[<its whole style>m text ESC[0m``, so a line of
the board (a dot, spaces, a dot, each styled) costs about 25 bytes a cell, and a move that
scrolls the game log sent some 4.7 KB. ``SgrCompactor`` rewrites that stream so that the
terminal shows the same characters in the same styles: it keeps the style the terminal
has and the one the next text needs, and before text sends only the difference
(``ESC[38;5;246m`` when only the colour changes; a reset and the whole style when that is
shorter). Cursor moves keep the pending style; spaces keep the terminal's when only the
colour or weight of their (absent) glyphs would differ; anything else gets the style it
would have had, and each write ends in the style Textual left the terminal in.

Codes it cannot read, and escapes that may change the style (the alternate screen saves
and restores it), are sent as written, after which the style is unknown until the next
reset: the worst case is the stream as Textual wrote it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_SGR = re.compile(r"\x1b\[([0-9;:]*)m")
_MOVES = re.compile(r"(?:\x1b\[[0-9;]*[HfABCDGd]|\r|\n)+")
"""Cursor moves, which keep the pending style (a newline too: Textual never lets one
scroll, where the terminal would fill the new line with the background)."""

_HARMLESS = re.compile(
    r"\x1b\[[0-9;]*[HfABCDGd]|\x1b\[\?(?!1049|1048|1047|47\b)[0-9;]*[hlp$]+|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"
)
"""Escapes that leave the style alone: cursor moves, private modes other than the alternate screen's
(which saves and restores it), synchronized output's, and OSC strings (links)."""
_RESET = re.compile(r"0?(;|$)")
"""A style code that begins with a reset (``ESC[m``, ``ESC[0m``, ``ESC[0;1m``)."""

_OFF = {3: 23, 4: 24, 5: 25, 6: 25, 7: 27, 8: 28, 9: 29, 53: 55}
"""The code that turns each attribute off (bold and dim share 22, below)."""
_SHOWN_ON_BLANKS = frozenset({4, 7, 9, 53})
"""Underline, reverse, strike-through and overline show on a space; colour and weight do not."""
_FLAGS = frozenset({1, 2, 3, 4, 5, 6, 7, 8, 9, 53})
_COLOURS = {38: 0, 48: 1, 58: 2}
"""Extended colours (``38;5;n``, ``38;2;r;g;b``): foreground, background, underline."""


@dataclass(frozen=True, slots=True)
class Sgr:
    """A terminal's text style: attribute numbers and the three colours' codes."""

    flags: frozenset[int] = frozenset()
    fg: str = ""
    bg: str = ""
    underline: str = ""

    def codes(self) -> list[str]:
        colours = (self.fg, self.bg, self.underline)
        return [*map(str, sorted(self.flags)), *(colour for colour in colours if colour)]


PLAIN = Sgr()


def parse(params: str, base: Sgr = PLAIN) -> Sgr | None:
    """The style after ``ESC[<params>m`` on a terminal in style ``base``; None for a code
    this does not know."""
    flags, colours = set(base.flags), [base.fg, base.bg, base.underline]
    codes = params.split(";") if params else ["0"]
    i = 0
    while i < len(codes):
        if not codes[i].isdigit():
            return None
        code = int(codes[i])
        if code == 0:
            flags.clear()
            colours = ["", "", ""]
        elif code in _FLAGS:
            flags.add(code)
        elif code == 22:
            flags -= {1, 2}
        elif code in _OFF.values():
            flags -= {flag for flag, off in _OFF.items() if off == code}
        elif 30 <= code <= 37 or 90 <= code <= 97:
            colours[0] = str(code)
        elif 40 <= code <= 47 or 100 <= code <= 107:
            colours[1] = str(code)
        elif code in (39, 49, 59):
            colours[(code - 39) // 10] = ""
        elif code in _COLOURS:
            size = {"5": 3, "2": 5}.get(codes[i + 1] if i + 1 < len(codes) else "", 0)
            if not size or i + size > len(codes):
                return None
            colours[_COLOURS[code]] = ";".join(codes[i : i + size])
            i += size - 1
        else:
            return None
        i += 1
    return Sgr(frozenset(flags), *colours)


def transition(have: Sgr, want: Sgr) -> str:
    """The shortest codes that turn style ``have`` into ``want`` ("" if they are equal)."""
    if have == want:
        return ""
    whole = ";".join(["0", *want.codes()])
    off = have.flags - want.flags
    codes = [str(_OFF[flag]) for flag in sorted(off - {1, 2})]
    on = want.flags - have.flags
    if off & {1, 2}:
        codes.append("22")
        on |= want.flags & {1, 2}
    codes += [str(flag) for flag in sorted(on)]
    for mine, theirs, default in (
        (have.fg, want.fg, "39"),
        (have.bg, want.bg, "49"),
        (have.underline, want.underline, "59"),
    ):
        if mine != theirs:
            codes.append(theirs or default)
    diff = ";".join(codes)
    return f"\x1b[{diff if len(diff) < len(whole) else whole}m"


def _blanks_alike(have: Sgr, want: Sgr) -> bool:
    return have.bg == want.bg and not (have.flags | want.flags) & _SHOWN_ON_BLANKS


UNKNOWN = -1
"""The terminal's style after an escape this cannot read."""
MAX_STYLES = 1024
"""Styles remembered (with the codes between them); past this they are forgotten and
learnt again, so output full of ever new colours cannot make the memory grow."""


class SgrCompactor:
    """Rewrites one terminal's output stream (``feed`` each write, in order).

    Styles are numbered as they are first met (0: plain), so the codes for each pair of
    styles are worked out once.
    """

    def __init__(self) -> None:
        self._styles: list[Sgr] = [PLAIN]
        self._numbers: dict[Sgr, int] = {PLAIN: 0}
        self._have = UNKNOWN
        """The terminal's style now: unknown until a reset, or after a code this could not
        read."""
        self._want = UNKNOWN
        """The style the next text needs (``UNKNOWN``: as the terminal has it)."""
        self._after: dict[tuple[str, int], int] = {}
        self._moves: dict[tuple[int, int], str] = {}
        self._blanks: dict[tuple[int, int], bool] = {}

    def feed(self, data: str) -> str:
        parts = _SGR.split(data)  # text, a style's codes, text, ..., text
        out: list[str] = []
        after, blanks = self._after, self._blanks
        for index in range(0, len(parts), 2):
            text = parts[index]
            if text:
                if self._want != self._have and not _MOVES.fullmatch(text):
                    pair = (self._have, self._want)
                    as_is = False if text.strip(" ") else blanks.get(pair)
                    if as_is is None:
                        as_is = self._blanks_as_is(pair)
                    if not as_is:
                        self._sync(out)
                out.append(text)
                if "\x1b" in text and "\x1b" in _HARMLESS.sub("", text):
                    self._have = self._want = UNKNOWN  # an escape that may change the style
            if index + 1 < len(parts):
                params = parts[index + 1]
                number = after.get((params, self._want))
                if number is None:
                    number = self._style(params, out)
                self._want = number
        self._sync(out)
        if len(self._styles) > MAX_STYLES:
            self._forget()
        return "".join(out)

    @property
    def remembered(self) -> int:
        """How many styles it remembers."""
        return len(self._styles)

    def _forget(self) -> None:
        kept = None if self._have == UNKNOWN else self._styles[self._have]
        self._styles, self._numbers = [PLAIN], {PLAIN: 0}
        self._after.clear()
        self._moves.clear()
        self._blanks.clear()
        self._have = self._want = UNKNOWN if kept is None else self._number(kept)

    def _blanks_as_is(self, pair: tuple[int, int]) -> bool:
        """Spaces look the same in the terminal's style (``pair``: it, then the wanted one)
        as in the wanted one when only the colour and weight of their (absent) glyphs
        differ; kept by pair."""
        have, want = pair
        same = self._blanks[pair] = UNKNOWN not in pair and _blanks_alike(
            self._styles[have], self._styles[want]
        )
        return same

    def _style(self, params: str, out: list[str]) -> int:
        """The style after ``ESC[<params>m``, numbered (remembered when it can be known
        from the codes and the style before)."""
        want = self._want
        if want == UNKNOWN:  # codes pass through; one that resets makes the style known
            out.append(f"\x1b[{params}m")
            known = parse(params) if _RESET.match(params) else None
            self._have = UNKNOWN if known is None else self._number(known)
            return self._have
        parsed = parse(params, self._styles[want])
        if parsed is None:  # a code this does not know: sent as written, in its place
            self._sync(out)
            out.append(f"\x1b[{params}m")
            self._have = UNKNOWN
            return UNKNOWN
        number = self._after[(params, want)] = self._number(parsed)
        return number

    def _number(self, style: Sgr) -> int:
        number = self._numbers.get(style)
        if number is None:
            number = self._numbers[style] = len(self._styles)
            self._styles.append(style)
        return number

    def _sync(self, out: list[str]) -> None:
        want, have = self._want, self._have
        if want in (have, UNKNOWN):
            return
        codes = self._moves.get((have, want))
        if codes is None:
            style = self._styles[want]
            if have == UNKNOWN:
                codes = f"\x1b[{';'.join(['0', *style.codes()])}m"
            else:
                codes = self._moves[(have, want)] = transition(self._styles[have], style)
        out.append(codes)
        self._have = want
