"""The seating rules of a shared table, as pure functions of the seat records."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cantstop_tui.play import seating
from cantstop_tui.play.match import HUMAN
from cantstop_tui.play.seating import AWAY, SLOW, STAND_IN, LobbyError, Person, SeatRecord

ANA, BOB = Person("ana", "SHA256:ana"), Person("bob")


def table(*levels: str) -> seating.Seats:
    return seating.open_seats(levels or (HUMAN, HUMAN))


def seated(*people: Person) -> seating.Seats:
    seats = table(*(HUMAN for _ in people))
    for person in people:
        seats, _ = seating.take_seat(seats, person, None, game_on=False, table_name="t")
    return seats


def test_a_new_table_has_open_seats_for_people_and_the_computers_own() -> None:
    seats = table(HUMAN, "easy", HUMAN)
    assert seating.free_seats(seats) == [0, 2]
    assert [seat.plays() for seat in seats] == [HUMAN, "easy", HUMAN]
    assert seats[1].player_name(1) == "Computer 2 (easy)" and seats[0].player_name(0) == "(free)"


def test_sitting_takes_the_first_free_seat_or_the_one_asked_for() -> None:
    seats, index = seating.take_seat(table(), ANA, None, game_on=False, table_name="t")
    assert index == 0 and seats[0] == SeatRecord(person=ANA, connected=True)
    seats, index = seating.take_seat(table(), BOB, 1, game_on=False, table_name="t")
    assert index == 1 and seats[0].free and seats[1].person == BOB
    assert seating.seats_of(seats, "bob") == {1} and seating.seats_of(seats, "ana") == set()


@pytest.mark.parametrize(
    ("seats", "seat", "game_on", "sentence"),
    [
        (seated(ANA, BOB), None, False, "t has no free seat: you can watch it."),
        (table(), None, True, "t has no free seat: you can watch it."),
        (seated(ANA) + table(HUMAN), 0, False, "Seat 1 at t is not free."),
    ],
)
def test_a_seat_that_cannot_be_had_says_why(
    seats: seating.Seats, seat: int | None, game_on: bool, sentence: str
) -> None:
    with pytest.raises(LobbyError, match=sentence):
        seating.take_seat(seats, BOB, seat, game_on=game_on, table_name="t")


def test_a_person_who_leaves_mid_game_keeps_the_seat_and_the_same_key_takes_it_back() -> None:
    seats = seating.step_away(seated(ANA, BOB), 0, game_started=True)
    assert seats[0].held and seating.away(seats) == [0] and seating.held_for(seats, ANA) == 0
    assert seating.held_for(seats, Person("ana", "SHA256:other")) is None
    with pytest.raises(LobbyError, match="a different key"):
        seating.returning_to(seats, Person("ana"), "t")
    with pytest.raises(LobbyError, match="bob already sits at t"):
        seating.returning_to(seats, BOB, "t")
    assert seating.returning_to(seats, ANA, "t") == 0
    assert seating.come_back(seats, 0, ANA)[0] == SeatRecord(person=ANA, connected=True)


def test_leaving_before_the_game_starts_opens_the_seat() -> None:
    seats = seating.step_away(seated(ANA, BOB), 1, game_started=False)
    assert seats[1].free and seating.away(seats) == []


def test_the_computer_stands_in_for_someone_away_until_they_come_back() -> None:
    seats = seating.hand_over(seating.step_away(seated(ANA, BOB), 1, game_started=True), 1, AWAY)
    assert seats[1].plays() == STAND_IN and seating.seats_of(seats, "bob") == set()
    back = seating.come_back(seats, 1, BOB)
    assert back[1].plays() == HUMAN and seating.seats_of(back, "bob") == {1}


def test_a_slow_turn_is_finished_by_the_computer_even_if_its_person_comes_back() -> None:
    seats = seating.hand_over(seated(ANA, BOB), 0, SLOW)
    assert seats[0].plays() == STAND_IN and seating.seats_of(seats, "ana") == {0}
    seats = seating.come_back(seating.step_away(seats, 0, game_started=True), 0, ANA)
    assert seats[0].plays() == STAND_IN
    assert seating.give_back(seats, 0)[0].plays() == HUMAN


def test_vacating_forgets_the_person_and_can_give_the_seat_to_the_computer() -> None:
    seats = seating.hand_over(seating.step_away(seated(ANA, BOB), 1, game_started=True), 1, AWAY)
    assert seating.vacate(seats, 1)[1] == SeatRecord()
    assert seating.vacate(seats, 1, STAND_IN)[1] == SeatRecord(level=STAND_IN)


STEPS = st.lists(
    st.tuples(
        st.sampled_from(["sit", "leave", "back", "away", "slow", "give", "vacate"]),
        st.integers(0, 2),
        st.sampled_from([ANA, BOB, Person("cy")]),
        st.booleans(),
    ),
    max_size=30,
)


@given(STEPS)
def test_any_sequence_of_seating_keeps_every_record_coherent(steps: list) -> None:  # type: ignore[type-arg]
    seats = table(HUMAN, "easy", HUMAN)
    for action, index, person, flag in steps:
        seat = seats[index]
        try:
            if action == "sit":
                if seating.returning_to(seats, person, "t") is None:
                    seats, _ = seating.take_seat(seats, person, index, game_on=flag, table_name="t")
            elif action == "leave" and seat.connected:
                seats = seating.step_away(seats, index, game_started=flag)
            elif action == "back" and seat.held and seat.person is not None:
                seats = seating.come_back(seats, index, seat.person)
            elif action in ("away", "slow") and seat.person is not None:
                seats = seating.hand_over(seats, index, AWAY if action == "away" else SLOW)
            elif action == "give":
                seats = seating.give_back(seats, index)
            elif action == "vacate":
                seats = seating.vacate(seats, index)
        except LobbyError:
            pass
        names = [seat.person.name for seat in seats if seat.person is not None]
        assert len(names) == len(set(names)), "a name sits twice"
        assert seats[1] == SeatRecord(level="easy"), "the computer's seat is never a person's"
        for seat in seats:
            assert not seat.connected or seat.person is not None
            assert seat.plays() == (STAND_IN if seat.stand_in else seat.level)
