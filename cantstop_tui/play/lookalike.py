"""Names that look alike: Unicode's confusable skeleton (UTS #39) and scripts mixed in a word.

Two names are confusable when their *skeletons* are equal: every character replaced by the
prototype Unicode lists it as confusable with (Cyrillic ``а`` and Greek ``α`` by Latin ``a``,
``I`` by ``l``), as UTS #39 section 4 defines it, and then case folded, since names on a
server are told apart without regard to case.

The data is Unicode's ``confusables.txt`` and ``Scripts.txt`` as the ``confusable-homoglyphs``
package ships them (the library django-registration uses against homograph attacks; plain
data, no native code). It stores each ``source -> prototype`` line in both directions, so the
prototypes are found again here: a prototype is the character that several characters point
to; a pair that only point to each other is one class, represented by its smaller member
(which of two is the prototype does not change which names are equal).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from functools import cache, lru_cache
from typing import Final

from confusable_homoglyphs import categories, confusables  # type: ignore[import-untyped]

_BIDI_MARKS: Final = str.maketrans("", "", "\u200e\u200f")
_NO_SCRIPT: Final = frozenset({"COMMON", "INHERITED", "Unknown"})
"""Digits, punctuation and combining marks belong to every script."""
_SCRIPT_SETS: Final = (
    frozenset({"HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"HAN", "HANGUL"}),
    frozenset({"HAN", "BOPOMOFO"}),
)
"""Scripts written together in one word (UTS #39's "highly restrictive" level)."""


@cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype (a character or a short string)."""
    neighbours: dict[str, list[str]] = {}
    for key, entries in confusables.confusables_data.items():
        found = neighbours.setdefault(key.translate(_BIDI_MARKS), [])
        found += [entry["c"].translate(_BIDI_MARKS) for entry in entries]
    prototypes: dict[str, str] = {}
    for char, others in neighbours.items():
        if len(char) != 1 or len(set(others)) != 1:
            continue  # a string, or a prototype that several characters point to
        target = others[0]
        if len(target) == 1 and len(set(neighbours.get(target, ()))) == 1:
            target = min(char, target)  # two characters that only point to each other
        if target != char:
            prototypes[char] = target
    return prototypes


def _mapped(text: str) -> str:
    prototypes = _prototypes()
    once = "".join(prototypes.get(char, char) for char in unicodedata.normalize("NFKD", text))
    # A prototype string's own characters may stand for a class under another member.
    return unicodedata.normalize("NFKD", "".join(prototypes.get(c, c) for c in once))


@lru_cache(maxsize=4096)
def skeleton(name: str) -> str:
    """The form two names share when they look alike (``"аna"`` and ``"ana"``: ``"ana"``)."""
    return _mapped(_mapped(name).casefold())


def same_name(one: str, other: str) -> bool:
    """Whether ``one`` and ``other`` are the same name on a server: equal skeletons (case,
    confusable letters). The one comparison by which a name finds its seat and session."""
    return one == other or skeleton(one) == skeleton(other)


def _words(name: str) -> Iterator[str]:
    word: list[str] = []
    for char in name:
        if char.isalnum() or unicodedata.category(char)[0] == "M":
            word.append(char)
        elif word:
            yield "".join(word)
            word = []
    if word:
        yield "".join(word)


def _script_name(alias: str) -> str:
    return alias.replace("_", " ").title()


def mixed_scripts(name: str) -> str | None:
    """Why ``name`` mixes scripts in one word (``"Latin and Cyrillic in аna"``), or None."""
    for word in _words(name):
        scripts = {categories.alias(char) for char in word} - _NO_SCRIPT
        if len(scripts) > 1 and not any(scripts <= allowed for allowed in _SCRIPT_SETS):
            names = sorted(_script_name(script) for script in scripts)
            return f"{', '.join(names[:-1])} and {names[-1]} letters in {word}"
    return None
