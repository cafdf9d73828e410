"""Widgets: a ``Footer`` that forgets the keys it replaced (``LeanFooter``), and what tests
read (a ``Select``'s options). Not imported by the package: the screens that show these
widgets import this module, so the first frame does not load Textual's ``Footer`` and
``Select`` (``app_parts`` has what every app needs).

Private parts (``Select._options``; the reactives' ``__watchers``):
tests/ui/test_compat_widgets.py names each.
"""

from __future__ import annotations

from typing import Any

from textual.dom import DOMNode
from textual.widgets import Footer, Select


def select_values(select: Select[Any]) -> list[object]:
    """The values a ``Select`` offers, its blank included (private: ``Select._options``)."""
    return [value for _prompt, value in select._options]


WATCHERS = "__watchers"
"""Where ``textual.reactive._watch`` keeps an object's watchers (private)."""


def forget_detached_watchers(node: DOMNode) -> int:
    """Drop the watchers of ``node``'s reactives that belong to widgets no longer in the
    DOM; returns how many. Textual prunes them only when the reactive changes."""
    watchers: dict[str, list[tuple[object, object]]] = getattr(node, WATCHERS, {})
    dropped = 0
    for entries in watchers.values():
        kept = [(n, c) for n, c in entries if not isinstance(n, DOMNode) or n.is_attached]
        dropped += len(entries) - len(kept)
        entries[:] = kept
    return dropped


class LeanFooter(Footer):
    """Textual's ``Footer`` without its leak: each time the keys change it composes new
    ``FooterKey`` widgets bound to its ``compact`` reactive (``data_bind``), and the old keys'
    watchers stay on the footer until ``compact`` changes, which it never does: 12 keys
    (about 170 KB) per dialog opened and closed over the lobby, for as long as the visit."""

    async def recompose(self) -> None:
        await super().recompose()
        forget_detached_watchers(self)
