"""Tables survive a restart: each is saved as its seats plus its game, as the storage layer
records local games (``record_to_dict``), and rebuilt by replaying that record
(``match_from_record``: the seeded dice check every roll).

A table whose game is over stays in ``tables.json`` while someone sits at it, waiting for
the rematch (votes are not saved: whoever comes back asks again). Each finished game is
also kept as a game record of its own in ``served/`` (``game_archiver``; ``--keep-games N``
keeps only the newest N there); the players' records count it in the server's database
(``journal``), in the step that ends it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..ai import LEVELS, level_name
from ..engine import config_from_dict, config_to_dict
from ..play.match import HUMAN, Match
from ..play.names import clean_text, sanitize_name, sanitize_text
from ..play.seating import AWAY
from ..play.turn_based import TurnDeadline, TurnRules
from ..storage import SaveError, game_id, match_from_record, record_to_dict, write_game
from ..storage.atomic import atomic_write
from ..storage.reading import read_json
from .chat import KEPT_LENGTH
from .lobby import Lobby
from .tables import TABLE_NAME_LENGTH, HostedTable, Visitor

log = logging.getLogger(__name__)
VERSION = 1


def table_to_json(hosted: HostedTable) -> dict[str, Any]:
    return {
        "id": hosted.id,
        "name": hosted.name,
        "seed": hosted.seed,
        "config": config_to_dict(hosted.config),
        "slots": [
            {
                "kind": seat.level,
                "name": seat.person.name if seat.person else None,
                "key": seat.person.key if seat.person else None,
                "computer": seat.stand_in == AWAY,
            }
            for seat in hosted.seats
        ],
        "game": record_to_dict(hosted.table.match) if hosted.table else None,
        "chat": list(hosted.chat.lines),
        "chances": hosted.chances,
        "turns": None if hosted.turn_rules is None else hosted.turn_rules.to_json(),
        "turn_started": None if hosted.turn_deadline is None else hosted.turn_deadline.started,
        "seen": hosted.seen,
        "missed": hosted.missed,
        "creator": hosted.creator,
        "creator_block": hosted.creator_block,
        "creator_guest": hosted.creator_guest,
        "created": hosted.created,
        "unrated": sorted(hosted.unrated),
    }


def saved(hosted: HostedTable) -> bool:
    """A game in progress, or a finished one with people at its seats (awaiting the rematch),
    or a turn-based table waiting for its players with someone's seat at it."""
    if hosted.table is None:
        return hosted.turn_rules is not None and any(s.person is not None for s in hosted.seats)
    return not hosted.finished or any(seat.person is not None for seat in hosted.seats)


def snapshot(lobby: Lobby) -> bytes:
    """Every table with a game to come back to, as the bytes of ``tables.json``."""
    tables = [table_to_json(hosted) for hosted in lobby.tables.values() if saved(hosted)]
    return json.dumps({"version": VERSION, "tables": tables}).encode()


def save(lobby: Lobby, path: Path) -> None:
    atomic_write(path, snapshot(lobby))


def load(lobby: Lobby, path: Path) -> int:
    """Put the saved games back in the lobby, every seat held for its player; returns how many."""
    if not path.exists():
        return 0
    try:
        data = read_json(path)
        records = data["tables"]
        if not isinstance(records, list):
            raise TypeError("'tables' is not a list")
    except (SaveError, KeyError, TypeError) as error:
        log.warning(
            "The saved tables in %s could not be read (%s); starting with none.", path, error
        )
        return 0
    return restore_all(lobby, records)


def restore_all(lobby: Lobby, records: list[Any]) -> int:
    """Put saved tables back in the lobby, every seat held for its player; returns how many."""
    loaded = 0
    for record in records:
        try:
            hosted = _restore(lobby, record)
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as error:
            name = clean_text(record.get("name") if isinstance(record, dict) else "?", 40)
            log.warning("Saved table %r skipped: %s", name, clean_text(error))
            continue
        lobby.tables[hosted.id] = hosted
        lobby.reserve_id(hosted.id)
        loaded += 1
    return loaded


