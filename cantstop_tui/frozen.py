"""``@frozen``: ``@dataclass(frozen=True, slots=True)``, made in about half the time.

Making a dataclass writes each of its methods as Python source and compiles it: six for a
frozen one (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``,
``__delattr__``), about 1.2 ms a class, so the 34 a review's start-up makes took about a
sixth of its instructions (issue 31). Here the standard library makes the class, its
``__init__`` and the frozen ``__setattr__``/``__delattr__`` (``eq=False, repr=False``), and
the three others are the same for every class, reading the fields through one
``operator.attrgetter``: nothing to compile. They behave as the generated ones do, to the
hash (``tests/test_frozen.py`` checks them against ``dataclass``'s): equal when of the same
class with equal compared fields, ``NotImplemented`` otherwise; the hash of the tuple of
those fields; the repr ``Name(field=value, ...)`` of the fields shown, ``...`` for a
recursive one. A method the class writes itself is kept, as ``dataclass`` keeps it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import Field, dataclass, field, fields
from operator import attrgetter
from reprlib import recursive_repr
from typing import Any, TypeVar, cast, dataclass_transform

T = TypeVar("T")


def _values(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of ``names``' values of an object (``attrgetter`` gives one value alone)."""
    if len(names) == 1:
        (name,) = names
        return lambda obj: (getattr(obj, name),)
    if not names:
        return lambda obj: ()
    return attrgetter(*names)


def _names(chosen: list[Field[Any]]) -> tuple[str, ...]:
    return tuple(each.name for each in chosen)


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def frozen(cls: type[T]) -> type[T]:
    """``cls`` as ``@dataclass(frozen=True, slots=True)`` makes it (see the module)."""
    body = dict(cls.__dict__)
    made = dataclass(frozen=True, slots=True, eq=False, repr=False)(cls)
    every = fields(cast(Any, made))
    compared = _values(_names([each for each in every if each.compare]))
    hashed = _values(
        _names([each for each in every if (each.compare if each.hash is None else each.hash)])
    )
    shown = _names([each for each in every if each.repr])

    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is self.__class__:
            return compared(self) == compared(other)
        return NotImplemented

    def __hash__(self: Any) -> int:
        return hash(hashed(self))

    @recursive_repr()
    def __repr__(self: Any) -> str:
        values = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{self.__class__.__qualname__}({values})"

    # dataclass's rule: a __hash__ of the class's own is kept, unless it is the None that
    # writing __eq__ in a class leaves
    own_hash = "__hash__" in body and not (body["__hash__"] is None and "__eq__" in body)
    for name, method in (("__eq__", __eq__), ("__hash__", __hash__), ("__repr__", __repr__)):
        if own_hash if name == "__hash__" else name in body:
            continue
        method.__qualname__ = f"{made.__qualname__}.{name}"
        setattr(made, name, method)
    return made
