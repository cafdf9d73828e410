"""Play-outs of a sampled decision, both ways, and the file that keeps them.

Play-out ``j`` of a decision plays its position to the end once after expert's choice and
once after the one played, ``expert`` in every seat afterwards, the same dice after either
choice (``Dice(game_seed(3434, j) + 1)`` for a roll decided on, then ``Dice(game_seed(3434,
j))``). A play-out's result depends on nothing else, so play-outs run in any order, in
worker processes, and a run cut short goes on where it stopped: each one is appended to the
results file as it ends (a JSON line: the decision's key, ``j``, the two wins, CPU seconds)
and one found there is not played again.

Expert's turn plans are kept across the play-outs of a decision (``PlayoutExpert``): they
all start from the same position, so a board met before (the decision's own turn, a turn
after a bust) is planned once. A plan depends only on its board and the runners it was
made with, so the play-outs are the same, move for move, as with a new expert each time
(checked: the same results, about a quarter less CPU).
"""

from __future__ import annotations

import json
import multiprocessing
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from benchmarks.verdict_sample import Sampled
from cantstop_tui.ai.expert import ExpertBot
from cantstop_tui.ai.planner import Planner
from cantstop_tui.arena.play import game_seed
from cantstop_tui.engine import Dice, GameState, Phase, choose, roll, stop
from cantstop_tui.play.bot_step import next_step, step_state

MAX_STEPS = 20_000
"""A play-out still going after this many steps is counted a loss for both choices."""
BLOCK = 10
"""Play-outs of each decision per round, played in a row by one process (sharing plans):
every decision gets ``BLOCK`` more before any gets more again, so a run cut short has about
as many of each."""
KEPT_PLANS = 128
"""Turn plans kept for a decision's play-outs (each a few megabytes at most)."""

Results = dict[str, dict[int, tuple[int, int]]]
"""Per decision's key, per play-out ``j``: (wins after expert's choice, after the one played)."""


def after(state: GameState, choice: str, dice: Dice) -> GameState:
    """The position after ``choice`` (``roll``, ``stop`` or a pair like ``6+8``)."""
    if choice == "stop":
        return stop(state)[0]
    if choice == "roll":
        return roll(state, dice.roll())[0]
    return choose(state, tuple(int(c) for c in choice.split("+")))[0]


_PLANS: dict[tuple[object, ...], Planner] = {}
"""The current decision's turn plans, by board and the runners each was made with."""


class PlayoutExpert(ExpertBot):
    """``expert``, its turn plans taken from and kept in ``_PLANS``."""

    def planner(self, state: GameState) -> Planner:
        board = (state.squares, state.claimed, state.current_player, state.config, self.solo)
        if self._planner is not None and board == self._board:
            return self._planner
        key = (board, state.runners)
        planner = _PLANS.get(key)
        if planner is None:
            if len(_PLANS) >= KEPT_PLANS:
                del _PLANS[next(iter(_PLANS))]
            planner = _PLANS[key] = Planner(
                state, self.evaluator(state), self.depth, self.to_the_end
            )
        self._planner, self._board = planner, board
        return planner


def wins(state: GameState, player: int, seed: int) -> int:
    """1 if ``player`` wins playing on from ``state``, every seat ``expert``."""
    bots = [PlayoutExpert(seed) for _ in range(state.num_players)]
    dice = Dice(seed)
    for _ in range(MAX_STEPS):
        if state.phase is Phase.OVER:
            break
        state = step_state(next_step(bots[state.current_player], state), state, dice)[0]
    return int(state.winner == player)


def play_out(sampled: Sampled, j: int) -> tuple[int, int]:
    """(wins after expert's choice, wins after the one played) in play-out ``j``."""
    state, decision = sampled.state, sampled.decision
    player = state.current_player
    seed = game_seed(3434, j)
    best = wins(after(state, decision.best, Dice(seed + 1)), player, seed)
    mine = wins(after(state, decision.played, Dice(seed + 1)), player, seed)
    return best, mine


def load(path: Path | None) -> Results:
    results: Results = {}
    if path is None or not path.exists():
        return results
    for line in path.read_text().splitlines():
        try:
            row = json.loads(line)
        except ValueError:
            continue  # a line cut short when a run was stopped: that play-out is played again
        results.setdefault(row["key"], {})[row["j"]] = (row["best"], row["mine"])
    return results


Task = tuple[int, tuple[int, ...]]
"""A decision's index and the play-outs ``j`` of it to play, in a row."""


def _tasks(sample: list[Sampled], playouts: int, done: Results) -> list[Task]:
    """The play-outs still to play, a block of each decision a round."""
    tasks = []
    for start in range(0, playouts, BLOCK):
        for i, sampled in enumerate(sample):
            block = range(start, min(start + BLOCK, playouts))
            left = tuple(j for j in block if j not in done.get(sampled.key, {}))
            if left:
                tasks.append((i, left))
    return tasks


Done = list[tuple[int, int, tuple[int, int], float]]
"""Play-outs played: decision index, ``j``, the two wins, CPU seconds."""


_SAMPLE: list[Sampled] = []
"""The sample, in a worker process (inherited from the parent by fork)."""


def _task(task: Task) -> Done:
    i, playouts = task
    _PLANS.clear()  # another decision: none of its plans is met again
    done = []
    for j in playouts:
        start = time.process_time()
        found = play_out(_SAMPLE[i], j)
        done.append((i, j, found, time.process_time() - start))
    _PLANS.clear()
    return done


def _run(tasks: list[Task], jobs: int) -> Iterator[Done]:
    if jobs <= 1:
        yield from map(_task, tasks)
        return
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap_unordered(_task, tasks)


def play(
    sample: list[Sampled], playouts: int, jobs: int, path: Path | None
) -> tuple[Results, float, int]:
    """Every decision's ``playouts`` play-outs (those in ``path`` read, the others played and
    appended to it): the results, CPU seconds spent on those played and how many."""
    results = load(path)
    tasks = _tasks(sample, playouts, results)
    _SAMPLE[:] = sample
    cpu, count, total = 0.0, 0, sum(len(playouts) for _, playouts in tasks)
    out = path.open("a") if path is not None else None
    try:
        for i, j, found, seconds in (one for block in _run(tasks, jobs) for one in block):
            key = sample[i].key
            results.setdefault(key, {})[j] = found
            cpu, count = cpu + seconds, count + 1
            if out is not None:
                row = {"key": key, "j": j, "best": found[0], "mine": found[1],
                       "cpu": round(seconds, 3)}
                out.write(json.dumps(row) + "\n")
                out.flush()
            if count % BLOCK == 0 or count == total:
                print(f"  play-outs {count}/{total} ({cpu / count:.2f} CPU s a pair)",
                      file=sys.stderr, flush=True)
    finally:
        if out is not None:
            out.close()
    return results, cpu, count
