"""Dice: how four dice pair up, and a seeded, resumable dice source.

The rules functions never draw random numbers; callers pass the dice in.
``Dice`` is the reproducible source the game, the arena and replays use.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import product
from typing import Final, Protocol, cast

from ..frozen import frozen

Roll = tuple[int, int, int, int]

ALL_ROLLS: Final = cast("tuple[Roll, ...]", tuple(product(range(1, 7), repeat=4)))
"""The 1,296 equally likely ordered rolls of four dice."""


@frozen
class Pairing:
    """One way to split four dice into two pairs, e.g. (1, 5) and (4, 6)."""

    first: tuple[int, int]
    second: tuple[int, int]

    @property
    def sums(self) -> tuple[int, int]:
        """The two column numbers, smaller first."""
        a, b = sum(self.first), sum(self.second)
        return (a, b) if a <= b else (b, a)


@cache
def _pairings_of(dice: Roll) -> tuple[Pairing, ...]:
    a, b, c, d = dice
    splits = (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c)))
    seen: dict[tuple[int, int], Pairing] = {}
    for first, second in splits:
        pairing = Pairing(first, second)
        seen.setdefault(pairing.sums, pairing)
    return tuple(seen.values())


def _pair_sums_of(dice: Roll) -> tuple[tuple[int, int], ...]:
    a, b, c, d = dice
    found: dict[tuple[int, int], None] = {}
    for x, y in ((a + b, c + d), (a + c, b + d), (a + d, b + c)):
        found[(x, y) if x <= y else (y, x)] = None
    return tuple(found)


class _PairSums(dict[Roll, tuple[tuple[int, int], ...]]):
    """Each roll's sums, worked out the first time the roll is looked up (not on import:
    a game's first frame needs none); a lookup is a plain dict's after that."""

    __slots__ = ()

    def __missing__(self, dice: Roll) -> tuple[tuple[int, int], ...]:
        if roll_values(dice) != dice:
            raise KeyError(dice)
        sums = self[dice] = _pair_sums_of(dice)
        return sums

    cache_clear = dict.clear


PAIR_SUMS: Final = _PairSums()
"""The sums of each roll's distinct pairings, in the order ``pairings`` gives them."""


def pairings(dice: Roll) -> tuple[Pairing, ...]:
    """The distinct pairings of a roll; identical pairs of sums appear once.

    >>> [p.sums for p in pairings((1, 5, 4, 6))]
    [(6, 10), (5, 11), (7, 9)]
    """
    values = roll_values(dice)
    if values is None:
        raise ValueError(f"A roll is four dice from 1 to 6, not {dice!r}.")
    return _pairings_of(values)


def roll_values(dice: Iterable[int]) -> Roll | None:
    """``dice`` as a roll (four whole numbers from 1 to 6), or None if it is not one."""
    try:
        values: tuple[object, ...] = tuple(dice)
    except TypeError:
        return None
    if len(values) != 4 or any(type(v) is not int or not 1 <= v <= 6 for v in values):
        return None
    return values  # type: ignore[return-value]  # four ints, checked above


class DiceSource(Protocol):
    """Anything that rolls dice: ``roll(4)`` for a turn, ``roll(2)`` for the roll-off."""

    def roll(self, count: int = 4) -> tuple[int, ...]: ...


_MASK64: Final = (1 << 64) - 1


def _splitmix64(value: int) -> int:
    value = (value + 0x9E3779B97F4A7C15) & _MASK64
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK64
    return value ^ (value >> 31)


class Dice:
    """A reproducible dice stream: the n-th roll depends only on ``seed`` and n.

    Its whole state is ``(seed, position)``, so a saved game resumes the same
    stream with ``Dice(seed, position)``.

    >>> Dice(7).roll() == Dice(7).roll()
    True
    """

    __slots__ = ("_key", "position", "seed")

    def __init__(self, seed: int, position: int = 0) -> None:
        if type(seed) is not int or type(position) is not int or position < 0:
            raise ValueError("Dice need a whole-number seed and a position of 0 or more.")
        self.seed = seed
        self.position = position
        self._key = _splitmix64(seed & _MASK64)

    def roll(self, count: int = 4) -> tuple[int, ...]:
        """Roll ``count`` dice (1 to 24) and advance the stream by one."""
        value = _splitmix64(self._key ^ self.position)
        self.position += 1
        if count == 4:
            return ALL_ROLLS[value % 1296]
        if type(count) is not int or not 1 <= count <= 24:
            self.position -= 1
            raise ValueError("Dice roll 1 to 24 dice at a time.")
        faces = []
        for _ in range(count):
            value, face = divmod(value, 6)
            faces.append(face + 1)
        return tuple(faces)

    def __repr__(self) -> str:
        return f"Dice(seed={self.seed}, position={self.position})"
