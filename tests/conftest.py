import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

pytest_plugins = ["cpu_times", "engine_coverage"]

# Hypothesis: "dev" by default; .ci/run names "ci" (pytest --hypothesis-profile=ci), which
# draws the same examples on every run and keeps no example database.
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "ci", settings.get_profile("dev"), derandomize=True, database=None, print_blob=True
)
settings.load_profile("dev")

# Snapshots must render colours; NO_COLOR in the environment would strip them.
os.environ.pop("NO_COLOR", None)


@pytest.fixture(autouse=True)
def private_user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes the real user's settings, saves, autosaves or records."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
