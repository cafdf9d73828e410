"""Player records: counted once per finished game, safe with two sessions, shown by the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from storage_games import play

from cantstop_tui.play.match import Match, Seat
from cantstop_tui.play.results import record_name
from cantstop_tui.storage import SaveError, load_records, record_game, records_path
from cantstop_tui.storage import records as records_module
from cantstop_tui.storage.locks import FileLock
from cantstop_tui.storage.records_cli import main as records_main


def expected(matches: list[Match]) -> dict[str, dict[str, int]]:
    totals: dict[str, dict[str, int]] = {}
    for match in matches:
        for player, seat in enumerate(match.seats):
            row = totals.setdefault(record_name(seat), dict.fromkeys(
                ("games", "wins", "columns", "busts", "turns"), 0))
            row["games"] += 1
            row["wins"] += match.state.winner == player
            row["columns"] += len(match.state.columns_won(player))
            row["busts"] += match.stats[player].busts
            row["turns"] += match.stats[player].turns
    return totals


def as_counts(records) -> dict[str, dict[str, int]]:
    return {
        name: {k: getattr(r, k) for k in ("games", "wins", "columns", "busts", "turns")}
        for name, r in records.players.items()
    }


def test_each_finished_game_counts_once():
    games = [play(seed, players=2 + seed % 3)[-1] for seed in range(50, 56)]
    for game in games:
        assert record_game(game) is True
    for game in games:
        assert record_game(game) is False
    records = load_records()
    assert as_counts(records) == expected(games)
    assert len(records.games) == len(games)


def test_win_rate_and_average_turns():
    games = [play(seed)[-1] for seed in (60, 61, 62, 63)]
    for game in games:
        record_game(game)
    ada = load_records().players["Ada (easy)"]  # a computer: under its level
    wins = sum(g.state.winner == 0 for g in games)
    assert ada.win_rate == wins / 4
    assert ada.average_turns == sum(g.stats[0].turns for g in games) / 4
    assert ada.to_json()["win_rate"] == round(wins / 4, 4)


def test_an_unfinished_game_is_not_recorded():
    with pytest.raises(ValueError, match="finished"):
        record_game(play(64, steps=10)[-1])
    assert not records_path().exists()


def test_one_name_in_two_seats_counts_one_game():
    final = play(65)[-1]
    twins = Match(
        (Seat("Sam"), Seat("Sam")), final.config, final.seed, final.rolloff, final.state,
        final.history, final.dice_position, final.stats,
    )
    record_game(twins)
    sam = load_records().players["Sam"]
    assert (sam.games, sam.wins) == (1, 1)
    assert sam.turns == sum(s.turns for s in final.stats)


@pytest.mark.parametrize(
    "content",
    ["{", "[]", '{"format": "cantstop-records", "version": 9, "games": [], "players": {}}',
     '{"format": "cantstop-records", "version": 1, "games": {}, "players": {}}',
     '{"format": "cantstop-records", "version": 1, "games": [], "players": []}',
     '{"format": "cantstop-records", "version": 1, "games": [], "players": {"A": {"games": -1}}}'],
)
def test_a_bad_records_file_is_explained_and_never_overwritten(content):
    path = records_path()
    path.parent.mkdir(parents=True)
    path.write_text(content)
    with pytest.raises(SaveError) as caught:
        record_game(play(66)[-1])
    assert str(path) in str(caught.value)
    assert path.read_text() == content
    assert records_main([]) == 1


def test_records_held_by_another_session_are_reported(monkeypatch):
    monkeypatch.setattr(records_module, "LOCK_WAIT", 0.05)
    lock_path = records_path().with_name("records.json.lock")
    lock_path.parent.mkdir(parents=True)
    holder = FileLock.try_acquire(lock_path)
    try:
        with pytest.raises(SaveError, match="kept the records locked"):
            record_game(play(67)[-1])
    finally:
        holder.release()
    assert record_game(play(67)[-1]) is True


RECORDER = """
import sys
sys.path.insert(0, {tests!r})
from storage_games import play
from cantstop_tui.storage import record_game
for seed in range({first}, {first} + 8):
    record_game(play(seed)[-1])
