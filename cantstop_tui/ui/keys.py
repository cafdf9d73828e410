"""The game's keys, each stated once: which keys, what they ask for, and the words for them.

The game screen's bindings (and so the key bar), the help screen's keys block, the command
palette's lines and the sentences that name a key ("roll (r or space)", "why not") are all
made from these rows; ``tests/ui/test_keys.py`` checks that they agree. Every other
screen's keys are rows of the same kind in ``ui.screen_keys``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from textual.binding import Binding, BindingType

MAX_MOVES = 6
"""Move keys 1 to 6: a roll has at most six moves."""


@dataclass(frozen=True, slots=True)
class Key:
    """A key (or keys) and what it does, as the help and the keys bar say it."""

    said: str
    """How the help and the sentences name the keys: ``r or space``."""
    does: str
    """The help screen's words for it: ``roll the dice``."""
    action: str = ""
    """What the keys ask for (a Textual action); empty for what is no key binding here
    (a click, Textual's own palette key, a key of another screen)."""
    keys: str = ""
    """Textual's names of the keys, comma-separated: ``r,space``."""
    label: str = ""
    """The key bar's word: ``Roll``."""
    title: str = ""
    """The command palette's line (empty: not in the palette)."""
    command: str = ""
    """The palette's words under the title; the keys follow in brackets."""
    show: bool = True
    """Whether the key bar shows it."""
    display: str | None = None
    """The key bar's name for the keys, if not the first key's own (``?``, ``1-6``)."""
    priority: bool = False
    """Whether the binding comes before the focused widget's own (and a modal screen's)."""

    @property
    def first(self) -> str:
        """The key shown on a button: ``r``."""
        return self.keys.split(",")[0]

    def binding(self) -> Binding:
        return Binding(
            self.keys,
            self.action,
            self.label,
            show=self.show,
            key_display=self.display,
            priority=self.priority,
        )

    @property
    def named(self) -> str:
        """The first key as a sentence names it: ``Escape``."""
        return self.said.split(" or ")[0]

    @property
    def button(self) -> str:
        """A button's words: ``Rematch (r)``, ``Play (Enter)``."""
        return f"{self.label} ({self.named})"

    @property
    def palette_help(self) -> str:
        return f"{self.command} ({self.said})"


ROLL = Key("r or space", "roll the dice", "roll", "r,space", "Roll",
           "Roll", "Roll the four dice")
STOP = Key("s", "stop and keep your climb", "stop", "s", "Stop",
           "Stop", "Stop and keep your progress")
CHOOSE = Key("1 to 6", "choose a move", "choose", label="Choose")
"""Bound once a number (``choose(1)`` ... ``choose(6)``): see :func:`choose_bindings`."""
CLICK = Key("click", "a move line, Roll or Stop")
LOG_PAGES = {"pageup": -1, "pagedown": 1}
"""The game log's keys and the pages each scrolls (back is negative). They alone do not
hurry a computer's turn: reading back is not hurrying."""
NAMES = {"escape": "Escape", "enter": "Enter", "question_mark": "?", "f1": "F1",
         "space": "Space", "left": "Left", "right": "Right", "home": "Home", "end": "End",
         "down": "Down", "up": "Up", "pageup": "PgUp", "pagedown": "PgDn"}
"""How a sentence names a key Textual calls otherwise (the one table of key names)."""
LOG = Key(" ".join(NAMES[name] for name in LOG_PAGES), "scroll the game log",
          "scroll_log", label="Log", show=False)
"""Bound once a direction (``scroll_log(-1)``, ``scroll_log(1)``): see :func:`log_bindings`."""
CHANCES = Key("w", "win chances on/off", "toggle_chances", "w", "Win %",
              "Win chances", "Show or hide each player's chance to win")
HURRY = Key("any key but " + "/".join(NAMES[name] for name in LOG_PAGES),
            "during a computer's turn: play the rest of it at once")
"""The keys that hurry a computer's turn: all but the log's (``LOG_PAGES``)."""
REVIEW = Key("v", "review, once the game is over")
HINT = Key("h", "a hint", "hint", "h", "Hint",
           "Hint", "What the expert would do now, and why")
