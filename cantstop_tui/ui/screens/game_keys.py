"""The game screen's command palette lines, and why a key does nothing now (said instead
of nothing), from the state alone; the keys themselves are ``ui.keys``'."""

from __future__ import annotations

from ...engine import GameState, Phase, legal_moves, why_cannot_stop
from ..keys import CHOOSE, HINT, PALETTE_KEYS, ROLL, STOP


def palette(state: GameState) -> list[tuple[str, str, str, tuple[object, ...]]]:
    """(title, help, action, its parameters) of every game command, allowed now or not."""
    found: list[tuple[str, str, str, tuple[object, ...]]] = [
        (key.title, key.palette_help, key.action, ()) for key in PALETTE_KEYS
    ]
    for number, move in enumerate(legal_moves(state), start=1):
        columns = " and ".join(str(c) for c in move)
        title, help_text = f"Choose {number}: {columns}", f"Play columns {columns}"
        found.append((title, help_text, f"{CHOOSE.action}({number})", (number,)))
    return found


def why_not(state: GameState, action: str, parameters: tuple[object, ...]) -> str:
    """Why a game key does nothing now for the player whose turn it is."""
    moves = legal_moves(state)
    if action == STOP.action:
        return why_cannot_stop(state) or ""
    if action in (ROLL.action, HINT.action) and state.phase is Phase.CHOOSE:
        return f"Choose a move first: press 1-{len(moves)} (or click one)."
    if action == CHOOSE.action:
        if state.phase is Phase.ROLL:
            return f"Roll first ({ROLL.said}): there is no move to choose yet."
        return f"There is no move {parameters[0]}: choose 1-{len(moves)}."
    return ""
