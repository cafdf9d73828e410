"""The lock files install what pyproject.toml asks for: every requirement (runtime, test and
screenshot extras) is pinned there at a version its range allows, with hashes."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
PIN = re.compile(r"^([A-Za-z0-9._-]+)==([^\s;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?$")


def pins(lock: str) -> dict[str, str]:
    """Name -> version for this Python, from a lock file (markers evaluated here)."""
    found = {}
    for line in (ROOT / lock).read_text(encoding="utf-8").splitlines():
        pin = PIN.match(line)
        if pin and (pin[3] is None or Marker(pin[3]).evaluate()):
            found[canonicalize_name(pin[1])] = pin[2]
    return found


@pytest.mark.parametrize(
    ("lock", "extras"),
    [("requirements.lock", ()), ("requirements-test.lock", ("test", "screenshots"))],
)
def test_every_requirement_is_pinned_in_the_lock_within_its_range(
    lock: str, extras: tuple[str, ...]
) -> None:
    pinned = pins(lock)
    wanted = [
        *PROJECT["dependencies"],
        *(line for extra in extras for line in PROJECT["optional-dependencies"][extra]),
    ]
    for line in wanted:
        requirement = Requirement(line)
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{name} is not in {lock}: run make lock"
        assert requirement.specifier.contains(pinned[name], prereleases=True), (
            f"{lock} pins {name}=={pinned[name]}, outside {requirement.specifier}: run make lock"
        )


@pytest.mark.parametrize("lock", ["requirements.lock", "requirements-test.lock"])
def test_every_pin_has_a_hash(lock: str) -> None:
    text = (ROOT / lock).read_text(encoding="utf-8")
    blocks = re.split(r"\n(?=[A-Za-z0-9])", text.strip())
    assert blocks and all("--hash=sha256:" in block for block in blocks if "==" in block)


def test_the_pattern_reads_a_pin_with_a_marker() -> None:
    pin = PIN.match("numpy==2.4.6 ; python_full_version < '3.12' \\")
    assert pin is not None and pin.groups() == ("numpy", "2.4.6", "python_full_version < '3.12'")
