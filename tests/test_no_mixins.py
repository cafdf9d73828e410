"""The app's pieces are typed objects their owner holds, not mixins that reach for the
attributes of the class they are mixed into (a class body's ``if TYPE_CHECKING:`` block of
"given by the host" names, or a base that is ``object`` at run time)."""

from __future__ import annotations

import ast
from pathlib import Path

import cantstop_tui

PACKAGE = Path(cantstop_tui.__file__).parent
STILL_MIXINS: set[str] = set()
"""None left: the session's visit is an abstract base (``abc``), the widgets' style cache a
widget class."""


def mixin_signs(source: str) -> list[int]:
    """Lines of ``source`` where a class is written as a mixin."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.If) and getattr(item.test, "id", "") == "TYPE_CHECKING":
                    found.append(item.lineno)
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            for item in node.orelse:
                value = getattr(item, "value", None)
                if isinstance(item, ast.Assign) and getattr(value, "id", "") == "object":
                    found.append(item.lineno)
    return found


def test_no_module_writes_a_mixin_but_those_left_to_another_change() -> None:
    mixins = {
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        if mixin_signs(path.read_text(encoding="utf-8"))
    }
    assert mixins == STILL_MIXINS


def test_the_check_finds_both_kinds_of_mixin() -> None:
    source = (
        "if TYPE_CHECKING:\n    _Base = Screen\nelse:\n    _Base = object\n"
        "class Piece(_Base):\n    if TYPE_CHECKING:\n        def given(self) -> None: ...\n"
    )
    assert mixin_signs(source) == [4, 6]
