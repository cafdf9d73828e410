"""One seat record: a hosted table's seats say who plays each seat, and everything else
(the turn check, the computer's turns, the game's hand-overs, a visitor's own seats) is read
from them, never kept beside them (``seating.played_as_seated``)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cantstop_tui.engine import GameConfig, Phase, can_stop, legal_moves
from cantstop_tui.play import seating
from cantstop_tui.play.match import HUMAN, Match, Seat
from cantstop_tui.play.seating import AWAY, SLOW, Person, Seats
from cantstop_tui.server.shared_table import SharedTable

ANA, BOB = Person("ana"), Person("bob")

Op = tuple[str, int, int]
OPS = st.lists(
    st.tuples(
        st.sampled_from(["act", "act", "act", "hand_over", "give_back", "come_back"]),
        st.integers(0, 1),  # the seat (or, to act, which move)
        st.integers(0, 1),  # AWAY or SLOW
    ),
    max_size=40,
)


def seated() -> Seats:
    seats = seating.open_seats((HUMAN, HUMAN))
    for person in (ANA, BOB):
        seats, _ = seating.take_seat(seats, person, None, game_on=False, table_name="t")
    return seats


def act(table: SharedTable, choice: int) -> None:
    """Whoever is to move acts: the computer takes its step, a person rolls, stops or
    chooses."""
    if table.bot_to_move:
        table.step_bot()
        return
    state, seat = table.match.state, table.match.state.current_player
    if state.phase is Phase.CHOOSE:
        moves = legal_moves(state)
        table.choose(seat, moves[choice % len(moves)])
    elif choice and can_stop(state):
        table.stop(seat)
    else:
        table.roll(seat)


@settings(max_examples=40, deadline=None)
@given(OPS)
def test_who_plays_each_seat_is_read_from_the_one_seat_record(ops: list[Op]) -> None:
    record = [seated()]
    match = Match.start((Seat("ana"), Seat("bob")), GameConfig(num_players=2), 7)
    table = SharedTable(match, bot_delay=0, seats=lambda: record[0])
    said: list[tuple[int, str]] = []
    """Who moved at each action, and who the seat record said played that seat then."""
    for kind, index, reason in ops:
        if kind == "act":
            if table.match.state.is_over:
                break
            mover = table.match.state.current_player
            said.append((mover, record[0][mover].plays()))
            act(table, index)
        elif kind == "hand_over":
            record[0] = seating.hand_over(record[0], index, (AWAY, SLOW)[reason])
        elif kind == "give_back":
            record[0] = seating.give_back(record[0], index)
        else:
            record[0] = seating.come_back(record[0], index, (ANA, BOB)[index])
        table.seats_changed()
        match = table.match
        if not match.state.is_over:  # at once, with no copy to bring in step
            for seat, now in enumerate(record[0]):
                assert match.kind_of(seat) == now.plays()
                assert table.is_bot(seat) is (now.plays() != HUMAN)
    # The game's record says who played every action, as the seats said then.
    match = table.match
    assert [(mover, match.kind_at(mover, step)) for step, (mover, _) in enumerate(said)] == said
    assert len(match.history) == len(said)


def test_a_seat_record_that_agrees_leaves_the_match_as_it_is() -> None:
    """So a computer step decided for the match stays valid until the seats change."""
    match = Match.start((Seat("ana"), Seat("bob")), GameConfig(num_players=2), 7)
    seats = seated()
    assert seating.played_as_seated(match, seats) is match
    handed = seating.played_as_seated(match, seating.hand_over(seats, 1, AWAY))
    assert handed is not match and handed.kind_of(1) == seating.STAND_IN
    assert seating.played_as_seated(handed, seats) == match  # given back before any step
