"""How a chance and a move are written, one way everywhere: a bust's chance in the side
panel, the move list and the hint ("busts 0.15% of the time"); a move in the hint and the
game log ("6 twice", "6 and 10"). The lowest layer that writes them (the hint's), so the
play layer's narration and explanations take them from here."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction


def percent(chance: Fraction) -> str:
    """An exact chance as a percentage: 1/3 -> '33.3%', 1/648 -> '0.15%', 0 -> '0%' (a
    chance under one in a hundred is never rounded to 0%)."""
    if chance == 0:
        return "0%"
    value = float(chance * 100)
    return f"{value:.2f}%" if value < 1 else f"{value:.1f}%"


def join_columns(columns: Sequence[int | str]) -> str:
    """``[6]`` -> ``6``; ``[3, 6, 8]`` -> ``3, 6 and 8`` (names too: ``ana and bob``)."""
    names = [str(c) for c in columns]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def played_text(move: Sequence[int]) -> str:
    """``(7, 7)`` -> ``7 twice``; ``(6, 10)`` -> ``6 and 10``."""
    return f"{move[0]} twice" if len(move) == 2 == move.count(move[0]) else join_columns(move)
