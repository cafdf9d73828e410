"""Turn-based tables' limits: a person plays at most ``turn_based_limit`` such games at once,
an operator can turn the mode off, and the lobby lists the tables where it is your move first."""

from __future__ import annotations

from pathlib import Path

import pytest

from cantstop_tui.engine import GameConfig
from cantstop_tui.play.seating import LobbyError, Person
from cantstop_tui.play.turn_based import (
    DAY,
    DEADLINE_CHOICES,
    DEFAULT_DEADLINE,
    HOUR,
    MAX_TURN_BASED,
    TurnRules,
    describe,
)
from cantstop_tui.server import cli_args
from cantstop_tui.server.cli import main as serve_main
from cantstop_tui.server.lobby import Lobby
from cantstop_tui.server.settings import Settings
from cantstop_tui.server.turn_tables import SINCE_LINES, SWEEP_SECONDS
from cantstop_tui.server.visitor_lobby import VisitorLobby
from cantstop_tui.ui.screens.lobby_tables import TableSummary, your_move, your_move_text

ANA, BOB = Person("ana"), Person("bob")
TWO = GameConfig(num_players=2)


def test_a_person_plays_at_most_the_limit_of_turn_based_games() -> None:
    lobby = Lobby(turn_based_limit=2)
    for _ in range(2):
        lobby.create(ANA, "", TWO, ["human"], turns=TurnRules())
    with pytest.raises(LobbyError, match="2 turn-based tables, as many as this server allows"):
        lobby.create(ANA, "", TWO, ["human"], turns=TurnRules())
    lobby.create(ANA, "", TWO, ["human"])  # real-time tables are not counted
    for _ in range(2):
        lobby.create(BOB, "", TWO, ["human"], turns=TurnRules())
    ana_table = next(h for h in lobby.tables.values() if h.turn_rules and h.seats_of(ANA))
    with pytest.raises(LobbyError, match="as many as this server allows"):
        ana_table.sit(BOB, None)  # joining one counts too


def test_an_operator_can_turn_the_mode_off() -> None:
    lobby = Lobby(turn_based_limit=0)
    assert not VisitorLobby(lobby, ANA).turn_based  # the form does not offer it
    with pytest.raises(LobbyError, match="This server has no turn-based tables"):
        lobby.create(ANA, "", TWO, ["human"], turns=TurnRules())
    assert VisitorLobby(Lobby(), ANA).turn_based


def test_the_limit_is_defined_once() -> None:
    assert Settings(auth=None).max_turn_based == MAX_TURN_BASED  # type: ignore[arg-type]
    assert Lobby().turn_based_limit == MAX_TURN_BASED
    assert cli_args.parser().parse_args([]).max_turn_based == MAX_TURN_BASED
    assert Lobby(**Settings(auth=None, max_turn_based=3).lobby_options()).turn_based_limit == 3  # type: ignore[arg-type]


def summary(table_id: int, to_move: str | None, left: float | None) -> TableSummary:
    return TableSummary(
        table_id, f"t{table_id}", (), "standard", 3, "in progress", 0, True, to_move, left
    )


def test_the_lobby_lists_your_moves_first_least_time_left_first() -> None:
    tables = [summary(1, "bob", 10), summary(2, "ana", 500), summary(3, None, None)]
    tables.append(summary(4, "ana", 60))
    assert [s.table_id for s in your_move(tables, "ana")] == [4, 2, 1, 3]
    assert your_move_text(tables, "ana") == "Your move at 2 tables. "
    assert your_move_text(tables, "bob") == "Your move at 1 table. "
    assert your_move_text(tables, "carol") == ""


async def test_the_lobby_redraws_with_the_time_left_at_each_check() -> None:
    now = [1_800_000_000.0]
    lobby = Lobby(bot_delay=0.0, clock=lambda: now[0])
    hosted = lobby.create(ANA, "", TWO, ["human"], turns=TurnRules())
    hosted.sit(BOB, None)
    assert hosted.table is not None
    redrawn: list[int] = []
    lobby.subscribe(lambda: redrawn.append(1))
    now[0] += HOUR
    assert lobby.check_deadlines() == 0
    assert redrawn == [1]
    [shown] = lobby.summaries()
    assert shown.turn_based and shown.time_left == DAY - HOUR
    assert shown.to_move == ("ana", "bob")[hosted.table.match.state.current_player]


@pytest.mark.parametrize(
    ("options", "limit"),
    [([], MAX_TURN_BASED), (["--max-turn-based", "3"], 3), (["--no-turn-based"], 0)],
)
def test_the_operators_flags(options: list[str], limit: int) -> None:
    args = cli_args.parser().parse_args(["--open", *options])
    assert cli_args.turn_based_limit(args) == limit


def test_a_negative_limit_is_refused_with_a_sentence(capfd: pytest.CaptureFixture[str]) -> None:
    assert serve_main(["--open", "--max-turn-based", "-1"]) == 2
    assert "--max-turn-based must be 0 or more, not -1." in capfd.readouterr().err


def test_the_docs_say_what_the_code_does() -> None:
    docs = (Path(__file__).resolve().parents[2] / "docs" / "ssh.md").read_text(encoding="utf-8")
    section = " ".join(docs[docs.index("## Turn-based tables") :].split("\n## ")[0].split())
    choices = [describe(seconds) for seconds in DEADLINE_CHOICES]
    assert f"({', '.join(choices[:-1])} or {choices[-1]};" in section
    assert f"a {'day' if DEFAULT_DEADLINE == DAY else '?'} unless chosen" in section
    assert f"every {SWEEP_SECONDS:g} s" in section
    assert f"the last {SINCE_LINES} lines" in section
    assert f"`--max-turn-based {MAX_TURN_BASED}`" in section
