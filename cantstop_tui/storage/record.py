"""The game record: the file a saved game and an autosave are made of.

It holds what is needed to replay the game from its start (configuration, seed,
seats, every action in order) plus the current position as a snapshot. Loading
replays every action through ``Match.apply``, so a record that breaks the rules,
or whose dice are not the seeded ones, is refused with the first illegal step
named (``record_reading``). See docs/save-format.md.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from importlib import import_module
from pathlib import Path
from typing import Any

from ..engine import config_to_dict, state_to_dict
from ..frozen import frozen
from ..play.match import Match
from .action_lines import ActionLines, action_json
from .atomic import atomic_write
from .errors import SaveError
from .reading import read_json
from .record_reading import FORMAT as FORMAT
from .record_reading import MAX_KIND as MAX_KIND
from .record_reading import VERSION as VERSION
from .record_reading import check_header as check_header
from .record_reading import describe as describe
from .record_reading import match_from_record as match_from_record


def now() -> str:
    """The current time as an ISO 8601 UTC timestamp, to the second."""
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def record_to_dict(
    match: Match, *, created: str | None = None, updated: str | None = None
) -> dict[str, Any]:
    """The record of ``match`` as JSON-ready data."""
    items = list(_without_actions(match, created, updated).items())
    before_state = [key for key, _ in items].index("state")
    items.insert(before_state, ("actions", [action.to_json() for action in match.history]))
    return dict(items)


def _without_actions(match: Match, created: str | None, updated: str | None) -> dict[str, Any]:
    stamp = updated or now()
    return {
        "format": FORMAT,
        "version": VERSION if match.reseeds else 1,
        "created": created or stamp,
        "updated": stamp,
        "config": config_to_dict(match.config),
        "seed": match.seed,
        "seats": [{"name": seat.name, "kind": seat.kind} for seat in match.seats],
        "state": state_to_dict(match.state),
        # Only when a seat changed hands: records without any stay exactly as before.
        **({"handovers": [h.to_json() for h in match.handovers]} if match.handovers else {}),
        **({"reseeds": [r.to_json() for r in match.reseeds]} if match.reseeds else {}),
        **({"hinted": sorted(match.hinted)} if match.hinted else {}),
    }


def record_to_json(
    match: Match,
    *,
    created: str | None = None,
    updated: str | None = None,
    actions: ActionLines | None = None,
) -> str:
    """The record as JSON text: one key, and one action, per line, so files diff and read well.
    ``actions`` keeps the actions' lines from one call to the next (an autosave's)."""
    data = _without_actions(match, created, updated)
    lines = [f" {json.dumps(key)}: {json.dumps(value)}" for key, value in data.items()]
    steps = ",\n  ".join(
        actions(match.history) if actions is not None else map(action_json, match.history)
    )
    lines.append(f' "actions": [\n  {steps}\n ]' if match.history else ' "actions": []')
    return "{\n" + ",\n".join(lines) + "\n}\n"


def game_id(match: Match) -> str:
    """A stable id for a game: the same seats, settings, seed and actions give the same id."""
    data = record_to_dict(match, created="", updated="")
    for key in ("created", "updated", "state"):
        del data[key]
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"))
    try:  # CPython's own SHA-256: hashlib loads OpenSSL (2% of a review's start-up)
        sha = import_module("_sha256")
    except ImportError:  # pragma: no cover - Python 3.12's is _sha2
        sha = import_module("hashlib")
    return str(sha.sha256(canonical.encode()).hexdigest())[:24]


# --- files -------------------------------------------------------------------


@frozen
class LoadedGame:
    """A game read from its file, with the file's times."""

    path: Path
    match: Match
    created: str
    updated: str


def load_game(path: Path | str) -> LoadedGame:
    """Read and check a record file. Any problem raises ``SaveError``; the file is never changed."""
    path = Path(path)
    data = read_json(path)
    try:
        match = match_from_record(data)
    except ValueError as error:
        raise SaveError(path, str(error)) from None
    stamp = data.get("updated") if isinstance(data.get("updated"), str) else ""
    created = data.get("created") if isinstance(data.get("created"), str) else stamp
    return LoadedGame(path, match, created, stamp)


def write_game(
    path: Path,
    match: Match,
    *,
    created: str | None = None,
    sync_now: bool = True,
    actions: ActionLines | None = None,
) -> None:
    """Write the record of ``match`` atomically; raises ``SaveError`` on failure."""
    text = record_to_json(match, created=created, actions=actions)
    atomic_write(path, text.encode(), sync_now=sync_now)
