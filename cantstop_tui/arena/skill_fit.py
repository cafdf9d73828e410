"""Fit and check the win chance's skill term on games between every pairing of the levels.

    python -m cantstop_tui.arena.skill_fit --fit-seeds 2 3 4 5 6 7 8 9 10 --fit-games 1260 \\
        --check-seeds 11 --check-games 1260 --cache /tmp/chance_games --jobs 2

plays (or reads from the cache) the games of ``arena.skill_games``, fits the skill term's
numbers (each level's strength, the weakest's held at 0, and the power of the turns left)
on the fit seeds' games together by least log loss, then each pairing's own shift
and sharpness (``skill_pairs.SHIPPED``),
and prints, for the check seeds' (held out), each pairing's predictions grouped in tenths
and each pairing's calibration error (``arena.skill_check``), then the same games read
without the sharpness, without the shifts, with the shipped terms and blind to skill.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Final, NamedTuple

import numpy as np

from ..ai.skill_term import (
    NO_SHARPNESS,
    NO_SHIFTS,
    NO_STARTS,
    PAIR_SHARPNESS,
    PAIR_SHIFTS,
    PAIR_STARTS,
    SKILL_TERM,
    SkillTerm,
)
from ..ai.turns_model import shipped
from ..ai.win_chance import Calibration, calibration_for
from .newton import newton
from .skill_check import (
    Predictions,
    games_per_pairing,
    log_loss,
    pairing_report,
    pairing_summary,
    pairings,
    predictions,
    report,
    shown,
    summary,
    tenths,
)
from .skill_games import generate
from .skill_pairs import SHIPPED, as_sharpness, as_shifts, as_starts, fit_pairs
from .skill_starts import ladder_rates, start_rates, start_summary

FIT_SEEDS: Final = (2, 3, 4, 5, 6, 7, 8, 9, 10)
FIT_GAMES: Final = 1260
"""Games of each fit seed."""
CHECK_SEEDS: Final = (11,)
CHECK_GAMES: Final = 1260
"""Games of each check seed."""
"""The games the shipped term was fitted and checked on (docs/ai.md's table: the check's)."""

def blind(term: SkillTerm = SKILL_TERM) -> SkillTerm:
    """The term that adds nothing: every level equally strong."""
    return SkillTerm((0.0,) * len(term.strengths), term.power, term.start_turns)


def _term(x: np.ndarray, start_turns: float) -> SkillTerm:
    """The term of the fit's numbers: the strengths above the weakest, the power's log."""
    return SkillTerm((0.0, *(float(v) for v in x[:-1])), float(np.exp(x[-1])), start_turns)


def fit(data: Predictions, calibration: Calibration, start: SkillTerm) -> SkillTerm:
    """Each level's strength (the weakest's held at 0) and the power of the turns left,
    with the least log loss on ``data`` (without the pairings' own shifts: those are fitted
    after, on top, ``skill_pairs.fit_pairs``)."""

    def loss(x: np.ndarray) -> float:
        return log_loss(data, calibration, _term(x, start.start_turns), NO_SHIFTS)

    found = _term(newton(loss, np.array([*start.strengths[1:], np.log(start.power)])),
                  start.start_turns)
    return SkillTerm(tuple(round(v, 3) for v in found.strengths), round(found.power, 3),
                     start.start_turns)


def played(seeds: Sequence[int], games: int, cache: Path, jobs: int = 1) -> Predictions:
    """The turn starts of the first ``games`` games of each seed, as one set."""
    return predictions([game for seed in seeds for game in generate(seed, games, cache, jobs)])


def add_played_options(parser: argparse.ArgumentParser) -> None:
    """``--cache``, where ``played`` keeps the games it plays, and ``--jobs``, how many
    processes play them (the same for every script of these games)."""
    parser.add_argument("--cache", type=Path, default=Path("/tmp/chance_games"))
    parser.add_argument("--jobs", type=int, default=1)


def seed_folds(
    prog: str, seeds: Sequence[int], argv: Sequence[str] | None,
    more: Callable[[argparse.ArgumentParser], None] | None = None,
) -> tuple[argparse.Namespace, dict[int, Predictions]]:
    """A script's options (``--seeds``, default ``seeds``; ``--games``; ``--cache``, ``--jobs``;
    any ``more``) and the turn starts of each seed's games, played or read from the cache
    (each of ``--seeds``, and of the option ``fit_seeds`` if ``more`` adds it)."""
    parser = argparse.ArgumentParser(prog=prog)
    parser.add_argument("--seeds", type=int, nargs="+", default=list(seeds))
    parser.add_argument("--games", type=int, default=FIT_GAMES)
    add_played_options(parser)
    if more is not None:
        more(parser)
    args = parser.parse_args(argv)
    every = sorted({*args.seeds, *getattr(args, "fit_seeds", ())})
    return args, {s: played([s], args.games, args.cache, args.jobs) for s in every}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m cantstop_tui.arena.skill_fit")
    parser.add_argument("--fit-seeds", type=int, nargs="+", default=list(FIT_SEEDS))
    parser.add_argument("--fit-games", type=int, default=FIT_GAMES)
    parser.add_argument("--check-seeds", type=int, nargs="*", default=list(CHECK_SEEDS),
                        help="none: fit only")
    parser.add_argument("--check-games", type=int, default=CHECK_GAMES)
    add_played_options(parser)
    args = parser.parse_args(argv)
    calibration = calibration_for(shipped(), 2)
    fit_data = played(args.fit_seeds, args.fit_games, args.cache, args.jobs)
    term = fit(fit_data, calibration, SKILL_TERM)
    pairs = fit_pairs(fit_data, calibration, term, SHIPPED)
    own = Own(as_shifts(pairs), as_sharpness(pairs), as_starts(pairs))
    print(f"fitted {term} on {len(fit_data.raw):,} turn starts of seeds {args.fit_seeds}; "
          f"log loss {log_loss(fit_data, calibration, term, *own):.4f}, "
          f"blind {log_loss(fit_data, calibration, blind(term), NO_SHIFTS):.4f}")
    print(f"each pairing's own shift, sharpness and start ({SHIPPED}):\n"
          f"{own.shifts}\n{own.sharpness}\n{own.starts}")
    if args.check_seeds:
        _check(played(args.check_seeds, args.check_games, args.cache, args.jobs),
               calibration, term, own)


class Own(NamedTuple):
    """Each pairing's own terms, as ``skill_check.shown`` takes them."""

    shifts: Mapping[tuple[str, str], float]
    sharpness: Mapping[tuple[str, str], float]
    starts: Mapping[tuple[str, str], float]


