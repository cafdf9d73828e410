"""Do the review's costs hold up? Flagged decisions played out to the end, both ways.

A fixed sample of decisions the review flags (one a game, people played by ``rule28`` and
``easy``, who make mistakes) is played out from the decision's position: once with expert's
choice and once with the one played, ``expert`` for every seat afterwards, the same dice for
both choices (play-out ``j`` rolls ``Dice(j)`` after either choice). The measured cost is the
difference of the mover's wins, in points, with its standard error over the play-outs;
the claimed cost is the review's. A label is confirmed when some cost within two standard
errors of the measured one gets it; too severe by more than one step when even the measured
cost plus two standard errors gets a label two steps milder.

    nice python -m benchmarks review_verdicts      (also run by make bench)

CPU-heavy: ``BENCH_VERDICT_DECISIONS`` (default 9) decisions, ``BENCH_VERDICT_PLAYOUTS``
(default 40) play-outs of each choice; a play-out of a 2-player game takes about a second.
"""

from __future__ import annotations

import math
import os
import statistics
import sys
from dataclasses import dataclass

from benchmarks import Row
from benchmarks.review_games import played
from cantstop_tui.ai import make_bot
from cantstop_tui.ai.analysis import Analyst
from cantstop_tui.arena.play import game_seed
from cantstop_tui.engine import Dice, GameState, Phase, choose, roll, stop
from cantstop_tui.play.bot_step import next_step, step_state
from cantstop_tui.play.review import THRESHOLDS, Decision, label, review_game

DECISIONS = int(os.environ.get("BENCH_VERDICT_DECISIONS", "9"))
PLAYOUTS = int(os.environ.get("BENCH_VERDICT_PLAYOUTS", "40"))
GAMES = (["rule28", "easy"], ["easy", "rule28"])
MAX_STEPS = 20_000
"""A play-out still going after this many steps is counted a loss for both choices."""
SEVERITY = {None: 0, **{name: len(THRESHOLDS) - i for i, (_, name) in enumerate(THRESHOLDS)}}
"""0 for no label, then 1 (inaccuracy) to 3 (blunder)."""


@dataclass(frozen=True)
class Verdict:
    decision: Decision
    measured: float
    error: float
    """Standard error of ``measured``, in points."""


def _after(state: GameState, choice: str, dice: Dice) -> GameState:
    """The position after ``choice`` (``roll``, ``stop`` or a pair like ``6+8``)."""
    if choice == "stop":
        return stop(state)[0]
    if choice == "roll":
        return roll(state, dice.roll())[0]
    return choose(state, tuple(int(c) for c in choice.split("+")))[0]


def _wins(state: GameState, player: int, seed: int) -> int:
    """1 if ``player`` wins playing on from ``state``, every seat ``expert``."""
    bots = [make_bot("expert", seed) for _ in range(state.num_players)]
    dice = Dice(seed)
    for _ in range(MAX_STEPS):
        if state.phase is Phase.OVER:
            break
        state = step_state(next_step(bots[state.current_player], state), state, dice)[0]
    return int(state.winner == player)


def _sample() -> list[tuple[GameState, Decision]]:
    """One flagged decision from each of ``DECISIONS`` fixed games: game ``i``'s middle
    one among those labelled ``THRESHOLDS[i % 3]`` (else among all it flags)."""
    analyst = Analyst()
    sample: list[tuple[GameState, Decision]] = []
    index = 0
    while len(sample) < DECISIONS and index < 10 * DECISIONS:
        match = played(GAMES[index % 2], game_seed(34, index))
        review = review_game(match, analyst=analyst)
        flagged = [d for d in review.decisions if d.label]
        wanted = THRESHOLDS[index % len(THRESHOLDS)][1]
        chosen = [d for d in flagged if d.label == wanted] or flagged
        if chosen:
            decision = chosen[len(chosen) // 2]
            states = [position.state for position, _ in match.positions()]
            sample.append((states[decision.step], decision))
        index += 1
    return sample


def measure(state: GameState, decision: Decision) -> Verdict:
    player = state.current_player
    differences = []
    for j in range(PLAYOUTS):
        seed = game_seed(3434, j)
        best = _wins(_after(state, decision.best, Dice(seed + 1)), player, seed)
        mine = _wins(_after(state, decision.played, Dice(seed + 1)), player, seed)
        differences.append((best - mine) * 100.0)
    error = statistics.stdev(differences) / math.sqrt(len(differences))
    return Verdict(decision, statistics.fmean(differences), error)


def _labels_within(verdict: Verdict) -> set[str | None]:
    low, high = verdict.measured - 2 * verdict.error, verdict.measured + 2 * verdict.error
    found = {label(max(low, 0.0)), label(max(high, 0.0))}
    found |= {name for bound, name in THRESHOLDS if low <= bound <= high}
    return found


def run() -> list[Row]:
    verdicts = []
    for state, decision in _sample():
        verdicts.append(measure(state, decision))
        v = verdicts[-1]
        print(f"  measured {len(verdicts)}: claimed {decision.cost:.1f} ({decision.label}), "
              f"measured {v.measured:+.1f} ± {v.error:.1f}", file=sys.stderr, flush=True)
    rows: list[Row] = []
    for v in verdicts:
        d = v.decision
        rows.append((
            f"turn {d.turn} {d.kind}: {d.played} (expert {d.best})",
            f"{d.cost:.1f} vs {v.measured:+.1f} ± {v.error:.1f}",
            f"{d.label}; measured within 2 SE: "
            + ", ".join(sorted(str(x) for x in _labels_within(v))),
        ))
    claimed = sum(v.decision.cost for v in verdicts)
    measured = sum(v.measured for v in verdicts)
    error = math.sqrt(sum(v.error**2 for v in verdicts))
    within = sum(abs(v.decision.cost - v.measured) <= 2 * v.error for v in verdicts)
    confirmed = sum(v.decision.label in _labels_within(v) for v in verdicts)
    too_severe = sum(
        SEVERITY[v.decision.label] - SEVERITY[label(v.measured + 2 * v.error)] > 1
        for v in verdicts
    )
    n = len(verdicts)
    rows += [
        ("claimed, summed", f"{claimed:.1f} points",
         f"{n} flagged decisions, {PLAYOUTS} play-outs of each choice"),
        ("measured, summed", f"{measured:.1f} ± {error:.1f} points",
         f"claimed - measured = {(claimed - measured) / error if error else 0:+.1f} SE"),
        ("claims within 2 SE of the measured cost", f"{within}/{n}", ""),
        ("labels confirmed", f"{confirmed}/{n}", "the label fits a cost within 2 SE"),
        ("labels over one step too severe", f"{too_severe}/{n}", "target 0"),
    ]
    return rows
