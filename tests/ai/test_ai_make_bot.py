"""Building bots: the levels, "ai", module:Class, and the example in docs/bots.md."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from cantstop_tui.ai import LEVELS, Bot, make_bot
from cantstop_tui.ai.easy import EasyBot
from cantstop_tui.ai.expert import ClassicExpertBot, ExpertBot
from cantstop_tui.ai.rule28 import Rule28Bot
from cantstop_tui.ai.steady import SteadyBot
from cantstop_tui.arena.cli import main as arena_main

DOCS = Path(__file__).resolve().parents[2] / "docs" / "bots.md"


def test_levels_are_listed_weakest_first_and_ai_is_the_strongest() -> None:
    assert LEVELS == ("easy", "rule28", "steady", "strong", "expert")
    assert isinstance(make_bot("easy"), EasyBot)
    assert isinstance(make_bot("rule28"), Rule28Bot)
    assert isinstance(make_bot("steady"), SteadyBot)
    assert type(make_bot("strong")) is ClassicExpertBot
    assert type(make_bot("expert-classic")) is ClassicExpertBot  # its old name
    assert isinstance(make_bot("expert"), ExpertBot)
    assert isinstance(make_bot("ai"), ExpertBot)


def test_every_level_is_a_bot() -> None:
    for level in LEVELS:
        assert isinstance(make_bot(level, seed=4), Bot)


def test_a_class_is_loaded_by_module_and_name() -> None:
    bot = make_bot("cantstop_tui.ai.rule28:Rule28Bot", seed=9)
    assert isinstance(bot, Rule28Bot)
    assert bot.seed == 9


def test_unknown_levels_and_bad_classes_explain_themselves() -> None:
    with pytest.raises(ValueError, match="Unknown computer level 'hard'"):
        make_bot("hard")
    with pytest.raises(ValueError, match="Cannot load the bot"):
        make_bot("no_such_module_here:Bot")
    with pytest.raises(ValueError, match="Cannot load the bot"):
        make_bot("cantstop_tui.ai.rule28:NoSuchClass")
    with pytest.raises(ValueError, match="is not a bot"):
        make_bot("cantstop_tui.ai.rule28:THRESHOLD")


def _example_source() -> str:
    blocks = re.findall(r"```python\n(.*?)```", DOCS.read_text(), flags=re.S)
    assert blocks, "docs/bots.md shows no Python example"
    return blocks[0]


def test_the_documented_example_bot_loads_and_plays_in_the_arena(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "careful.py").write_text(_example_source())
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        bot = make_bot("careful:Careful")
        assert isinstance(bot, Bot)
        code = arena_main(["--players", "careful:Careful,rule28", "--games", "4", "--jobs", "1"])
        assert code == 0
        out = capsys.readouterr().out
        assert "careful:Careful" in out and "rule28" in out
    finally:
        sys.modules.pop("careful", None)


def test_the_arena_finds_your_bot_in_the_folder_you_run_it_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "careful.py").write_text(_example_source())
    monkeypatch.chdir(tmp_path)
    # As from the installed `cantstop` script: the import path does not hold your folder.
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    try:
        code = arena_main(["--players", "careful:Careful,rule28", "--games", "2", "--jobs", "1"])
        assert code == 0, capsys.readouterr().err
        assert "careful:Careful" in capsys.readouterr().out
    finally:
        sys.modules.pop("careful", None)
