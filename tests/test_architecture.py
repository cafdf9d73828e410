"""The layers (engine <- ai <- play <- storage | arena <- ui <- server <- cli) and the absence
of import cycles, as written in pyproject.toml's import-linter contracts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_import_linter_contracts_are_kept() -> None:
    lint_imports = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run(
        [str(lint_imports), "--no-cache"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout
