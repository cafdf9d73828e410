"""A game review: every decision a person made next to what ``expert`` would have done.

Each choice of a pair (when there was more than one) and each choice to roll or stop
(when stopping was allowed) is valued by the ``expert``'s planner (``ai.analysis``). A
decision's cost is the win chance it gave away, in points (hundredths) of the calibrated
chance a player is shown, labelled as chess and backgammon reviews do; choices the search
values within ``CLOSE`` of each other are called close, never flagged. Accuracy is
Lichess's (``accuracy.py``). Luck is in the same points: each roll's chance left minus the
average roll's, summed per turn and per player, with the spread the dice alone would give
(``luck.py``). The win chances at each turn's start make the graph.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import pairwise
from typing import Final, Literal

from ..ai.analysis import Analyst
from ..engine import GameState, Move, Phase, TurnPassed, can_stop
from ..frozen import frozen
from .accuracy import game_accuracy
from .gc_pause import collector_paused
from .luck import PlayerLuck, TurnLuck, player_luck
from .match import HUMAN, Action, Match
from .ratings import GameRatings, Rating
from .seat_skill import EQUALS, assumption, seat_sharpness, seat_skills, seat_starts

Band = Literal["close", "slip", "inaccuracy", "mistake", "blunder"]
Label = Literal["inaccuracy", "mistake", "blunder"]
BANDS: Final[tuple[tuple[float, Band], ...]] = (
    (10.0, "blunder"),
    (5.0, "mistake"),
    (2.0, "inaccuracy"),
    (1.0, "slip"),
    (0.0, "close"),
)
"""Points of win chance given away from which a choice other than expert's falls in each
band, up to the next one: every cost in exactly one (the one place: the review's legend
is made from it, the docs tested against it). *Close*: one search does not tell two
choices apart that finely, so it is neither flagged nor priced."""
FLAGGED: Final[tuple[Label, ...]] = ("inaccuracy", "mistake", "blunder")
"""The bands a decision is flagged in: counted in the summary, listed by ``m``."""
THRESHOLDS: Final = tuple((bound, name) for bound, name in BANDS if name in FLAGGED)
CLOSE: Final = next(high for (high, _), (_, name) in pairwise(BANDS) if name == "close")
"""Points under which a choice other than expert's is close (the band above starts)."""
Progress = Callable[[int, int], None]
"""Told ``(steps done, steps in all)`` as the review goes."""


def band(cost: float) -> Band:
    """The band of a choice other than expert's that gave away ``cost`` points."""
    return next((name for bound, name in BANDS if cost >= bound), BANDS[-1][1])


def label(cost: float) -> Label | None:
    """The flag of a decision that gave away ``cost`` points (None in an unflagged band)."""
    found = band(cost)
    return next((name for name in FLAGGED if name == found), None)


def bands_sentence(short: bool = False) -> str:
    """``close under 1, slip from 1, inaccuracy from 2, mistake from 5, blunder from 10``
    (from ``BANDS``; short: ``close under 1, slip 1, inaccuracy 2, ...``)."""
    word = "" if short else " from"
    lowest, *rest = reversed(BANDS)
    return ", ".join(
        [f"{lowest[1]} under {CLOSE:g}", *(f"{name}{word} {bound:g}" for bound, name in rest)]
    )


def thresholds_sentence(short: bool = False) -> str:
    """``inaccuracy from 2, mistake from 5, blunder from 10`` (the flagged bands; short:
    ``inaccuracy 2, mistake 5, blunder 10``)."""
    word = "" if short else " from"
    return ", ".join(f"{name}{word} {bound:g}" for bound, name in reversed(THRESHOLDS))


def say_move(move: Move) -> str:
    return "+".join(str(c) for c in move)


@frozen
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
    """Points of calibrated win chance given away (0 when it agrees)."""
    chance_best: float
    """The player's calibrated win chance after the best choice, in points."""

    @property
    def shown_cost(self) -> float:
        """The cost as shown, to a tenth of a point (what the label follows)."""
        return round(self.cost, 1)

    @property
    def chance_played(self) -> float:
        """The player's calibrated win chance after what they played, in points."""
        return self.chance_best - self.cost

    @property
    def band(self) -> Band | None:
        """The band of its cost (``BANDS``; None when it is expert's choice)."""
        return None if self.played == self.best else band(self.shown_cost)

    @property
    def close(self) -> bool:
        """Another choice than expert's, within ``CLOSE`` of it: no mistake to speak of."""
        return self.band == "close"

    @property
    def label(self) -> Label | None:
        return label(self.shown_cost)


@frozen
class PlayerReview:
    player: int
    name: str
    reviewed: bool
    """A person played this seat (a computer's decisions are not reviewed)."""
    decisions: int
    accuracy: float | None
    """Lichess's game accuracy over the decisions (``accuracy.py``; None with none)."""
    inaccuracies: int
    mistakes: int
    blunders: int
    luck: PlayerLuck
    """What the dice gave, in points, with its spread (``luck.py``)."""


@frozen
class Review:
    match: Match
    decisions: tuple[Decision, ...]
    """The reviewed players' decisions in game order."""
    players: tuple[PlayerReview, ...]
    turn_starts: tuple[int, ...]
    """The position index (0: the start) of each turn's start."""
    chances: tuple[tuple[float, ...], ...]
    """Each player's win chance (0-1) at each turn's start, knowing who plays: the graph."""
    turn_luck: tuple[TurnLuck, ...]
    """The luck of each turn's dice, in game order."""
    assumes: str = ""
    """What the chances assume of the players (``seat_skill.assumption``), one line."""

    def at_step(self, step: int) -> Decision | None:
        return next((d for d in self.decisions if d.step == step), None)


def _priced(
    analyst: Analyst, state: GameState, best: float, mine: float
) -> tuple[float, float]:
    """(cost, the best choice's chance), in calibrated points."""
    shown_best, shown_mine = analyst.calibrated(state, [best, mine])
    return max(shown_best - shown_mine, 0.0) * 100, shown_best * 100


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
            *_priced(analyst, state, best, mine),
        )
    if state.phase is Phase.ROLL and action.kind in ("roll", "stop") and can_stop(state):
        roll, stop = analyst.roll_and_stop(state)
        assert stop is not None
        best_word = "roll" if roll > stop else "stop"
        mine = roll if action.kind == "roll" else stop
        return Decision(
            step, turn, state.current_player, "roll or stop", action.kind, best_word,
            *_priced(analyst, state, max(roll, stop), mine),
        )
    return None


@collector_paused
def review_game(
    match: Match, progress: Progress | None = None, analyst: Analyst | None = None,
    ratings: Mapping[str, Rating] | None = None,
    today: bool = False,
) -> Review:
    """Review ``match`` (finished or not) from its start. The graph's chances know who
    played (a computer's level; a person's rating in ``ratings``, as it was when the game
    began, else a newcomer's; ``today``: today's ratings, as the line of what the chances
    assume then says); costs and luck price decisions and dice between equals."""
    analyst = analyst or Analyst()
    total = len(match.history)
    decisions: list[Decision] = []
    turn_starts = [0]
    chances: list[tuple[float, ...]] = []
    turn = 1
    positions = match.positions()
    before, _ = next(positions)
    chances.append(analyst.chances(before.state, seat_skills(match, ratings, 0),
                                   seat_sharpness(match, 0), seat_starts(match, 0)))
    turn_luck = [TurnLuck(1, before.state.current_player, 0.0, 0.0)]
    for step, (after, events) in enumerate(positions):
        action = match.history[step]
        state = before.state
        mover = state.current_player
        if action.kind == "roll":
            luck = analyst.roll_luck(state, action.dice or ())
            turn_luck[-1] = turn_luck[-1].add(luck.luck * 100, luck.variance * 100**2)
        if match.kind_at(mover, step) == HUMAN:
            found = _decision(analyst, state, action, step, turn)
            if found is not None:
                decisions.append(found)
        if any(isinstance(event, TurnPassed) for event in events):
            turn += 1
            turn_starts.append(step + 1)
            chances.append(analyst.chances(after.state, seat_skills(match, ratings, step + 1),
                                           seat_sharpness(match, step + 1),
                                           seat_starts(match, step + 1)))
            turn_luck.append(TurnLuck(turn, after.state.current_player, 0.0, 0.0))
        before = after
        if progress is not None:
            progress(step + 1, total)
    return Review(
        match,
        tuple(decisions),
        tuple(_player(match, p, decisions, turn_luck) for p in range(len(match.seats))),
        tuple(turn_starts),
        tuple(chances),
        tuple(turn_luck),
        _assumption(match, ratings, today),
    )


TODAYS: Final = " (today's ratings)"
"""Said after what the chances assume when the records cannot say what the ratings were
when the game began (a game counted before they kept that)."""


def _assumption(match: Match, ratings: Mapping[str, Rating] | None, today: bool) -> str:
    said = assumption(match, ratings)
    people = any(seat.is_human for seat in match.seats)
    return said + TODAYS if today and people and said != EQUALS else said


def review_rated(
    match: Match, ratings: GameRatings | None, progress: Progress | None = None
) -> Review:
    """``review_game`` with the people's ratings (``GameRatings``: as the game began, or
    today's), for a worker given ``(match, ratings)``."""
    if ratings is None:
        return review_game(match, progress)
    return review_game(match, progress, ratings=ratings.ratings, today=ratings.today)


def _player(
    match: Match, player: int, decisions: list[Decision], turn_luck: list[TurnLuck]
) -> PlayerReview:
    mine = [d for d in decisions if d.player == player]
    labels = [d.label for d in mine]
    reviewed = any(
        match.kind_at(player, step) == HUMAN for step in range(len(match.history) + 1)
    )
    chances = [d.chance_best for d in mine] + [mine[-1].chance_played] if mine else []
    return PlayerReview(
        player,
        match.seats[player].name,
        reviewed,
        len(mine),
        game_accuracy([d.cost for d in mine], chances),
        labels.count("inaccuracy"),
        labels.count("mistake"),
        labels.count("blunder"),
        player_luck([t for t in turn_luck if t.player == player]),
    )
