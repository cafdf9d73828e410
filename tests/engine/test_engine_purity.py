"""The engine imports no user interface: every module's imports, read from its source."""

from __future__ import annotations

import ast
from pathlib import Path

import cantstop_tui.engine

ENGINE = Path(cantstop_tui.engine.__file__).parent
FORBIDDEN = {"textual", "rich"}


def _imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_engine_modules_import_nothing_from_textual_or_rich() -> None:
    modules = sorted(ENGINE.rglob("*.py"))
    assert len(modules) >= 10
    for path in modules:
        roots = {name.split(".")[0] for name in _imported_modules(path)}
        assert not roots & FORBIDDEN, f"{path.name} imports {roots & FORBIDDEN}"


def test_engine_imports_only_the_standard_library_and_itself() -> None:
    import sys

    for path in ENGINE.rglob("*.py"):
        for name in _imported_modules(path):
            root = name.split(".")[0]
            assert root in sys.stdlib_module_names or root == "cantstop_tui", (path.name, name)


def test_the_check_sees_imports(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import rich.text\nfrom textual.app import App\nfrom . import board\n")
    assert _imported_modules(sample) == {"rich.text", "textual.app"}
