"""The game screen's keys: what each one asks for, the command palette's lines, and why a
key does nothing now (said instead of nothing), from the state alone."""

from __future__ import annotations

from ...engine import GameState, Phase, legal_moves, why_cannot_stop

KEY_ACTIONS: dict[str, tuple[str, tuple[object, ...]]] = {
    "r": ("roll", ()),
    "space": ("roll", ()),
    "s": ("stop", ()),
    "h": ("hint", ()),
    **{str(n): ("choose", (n,)) for n in range(1, 10)},
}
"""The game's keys and their actions, to say why one does nothing."""


def palette(state: GameState) -> list[tuple[str, str, str, tuple[object, ...]]]:
    """(title, help, action, its parameters) of every game command, allowed now or not."""
    found: list[tuple[str, str, str, tuple[object, ...]]] = [
        ("Roll", "Roll the four dice (r or space)", "roll", ()),
        ("Stop", "Stop and keep your progress (s)", "stop", ()),
        ("Hint", "What the expert would do now, and why (h)", "hint", ()),
        ("Win chances", "Show or hide each player's chance to win (w)", "toggle_chances", ()),
    ]
    for number, move in enumerate(legal_moves(state), start=1):
        columns = " and ".join(str(c) for c in move)
        title, help_text = f"Choose {number}: {columns}", f"Play columns {columns}"
        found.append((title, help_text, f"choose({number})", (number,)))
    return found


def why_not(state: GameState, action: str, parameters: tuple[object, ...]) -> str:
    """Why a game key does nothing now for the player whose turn it is."""
    moves = legal_moves(state)
    if action == "stop":
        return why_cannot_stop(state) or ""
    if action in ("roll", "hint") and state.phase is Phase.CHOOSE:
        return f"Choose a move first: press 1-{len(moves)} (or click one)."
    if action == "choose":
        if state.phase is Phase.ROLL:
            return "Roll first (r or space): there is no move to choose yet."
        return f"There is no move {parameters[0]}: choose 1-{len(moves)}."
    return ""
