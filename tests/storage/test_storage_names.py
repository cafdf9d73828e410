"""The storage package's names load their module when first used (issue 31: a game's first
frame needs none of the records, the finished games or a game file's reading and writing),
named once, by the type checker's imports, which the package reads for itself."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import cantstop_tui.storage as storage

SOURCE = Path(storage.__file__)


def _type_checking_imports() -> dict[str, str]:
    """Name -> module, from the package's ``if TYPE_CHECKING:`` imports, as Python reads
    them (each exported: ``name as name``)."""
    tree = ast.parse(SOURCE.read_text())
    block = next(
        node for node in tree.body
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING"
    )
    imports = [
        (alias, str(node.module))
        for node in block.body if isinstance(node, ast.ImportFrom)
        for alias in node.names
    ]
    assert all(alias.asname == alias.name for alias, _module in imports)
    return {alias.name: module for alias, module in imports}


def test_the_package_reads_every_name_of_the_type_checkers_imports() -> None:
    """The package's own reading of its imports (a pattern, cheaper than a parse) misses
    none of them and finds each where it lives; ``__all__`` and ``dir`` list them."""
    imports = _type_checking_imports()
    assert len(imports) > 20
    assert storage._homes() == imports
    assert storage.__all__ == sorted(imports)
    assert set(imports) <= set(dir(storage))
    for name, module in imports.items():
        home = importlib.import_module(f"cantstop_tui.storage.{module}")
        assert getattr(storage, name) is getattr(home, name)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        storage.no_such_name  # type: ignore[attr-defined]  # noqa: B018


def test_the_autosave_alone_loads_no_records_nor_game_files() -> None:
    code = (
        "import sys\n"
        "from cantstop_tui.storage import Autosaver, plan_startup, SaveError\n"
        "print(' '.join(sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    loaded = set(done.stdout.split())
    assert "cantstop_tui.storage.autosave" in loaded
    for lazy in ("records", "record", "finished"):
        assert f"cantstop_tui.storage.{lazy}" not in loaded
