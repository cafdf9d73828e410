"""Decision time of the computer players, over the decisions of real games.

``expert`` is timed against ``rule28`` (a few arithmetic operations per
decision) in the same run; the issue's target for expert is a median under
30 ms and a 99th percentile under 250 ms.
"""

from __future__ import annotations

import statistics
import time
from typing import Final

from benchmarks import Row
from cantstop_tui.ai import Bot, make_bot
from cantstop_tui.ai.hint import hint
from cantstop_tui.arena.play import _play_turn, game_seed
from cantstop_tui.engine import Dice, GameConfig, GameState, Move, Phase, new_game

GAMES: Final = 40


class _Timed:
    """Wraps a bot and records how long each decision takes."""

    def __init__(self, bot: Bot, hint_times: list[float]) -> None:
        self.bot = bot
        self.times: list[float] = []
        self.hint_times = hint_times

    def choose_move(self, state: GameState, moves: tuple[Move, ...]) -> Move:
        if len(self.times) % 4 == 0:
            start = time.perf_counter()
            hint(state)
            self.hint_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        move = self.bot.choose_move(state, moves)
        self.times.append(time.perf_counter() - start)
        return move

    def keep_rolling(self, state: GameState) -> bool:
        start = time.perf_counter()
        rolls = self.bot.keep_rolling(state)
        self.times.append(time.perf_counter() - start)
        return rolls


def _play(games: int) -> tuple[list[float], list[float], list[float]]:
    expert_times: list[float] = []
    rule28_times: list[float] = []
    hint_times: list[float] = []
    for index in range(games):
        seed = game_seed(2024, index)
        bots = [
            _Timed(make_bot("expert", seed), hint_times),
            _Timed(make_bot("rule28", seed), hint_times),
        ]
        if index % 2:
            bots.reverse()
        state = new_game(GameConfig(num_players=2), first_player=0)
        dice = Dice(seed)
        turns = 0
        while state.phase is not Phase.OVER and turns < 500:
            turns += 1
            state, _ = _play_turn(state, bots[state.current_player], dice)  # type: ignore[arg-type]
        for timed in bots:
            target = expert_times if getattr(timed.bot, "name", "") == "expert" else rule28_times
            target.extend(timed.times)
    return expert_times, rule28_times, hint_times


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def _p99(times: list[float]) -> float:
    return statistics.quantiles(times, n=100)[98]


def run() -> list[Row]:
    expert, rule28, hints = _play(GAMES)
    expert_median = statistics.median(expert)
    rule28_median = statistics.median(rule28)
    return [
        ("ai expert decision median", _ms(expert_median),
         f"{len(expert)} decisions in {GAMES} games vs rule28; target < 30 ms"),
        ("ai expert decision p99", _ms(_p99(expert)), "target < 250 ms"),
        ("ai expert decision max", _ms(max(expert)), "includes first-use table building"),
        ("ai rule28 decision median (baseline)", _ms(rule28_median),
         f"expert/rule28 = {expert_median / rule28_median:.0f}x"),
        ("ai rule28 decision p99", _ms(_p99(rule28)), ""),
        ("ai hint median", _ms(statistics.median(hints)), f"{len(hints)} hints, dice on the table"),
    ]
