"""Every screen's keys are stated once, in a table of rows (``ui.keys``, ``ui.screen_keys``):
the bindings (so the key bars), the buttons and the sentences that name a key are made from
them, and nothing else in the package writes a binding."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from textual.binding import Binding

import cantstop_tui
from cantstop_tui.server.visit_app import VisitApp
from cantstop_tui.ui import keys, screen_keys
from cantstop_tui.ui.app_base import AppBase
from cantstop_tui.ui.demo import finished
from cantstop_tui.ui.glyphs import glyphs_for
from cantstop_tui.ui.screens.create_table import CreateTableScreen
from cantstop_tui.ui.screens.game_over import GameOverScreen
from cantstop_tui.ui.screens.help import HelpScreen
from cantstop_tui.ui.screens.learn import LearnScreen, LessonHelpScreen
from cantstop_tui.ui.screens.lobby import NO_TABLES, LobbyScreen
from cantstop_tui.ui.screens.new_game import NewGameScreen
from cantstop_tui.ui.screens.quit import ConfirmScreen, QuitScreen
from cantstop_tui.ui.screens.records import RecordsScreen
from cantstop_tui.ui.screens.replay import PLAY_ON_HINT, ReplayScreen
from cantstop_tui.ui.screens.resume import ResumeScreen
from cantstop_tui.ui.screens.review import ReviewScreen
from cantstop_tui.ui.screens.rolloff import RolloffScreen
from cantstop_tui.ui.screens.save_as import SaveAsScreen
from cantstop_tui.ui.screens.saved_games import SavedGamesScreen
from cantstop_tui.ui.screens.table_over import TableOverScreen
from cantstop_tui.ui.widgets.form_fields import FormCheckbox, FormSelect

PACKAGE = Path(cantstop_tui.__file__).parent
TABLES = (PACKAGE / "ui" / "keys.py", PACKAGE / "ui" / "screen_keys.py")

OWNERS: list[tuple[Any, tuple[keys.Key, ...]]] = [
    (LobbyScreen, screen_keys.LOBBY),
    (ReplayScreen, screen_keys.REPLAY),
    (ReviewScreen, screen_keys.REVIEW),
    (GameOverScreen, screen_keys.GAME_OVER),
    (TableOverScreen, screen_keys.TABLE_OVER),
    (NewGameScreen, screen_keys.NEW_GAME),
    (ResumeScreen, screen_keys.RESUME),
    (RecordsScreen, screen_keys.RECORDS),
    (SavedGamesScreen, screen_keys.SAVED_GAMES),
    (CreateTableScreen, screen_keys.CREATE_TABLE),
    (HelpScreen, screen_keys.HELP_SCREEN),
    (RolloffScreen, screen_keys.ROLLOFF),
    (QuitScreen, screen_keys.QUIT_DIALOG),
    (ConfirmScreen, screen_keys.CONFIRM),
    (SaveAsScreen, screen_keys.SAVE_AS),
    (LearnScreen, screen_keys.LEARN),
    (LessonHelpScreen, screen_keys.LESSON_HELP_SCREEN),
    (AppBase, screen_keys.APP),
    (FormSelect, screen_keys.FORM_SELECT),
    (FormCheckbox, screen_keys.FORM_CHECKBOX),
]


def written_bindings(path: Path) -> list[str]:
    """Where ``path`` writes a binding itself: a ``Binding(...)``, or a key, action or tuple
    in a ``BINDINGS`` list."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Binding":
            found.append(f"{path.name}:{node.lineno} Binding(...)")
        targets = [node.target] if isinstance(node, ast.AnnAssign) else getattr(
            node, "targets", []
        )
        if any(getattr(t, "id", "") == "BINDINGS" for t in targets):
            value = getattr(node, "value", None)
            inside = ast.walk(value) if value is not None else ()
            if any(isinstance(inner, ast.Constant | ast.Tuple) for inner in inside):
                found.append(f"{path.name}:{node.lineno} BINDINGS with a literal")
    return found


def test_no_module_but_the_key_tables_writes_a_binding() -> None:
    written = [
        where
        for path in sorted(PACKAGE.rglob("*.py"))
        if path not in TABLES
        for where in written_bindings(path)
    ]
    assert written == []


