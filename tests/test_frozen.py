"""``@frozen`` behaves as ``@dataclass(frozen=True, slots=True)``: the same equality, hash,
repr, frozenness, pickling, ``replace`` and fields; only its making is cheaper."""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import FrozenInstanceError, dataclass, field, replace
from typing import Any

import pytest

from cantstop_tui.frozen import frozen


@frozen
class Thing:
    """A thing."""

    name: str
    size: int = 2
    notes: tuple[Any, ...] = ()
    cache: object = field(default=None, compare=False, repr=False)
    seen: int = field(default=0, hash=False)


@dataclass(frozen=True, slots=True)
class OldThing:  # the same, made by dataclass
    """A thing."""

    name: str
    size: int = 2
    notes: tuple[Any, ...] = ()
    cache: object = field(default=None, compare=False, repr=False)
    seen: int = field(default=0, hash=False)


NEW: type[Any] = Thing
OLD: type[Any] = OldThing
CASES = [("a", 1), ("a", 2), ("b", 1), ("a", 1, ("x", 3)), ("a", 1, (), "c"), ("a", 1, (), None, 5)]


@pytest.mark.parametrize("left", CASES)
@pytest.mark.parametrize("right", CASES)
def test_equality_and_hash_are_dataclass_s(left: tuple[Any, ...], right: tuple[Any, ...]) -> None:
    assert (NEW(*left) == NEW(*right)) is (OLD(*left) == OLD(*right))
    assert (NEW(*left) != NEW(*right)) is (OLD(*left) != OLD(*right))
    assert hash(NEW(*left)) == hash(OLD(*left))
    assert repr(NEW(*left)) == repr(OLD(*left)).replace("Old", "", 1)


def test_other_classes_are_not_equal_and_may_answer() -> None:
    assert NEW("a") != OLD("a")
    assert NEW("a").__eq__(("a", 2, (), 0)) is NotImplemented
    assert NEW("a") == NEW("a", 2, (), object())  # cache: not compared


def test_frozen_slotted_picklable_and_replaceable() -> None:
    thing = NEW("a", 3, (1,))
    with pytest.raises(FrozenInstanceError):
        thing.size = 4
    with pytest.raises(FrozenInstanceError):
        del thing.name
    assert not hasattr(thing, "__dict__")
    assert pickle.loads(pickle.dumps(thing)) == thing
    assert replace(thing, size=5) == NEW("a", 5, (1,))
    assert [f.name for f in dataclasses.fields(NEW)] == [f.name for f in dataclasses.fields(OLD)]
    assert NEW.__match_args__ == OLD.__match_args__
    assert NEW.__doc__ == "A thing."


def test_a_recursive_repr_says_dots() -> None:
    holder: list[Any] = []
    thing = NEW("a", 1, (holder,))
    holder.append(thing)
    old_holder: list[Any] = []
    old = OLD("a", 1, (old_holder,))
    old_holder.append(old)
    assert repr(thing) == repr(old)[3:] == "Thing(name='a', size=1, notes=([...],), seen=0)"


def test_methods_the_class_writes_are_kept() -> None:
    @frozen
    class Own:
        value: int

        def __repr__(self) -> str:
            return "own"

        def __eq__(self, other: object) -> bool:
            return True

    assert repr(Own(1)) == "own" and Own(1) == Own(2)
    assert hash(Own(1)) == hash((1,))  # as dataclass's: writing __eq__ alone left None

    @frozen
    class Hashed:
        value: int

        def __hash__(self) -> int:
            return 7

    assert hash(Hashed(1)) == 7


@pytest.mark.parametrize("count", [0, 1, 2])
def test_zero_one_or_more_fields(count: int) -> None:
    names = ("a", "b")[:count]
    made: list[type[Any]] = [
        decorate(type("Few", (), {"__annotations__": dict.fromkeys(names, "int")}))
        for decorate in (frozen, dataclass(frozen=True, slots=True))
    ]
    new, old = (cls(*range(count)) for cls in made)
    assert hash(new) == hash(old) and repr(new) == repr(old)
    assert new == made[0](*range(count)) and new != old


@frozen
class Made:
    """Made with defaults, factories and a check."""

    first: int
    second: str = "b"
    items: list[int] = field(default_factory=list)
    hidden: int = field(default=5, init=False)
    built: tuple[int, ...] = field(default_factory=tuple, init=False)

    def __post_init__(self) -> None:
        if self.first < 0:
            raise ValueError("negative")


@dataclass(frozen=True, slots=True)
class OldMade:
    """Made with defaults, factories and a check."""

    first: int
    second: str = "b"
    items: list[int] = field(default_factory=list)
    hidden: int = field(default=5, init=False)
    built: tuple[int, ...] = field(default_factory=tuple, init=False)

    def __post_init__(self) -> None:
        if self.first < 0:
            raise ValueError("negative")


def test_init_is_dataclass_s() -> None:
    import inspect

    assert "args" in str(inspect.signature(Made))  # not compiled before its first instance
    Made(1)
    assert str(inspect.signature(Made)) == str(inspect.signature(OldMade))
    assert Made.__init__.__annotations__ == OldMade.__init__.__annotations__
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
        ((1,), {}), ((1, "c", [2]), {}), ((), {"first": 3, "items": [1]})
    ]
    for args, kwargs in calls:
        made, old = Made(*args, **kwargs), OldMade(*args, **kwargs)
        assert repr(made) == repr(old)[3:]
        assert [getattr(made, f.name) for f in dataclasses.fields(Made)] == [
            getattr(old, f.name) for f in dataclasses.fields(OldMade)
        ]
    assert Made(1).items is not Made(1).items
    for cls in (Made, OldMade):
        with pytest.raises(TypeError, match="unhashable type: 'list'"):
            hash(cls(1))
    bad: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
        ((), {}), ((1, 2, 3, 4), {}), ((1,), {"hidden": 2}), ((-1,), {})
    ]
    for bad_args, bad_kwargs in bad:
        errors = []
        for cls in (Made, OldMade):
            with pytest.raises((TypeError, ValueError)) as caught:
                cls(*bad_args, **bad_kwargs)
            errors.append(str(caught.value).replace("OldMade", "Made"))
        assert errors[0] == errors[1]
    assert Made.__dataclass_params__.frozen and Made.__dataclass_params__.eq  # type: ignore[attr-defined]
    assert pickle.loads(pickle.dumps(Made(2, "x", [3]))) == Made(2, "x", [3])


def test_what_dataclass_refuses_is_refused() -> None:
    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):
        frozen(type("Bad", (), {"__annotations__": {"a": "int", "b": "int"}, "a": 1}))
    with pytest.raises(TypeError, match="Cannot overwrite attribute __setattr__"):
        frozen(type("Own", (), {"__annotations__": {"a": "int"}, "__setattr__": print}))
    with pytest.raises(TypeError, match="kw_only"):
        frozen(type("Kw", (), {"__annotations__": {"a": "int"}, "a": field(kw_only=True)}))


def test_a_class_without_a_docstring_is_described_by_its_signature() -> None:
    made: type[Any]
    old: type[Any]
    made, old = (
        decorate(type("Plain", (), {"__annotations__": {"a": "int"}, "__doc__": None}))
        for decorate in (frozen, dataclass(frozen=True, slots=True))
    )
    assert made.__doc__ == old.__doc__ == "Plain(a: 'int')"
