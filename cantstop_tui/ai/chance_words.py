"""How a chance the rules give exactly (a bust's) is written, the one way everywhere: the
side panel, the move list and the hint ("busts 0.15% of the time")."""

from __future__ import annotations

from fractions import Fraction


def percent(chance: Fraction) -> str:
    """An exact chance as a percentage: 1/3 -> '33.3%', 1/648 -> '0.15%', 0 -> '0%' (a
    chance under one in a hundred is never rounded to 0%)."""
    if chance == 0:
        return "0%"
    value = float(chance * 100)
    return f"{value:.2f}%" if value < 1 else f"{value:.1f}%"
