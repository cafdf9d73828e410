"""The game screen's command palette lines, whether a key may act now, and why a key does
nothing now (said instead of nothing), from the view alone; the keys themselves are
``ui.keys``'."""

from __future__ import annotations

from collections.abc import Hashable

from ...engine import GameState, Phase, can_stop, legal_moves, why_cannot_stop
from ..keys import CHANCES, CHOOSE, HINT, NEW, PALETTE_KEYS, ROLL, STOP
from ..view import GameView

SEATED_ACTIONS = frozenset(key.action for key in (ROLL, STOP, CHOOSE, HINT, CHANCES))
"""What only someone with a seat at the table may do (a spectator is shown none of them)."""
WATCHING = "You are watching: only the players at the table move."


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


def allowed(now: GameView, action: str, parameters: tuple[object, ...]) -> bool:
    """Whether the game screen's ``action`` may act for this viewer now: the keys bar shows
    the keys allowed, and a game key that is not says why (``why_not``)."""
    state, mine = now.state, now.may_act
    if action in SEATED_ACTIONS and not now.seated:
        return False  # a spectator: not shown, and the key says why
    if action == ROLL.action:
        return mine and state.phase is Phase.ROLL
    if action == HINT.action:
        return mine
    if action == STOP.action:
        return mine and state.phase is Phase.ROLL and can_stop(state)  # else s says why
    if action == CHOOSE.action:
        number = parameters[0] if parameters else 0
        return mine and isinstance(number, int) and number <= len(legal_moves(state))
    return True


def allowed_key(now: GameView) -> Hashable:
    """All that ``allowed`` reads of ``now``: views with equal keys allow the same actions
    (the game screen works out its keys once for each, ``GameScreen.active_bindings``)."""
    state = now.state
    stop = now.may_act and state.phase is Phase.ROLL and can_stop(state)
    return (now.seated, now.may_act, state.phase, stop, len(legal_moves(state)))


def not_your_turn(now: GameView) -> str:
    if now.state.is_over:
        return f"The game is over: press {NEW.said} for a new game."
    return f"It is {now.match.current_seat.name}'s turn."


def why_not(now: GameView, action: str, parameters: tuple[object, ...]) -> str:
    """Why a game key does nothing now, as a sentence for the status line."""
    if not now.seated:
        return WATCHING
    if not now.may_act:
        return not_your_turn(now)
    return why_not_yours(now.state, action, parameters)


def why_not_yours(state: GameState, action: str, parameters: tuple[object, ...]) -> str:
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