"""


def test_two_sessions_recording_at_once_lose_nothing():
    tests = str(Path(__file__).parent)
    children = [
        subprocess.Popen([sys.executable, "-c", RECORDER.format(tests=tests, first=first)])
        for first in (100, 200)
    ]
    assert [child.wait() for child in children] == [0, 0]
    games = [play(seed)[-1] for first in (100, 200) for seed in range(first, first + 8)]
    records = load_records()
    assert len(records.games) == 16
    assert as_counts(records) == expected(games)


def test_cantstop_records_prints_a_table_and_json(capsys):
    assert records_main([]) == 0
    assert "No finished games yet" in capsys.readouterr().out
    for seed in (70, 71, 72):
        record_game(play(seed)[-1])
    assert records_main([]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["Player", "Rating", "Games", "Wins", "Abandoned", "Win", "rate",
                                "Columns", "Busts", "Avg", "turns"]
    notes = [i for i, line in enumerate(lines) if line.startswith("Computer levels")]
    players = lines[1 : notes[0]]  # the levels' line next, wrapped at the width
    assert {" ".join(line.split()[:2]) for line in players} == {"Ada (easy)", "Ben (easy)"}
    assert all(line.split()[3] == "3" for line in players)
    assert records_main(["--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 3
    assert sum(p["wins"] for p in data["players"]) == 3


def test_the_printed_table_fits_its_width_cutting_a_long_name_at_a_word() -> None:
    from cantstop_tui.engine import GameConfig
    from cantstop_tui.storage.records_cli import format_table
    from cantstop_tui.ui.demo import play_until

    seats = (Seat("Ana"), Seat("Computer Two Long", "easy"))  # 24 with " (easy)": not capped
    record_game(play_until(Match.start(seats, GameConfig(), 5), lambda m: m.state.is_over))
    lines = format_table(load_records(), width=62).splitlines()
    table = lines[: 1 + len(load_records().players)]
    assert all(len(line) <= 62 for line in table), table
    assert any(line.startswith("Computer… (easy) ") for line in table), table  # a whole word


@pytest.mark.parametrize("columns", [80, 60])
def test_a_computers_level_is_read_in_the_printed_table(columns: int) -> None:
    """At 80 columns the full headings left the names 11 cells: "Bot (expert)" was "Bot…"
    above "Bot (easy)". The short headings come first; a name still cut keeps its level."""
    from cantstop_tui.engine import GameConfig
    from cantstop_tui.storage.records_cli import format_table
    from cantstop_tui.ui.demo import play_until

    for seed, seats in enumerate([(Seat("Bot", "expert"), Seat("Computer 2", "rule28")),
                                  (Seat("Ana"), Seat("Bot", "easy"))]):
        record_game(play_until(Match.start(seats, GameConfig(), seed), lambda m: m.state.is_over))
    lines = format_table(load_records(), width=columns).splitlines()
    assert all(len(line) <= columns for line in lines), lines
    names = [line.split("  ")[0].rstrip() for line in lines[1:5]]
    assert {"Bot (expert)", "Bot (easy)"} <= set(names), names
    rule28 = "Computer 2 (rule28)" if columns == 80 else "Compu… (rule28)"
    assert rule28 in names, names


def test_the_name_column_follows_the_longest_name_up_to_the_terminal(monkeypatch, capsys):
    from cantstop_tui.engine import GameConfig
    from cantstop_tui.storage.records_cli import format_table
    from cantstop_tui.ui.demo import play_until

    for seed, seats in enumerate([(Seat("Bot", "expert"), Seat("Computer", "rule28")),
                                  (Seat("Ana"), Seat("Bot", "easy"))]):
        record_game(play_until(Match.start(seats, GameConfig(), seed), lambda m: m.state.is_over))
    names = {"Bot (expert)", "Computer (rule28)", "Bot (easy)", "Ana"}

    def first_cells(text: str) -> set[str]:
        return {line.split("  ")[0].rstrip() for line in text.splitlines()[1:5]}

    wide = format_table(load_records(), width=200)
    assert first_cells(wide) == names
    assert len(wide.splitlines()[0]) < 100  # as wide as the longest name, not the terminal
    assert "Computer (rule28)" not in first_cells(format_table(load_records(), width=60))
    monkeypatch.setenv("COLUMNS", "200")  # the command asks the terminal
    assert records_main([]) == 0
    assert first_cells(capsys.readouterr().out) == names


@pytest.mark.parametrize("columns", [80, 60])
def test_the_printed_records_fit_the_terminal_notes_wrapped_on_words(monkeypatch, capsys, columns):
    """What the tester saw at 80 columns: the computer levels' line, 95 characters, broken
    by the terminal inside a rating ("strong 31.\\n1"); at 60 the table was 77 wide."""
    from cantstop_tui.engine import GameConfig
    from cantstop_tui.storage.records_cli import anchors_line
    from cantstop_tui.ui.demo import play_until

    seats = (Seat("Ana"), Seat("Computer Two Long Name", "expert"))
    record_game(play_until(Match.start(seats, GameConfig(), 5), lambda m: m.state.is_over))
    monkeypatch.setenv("COLUMNS", str(columns))
    assert records_main([]) == 0
    printed = capsys.readouterr().out
    lines = printed.splitlines()
    assert all(len(line) <= columns for line in lines), [len(line) for line in lines]
    assert len(anchors_line()) > 80  # so the 80-column case wraps it
    assert anchors_line() in " ".join(printed.split())  # whole, on words
    assert lines[0].split()[0] == "Player" and lines[1].startswith("Ana ")


LONG = "Computer with a long name"[:24]  # as long as a player's name may be


def long_named_computer() -> Match:
    final = play(65)[-1]
    return Match(
        (Seat("Sam"), Seat(LONG, "expert")), final.config, final.seed, final.rolloff,
        final.state, final.history, final.dice_position, final.stats,
    )


def test_a_long_named_computer_keeps_its_level_in_the_records(tmp_path: Path) -> None:
    record_game(long_named_computer())
    human_twin = play(65)[-1]  # a person of the same name: their games stay apart
    record_game(Match(
        (Seat("Sam"), Seat(LONG)), human_twin.config, human_twin.seed + 1, human_twin.rolloff,
        human_twin.state, human_twin.history, human_twin.dice_position, human_twin.stats,
    ))
    players = load_records().players
    assert players[f"{LONG} (expert)"].games == 1
    assert players[LONG].games == 1


def test_a_long_named_computer_keeps_its_level_in_a_server_s_records() -> None:
    import sqlite3

    from cantstop_tui.storage.served_records import count_game, create_schema, served_records

    db = sqlite3.connect(":memory:")
    with db:
        create_schema(db)
        count_game(db, long_named_computer())
    assert set(served_records(db).players) == {"Sam", f"{LONG} (expert)"}


def test_a_record_name_is_cleaned_and_capped_with_its_level_whole() -> None:
    from cantstop_tui.play.names import MAX_PLAYER_NAME
    from cantstop_tui.play.results import clean_record_name

    assert clean_record_name("A" * 40 + " (expert)") == "A" * MAX_PLAYER_NAME + " (expert)"
    assert clean_record_name("Ada (easy)") == "Ada (easy)"
    assert clean_record_name("\x1b[31mEve\x1b[0m (hard)") == "Eve (hard)"
    assert clean_record_name("B" * 40) == "B" * MAX_PLAYER_NAME
    assert clean_record_name(" (expert)") == "(expert)"  # no name before it: cleaned as one
    assert len(clean_record_name("C" * 30 + " (" + "L" * 99 + ")")) == 2 * MAX_PLAYER_NAME + 3
