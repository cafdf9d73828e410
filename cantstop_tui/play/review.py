"""A game review: every decision a person made next to what ``expert`` would have done.

Each choice of a pair (when there was more than one) and each choice to roll or stop
(when stopping was allowed) is valued by the ``expert``'s planner (``ai.analysis``); the
win chance a decision gave away is its cost, in points (hundredths), labelled as chess
and backgammon reviews do. Each player's dice get a luck figure: how much better, in
points of win chance, their rolls left them than the average roll would have. The win
chances at each turn's start make the graph.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal

from ..ai.analysis import Analyst
from ..engine import GameState, Move, Phase, TurnPassed, can_stop
from .match import HUMAN, Action, Match

Label = Literal["inaccuracy", "mistake", "blunder"]
THRESHOLDS: Final[tuple[tuple[float, Label], ...]] = (
    (10.0, "blunder"),
    (5.0, "mistake"),
    (2.0, "inaccuracy"),
)
"""Points of win chance given away from which a decision gets each label."""
Progress = Callable[[int, int], None]
"""Told ``(steps done, steps in all)`` as the review goes."""


def label(cost: float) -> Label | None:
    """The label of a decision that gave away ``cost`` points (None under 2)."""
    return next((name for bound, name in THRESHOLDS if cost >= bound), None)


def move_accuracy(cost: float) -> float:
    """0-100 for one decision, from the points it gave away (Lichess's curve)."""
    value = 103.1668 * math.exp(-0.04354 * max(cost, 0.0)) - 3.1669
    return min(max(value, 0.0), 100.0)


def say_move(move: Move) -> str:
    return "+".join(str(c) for c in move)


@dataclass(frozen=True, slots=True)
class Decision:
    step: int
    """The index of the action decided in the game's record."""
    turn: int
    """The game's turn it was made in (1: the first)."""
    player: int
    kind: Literal["pair", "roll or stop"]
    played: str
    best: str
    """What ``expert`` would have done (the same as ``played`` when it agrees)."""
    cost: float
    """Points of win chance given away (0 when it agrees)."""
    chance_after: float
    """The player's win chance after the best decision, in points."""

    @property
    def shown_cost(self) -> float:
        """The cost as shown, to a tenth of a point (what the label follows)."""
        return round(self.cost, 1)

    @property
    def label(self) -> Label | None:
        return label(self.shown_cost)


@dataclass(frozen=True, slots=True)
class PlayerReview:
    player: int
    name: str
    reviewed: bool
    """A person played this seat (a computer's decisions are not reviewed)."""
    decisions: int
    accuracy: float | None
    """Mean of ``move_accuracy`` over the decisions (None with none)."""
    inaccuracies: int
    mistakes: int
    blunders: int
    luck: float
    """Points of win chance the dice gave above (or below) the average roll, summed."""


@dataclass(frozen=True, slots=True)
class Review:
    match: Match
    decisions: tuple[Decision, ...]
    """The reviewed players' decisions in game order."""
    players: tuple[PlayerReview, ...]
    turn_starts: tuple[int, ...]
    """The position index (0: the start) of each turn's start."""
    chances: tuple[tuple[float, ...], ...]
    """Each player's win chance (0-1) at each turn's start: the graph."""

    def at_step(self, step: int) -> Decision | None:
        return next((d for d in self.decisions if d.step == step), None)


def _decision(
    analyst: Analyst, state: GameState, action: Action, step: int, turn: int
) -> Decision | None:
    """The decision ``action`` was in ``state``, valued; None if there was no choice."""
    if state.phase is Phase.CHOOSE and action.kind == "choose":
        values = analyst.move_values(state)
        if len(values) < 2:
            return None
        best_move, best = max(values, key=lambda pair: pair[1])
        played = tuple(sorted(action.move or ()))
        mine = next(v for m, v in values if tuple(sorted(m)) == played)
        return Decision(
            step, turn, state.current_player, "pair", say_move(played), say_move(best_move),
            max(best - mine, 0.0) * 100, best * 100,
        )
    if state.phase is Phase.ROLL and action.kind in ("roll", "stop") and can_stop(state):
        roll, stop = analyst.roll_and_stop(state)
        assert stop is not None
        best_word = "roll" if roll > stop else "stop"
        mine = roll if action.kind == "roll" else stop
        return Decision(
            step, turn, state.current_player, "roll or stop", action.kind, best_word,
            max(max(roll, stop) - mine, 0.0) * 100, max(roll, stop) * 100,
        )
    return None


def review_game(
    match: Match, progress: Progress | None = None, analyst: Analyst | None = None
) -> Review:
    """Review ``match`` (finished or not) from its start."""
    analyst = analyst or Analyst()
    total = len(match.history)
    decisions: list[Decision] = []
    luck = [0.0] * len(match.seats)
    turn_starts = [0]
    chances: list[tuple[float, ...]] = []
    turn = 1
    positions = match.positions()
    before, _ = next(positions)
    chances.append(analyst.chances(before.state))
    for step, (after, events) in enumerate(positions):
        action = match.history[step]
        state = before.state
        mover = state.current_player
        if action.kind == "roll":
            luck[mover] += analyst.roll_luck(state, action.dice or ()) * 100
        if match.kind_at(mover, step) == HUMAN:
            found = _decision(analyst, state, action, step, turn)
            if found is not None:
                decisions.append(found)
        if any(isinstance(event, TurnPassed) for event in events):
            turn += 1
            turn_starts.append(step + 1)
            chances.append(analyst.chances(after.state))
        before = after
        if progress is not None:
            progress(step + 1, total)
    return Review(
        match,
        tuple(decisions),
        tuple(_player(match, p, decisions, luck[p]) for p in range(len(match.seats))),
        tuple(turn_starts),
        tuple(chances),
    )


def _player(match: Match, player: int, decisions: list[Decision], luck: float) -> PlayerReview:
    mine = [d for d in decisions if d.player == player]
    labels = [d.label for d in mine]
    reviewed = any(
        match.kind_at(player, step) == HUMAN for step in range(len(match.history) + 1)
    )
    return PlayerReview(
        player,
        match.seats[player].name,
        reviewed,
        len(mine),
        sum(move_accuracy(d.cost) for d in mine) / len(mine) if mine else None,
        labels.count("inaccuracy"),
        labels.count("mistake"),
        labels.count("blunder"),
        luck,
    )
