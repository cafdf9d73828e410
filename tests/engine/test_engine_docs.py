"""The examples in docs/engine.md and in the engine's docstrings run and say what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import cantstop_tui.engine
from cantstop_tui.engine import concede, new_game, state_from_dict, state_to_dict

DOC = Path(__file__).resolve().parents[2] / "docs" / "engine.md"
PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _python_blocks() -> list[str]:
    return PYTHON_BLOCK.findall(DOC.read_text(encoding="utf-8"))


def test_every_python_block_in_engine_md_is_a_checked_example() -> None:
    blocks = _python_blocks()
    assert len(blocks) >= 10
    for block in blocks:
        assert block.lstrip().startswith(">>> "), block


def test_engine_md_examples_run_as_one_session() -> None:
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    namespace: dict[str, object] = {}
    for number, block in enumerate(_python_blocks(), start=1):
        test = parser.get_doctest(block, namespace, f"engine.md block {number}", str(DOC), 0)
        runner.run(test, clear_globs=False)
        namespace = test.globs  # the next block goes on from here
    results = runner.summarize(verbose=False)
    assert results.failed == 0
    assert results.attempted >= 60


def _engine_modules() -> list[str]:
    package = cantstop_tui.engine
    return [package.__name__] + [
        f"{package.__name__}.{info.name}" for info in pkgutil.iter_modules(package.__path__)
    ]


@pytest.mark.parametrize("name", _engine_modules())
def test_engine_docstring_examples(name: str) -> None:
    results = doctest.testmod(importlib.import_module(name), optionflags=FLAGS)
    assert results.failed == 0


def test_the_engine_docstrings_have_examples() -> None:
    attempted = sum(
        doctest.testmod(importlib.import_module(name), optionflags=FLAGS).attempted
        for name in _engine_modules()
    )
    assert attempted >= 15


def test_the_save_format_example_is_exactly_what_to_dict_writes() -> None:
    import json


    text = (DOC.parent / "save-format.md").read_text(encoding="utf-8")
    section = text.split("## Game state (format 1)", 1)[1]
    example = json.loads(section.split("```json\n", 1)[1].split("```", 1)[0])
    state = state_from_dict(example)
    assert state_to_dict(state) == example
    documented = set(re.findall(r"^\| `(\w+)` \|", section, re.MULTILINE))
    conceded, _ = concede(new_game(), 0)  # the one key written only sometimes
    assert documented == set(example) | set(state_to_dict(conceded))
