"""Look-alike names: Unicode's confusable skeleton (UTS #39) and scripts mixed in a word."""

from __future__ import annotations

import pytest

from cantstop_tui.play.lookalike import mixed_scripts, skeleton


@pytest.mark.parametrize(
    ("name", "lookalike"),
    [
        ("ana", "\u0430na"),  # Cyrillic а
        ("ana", "\u0430\u0578\u0430"),  # Cyrillic а, Armenian ո
        ("TOM", "\u03a4\u039f\u039c"),  # Greek capitals Tau, Omicron, Mu
        ("paypal", "\u0440\u0430\u0443p\u0430l"),  # Cyrillic р, а, у
        ("Ian", "lan"),  # capital I and small l
        ("mary", "rnary"),  # rn and m
        ("bob", "b0b"),  # zero and o
        ("ana", "\uff41\uff4e\uff41"),  # full-width letters
        ("Ana", "ANA"),  # case does not tell names apart
    ],
)
def test_lookalikes_share_a_skeleton(name: str, lookalike: str) -> None:
    assert skeleton(name) == skeleton(lookalike)


@pytest.mark.parametrize(
    ("name", "other"),
    [("ana", "ann"), ("ana", "\u0430\u043d\u0430"), ("zoe", "zo\u00eb"), ("eve", "evan")],
)
def test_different_names_have_different_skeletons(name: str, other: str) -> None:
    assert skeleton(name) != skeleton(other)


@pytest.mark.parametrize(
    "name",
    ["ana", "\u0410\u043d\u043d\u0430", "\u0395\u03bb\u03ad\u03bd\u03b7", "Zo\u00eb 42",
     "\u5c71\u7530\u305f\u308d\u3046", "\uae40\ucca0\uc218", "Jos\u00e9 \u0418\u0432\u0430\u043d"],
)
def test_one_script_a_word_is_fine(name: str) -> None:
    assert mixed_scripts(name) is None


def test_scripts_mixed_in_one_word_are_named() -> None:
    assert mixed_scripts("\u0430na") == "Cyrillic and Latin letters in \u0430na"
    assert mixed_scripts("jo \u03b1na") == "Greek and Latin letters in \u03b1na"
    assert mixed_scripts("x\u0430\u03b1") == "Cyrillic, Greek and Latin letters in x\u0430\u03b1"
