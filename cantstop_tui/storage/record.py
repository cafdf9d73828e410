"""The game record: the file a saved game and an autosave are made of.

It holds what is needed to replay the game from its start (configuration, seed,
seats, every action in order) plus the current position as a snapshot. Loading
replays every action through ``Match.apply``, so a record that breaks the rules,
or whose dice are not the seeded ones, is refused with the first illegal step
named. See docs/save-format.md.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime
from importlib import import_module
from pathlib import Path
from typing import Any, Final

from ..engine import IllegalMoveError, config_from_dict, config_to_dict, state_to_dict
from ..frozen import frozen
from ..play.match import Action, Handover, Match, Reseed, Seat
from ..play.names import clean_name, clean_text
from .action_lines import ActionLines, action_json
from .atomic import atomic_write
from .errors import SaveError
from .reading import read_json

FORMAT: Final = "cantstop-game-record"
VERSION: Final = 2
"""The newest record version read and written. Version 2 adds ``reseeds`` (new dice when
playing on from a replay); a record without them is written as version 1, so older
programs still open it."""
_KEYS: Final = ("config", "seed", "seats", "actions", "state")
MAX_KIND: Final = 100
"""The longest seat kind (a level, ``human`` or a ``module:Class``) a record may name."""


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


# --- reading -----------------------------------------------------------------


def describe(action: Action) -> str:
    """An action as a player reads it: ``roll 3 4 2 6``, ``choose 6+10``, ``stop``."""
    if action.kind == "roll":
        return "roll " + " ".join(str(d) for d in action.dice or ())
    if action.kind == "choose":
        return "choose " + "+".join(str(c) for c in action.move or ())
    if action.kind == "concede":
        return "concede"
    return "stop"


def _is_int(value: Any) -> bool:
    return type(value) is int


def _action(raw: Any, step: int) -> Action:
    problem = (
        f"step {step} is {json.dumps(raw)}, but an action is [\"roll\", [four dice]], "
        "[\"choose\", [columns]], [\"stop\"] or [\"concede\", seat]."
    )
    kinds = ("roll", "choose", "stop", "concede")
    if not isinstance(raw, list) or not raw or raw[0] not in kinds:
        raise ValueError(problem)
    kind = raw[0]
    if kind == "stop":
        if len(raw) != 1:
            raise ValueError(problem)
        return Action("stop")
    if kind == "concede":
        if len(raw) != 2 or not _is_int(raw[1]):
            raise ValueError(problem)
        return Action("concede", seat=raw[1])
    if len(raw) != 2 or not isinstance(raw[1], list) or not all(map(_is_int, raw[1])):
        raise ValueError(problem)
    if kind == "roll":
        if len(raw[1]) != 4:
            raise ValueError(problem)
        a, b, c, d = raw[1]
        return Action("roll", dice=(a, b, c, d))
    return Action("choose", move=tuple(raw[1]))


def _seats(raw: Any) -> tuple[Seat, ...]:
    if not isinstance(raw, list):
        raise ValueError("'seats' must be a list of players.")
    seats = []
    for number, seat in enumerate(raw, start=1):
        if (
            not isinstance(seat, dict)
            or not isinstance(seat.get("name"), str)
            or not seat["name"].strip()
            or not isinstance(seat.get("kind"), str)
            or not seat["kind"]
        ):
            raise ValueError(f"seat {number} must have a non-empty \"name\" and \"kind\".")
        # Names are shown on terminals: cleaned of escape sequences and capped here, at load.
        name, kind = clean_name(seat["name"]), seat["kind"]
        if not name:
            raise ValueError(f"seat {number}'s name has nothing that can be shown.")
        if clean_text(kind, MAX_KIND) != kind:
            raise ValueError(f"seat {number}'s kind {clean_text(kind, 40)!r} is not a player kind.")
        seats.append(Seat(name, kind))
    return tuple(seats)


def _rows(raw: Any, key: str, what: str, shape: str) -> list[list[Any]]:
    """The optional list ``key`` of ``shape``: lists of ``shape``'s length whose first two
    items (a step, and a seat or a seed) are whole numbers (``what`` names one in errors)."""
    if not isinstance(raw, list):
        raise ValueError(f"'{key}' must be a list of {shape}.")
    length = shape.count(",") + 1
    for row in raw:
        if not isinstance(row, list) or len(row) != length or not all(map(_is_int, row[:2])):
            raise ValueError(f"{what} {json.dumps(row)} is not {shape}.")
    return raw


def _handovers(raw: Any, seats: int, steps: int) -> tuple[Handover, ...]:
    """The optional ``handovers``: ``[step, seat, kind]`` in order of step (see save-format.md)."""
    handovers: list[Handover] = []
    for row in _rows(raw, "handovers", "hand-over", "[step, seat, kind]"):
        step, seat, kind = row
        if not isinstance(kind, str) or not kind:
            raise ValueError(f"hand-over {json.dumps(row)} is not [step, seat, kind].")
        last = handovers[-1].step if handovers else 0
        if not last <= step <= steps or not 0 <= seat < seats:
            raise ValueError(
                f"hand-over {json.dumps(row)} names a step or seat the game does not "
                f"have (steps {last} to {steps}, seats 0 to {seats - 1})."
            )
        handovers.append(Handover(step, seat, kind))
    return tuple(handovers)


def _reseeds(raw: Any, steps: int) -> tuple[Reseed, ...]:
    """The optional ``reseeds``: ``[step, seed]`` in increasing order of step (save-format.md)."""
    reseeds: list[Reseed] = []
    for row in _rows(raw, "reseeds", "new dice", "[step, seed]"):
        step, seed = row
        first = reseeds[-1].step + 1 if reseeds else 0
        if not first <= step <= steps:
            raise ValueError(
                f"new dice {json.dumps(row)} names a step the game does not have "
                f"(steps {first} to {steps}, in order)."
            )
        reseeds.append(Reseed(step, seed))
    return tuple(reseeds)


def check_header(data: Any) -> None:
    """Refuse anything that is not a record this version reads (format, version, keys)."""
    if not isinstance(data, dict):
        kinds: dict[type, str] = {list: "a list", str: "a string"}
        kind = kinds.get(type(data), "a single value")
        raise ValueError(f"it holds {kind}, not a game record (a JSON object).")
    if data.get("format") != FORMAT:
        raise ValueError(f"it is not a Can't Stop game record (no \"format\": \"{FORMAT}\").")
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise ValueError(f"its record version {version!r} is not a version number.")
    if version > VERSION:
        raise ValueError(
            f"it was written by a newer cantstop (record version {version}; this one reads "
            f"version {VERSION}). Update cantstop to open it."
        )
    missing = [key for key in _KEYS if key not in data]
    if missing:
        raise ValueError(f"the record is missing {', '.join(repr(k) for k in missing)}.")


def match_from_record(data: Any) -> Match:
    """Rebuild the game by replaying every action from its start.

    Raises ``ValueError`` naming the first problem, e.g.
    ``step 17 (choose 6+10): Columns 6 and 10 are not a move this roll allows...``.
    """
    check_header(data)
    config = config_from_dict(data["config"])
    seed = data["seed"]
    if not _is_int(seed):
        raise ValueError(f"'seed' must be a whole number, not {seed!r}.")
    if not isinstance(data["actions"], list):
        raise ValueError("'actions' must be a list.")
    reseeds = _reseeds(data.get("reseeds", []), len(data["actions"]))
    match = Match.start(_seats(data["seats"]), config, seed).with_reseed_due(reseeds)
    for step, raw in enumerate(data["actions"], start=1):
        action = _action(raw, step)
        try:
            match, _ = match.apply(action)
        except (IllegalMoveError, ValueError) as error:
            raise ValueError(f"step {step} ({describe(action)}): {error}") from None
        match = match.with_reseed_due(reseeds)
    if data["state"] != state_to_dict(match.state):
        raise ValueError(
            "its saved position is not the one its moves lead to (the file was edited)."
        )
    if "handovers" in data:  # absent from records of games where no seat changed hands
        match = replace(
            match,
            handovers=_handovers(data["handovers"], len(match.seats), len(match.history)),
        )
    if "hinted" in data:  # the seats whose person asked for a hint: unrated for them
        match = replace(match, hinted=_hinted(data["hinted"], len(match.seats)))
    return match


def _hinted(raw: Any, seats: int) -> frozenset[int]:
    if not isinstance(raw, list) or not all(_is_int(s) and 0 <= s < seats for s in raw):
        raise ValueError(f"'hinted' must list seats 0-{seats - 1}, not {raw!r}.")
    return frozenset(raw)


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
