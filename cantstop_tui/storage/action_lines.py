"""A game's actions as its record writes them (``record.record_to_json``), each encoded once
for a game saved again and again."""

from __future__ import annotations

import json

from ..play.match import Action


class ActionLines:
    """The JSON of a game's actions, each encoded once: an autosave writes the whole record
    after every action, and encoding them all again made a save's cost grow with the game
    (about 8 function calls an action, some 2,000 a save late in a long game)."""

    def __init__(self) -> None:
        self._history: tuple[Action, ...] = ()
        self._lines: list[str] = []

    def __call__(self, history: tuple[Action, ...]) -> list[str]:
        known = len(self._history)
        if history[:known] != self._history:  # another game, or one played back
            known, self._lines = 0, []
        self._lines += [action_json(action) for action in history[known:]]
        self._history = history
        return self._lines


def action_json(action: Action) -> str:
    return json.dumps(action.to_json(), separators=(",", ":"))
