"""Whole games for the review's benchmarks and tests: every seat a person (so every decision
is reviewed), their steps chosen by computer levels."""

from __future__ import annotations

from cantstop_tui.ai import make_bot
from cantstop_tui.engine import GameConfig, Phase, can_stop
from cantstop_tui.play.bot_step import play_step
from cantstop_tui.play.match import HUMAN, Match, Seat


def played(kinds: list[str], seed: int, stop_after_first_roll: int | None = None) -> Match:
    """A finished game whose seats are all people (``human``), their steps chosen by the
    levels ``kinds``; seat ``stop_after_first_roll`` stops as soon as it may, every turn."""
    bots = [make_bot(kind, seed) for kind in kinds]
    seats = tuple(Seat(f"P{i}", HUMAN) for i in range(len(kinds)))
    match = Match.start(seats, GameConfig(num_players=len(kinds)), seed)
    while not match.state.is_over:
        seat = match.state.current_player
        state = match.state
        if seat == stop_after_first_roll and state.phase is Phase.ROLL and can_stop(state):
            match, _ = match.stop()
            continue
        match, _ = play_step(bots[seat], match)
    return match
