"""A game counts what people did: one who left it for the computer to finish lost it, in the
records and in the ratings; one who came back before the end played it as usual."""

from __future__ import annotations

from pathlib import Path

from cantstop_tui.engine import GameConfig, Phase, can_stop, legal_moves
from cantstop_tui.play.match import HUMAN, Match, Seat
from cantstop_tui.play.ratings import MU, Rating, rated
from cantstop_tui.play.results import abandoned_seats, helped_seats, places, results
from cantstop_tui.play.seating import STAND_IN
from cantstop_tui.storage.records import load_records, record_game


def play(match: Match, until: int | None = None) -> Match:
    """Play on with simple moves, to the end (or to step ``until``)."""
    while not match.state.is_over and (until is None or len(match.history) < until):
        state = match.state
        if state.phase is Phase.CHOOSE:
            match, _ = match.choose(legal_moves(state)[0])
        elif can_stop(state) and len(match.history) % 5 == 0:
            match, _ = match.stop()
        else:
            match, _ = match.roll()
    return match


def won_by_seat_0() -> Match:
    """A game against the computer that seat 0 wins (the first such seed)."""
    for seed in range(100):
        start = Match.start((Seat("ana"), Seat("Computer 2 (easy)", "easy")), GameConfig(), seed)
        if play(start).state.winner == 0:
            return start
    raise AssertionError("no seed where seat 0 wins")


def test_a_game_the_computer_finished_for_a_person_is_their_loss(tmp_path: Path) -> None:
    left = play(won_by_seat_0().with_seat_kind(0, STAND_IN))  # ana left at once
    assert left.state.winner == 0  # the computer won it with her seat
    assert abandoned_seats(left) == {0}
    ana, computer = results(left)
    assert (ana.won, ana.abandoned) == (False, True)
    assert not computer.won and not computer.abandoned
    assert places(left) == [2, 1]
    assert rated({}, left)["ana"].mu < MU
    path = tmp_path / "records.json"
    assert record_game(left, path)
    record = load_records(path).players["ana"]
    assert (record.games, record.wins, record.abandoned) == (1, 0, 1)


def test_a_person_who_came_back_before_the_end_played_it() -> None:
    start = won_by_seat_0()
    away = play(start, until=6).with_seat_kind(0, STAND_IN)
    back = play(play(away, until=12).with_seat_kind(0, HUMAN))
    assert back.kind_at(0, 8) == STAND_IN and back.state.winner == 0
    assert abandoned_seats(back) == frozenset()
    ana = results(back)[0]
    assert (ana.won, ana.abandoned) == (True, False)
    assert places(back) == [1, 2]
    # The win is hers in the records, but the computer played part of it: no rating gain.
    assert helped_seats(back) == {0} and "ana" not in rated({}, back)
    assert rated({}, play(start))["ana"].shown > Rating().shown  # the same game, hers alone


def one_turn_by(match: Match, seat: int, kind: str) -> Match:
    """``match`` played on to ``seat``'s next turn, which ``kind`` plays (one step), then
    handed back to its person."""
    while match.state.current_player != seat:
        match = play(match, until=len(match.history) + 1)
    played = play(match.with_seat_kind(seat, kind), until=len(match.history) + 1)
    return played.with_seat_kind(seat, HUMAN)


def test_letting_the_computer_play_a_turn_earns_no_rating_and_dodges_no_loss() -> None:
    """A turn that ran out of time (or a missed deadline) is played by the strongest level:
    a person who leaves turns to it on purpose gains nothing, and still loses."""
    start = won_by_seat_0()
    won = play(one_turn_by(start, 0, "expert"))
    assert won.state.winner == 0 and results(won)[0].won  # the records count her win
    assert helped_seats(won) == {0} and rated({}, won) == {}
    lost = play(one_turn_by(Match.start(start.seats[::-1], start.config, start.seed), 1, "expert"))
    assert lost.state.winner == 0 and helped_seats(lost) == {1}
    assert rated({}, lost)["ana"].mu < MU  # a loss still costs her
    # Handed over and back while the computer moved its own seat: nothing played for her.
    match = start
    while match.state.current_player != 1:
        match = play(match, until=len(match.history) + 1)
    handed = play(match.with_seat_kind(0, "expert"), until=len(match.history) + 1)
    assert handed.handovers and helped_seats(play(handed.with_seat_kind(0, HUMAN))) == set()


def test_a_conceded_game_is_a_loss_for_the_one_who_gave_it_up_and_a_win_for_the_other() -> None:
    from cantstop_tui.storage.record import match_from_record, record_to_dict

    start = Match.start((Seat("ana"), Seat("bob")), GameConfig(), 3)
    midway = play(start, until=30)
    assert not midway.state.is_over
    over, _ = midway.concede(0)
    assert over.state.winner == 1 and abandoned_seats(over) == {0}
    assert places(over) == [2, 1]
    ana, bob = results(over)
    assert (ana.won, ana.abandoned, bob.won, bob.abandoned) == (False, True, True, False)
    # the record keeps the concession and replays to the same game
    again = match_from_record(record_to_dict(over))
    assert again.history == over.history and again.state == over.state
    assert again.history[-1].to_json() == ["concede", 0]
    from cantstop_tui.play.narration import history_lines

    assert history_lines(over)[0][-2:] == ["ana abandons the game.", "bob wins the game!"]


def test_a_computers_games_are_kept_apart_by_level(tmp_path: Path) -> None:
    """The same game against a "Computer", at easy then at expert: two records, one a
    level (a name that says its level already keeps it); the person's rating moves as the
    level's anchor says, not by the computer's name (the moves here do not depend on who
    plays, so both games end alike: a win over expert gains more, a loss to it costs less)."""
    path = tmp_path / "records.json"
    games = [play(Match.start((Seat("ana"), Seat("Computer", level)), GameConfig(), 1))
             for level in ("easy", "expert")]
    assert games[0].state.winner == games[1].state.winner
    for game in games:
        assert record_game(game, path)
    named = play(Match.start((Seat("ana"), Seat("Computer 2 (easy)", "easy")), GameConfig(), 3))
    assert record_game(named, path)
    records = load_records(path)
    assert set(records.players) == {"ana", "Computer (easy)", "Computer (expert)",
                                    "Computer 2 (easy)"}
    assert records.players["Computer (easy)"].games == 1
    assert records.players["Computer (expert)"].games == 1
    assert set(records.ratings) == {"ana"}  # computers are anchors, never rated
    easy, expert = (rated({}, game)["ana"] for game in games)
    assert expert.mu > easy.mu + 1


def test_a_person_and_a_computer_of_one_name_are_two_players() -> None:
    game = play(Match.start((Seat("Bo"), Seat("Bo", "rule28")), GameConfig(), 4))
    assert [result.name for result in results(game)] == ["Bo", "Bo (rule28)"]
