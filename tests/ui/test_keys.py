"""The game's keys are stated once (``ui.keys``): the game screen's bindings, the key bar,
the help screen, the palette and the sentences that name a key agree with that table."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding

from cantstop_tui.engine import GameConfig, new_game
from cantstop_tui.server.visit_app import VisitApp
from cantstop_tui.ui import keys
from cantstop_tui.ui.game_app import GameApp
from cantstop_tui.ui.screens.game import GameScreen
from cantstop_tui.ui.screens.game_keys import palette, why_not_yours
from cantstop_tui.ui.screens.help import LOCAL_KEYS
from cantstop_tui.ui.screens.table_over import TableOverScreen


def bindings_of(owner: Any) -> dict[str, Binding]:
    found = owner.BINDINGS
    return {b.action: b for b in found if isinstance(b, Binding)}


def test_the_game_screens_bindings_are_the_tables_keys_in_the_key_bars_order() -> None:
    bound = [b for b in GameScreen.BINDINGS if isinstance(b, Binding)]
    assert len(bound) == len(GameScreen.BINDINGS)
    shown = [b for b in bound if b.show]
    assert [b.description for b in shown] == [key.label for key in keys.GAME_BAR]
    by_action = bindings_of(GameScreen)
    for key in keys.GAME_BAR:
        if key is keys.CHOOSE:
            for n in range(1, keys.MAX_MOVES + 1):
                assert by_action[f"choose({n})"].key == str(n)
        else:
            assert (by_action[key.action].key, by_action[key.action].description) == (
                key.keys,
                key.label,
            )


def test_the_help_lists_every_key_of_the_key_bar_with_its_words() -> None:
    local = [key for line in keys.LOCAL_HELP for key in line]
    table = [key for line in keys.TABLE_HELP for key in line]
    for key in keys.GAME_BAR:
        assert any(k.action == key.action for k in local), key
        assert any(k.action == key.action for k in table) or key is keys.NEW, key
    for key in local:
        assert f"{key.said:<8}" in LOCAL_KEYS and key.does in LOCAL_KEYS
    for key in table:
        assert key.does in VisitApp.HELP_KEYS and key.said in VisitApp.HELP_KEYS
    assert LOCAL_KEYS.count("\n") == len(keys.LOCAL_HELP)


def test_the_palette_names_each_commands_keys_as_the_help_does() -> None:
    lines = palette(new_game(GameConfig(2)))
    bound = bindings_of(GameScreen)
    for key, (title, help_text, action, _) in zip(keys.PALETTE_KEYS, lines, strict=False):
        assert (title, action) == (key.title, key.action) and action in bound
        assert help_text.endswith(f"({key.said})") and key.said in LOCAL_KEYS
    for key in (keys.NEW, keys.SAVE, keys.HELP, keys.QUIT):
        assert key.palette_help.endswith(f"({key.said})")


def test_the_keys_that_say_why_not_are_bound_to_those_actions() -> None:
    bound = {
        name: b.action.split("(")[0] for b in GameScreen.BINDINGS if isinstance(b, Binding)
        for name in b.key.split(",")
    }
    for name, (action, _) in keys.KEY_ACTIONS.items():
        assert bound.get(name, keys.CHOOSE.action) == action
    state = new_game(GameConfig(2))
    assert f"({keys.ROLL.said})" in why_not_yours(state, keys.CHOOSE.action, (1,))


def test_the_apps_own_keys_come_from_the_table() -> None:
    assert bindings_of(GameApp)["save_as"].key == keys.SAVE.keys
    assert bindings_of(VisitApp)["talk"].key == keys.TALK.keys
    assert bindings_of(TableOverScreen)["app.talk"].key == keys.TALK.keys
    assert {keys.QUIT.action: keys.LEAVE.label} == VisitApp.KEY_LABELS


def test_the_readmes_key_table_names_every_key_of_the_game() -> None:
    from pathlib import Path

    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    rows = readme.split("| Key | What it does |")[1].split("\n\n")[0].splitlines()[2:]
    cells = [row.split("|")[1].strip() for row in rows]
    named = (keys.ROLL, keys.STOP, keys.HINT, keys.CHANCES, keys.LOG, keys.SAVE, keys.NEW)
    for key in (*named, keys.HELP):
        names = key.said.split(" or ")
        assert " or ".join(f"`{n}`" if len(n) == 1 else n for n in names) in cells, key
    assert "`1` ... `6`" in cells and keys.CHOOSE.said == "1 to 6"
    assert any(cell.startswith(f"`{keys.QUIT.said}`,") for cell in cells)


def test_the_help_and_the_readme_name_the_keys_that_hurry_a_computer_from_log_pages() -> None:
    from pathlib import Path

    from cantstop_tui.ui.screens.help import HURRY_LINE

    assert keys.HURRY.said == "any key but PgUp/PgDn"
    assert set(keys.LOG_PAGES) <= set(keys.NAMES)  # each key that does not hurry is named
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert f"| {keys.HURRY.said} | during a computer's turn:" in readme
    # The game's help says it (the lesson's, where no computer plays, does not).
    assert f"During a computer's turn {keys.HURRY.said} plays the rest" in HURRY_LINE