def test_the_check_finds_a_binding_written_in_a_screen(tmp_path: Path) -> None:
    screen = tmp_path / "screen.py"
    screen.write_text(
        "class S:\n    BINDINGS = [Binding('x', 'go', 'Go')]\n"
        "class T:\n    BINDINGS: list = [('y', 'stay', 'Stay')]\n",
        encoding="utf-8",
    )
    assert len(written_bindings(screen)) == 3


@pytest.mark.parametrize(("owner", "table"), OWNERS, ids=lambda o: getattr(o, "__name__", ""))
def test_each_screens_bindings_and_key_bar_are_its_tables_rows(
    owner: Any, table: tuple[keys.Key, ...]
) -> None:
    bound = [b for b in owner.BINDINGS if isinstance(b, Binding)]
    assert len(bound) == len(owner.BINDINGS) == len(table)
    assert [(b.key, b.action, b.description, b.show) for b in bound] == [
        (k.keys, k.action, k.label, k.show) for k in table
    ]
    assert [b.description for b in bound if b.show] == [k.label for k in table if k.show]


def test_a_server_tables_app_adds_its_tables_keys_to_the_apps() -> None:
    actions = [b.action for b in VisitApp.BINDINGS if isinstance(b, Binding)]
    assert actions == [k.action for k in (*screen_keys.APP, *screen_keys.TABLE_APP)]


def choices_by_key(owner: Any) -> dict[str, str]:
    """What each key of a game-over box does: ``r`` -> ``rematch``."""
    return {
        name: b.action.removeprefix("choose('").removesuffix("')")
        for b in owner.BINDINGS
        for name in b.key.split(",")
    }


@pytest.mark.parametrize("seated", [True, False])
def test_the_game_over_boxes_buttons_name_the_keys_that_do_the_same(seated: bool) -> None:
    glyphs = glyphs_for(False)
    boxes = [TableOverScreen(finished(), glyphs, seated=seated)]
    boxes += [GameOverScreen(finished(), glyphs)] if seated else []
    for box in boxes:
        by_key = choices_by_key(type(box))
        for choice, label, _ in box.buttons():
            key = label.rsplit("(", 1)[1].rstrip(")")
            assert by_key[key] == choice, (type(box).__name__, label)


def test_the_sentences_that_name_a_key_name_the_bound_one() -> None:
    def bound(owner: Any, action: str) -> set[str]:
        return {n for b in owner.BINDINGS if b.action == action for n in b.key.split(",")}

    assert f"press {screen_keys.CREATE.said} " in NO_TABLES
    assert screen_keys.CREATE.said in bound(LobbyScreen, "create")
    assert f"Press {screen_keys.PLAY_ON.said} " in PLAY_ON_HINT
    assert screen_keys.PLAY_ON.said in bound(ReplayScreen, "play_on")
    assert "escape" in bound(SavedGamesScreen, "close") | bound(RecordsScreen, "close")
    assert screen_keys.said_of("r,enter,escape,question_mark") == "r or Enter or Escape or ?"


def test_the_guided_game_names_the_keys_the_game_binds() -> None:
    """The guide's sentences are the play layer's (it knows nothing of the UI): they name
    the same keys as the tables."""
    from cantstop_tui.play import guide

    sentences = " ".join(step.text for step in guide.SCRIPT)
    assert f"({keys.ROLL.first})" in sentences and f"({keys.STOP.first})" in sentences
    assert guide.ASK["roll"].startswith(f"press {keys.ROLL.said},")
    assert guide.ASK["stop"].startswith(f"press {keys.STOP.said},")
    letter = next(n for n in screen_keys.LEAVE_LESSON.keys.split(",") if len(n) == 1)
    assert f"ress {letter} to leave" in guide.FINISHED
    assert guide.why_not(finished()).endswith(f"press {letter} to leave.")


def test_the_rematch_sentences_name_the_keys_of_the_game_over_box() -> None:
    """``play.rematch`` says them without the UI: they name the keys its box binds."""
    from cantstop_tui.play import rematch

    source = Path(rematch.__file__).read_text(encoding="utf-8")
    rematch_key, lobby_key = screen_keys.REMATCH.first, screen_keys.TO_LOBBY.first
    assert f"{rematch_key} asks for a rematch; {lobby_key} goes back to the lobby." in source
    assert f"{rematch_key} to play again" in source