SAVE = Key("ctrl+s", "save the game under a name", "save_as", "ctrl+s", "Save",
           "Save game as", "Save this game under a name")
NEW = Key("n", "new game", "app.new_game", "n", "New",
          "New game", "Set up a new game")
HELP = Key("? or F1", "this help", "app.help", "question_mark,f1", "Help",
           "Help", "The rules in brief and every key", display="?")
QUIT = Key("q", "quit (asks first)", "app.request_quit", "q", "Quit",
           "Quit", "Quit, after a confirmation")
LEAVE = Key("q", "back to the lobby", QUIT.action, QUIT.keys, "Lobby")
"""``q`` at a server's table: back to its lobby."""
TALK = Key("t", "talk to the table", "talk", "t", "Talk")
PALETTE = Key("ctrl+p", "command palette")

GAME_BAR = (ROLL, STOP, CHOOSE, HINT, CHANCES, NEW, HELP, QUIT)
"""The game screen's keys, in the key bar's order."""
GAME_KEYS = (*GAME_BAR, LOG)
"""The game screen's bindings: the key bar's, and those it does not show."""
PALETTE_KEYS = (ROLL, STOP, HINT, CHANCES)
"""The game screen's commands in the palette (the moves follow, one a line)."""
PLAY_HELP = ((ROLL, STOP), (CHOOSE, CLICK), (CHANCES, REVIEW), (LOG,))
"""The keys of play in the help, the same at home and at a server table (two a line)."""
LOCAL_HELP = (*PLAY_HELP, (HINT, SAVE), (NEW, HELP), (QUIT, PALETTE))
TABLE_HELP = (*PLAY_HELP, (HINT, TALK), (LEAVE, HELP), (PALETTE,))


def choose_bindings() -> list[Binding]:
    """``1`` to ``6``, shown once in the key bar as a range."""
    return [
        Binding(str(n), f"choose({n})", CHOOSE.label, key_display="1-6", show=n == 1)
        for n in range(1, MAX_MOVES + 1)
    ]


def is_move(binding: Binding) -> bool:
    """Whether ``binding`` is one of :func:`choose_bindings` (the key bar shows them as one
    range, ``1-3``), not another screen's ``choose('rematch')``."""
    return binding.key.isdigit() and binding.action.startswith(f"{CHOOSE.action}(")


def log_bindings() -> list[Binding]:
    """``PgUp`` and ``PgDn``: the game log a page back or on (not in the key bar)."""
    return [
        Binding(name, f"{LOG.action}({pages})", LOG.label, show=LOG.show)
        for name, pages in LOG_PAGES.items()
    ]


def bindings(keys: Iterable[Key]) -> list[BindingType]:
    """A screen's (or an app's, or a widget's) bindings: its table's rows, in order."""
    found: list[BindingType] = []
    for key in keys:
        if key is CHOOSE:
            found += choose_bindings()
        elif key is LOG:
            found += log_bindings()
        else:
            found.append(key.binding())
    return found


def game_bindings() -> list[BindingType]:
    return bindings(GAME_KEYS)


def help_block(lines: Iterable[Sequence[Key]]) -> str:
    """The help screen's keys: two a line, in columns; a key named longer than its column
    (``Enter or Space or Escape``) pushes the rest on, a space apart."""
    text = ""
    for line in lines:
        cells = [_cell(key.said, 13) + _cell(key.does, 22) if i == 0
                 else _cell(key.said, 8) + key.does for i, key in enumerate(line)]
        text += ("  " + "".join(cells)).rstrip() + "\n"
    return text


def _cell(text: str, width: int) -> str:
    """``text`` padded to ``width``, and at least a space after it."""
    return f"{text} ".ljust(width)


KEY_ACTIONS: dict[str, tuple[str, tuple[object, ...]]] = {
    **{name: (key.action, ())
       for key in (ROLL, STOP, HINT, CHANCES) for name in key.keys.split(",")},
    **{str(n): (CHOOSE.action, (n,)) for n in range(1, 10)},
}
"""The game's keys and their actions, to say why one does nothing (a move key beyond the
moves there are too)."""


def labels(*keys: Key) -> dict[str, str]:
    """Key bar labels by action, for keys whose label differs from the binding's own."""
    return {key.action: key.label for key in keys}
