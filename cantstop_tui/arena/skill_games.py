"""Two-player games between every pairing of the levels, with what the win chance sees.

The data the skill term of the win chance (``ai.win_chance.SkillTerm``) is fitted and
checked on: every pairing of the ladder's levels, mirrors included (15 for 5 levels), in
turn, the first seat swapped every other round. At every turn start the race's raw chance
of each seat and the turns each still needs alone (the model's expectation) are kept, with
who won. Games are cached as JSON lines (``save``/``load``) so a fit and a check on the
same games never play them again.

Games of some pairings only (``--pairings``; a fresh check of one pairing) are cached apart,
their files named by the pairings:

    nice -n 10 python -m cantstop_tui.arena.skill_games --pairings strong,strong \\
        --seeds 21 22 --games 750 --cache /tmp/chance_games_mirror --jobs 2
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Final

from ..ai import LEVELS, make_bot
from ..ai.turns_model import TurnsModel
from ..ai.win_chance import banked_race
from ..engine import Dice, GameConfig, Phase, new_game
from .play import MAX_TURNS, _play_turn, game_seed

PAIRINGS: Final[tuple[tuple[str, str], ...]] = tuple(combinations_with_replacement(LEVELS, 2))
"""Every pairing of two levels, weaker first, mirrors included."""


@dataclass(frozen=True, slots=True)
class TurnStart:
    chances: tuple[float, float]
    """The race's raw chance of each seat (uncalibrated), the seat to move first in turn."""
    turns_left: tuple[float, float]
    """Each seat's expected turns still needed, playing alone (the model's)."""
    to_move: int


@dataclass(frozen=True, slots=True)
class SkillGame:
    index: int
    levels: tuple[str, str]
    """The level in each seat; seat 0 moves first."""
    winner: int | None
    starts: tuple[TurnStart, ...]


Pairings = tuple[tuple[str, str], ...]


def seating(index: int, pairings: Pairings = PAIRINGS) -> tuple[str, str]:
    """Game ``index``'s levels by seat: the pairings in turn, seats swapped every other round."""
    weaker, stronger = pairings[index % len(pairings)]
    return (stronger, weaker) if (index // len(pairings)) % 2 else (weaker, stronger)


def play(seed: int, index: int, model: TurnsModel, pairings: Pairings = PAIRINGS) -> SkillGame:
    """Play game ``index`` of a run with base ``seed``, reading the race at every turn start."""
    levels = seating(index, pairings)
    bot_seed = random.Random(game_seed(seed, index)).randrange(1 << 30)
    bots = [make_bot(level, seed=bot_seed + k) for k, level in enumerate(levels)]
    state = new_game(GameConfig(2), first_player=0)
    dice = Dice(game_seed(seed, index))
    starts: list[TurnStart] = []
    while state.phase is not Phase.OVER and len(starts) < MAX_TURNS:
        mover = state.current_player
        raw, turns = banked_race(state, model)
        starts.append(TurnStart((raw[0], raw[1]), (turns[0], turns[1]), mover))
        state, _ = _play_turn(state, bots[mover], dice)
    return SkillGame(index, levels, state.winner, tuple(starts))


def _row(game: SkillGame) -> str:
    return json.dumps({
        "index": game.index, "levels": game.levels, "winner": game.winner,
        "starts": [[*s.chances, *s.turns_left, s.to_move] for s in game.starts],
    })


def save(games: list[SkillGame], path: Path) -> None:
    path.write_text("".join(_row(game) + "\n" for game in games), encoding="utf-8")


def load(path: Path) -> list[SkillGame]:
    games = []
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        starts = tuple(
            TurnStart((a, b), (ta, tb), int(m)) for a, b, ta, tb, m in row["starts"]
        )
        first, second = row["levels"]
        games.append(SkillGame(row["index"], (first, second), row["winner"], starts))
    return games


CHUNK: Final = 2 * len(PAIRINGS)
"""Games per cached file: two rounds of the pairings, both seatings of each."""


def _chunk_path(cache: Path, seed: int, first: int, pairings: Pairings = PAIRINGS) -> Path:
    some = "" if pairings == PAIRINGS else "_".join(f"{a}-{b}" for a, b in pairings) + "-"
    return cache / f"{some}seed{seed}-{first:06d}.jsonl"


def _play_chunk(seed: int, first: int, cache: str, pairings: Pairings = PAIRINGS) -> str:
    from ..ai.turns_model import shipped

    model = shipped()
    games = [play(seed, index, model, pairings) for index in range(first, first + CHUNK)]
    path = _chunk_path(Path(cache), seed, first, pairings)
    partial = path.with_suffix(".part")
    save(games, partial)
    partial.replace(path)
    return str(path)


def generate(
    seed: int, games: int, cache: Path, jobs: int = 1, pairings: Pairings = PAIRINGS
) -> list[SkillGame]:
    """The first ``games`` games of ``seed`` between ``pairings`` (rounded up to whole
    chunks), played in ``jobs`` processes; chunks already in ``cache`` are read, not played
    again."""
    from concurrent.futures import ProcessPoolExecutor

    cache.mkdir(parents=True, exist_ok=True)
    firsts = list(range(0, games, CHUNK))
    missing = [f for f in firsts if not _chunk_path(cache, seed, f, pairings).exists()]
    if missing:
        with ProcessPoolExecutor(jobs) as pool:
            list(pool.map(_play_chunk, [seed] * len(missing), missing,
                          [str(cache)] * len(missing), [pairings] * len(missing)))
    return [game for f in firsts for game in load(_chunk_path(cache, seed, f, pairings))]


def cached(cache: Path, seed: int, pairings: Pairings = PAIRINGS) -> int:
    """How many of ``seed``'s first games ``cache`` holds whole: its chunks from the first,
    up to the first missing (a chunk is written whole or not at all)."""
    first = 0
    while _chunk_path(cache, seed, first, pairings).exists():
        first += CHUNK
    return first


def parse_pairings(text: str) -> Pairings:
    """``--pairings``: pairings as ``weaker,stronger`` joined by ``;`` (``strong,strong``;
    either order, read weaker first), or ``all``."""
    if text == "all":
        return PAIRINGS
    found = []
    for part in text.split(";"):
        first, _, second = part.partition(",")
        pair = tuple(sorted((first.strip(), second.strip()), key=_rank))
        if pair not in PAIRINGS:
            raise argparse.ArgumentTypeError(f"no pairing {part!r}; levels: {', '.join(LEVELS)}")
        found.append((pair[0], pair[1]))
    return tuple(found)


def _rank(level: str) -> int:
    return LEVELS.index(level) if level in LEVELS else len(LEVELS)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m cantstop_tui.arena.skill_games")
    parser.add_argument("--seeds", type=int, nargs="+", required=True)
    parser.add_argument("--games", type=int, default=2 * CHUNK, help="games of each seed")
    parser.add_argument("--pairings", type=parse_pairings, default=PAIRINGS,
                        help="'weaker,stronger' pairings joined by ';' (default: all)")
    parser.add_argument("--cache", type=Path, default=Path("/tmp/chance_games"))
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    for seed in args.seeds:
        played = generate(seed, args.games, args.cache, args.jobs, args.pairings)
        print(f"seed {seed}: {len(played)} games in {args.cache}")


if __name__ == "__main__":
    main()