def _restore(lobby: Lobby, record: dict[str, Any]) -> HostedTable:
    config = config_from_dict(record["config"])
    kinds = [slot["kind"] for slot in record["slots"]]
    kinds = [level_name(kind) if isinstance(kind, str) else kind for kind in kinds]
    if not all(isinstance(kind, str) and (kind == HUMAN or kind in LEVELS) for kind in kinds):
        raise ValueError("a seat's kind is not a person or a built-in level")
    table_name = sanitize_text(str(record["name"]))[:TABLE_NAME_LENGTH] or "a table"
    hosted = HostedTable(lobby, int(record["id"]), table_name, config, kinds, int(record["seed"]))
    game = record["game"]
    match = None if game is None else match_from_record(game)
    seats = []
    for seat, saved in zip(hosted.seats, record["slots"], strict=True):
        person = None
        if saved["name"] is not None:
            key = saved["key"]
            if key is not None and (not isinstance(key, str) or clean_text(key) != key):
                raise ValueError("a seat's key fingerprint is not one")
            person = Visitor(sanitize_name(str(saved["name"])), key)
        stand_in = AWAY if saved["computer"] and person is not None else None
        seats.append(replace(seat, person=person, stand_in=stand_in))
    hosted.seats = tuple(seats)
    chat = record.get("chat", [])
    if not isinstance(chat, list):
        raise TypeError("'chat' is not a list")
    hosted.chat.restore(chat)
    hosted.chances = record.get("chances") is True
    turns = record.get("turns")
    if turns is not None:
        hosted.turn_rules = TurnRules.from_json(turns)
        started = record.get("turn_started")
        if started is not None:
            hosted.turn_deadline = TurnDeadline(hosted.turn_rules, float(started))
        seen = record.get("seen") or {}
        hosted.seen = {sanitize_name(str(name)): int(step) for name, step in seen.items()}
        hosted.missed = [
            (int(seed), int(step), sanitize_text(str(line))[:KEPT_LENGTH])
            for seed, step, line in record.get("missed") or []
        ]
    creator = record.get("creator")
    hosted.creator = sanitize_name(creator) if isinstance(creator, str) else ""
    block = record.get("creator_block")
    hosted.creator_block = clean_text(block) if isinstance(block, str) else None
    hosted.creator_guest = record.get("creator_guest") is True
    created = record.get("created")
    hosted.created = float(created) if isinstance(created, int | float) else lobby.clock()
    hosted.unrated = {sanitize_name(str(name)) for name in record.get("unrated") or []}
    if match is None:  # a turn-based table not yet begun: its seats wait for their people
        if hosted.turn_rules is None:
            raise ValueError("a table without a game is not one to come back to")
        return hosted
    hosted.play(match)
    hosted.clocks.hold_absent_seats()
    return hosted


def archive_game(match: Match, folder: Path, keep: int | None = None) -> None:
    """``folder/GAME_ID.json``; again for the same game: nothing.

    ``keep``: only the newest ``keep`` game records stay in ``folder`` (0: none is written).
    ``None`` keeps them all. A game record that cannot be written is logged.
    """
    if keep == 0:
        return
    path = folder / f"{game_id(match)}.json"
    if path.exists():
        return
    try:
        write_game(path, match)
    except SaveError as error:
        log.warning("A finished game's record could not be written: %s", error)
    else:
        if keep is not None:
            prune_games(folder, keep, path)


def prune_games(folder: Path, keep: int, newest: Path) -> list[Path]:
    """Remove all but the ``keep`` newest game records in ``folder`` (``newest`` always stays);
    returns the removed ones."""
    others = []
    for path in folder.glob("*.json"):
        if path == newest:
            continue
        try:
            others.append((path.stat().st_mtime_ns, path.name, path))
        except OSError:  # removed meanwhile
            continue
    others.sort(reverse=True)
    removed = []
    for _, _, path in others[max(keep - 1, 0) :]:
        try:
            path.unlink()
        except OSError as error:
            log.warning("An old game record could not be removed: %s", error)
            continue
        removed.append(path)
    return removed


def archived_games(folder: Path) -> int:
    """How many finished games ``folder`` keeps."""
    return sum(1 for _ in folder.glob("*.json")) if folder.is_dir() else 0


def game_archiver(folder: Path, keep: int | None = None) -> Callable[[Match], None]:
    """``Lobby.on_finished``: archive each finished game from a thread (the disk never stalls
    the players' screens)."""
    running: set[asyncio.Task[None]] = set()
    one_at_a_time = threading.Lock()  # two games ending at once must not prune each other

    def archive_now(match: Match) -> None:
        with one_at_a_time:
            archive_game(match, folder, keep)

    async def archive(match: Match) -> None:
        try:
            await asyncio.to_thread(archive_now, match)
        except SaveError as error:
            log.warning("A finished game could not be kept: %s", error)

    def finished(match: Match) -> None:
        task = asyncio.get_running_loop().create_task(archive(match))
        running.add(task)
        task.add_done_callback(running.discard)

    return finished
