"""``@frozen``: ``@dataclass(frozen=True, slots=True)``, without compiling five methods.

Making a dataclass writes each of its methods as Python source and compiles it: six for a
frozen one (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``,
``__delattr__``), about 3.8 million instructions a class, so the 34 a review's start-up
makes were a fifth of it (issue 31). Here the standard library lays the class out (its
fields, slots, ``__match_args__``: ``init=False, repr=False, eq=False``); ``__init__`` is
compiled as ``dataclass`` writes it when the class's first instance is made (until then
its signature reads ``(*args, **kwargs)``); the other methods are the same for every
class, reading the fields through one ``operator.attrgetter``. They behave as the
generated ones do, to the hash (``tests/test_frozen.py`` checks each against
``dataclass``'s): equal when of the same class with equal compared fields,
``NotImplemented`` otherwise; the hash of the tuple of those fields; the repr
``Name(field=value, ...)`` of the fields shown, ``...`` for a recursive one;
``FrozenInstanceError`` on setting or deleting a field; pickled as a list of the fields'
values. A method the class writes itself is kept, as ``dataclass`` keeps it. Not for
``InitVar`` or keyword-only fields (a ``TypeError`` says so).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import MISSING, Field, FrozenInstanceError, dataclass, field, fields
from operator import attrgetter
from reprlib import recursive_repr
from typing import Any, TypeVar, cast, dataclass_transform

T = TypeVar("T")


class _Factory:
    """The default of a parameter whose field has a ``default_factory`` (as ``dataclass``)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


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


def _init(made: type[Any], every: tuple[Field[Any], ...]) -> Callable[..., None]:
    """``__init__`` as ``dataclass(frozen=True, slots=True)`` writes it: parameters typed
    and defaulted as the fields, each field set through ``object.__setattr__``, then
    ``__post_init__``."""
    names: dict[str, Any] = {"__dataclass_object__": object, "__dataclass_factory__": _FACTORY}
    params, lines = ["self"], []
    for each in every:
        names[f"__type_{each.name}"] = each.type
        default = f"__default_{each.name}"
        if each.default_factory is not MISSING:
            names[default] = each.default_factory
            value = (
                f"{default}() if {each.name} is __dataclass_factory__ else {each.name}"
                if each.init else f"{default}()"
            )
        elif each.default is not MISSING:
            names[default] = each.default
            value = each.name if each.init else default
        elif each.init:
            value = each.name
        else:
            continue
        if each.init:
            after = "=__dataclass_factory__" if each.default_factory is not MISSING else ""
            after = f"={default}" if each.default is not MISSING else after
            params.append(f"{each.name}:__type_{each.name}{after}")
        lines.append(f"__dataclass_object__.__setattr__(self,{each.name!r},{value})")
    if hasattr(made, "__post_init__"):
        lines.append("self.__post_init__()")
    body = "\n  ".join(lines or ["pass"])
    source = (
        f"def __make__({', '.join(names)}):\n"
        f" def __init__({', '.join(params)}) -> None:\n  {body}\n return __init__"
    )
    module = sys.modules.get(made.__module__)
    scope: dict[str, Any] = {}
    code = compile(source, "<string>", "exec", dont_inherit=True)  # this module's annotations
    exec(code, module.__dict__ if module else {}, scope)  # as dataclass does
    init = cast(Callable[..., None], scope["__make__"](**names))
    init.__qualname__ = f"{made.__qualname__}.__init__"
    return init


def _check_order(every: tuple[Field[Any], ...]) -> None:
    """``dataclass``'s error for a parameter without a default after one with a default."""
    seen_default = False
    for each in every:
        if each.init:
            given = each.default is not MISSING or each.default_factory is not MISSING
            if seen_default and not given:
                raise TypeError(f"non-default argument {each.name!r} follows default argument")
            seen_default = seen_default or given


def _lazy_init(made: type[Any], every: tuple[Field[Any], ...]) -> Callable[..., None]:
    """An ``__init__`` that compiles the class's own (``_init``) on its first instance, puts
    it in its place and runs it: a class never made in a run is never compiled (half of a
    review's start-up's classes)."""

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        init = _init(made, every)
        made.__init__ = init
        init(self, *args, **kwargs)

    __init__.__qualname__ = f"{made.__qualname__}.__init__"
    return __init__


def _methods(made: type[Any], every: tuple[Field[Any], ...]) -> dict[str, Any]:
    """The methods every frozen class shares, for ``made``'s fields."""
    compared = _values(_names([each for each in every if each.compare]))
    hashed = _values(
        _names([each for each in every if (each.compare if each.hash is None else each.hash)])
    )
    shown, all_fields = _names([each for each in every if each.repr]), _names(list(every))
    values = _values(all_fields)

    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is self.__class__:
            return compared(self) == compared(other)
        return NotImplemented

    def __hash__(self: Any) -> int:
        return hash(hashed(self))

    @recursive_repr()
    def __repr__(self: Any) -> str:
        text = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{self.__class__.__qualname__}({text})"

    def __setattr__(self: Any, name: str, value: object) -> None:
        if type(self) is made or name in all_fields:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(made, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is made or name in all_fields:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(made, self).__delattr__(name)

    def __getstate__(self: Any) -> list[Any]:
        return list(values(self))

    def __setstate__(self: Any, state: list[Any]) -> None:
        for name, value in zip(all_fields, state, strict=False):
            object.__setattr__(self, name, value)

    return {
        "__eq__": __eq__, "__hash__": __hash__, "__repr__": __repr__,
        "__setattr__": __setattr__, "__delattr__": __delattr__,
        "__getstate__": __getstate__, "__setstate__": __setstate__,
    }


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def frozen(cls: type[T]) -> type[T]:
    """``cls`` as ``@dataclass(frozen=True, slots=True)`` makes it (see the module)."""
    body = dict(cls.__dict__)
    made: type[Any] = dataclass(init=False, repr=False, eq=False, slots=True)(cls)
    every = fields(made)
    pseudo = set(made.__dataclass_fields__) - set(_names(list(every)))
    if any("InitVar" in str(made.__dataclass_fields__[name].type) for name in pseudo) or any(
        each.kw_only for each in every
    ):
        raise TypeError(f"@frozen {made.__qualname__}: InitVar and kw_only are not supported")
    _check_order(every)  # now, as dataclass does
    described = body.get("__doc__") is not None
    init = (_lazy_init if described else _init)(made, every)
    methods = {"__init__": init, **_methods(made, every)}
    # dataclass's rules: a method of the class's own is kept, and so is its __hash__ unless
    # it is the None that writing __eq__ in a class leaves; setting a frozen field is an error
    own_hash = "__hash__" in body and not (body["__hash__"] is None and "__eq__" in body)
    for name, method in methods.items():
        if name in ("__setattr__", "__delattr__") and name in body:
            raise TypeError(f"Cannot overwrite attribute {name} in class {made.__name__}")
        if own_hash if name == "__hash__" else name in body:
            continue
        if name != "__init__":
            method.__qualname__ = f"{made.__qualname__}.{name}"
        setattr(made, name, method)
    params = made.__dataclass_params__
    params.init = params.repr = params.eq = params.frozen = True
    if not described:
        import inspect  # as dataclass does: the class's signature

        made.__doc__ = made.__name__ + str(inspect.signature(made)).replace(" -> None", "")
    return cast(type[T], made)
