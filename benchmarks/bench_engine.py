"""Rules engine speed: legal_moves, bust_probability and random playouts.

The playout policy is fixed by issue 2: two players, always the first legal
move, stop after the third roll of each turn, dice from ``Dice(seed)``.
Baselines measured in the same run (a bare ``tuple(range(13))`` and a loop of
the same number of ``Dice`` rolls) let the figures be read as ratios.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence

from benchmarks import Row
from cantstop_tui.engine import (
    Dice,
    GameConfig,
    GameState,
    Phase,
    bust_probability,
    choose,
    legal_moves,
    new_game,
    roll,
    stop,
)

PLAYOUT_GAMES = 300
PLAYOUT_REPEATS = 7
POSITION_GAMES = 60
ROLLS_BEFORE_STOP = 3
TARGET_GAMES_PER_SECOND = 2_500  # issue 16 (issue 2 asked for 1,500)
TARGET_BUST_US = 5.0


def playout(seed: int, positions: list[GameState] | None = None) -> int:
    """One game with the fixed policy; returns the number of rolls made."""
    dice = Dice(seed)
    state = new_game(GameConfig(num_players=2))
    rolls_this_turn = 0
    while state.phase is not Phase.OVER:
        state, _ = roll(state, dice.roll())
        if positions is not None:
            positions.append(state)
        if state.phase is not Phase.CHOOSE:  # busted
            rolls_this_turn = 0
            continue
        state, _ = choose(state, legal_moves(state)[0])
        rolls_this_turn += 1
        if rolls_this_turn == ROLLS_BEFORE_STOP:
            if positions is not None:
                positions.append(state)
            state, _ = stop(state)
            rolls_this_turn = 0
    return dice.position


def _median_call_us(call: Callable[[GameState], object], states: Sequence[GameState],
                    inner: int = 20) -> float:
    """Median over ``states`` of the time per call, each timed over ``inner`` calls."""
    samples = []
    for state in states:
        start = time.perf_counter()
        for _ in range(inner):
            call(state)
        samples.append((time.perf_counter() - start) / inner)
    return statistics.median(samples) * 1e6


def _uncached(state: GameState) -> GameState:
    """The same position without the moves ``roll`` stored, so legal_moves must work."""
    return GameState(state.config, state.squares, state.claimed, state.runners,
                     state.current_player, state.phase, state.dice, state.winner)


def _seconds(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def _baseline(_: GameState) -> object:
    return tuple(range(13))


def run() -> list[Row]:
    positions: list[GameState] = []
    for seed in range(POSITION_GAMES):
        playout(10_000 + seed, positions)
    rolled = [s for s in positions if s.phase is Phase.CHOOSE]
    choosing = [_uncached(s) for s in rolled]
    rolling = [s for s in positions if s.phase is Phase.ROLL]

    base_us = min(_median_call_us(_baseline, rolling) for _ in range(3))
    moves_us = min(_median_call_us(legal_moves, choosing) for _ in range(3))
    stored_us = min(_median_call_us(legal_moves, rolled) for _ in range(3))
    bust_us = min(_median_call_us(bust_probability, rolling) for _ in range(3))

    seeds = range(PLAYOUT_GAMES)
    total_rolls = sum(playout(seed) for seed in seeds)

    def dice_only() -> None:
        dice = Dice(0)
        for _ in range(total_rolls):
            dice.roll()

    # Alternate the two so both see the same load; the ratio is the steadier figure.
    pairs = [
        (_seconds(lambda: [playout(seed) for seed in seeds]), _seconds(dice_only))
        for _ in range(PLAYOUT_REPEATS)
    ]
    playout_s = statistics.median(p for p, _ in pairs)
    dice_s = statistics.median(d for _, d in pairs)
    ratio = statistics.median(p / d for p, d in pairs)
    games_per_s = PLAYOUT_GAMES / playout_s

    def verdict(ok: bool) -> str:
        return "target met" if ok else "BELOW TARGET"

    return [
        ("baseline: tuple(range(13))", f"{base_us * 1000:.0f} ns", "per call, same timing loop"),
        ("legal_moves", f"{moves_us:.2f} µs",
         f"median per call over {len(choosing)} positions from played games, computed "
         f"(not the moves roll() stores); {moves_us / base_us:.0f}x baseline"),
        ("legal_moves after roll()", f"{stored_us:.2f} µs",
         "the same positions as roll() returns them, moves already worked out"),
        ("bust_probability", f"{bust_us:.2f} µs",
         f"median per call over {len(rolling)} positions; {bust_us / base_us:.1f}x baseline; "
         f"target < {TARGET_BUST_US:.0f} µs: {verdict(bust_us < TARGET_BUST_US)}"),
        ("random playouts", f"{games_per_s:,.0f} games/s",
         f"2 players, first legal move, stop after roll {ROLLS_BEFORE_STOP}; "
         f"{total_rolls / PLAYOUT_GAMES:.0f} rolls/game; target >= "
         f"{TARGET_GAMES_PER_SECOND:,}: {verdict(games_per_s >= TARGET_GAMES_PER_SECOND)}"),
        ("baseline: the same dice only", f"{PLAYOUT_GAMES / dice_s:,.0f} games/s",
         f"{total_rolls:,} Dice.roll() calls in a bare loop; playouts take "
         f"{ratio:.1f}x as long (median of {PLAYOUT_REPEATS} alternating runs)"),
    ]
