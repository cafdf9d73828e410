"""The rules of Can't Stop: immutable states and pure transitions.

>>> from cantstop_tui.engine import GameConfig, new_game, roll, choose, stop, legal_moves
>>> state = new_game(GameConfig(num_players=2), first_player=0)
>>> state, events = roll(state, (1, 5, 4, 6))
>>> legal_moves(state)
((5, 11), (6, 10), (7, 9))

This package imports nothing from any user interface.
"""

from .board import COLUMN_HEIGHTS, COLUMNS, MAX_RUNNERS, STEPS_PER_ROLL, TOPS
from .concede import concede, why_cannot_concede
from .config import VARIANTS, GameConfig, Variant, allowed_win_columns
from .dice import ALL_ROLLS, Dice, DiceSource, Pairing, Roll, pairings
from .errors import IllegalMoveError
from .events import (
    Busted,
    ColumnWon,
    Conceded,
    Event,
    GameWon,
    Move,
    Moved,
    Rolled,
    Step,
    Stopped,
    TurnPassed,
)
from .moves import (
    column_steps,
    free_runners,
    legal_moves,
    move_pairings,
    moves_for_dice,
    runners_after,
    runners_after_each,
)
from .odds import BUST_CHANCE, bust_probability, usable_columns_mask
from .roll_groups import grouped_moves
from .rolloff import Rolloff, RolloffRound, first_player_rolloff
from .rules import (
    can_stop,
    choose,
    may_stop_with,
    new_game,
    refuses_stops,
    roll,
    stop,
    why_cannot_stop,
)
from .serialization import config_from_dict, config_to_dict, state_from_dict, state_to_dict
from .state import GameState, Phase
from .unusable import Unusable, state_before_bust, why_unusable

__all__ = [
    "ALL_ROLLS",
    "BUST_CHANCE",
    "COLUMNS",
    "COLUMN_HEIGHTS",
    "MAX_RUNNERS",
    "STEPS_PER_ROLL",
    "TOPS",
    "VARIANTS",
    "Busted",
    "ColumnWon",
    "Conceded",
    "Dice",
    "DiceSource",
    "Event",
    "GameConfig",
    "GameState",
    "GameWon",
    "IllegalMoveError",
    "Move",
    "Moved",
    "Pairing",
    "Phase",
    "Roll",
    "Rolled",
    "Rolloff",
    "RolloffRound",
    "Step",
    "Stopped",
    "TurnPassed",
    "Unusable",
    "Variant",
    "allowed_win_columns",
    "bust_probability",
    "can_stop",
    "choose",
    "column_steps",
    "concede",
    "config_from_dict",
    "config_to_dict",
    "first_player_rolloff",
    "free_runners",
    "grouped_moves",
    "legal_moves",
    "may_stop_with",
    "move_pairings",
    "moves_for_dice",
    "new_game",
    "pairings",
    "refuses_stops",
    "roll",
    "runners_after",
    "runners_after_each",
    "state_before_bust",
    "state_from_dict",
    "state_to_dict",
    "stop",
    "usable_columns_mask",
    "why_cannot_concede",
    "why_cannot_stop",
    "why_unusable",
]
