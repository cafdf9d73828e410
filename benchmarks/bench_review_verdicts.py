"""Do the review's costs hold up? Flagged decisions played out to the end, both ways.

A fixed sample of decisions the review flags (``verdict_sample``: two from each of many
games people played by ``rule28`` and ``easy``, every kind of verdict in it) is played out
from each decision's position (``verdict_playouts``): once with expert's choice and once with
the one played, ``expert`` for every seat afterwards, the same dice for both choices. The
measured cost is the difference of the mover's wins, in points, with its standard error
over the play-outs; the claimed cost is the review's. A label is confirmed when some cost
within two standard errors of the measured one gets it; too severe by more than one step
when even the measured cost plus two standard errors gets a label two steps milder.

    nice python -m benchmarks review_verdicts      (also run by make bench)

CPU-heavy (a play-out of a 2-player game both ways takes 1 to 2 CPU-seconds, more under load):
``BENCH_VERDICT_DECISIONS`` (default 32) decisions, ``BENCH_VERDICT_PLAYOUTS`` (default 40)
play-outs of each, ``BENCH_VERDICT_JOBS`` (default 1) worker processes. With
``BENCH_VERDICT_FILE`` set, the sample and each play-out are kept in that file (and
``FILE.sample``) as they end: a run cut short, or one asked for more play-outs, goes on where
it stopped, and ``BENCH_VERDICT_PLAYOUTS=0`` reports what the file holds.
"""

from __future__ import annotations

import math
import os
import pickle
import statistics
from dataclasses import dataclass
from pathlib import Path

from benchmarks import Row
from benchmarks.verdict_playouts import Results, play
from benchmarks.verdict_sample import Sampled, sample
from cantstop_tui.play.review import THRESHOLDS, Decision, label

DECISIONS = int(os.environ.get("BENCH_VERDICT_DECISIONS", "32"))
PLAYOUTS = int(os.environ.get("BENCH_VERDICT_PLAYOUTS", "40"))
JOBS = int(os.environ.get("BENCH_VERDICT_JOBS", "1"))
FILE = os.environ.get("BENCH_VERDICT_FILE")
SEVERITY: dict[str | None, int] = {
    None: 0, **{name: len(THRESHOLDS) - i for i, (_, name) in enumerate(THRESHOLDS)}
}
"""0 for no label, then 1 (inaccuracy) to 3 (blunder)."""


@dataclass(frozen=True)
class Verdict:
    decision: Decision
    measured: float
    error: float
    """Standard error of ``measured``, in points."""
    playouts: int
    won_best: float
    """Share of the play-outs after expert's choice the mover won, in points."""
    won_played: float
    """The same after the choice played."""

    @property
    def within(self) -> bool:
        """The claimed cost is within two standard errors of the measured one."""
        return abs(self.decision.cost - self.measured) <= 2 * self.error

    @property
    def too_severe(self) -> bool:
        """The label is over one step more severe than the measured cost plus 2 SE gets."""
        return SEVERITY[self.decision.label] - SEVERITY[label(self.measured + 2 * self.error)] > 1


def verdict(decision: Decision, found: dict[int, tuple[int, int]]) -> Verdict:
    differences = [(best - mine) * 100.0 for best, mine in found.values()]
    error = statistics.stdev(differences) / math.sqrt(len(differences))
    won_best = statistics.fmean(best for best, _ in found.values()) * 100
    won_played = statistics.fmean(mine for _, mine in found.values()) * 100
    return Verdict(
        decision, statistics.fmean(differences), error, len(differences), won_best, won_played
    )


def labels_within(verdict: Verdict) -> set[str | None]:
    low, high = verdict.measured - 2 * verdict.error, verdict.measured + 2 * verdict.error
    found: set[str | None] = {label(max(low, 0.0)), label(max(high, 0.0))}
    found |= {name for bound, name in THRESHOLDS if low <= bound <= high}
    return found


def _sample(path: Path | None) -> list[Sampled]:
    """The sample, kept beside the results file (so a run goes on with the same one)."""
    kept = None if path is None else path.with_name(path.name + ".sample")
    if kept is not None and kept.exists():
        found: list[Sampled] = pickle.loads(kept.read_bytes())
        if len(found) == DECISIONS:
            return found
    found = sample(DECISIONS, log=True)
    if kept is not None:
        kept.write_bytes(pickle.dumps(found))
    return found


def _summed(name: str, verdicts: list[Verdict]) -> Row:
    claimed = sum(v.decision.cost for v in verdicts)
    measured = sum(v.measured for v in verdicts)
    error = math.sqrt(sum(v.error**2 for v in verdicts))
    gap = (claimed - measured) / error if error else 0.0
    return (f"{name} ({len(verdicts)})", f"{claimed:.1f} vs {measured:.1f} ± {error:.1f}",
            f"claimed - measured = {gap:+.1f} SE")


def report(sampled: list[Sampled], results: Results) -> list[Row]:
    measured = [(s, verdict(s.decision, results[s.key]))
                for s in sampled if len(results.get(s.key, {})) > 1]
    verdicts = [v for _, v in measured]
    rows: list[Row] = []
    for s, v in measured:
        d = v.decision
        rows.append((
            f"game {s.game} turn {d.turn} {d.kind}: {d.played} (expert {d.best})",
            f"{d.cost:.1f} vs {v.measured:+.1f} ± {v.error:.1f}",
            f"{d.label}; n={v.playouts}; within 2 SE: "
            + ", ".join(sorted(str(x) for x in labels_within(v))),
        ))
    n = len(verdicts)
    if not n:
        return [*rows, ("no play-outs yet", "", "")]
    rows.append(_summed("claimed vs measured, summed", verdicts))
    for kind in ("pair", "roll or stop"):
        rows.append(_summed(f"  {kind} choices", [v for v in verdicts if v.decision.kind == kind]))
    for _, name in reversed(THRESHOLDS):
        rows.append(_summed(f"  {name} labels", [v for v in verdicts if v.decision.label == name]))
    for after, claimed, won in (
        ("after expert's choice", [v.decision.chance_best for v in verdicts],
         [v.won_best for v in verdicts]),
        ("after the choice played", [v.decision.chance_played for v in verdicts],
         [v.won_played for v in verdicts]),
    ):
        rows.append((f"win chance {after}, mean", f"{statistics.fmean(claimed):.1f} vs "
                     f"{statistics.fmean(won):.1f}", "the review's chance vs play-outs won"))
    rows += [
        ("claims within 2 SE of the measured cost", f"{sum(v.within for v in verdicts)}/{n}",
         f"{sum(v.playouts for v in verdicts) // n} play-outs a decision on average"),
        ("labels confirmed", f"{sum(v.decision.label in labels_within(v) for v in verdicts)}/{n}",
         "the label fits a cost within 2 SE"),
        ("labels over one step too severe", f"{sum(v.too_severe for v in verdicts)}/{n}",
         "target 0"),
    ]
    return rows


def run() -> list[Row]:
    path = Path(FILE) if FILE else None
    sampled = _sample(path)
    results, cpu, count = play(sampled, PLAYOUTS, JOBS, path)
    rows = report(sampled, results)
    if count:
        rows.append(("CPU a play-out (both choices)", f"{cpu / count:.2f} s",
                     f"{count} played in this run, {JOBS} job(s)"))
    return rows
