"""The flagged decisions ``review_verdicts`` plays out: a fixed sample across many games.

Games ``0, 1, 2, ...`` (seed ``game_seed(34, i)``) are played by people whose steps
``rule28`` and ``easy`` choose (they make mistakes of every size), seats alternating, and
reviewed. From each game the sample takes ``PER_GAME`` flagged decisions, each time the
middle one of the game's decisions of the kind of verdict the sample holds fewest of so far
(inaccuracy, mistake and blunder, each for a pair choice and for a choice to roll or stop),
so that every kind the games have is in it, as evenly as they allow.
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass

from benchmarks.review_games import played
from cantstop_tui.ai.analysis import Analyst
from cantstop_tui.arena.play import game_seed
from cantstop_tui.engine import GameState
from cantstop_tui.play.review import THRESHOLDS, Decision, review_game

GAMES = (["rule28", "easy"], ["easy", "rule28"])
PER_GAME = 2
KINDS: tuple[tuple[str, str], ...] = tuple(
    (name, kind) for _, name in reversed(THRESHOLDS) for kind in ("pair", "roll or stop")
)
"""(label, decision kind): the six kinds of verdict the sample balances."""


@dataclass(frozen=True)
class Sampled:
    game: int
    """The game's index (seed ``game_seed(34, game)``)."""
    state: GameState
    """The position the decision was taken in."""
    decision: Decision

    @property
    def key(self) -> str:
        """Names the decision in the results file: game, step and the two choices."""
        d = self.decision
        return f"{self.game}:{d.step}:{d.best}:{d.played}"


def _pick(flagged: list[Decision], counts: Counter[tuple[str, str]]) -> Decision:
    """The middle decision of the kind of verdict the sample holds fewest of so far."""
    kinds = {(str(d.label), d.kind) for d in flagged}
    wanted = min((k for k in KINDS if k in kinds), key=lambda k: counts[k])
    chosen = [d for d in flagged if (d.label, d.kind) == wanted]
    return chosen[len(chosen) // 2]


def sample(decisions: int, log: bool = False) -> list[Sampled]:
    """``decisions`` flagged decisions, ``PER_GAME`` from each game (fewer if a game flags
    fewer), each the kind of verdict the sample holds fewest of."""
    analyst = Analyst()
    games: list[tuple[int, list[GameState], list[Decision]]] = []
    index = 0
    while len(games) * PER_GAME < decisions and index < 10 * decisions:
        match = played(GAMES[index % 2], game_seed(34, index))
        review = review_game(match, analyst=analyst)
        flagged = [d for d in review.decisions if d.label]
        if flagged:
            games.append((index, [position.state for position, _ in match.positions()], flagged))
        index += 1
    found: list[Sampled] = []
    counts: Counter[tuple[str, str]] = Counter()
    for _ in range(PER_GAME):
        for game, states, flagged in games:
            left = [d for d in flagged if all(s.decision is not d for s in found)]
            if left and len(found) < decisions:
                chosen = _pick(left, counts)
                counts[(str(chosen.label), chosen.kind)] += 1
                found.append(Sampled(game, states[chosen.step], chosen))
    found.sort(key=lambda s: (s.game, s.decision.step))
    if log:
        print(f"  sample: {len(found)} decisions from {len({s.game for s in found})} games; "
              + ", ".join(f"{n} {kind} {name}" for (name, kind), n in sorted(counts.items())),
              file=sys.stderr, flush=True)
    return found