SHIPPED_OWN: Final = Own(PAIR_SHIFTS, PAIR_SHARPNESS, PAIR_STARTS)


def _check(check: Predictions, calibration: Calibration, term: SkillTerm, own: Own) -> None:
    """Print the held-out games' tenths and pairings read with the fitted terms, the start
    of each pairing's games with these and with the shipped, and the summaries of each."""
    print(f"held out: {len(check.raw):,} turn starts")
    found = tenths(check, shown(check, calibration, term, *own))
    for line in report(found):
        print(line)
    for line in pairing_report(pairings(found, games_per_pairing(check))):
        print(line)
    for name, read, terms in (("fitted", term, own), ("shipped", SKILL_TERM, SHIPPED_OWN)):
        print(f"{name}, at the start:")
        chances = shown(check, calibration, read, *terms)
        for line in start_rates(check, chances) + ladder_rates(check, chances):
            print(line)
    for name, read, terms in (
        ("fitted", term, own),
        ("without the starts", term, own._replace(starts=NO_STARTS)),
        ("without the sharpness", term, own._replace(sharpness=NO_SHARPNESS)),
        ("per level", term, Own(NO_SHIFTS, NO_SHARPNESS, NO_STARTS)),
        ("shipped", SKILL_TERM, SHIPPED_OWN),
        ("blind", blind(term), Own(NO_SHIFTS, NO_SHARPNESS, NO_STARTS)),
    ):
        chances = shown(check, calibration, read, *terms)
        rows = tenths(check, chances)
        print(f"{name}: {summary(rows)}; "
              f"{pairing_summary(pairings(rows, games_per_pairing(check)))}; "
              f"log loss {log_loss(check, calibration, read, *terms):.4f}; "
              f"{start_summary(check, chances)}")


if __name__ == "__main__":
    main()
