"""cantstop_tui/textual_version.py: every private Textual name the compatibility package
(ui/textual_compat/) uses is still there, and the installed Textual is the one the guards
were written for."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from cantstop_tui import textual_version


@pytest.mark.parametrize("part", textual_version.PRIVATE_PARTS)
def test_each_private_part_the_compat_layer_uses_is_still_there(part: str) -> None:
    assert textual_version.has_part(part), f"{part} moved: see textual_compat"


def test_a_part_that_is_not_there_is_found_missing() -> None:
    assert not textual_version.has_part("textual.app.App._no_such_part")
    assert not textual_version.has_part("textual._no_such_module.Thing")
    assert textual_version.has_part("textual.app.App._exception")  # set in App.__init__ only


def test_the_installed_textual_is_the_one_the_guards_were_written_for() -> None:
    from importlib import metadata

    assert metadata.version("textual") == textual_version.TEXTUAL_VERSION
    assert textual_version.installed_textual() == textual_version.TEXTUAL_VERSION
    assert textual_version.textual_problem() is None


def test_the_version_is_read_without_importlib_metadata_where_pip_put_it() -> None:
    """The first frame does not pay for ``importlib.metadata`` (checked in a fresh process)."""
    import subprocess
    import sys

    code = (
        "import sys\nfrom cantstop_tui.textual_version import installed_textual\n"
        "print(installed_textual(), 'importlib.metadata' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.split() == [textual_version.TEXTUAL_VERSION, "False"], done.stderr


def test_without_one_dist_info_folder_the_version_comes_from_the_metadata(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from importlib import machinery, metadata, util

    package = tmp_path / "textual" / "__init__.py"
    package.parent.mkdir()
    package.touch()
    spec = machinery.ModuleSpec("textual", None, origin=str(package))
    monkeypatch.setattr(util, "find_spec", lambda name: spec)
    monkeypatch.setattr(metadata, "version", lambda name: "7.0.0")
    assert textual_version.installed_textual() == "7.0.0"  # no folder
    (tmp_path / "textual-8.0.0.dist-info").mkdir()
    assert textual_version.installed_textual() == "8.0.0"
    (tmp_path / "textual-8.1.0.dist-info").mkdir()
    assert textual_version.installed_textual() == "7.0.0"  # two: pip's own answer

    def missing(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", missing)
    assert textual_version.installed_textual() is None
    monkeypatch.setattr(util, "find_spec", lambda name: None)
    assert textual_version.installed_textual() is None
    assert "not installed" in str(textual_version.textual_problem())


def test_another_textual_that_lacks_a_part_gets_a_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(textual_version, "installed_textual", lambda: "99.0.0")
    assert textual_version.textual_problem() is None  # every part still there: runs
    monkeypatch.setattr(
        textual_version,
        "PRIVATE_PARTS",
        ("textual.app.App._gone", "textual.strip.Strip._crop_cache"),
    )
    said = textual_version.textual_problem()
    assert said is not None
    assert "Textual 8.2.8" in said and "99.0.0" in said and "textual.app.App._gone" in said
    assert "_crop_cache" not in said


def test_the_lock_files_pin_the_textual_the_guards_were_written_for() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    pin = f"textual=={textual_version.TEXTUAL_VERSION} "
    for lock in ("requirements.lock", "requirements-test.lock"):
        assert pin in (root / lock).read_text(encoding="utf-8"), lock


# --- the private names themselves, found in the code ------------------------------------

PACKAGE = Path(__file__).resolve().parents[2] / "cantstop_tui"
COMPAT = PACKAGE / "ui" / "textual_compat"
RICH_PARTS = {"_ansi", "_environ"}
"""Rich's private names the package uses (``Style._ansi``, ``Console(_environ=...)``),
guarded by tests/ui/test_compat_rendering.py and tests/server/test_terminal_colours.py."""
SERVE_PARTS = {"_open_app_process"}
"""textual-serve's private name the package uses (``AppService._open_app_process``, in
``serve``), guarded by tests/ui/test_compat_serve.py."""


def private_names(path: Path) -> set[str]:
    """The private attributes ``path`` reads or sets on other objects, the private keyword
    arguments it passes, and the private modules it imports from."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    own = {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    }
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.keyword) and node.arg:
            found.add(node.arg)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.update(node.module.split("."))
    return {n for n in found if n.startswith("_") and not n.startswith("__")} - own


def test_every_private_name_the_compat_package_uses_is_listed() -> None:
    listed = {part.split(".")[-1] for part in textual_version.PRIVATE_PARTS}
    listed |= {piece for part in textual_version.PRIVATE_PARTS for piece in part.split(".")}
    for path in sorted(COMPAT.glob("*.py")):
        unlisted = private_names(path) - listed - RICH_PARTS - SERVE_PARTS
        assert not unlisted, f"{path.name} uses {sorted(unlisted)}: list it in textual_version"


def test_no_module_outside_the_compat_package_imports_a_private_textual_module() -> None:
    for path in sorted(PACKAGE.rglob("*.py")):
        if COMPAT in path.parents:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            modules = (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else []
            )
            for module in modules:
                assert not module.startswith(("textual._", "textual_serve._")), (
                    f"{path.relative_to(PACKAGE)} imports {module}: only ui/textual_compat/ may"
                )
