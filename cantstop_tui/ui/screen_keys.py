"""The keys of every screen but the game's (``ui.keys``), one table each, in the same rows
(:class:`~cantstop_tui.ui.keys.Key`): the screens' bindings, so their key bars, and the
sentences that name a key are made from these; nothing else in the package writes a
binding (``tests/ui/test_screen_keys.py``).
"""

from __future__ import annotations

from dataclasses import replace

from .keys import CHOOSE, CLICK, HELP, NAMES, NEW, QUIT, ROLL, SAVE, STOP, TALK, Key


def said_of(keys: str) -> str:
    """``"r,enter"`` as a sentence names it: ``r or Enter``."""
    return " or ".join(NAMES.get(name, name) for name in keys.split(","))


def key(keys: str, action: str, label: str, *, show: bool = True, display: str | None = None,
        priority: bool = False, does: str = "") -> Key:
    """A row of a screen's table; the sentences name its keys as :func:`said_of` does."""
    return Key(said_of(keys), does or label.lower(), action, keys, label,
               show=show, display=display, priority=priority)


CLOSE = key("escape,q", "close", "Close")
BACK = replace(CLOSE, label="Back", does="back")
QUIT_FROM_SCREEN = key("q", QUIT.action, "Quit")
"""``q`` on a screen over the game: quit (asks first)."""

APP = (
    key("ctrl+q,ctrl+c", "request_quit", "Quit", show=False, priority=True),
    # priority: from the game-over box and every dialog too (a modal screen hides the
    # app's other keys)
    replace(SAVE, show=False, priority=True),
)
"""Every app's own keys (``app_base``)."""
TABLE_APP = (TALK,)
"""A server table's app adds these to the app's keys (``visit_app``)."""

CREATE = key("c", "create", "Create table", does="create a table")
LOBBY = (
    CREATE,
    SIT := key("j", "sit", "Sit"),
    WATCH := key("w", "watch", "Watch"),
    LEAVE_TABLE := key("x", "leave", "Leave table"),
    key("b", "leaderboard", "Ratings"),
    key("q", "quit", "Quit"),
)

PLAY_ON = key("p", "play_on", "Play on", does="play on from this step")
REPLAY = (
    key("left", "step(-1)", "Back"),
    key("right", "step(1)", "Forward"),
    key("home", "jump(0)", "Start"),
    key("end", "jump(-1)", "End"),
    PLAY_ON,
    CLOSE,
)

REVIEW = (
    key("enter", "open_replay", "Replay from here"),
    key("m", "toggle_all", "Flagged only / all"),
    CLOSE,
)

REMATCH = key("r,enter", "choose('rematch')", "Rematch")
REVIEW_GAME = key("v", "review", "Review")
GAME_OVER_NEW = key("n", "choose('new')", "New game")
GAME_OVER_QUIT = key("q", "choose('quit')", "Quit")
GAME_OVER = (
    REMATCH,
    GAME_OVER_NEW,
    REVIEW_GAME,
    GAME_OVER_QUIT,
    key("escape", "choose('continue')", "Close", show=False),  # see the final board
    HELP,  # a modal screen hides the app's own keys
)

TABLE_OVER = (
    REMATCH,
    key("c", "choose('computer')", "Computer plays free seats", show=False),
    TO_LOBBY := key("l,q,escape", "choose('lobby')", "Lobby"),
    REVIEW_GAME,
    # a modal screen hides the app's own keys
    replace(TALK, action=f"app.{TALK.action}"),
)

NEW_GAME = (
    # priority: before the focused field's own Enter (a Button's press, an Input's submit),
    # where Enter starts (NewGameScreen.check_action), so the bar shows it as it acts.
    START := key("enter", "start", "Start game", priority=True),
    key("ctrl+o", "load", "Load game"),
    MY_LEVEL := key("ctrl+l", "my_level", "My level", does="the computer seats at your level"),
    key("ctrl+q", QUIT.action, "Quit"),
    key("f1", HELP.action, "Help"),
    # q types a q in a name; it leaves from the other fields, as Escape does anywhere.
    key("escape,q", "leave", "Back"),
)
LEARN_TO_PLAY = Key("", "a guided first game", "learn", label="Learn to play",
                    title="Learn to play", command="A guided first game with prepared dice")
"""The new-game screen's button and its line in the command palette (no key)."""

RESUME = (
    RESUME_GAME := key("r", "resume", "Resume"),
    RESUME_NEW := key("n,escape", "new_game", "New game"),
    DISCARD := key("d", "discard", "Discard"),
    REVIEW_GAME,
    QUIT_FROM_SCREEN,
)

RECORDS = (CLOSE,)

REPLAY_SAVED = key("r", "replay", "Replay", does="replays")
LOAD_SAVED = key("enter", "load", "Load", does="loads", priority=True)
"""priority: the bar's (and the press's) rather than the list's own, hidden Enter."""
SAVED_GAMES = (LOAD_SAVED, REPLAY_SAVED, REVIEW_GAME, BACK)

CREATE_TABLE = (
    CREATE_IT := key("enter", "create", "Create", show=False, does="creates"),
    key("escape", "cancel", "Cancel", show=False),
    key("ctrl+g", "cancel", "Cancel"),
)

HELP_SCREEN = (
    CLOSE_HELP := key("enter,question_mark,f1,escape", "close", "Close help"),
    QUIT_FROM_SCREEN,
)

PLAY = key("enter,space,escape", "close", "Play")
ROLLOFF = (PLAY, QUIT_FROM_SCREEN, HELP)  # a modal screen hides the app's own keys

NAME_QUESTION = (
    # priority: the bar's (and the press's) rather than the name field's own, hidden Enter
    key("enter", "submit", "Play", does="plays under the name typed", priority=True),
    key("escape", "leave", "Leave", does="leaves the server"),
)
"""The name asked for on a server (``server.visitor_lobby.NameScreen``); like the lobby it
leads to, it has no help (a server's help is its tables')."""

QUIT_DIALOG = (
    key("y,q", "answer(True)", "Yes, quit"),
    key("n,escape", "answer(False)", "No, keep playing"),
)
CONFIRM = (key("y", "answer(True)", "Yes"), key("n,q,escape", "answer(False)", "No"))

CANCEL_SAVE = key("escape", "cancel", "Cancel")
TALK_BOX = (CANCEL_TALK := key("escape", "cancel", "Cancel", does="cancels"),)
"""The line said to a table (``t``): Enter sends it (the input's own key)."""
SAVE_AS = (
    # priority: over the name's input, whose own Enter the bar would not show
    SAVE_IT := key("enter", "save", "Save", does="saves", priority=True),
    CANCEL_SAVE,
)

LEAVE_LESSON = key("escape,q", "leave", "Leave", does="leave the guided game")
LEARN = (
    LEAVE_LESSON,
    # The game screen's key for a new game would leave the lesson (its help opens over it).
    key(NEW.keys, "not_here", "Not here", show=False),
)
LESSON_HELP = ((ROLL, STOP), (CHOOSE, CLICK), (LEAVE_LESSON, HELP))
"""The keys the guided game takes, in its help (two a line): none of the game's others."""
LESSON_HELP_SCREEN = (
    CLOSE_HELP,
    key("q", LEAVE_LESSON.action, LEAVE_LESSON.label, does=LEAVE_LESSON.does),
)
"""The help over the guided game: q leaves the lesson, as it does there."""

FORM_SELECT = (key("space,down,up", "show_overlay", "Show menu", show=False),)
"""The keys that open a form's drop-down list."""
FORM_CHECKBOX = (key("space", "toggle_button", "Toggle", show=False),)
