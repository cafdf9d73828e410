"""The guided first game (``cantstop learn``): a short game with prepared dice.

The script is data: one ``GuideStep`` per action of the game, in order. The learner's
steps carry the sentence the board shows while it waits for that action; the guide's own
turns (the second seat) carry none and are played at once, after the learner's turn.
The rules stay in the engine: the script only prepares dice and explains, and a test
replays it through the engine so every roll allows the moves its text talks about.
"""

from __future__ import annotations

from typing import Final, Literal

from ..engine import Event, GameConfig, IllegalMoveError, Move, Phase, Roll, legal_moves
from ..frozen import frozen
from .match import Match, Seat
from .narration import dice_text, played_text

Expect = Literal["roll", "choose", "stop"]
Lesson = Literal["", "bust", "blocked", "claim", "win"]
LEARNER: Final = 0
SEATS: Final = (Seat("Learner"), Seat("Guide"))
SEED: Final = 2
"""A seed whose roll-off lets the learner start (a test checks it)."""


@frozen
class GuideStep:
    """One action of the guided game: what is expected and, for the learner, why."""

    action: Expect
    text: str = ""
    """What the board says while waiting for this step; ``{key}`` is the move's key."""
    dice: Roll | None = None
    """The prepared dice of a roll."""
    move: Move | None = None
    """The move a choice takes."""
    shows: Lesson = ""
    """What this step demonstrates, checked by the replay test."""


def _roll(text: str, dice: Roll, shows: Lesson = "") -> GuideStep:
    return GuideStep("roll", text, dice, shows=shows)


def _choose(text: str, move: Move, shows: Lesson = "") -> GuideStep:
    return GuideStep("choose", text, move=move, shows=shows)


def _stop(text: str, shows: Lesson = "") -> GuideStep:
    return GuideStep("stop", text, shows=shows)


def _guide_turn(*steps: tuple[Roll, Move]) -> tuple[GuideStep, ...]:
    """The guide's turn: each roll with its move, then a stop."""
    found: list[GuideStep] = []
    for dice, move in steps:
        found += [GuideStep("roll", dice=dice), GuideStep("choose", move=move)]
    return (*found, GuideStep("stop"))


SCRIPT: Final[tuple[GuideStep, ...]] = (
    _roll("Welcome! Climb three columns to the top to win, starting with a roll of the "
          "four dice: press r (or click Roll).", (1, 2, 1, 2)),
    _choose("The dice pair up two ways: 1+1 and 2+2 climb columns 2 and 4; 1+2 and 1+2 "
            "climb column 3 twice. Press {key} for 3 and 3.", (3, 3)),
    _roll("The marker on column 3 is a runner: it shows this turn's climb. "
          "Roll again (r).", (1, 1, 1, 1)),
    _choose("Only 1+1 and 1+1 now: column 2 twice, with your second runner of three. "
            "Press {key}.", (2, 2)),
    _roll("You have one runner left for a new column. Roll (r).", (5, 6, 5, 6)),
    _choose("5+5 and 6+6 make 10 and 12, but one runner can take only one of them; "
            "5+6 twice puts your third runner on 11, two up. Press {key}.", (11, 11)),
    _stop("All three runners are out: from now on only 2, 3 and 11 can climb. "
          "Stop (s) to keep this climb as your squares.", ),
    *_guide_turn(((6, 6, 6, 6), (12, 12)), ((6, 6, 3, 4), (7, 12))),
    _roll("The guide reached the top of column 12 and stopped: that column is theirs now. "
          "Roll (r).", (6, 6, 1, 1)),
    _choose("6+6 would climb 12, but column 12 is blocked: nobody climbs a won column. "
            "Press {key} for column 2 alone.", (2,), shows="blocked"),
    _stop("Your runner is at the top of column 2. Stop (s) to win the column.",
          shows="claim"),
    *_guide_turn(((3, 4, 3, 4), (7, 7))),
    _roll("Column 2 is yours. A new turn: roll (r).", (1, 2, 1, 2)),
    _choose("Column 2 is won, so 1+1 climbs nothing; take 3 and 3 (press {key}).", (3, 3)),
    _roll("Roll again (r).", (5, 6, 5, 5)),
    _choose("10 and 11: your second and third runners (press {key}).", (10, 11)),
    _roll("Your runners are on 3, 10 and 11. Roll once more (r): if no pair makes 3, 10 "
          "or 11, you bust and lose this turn's climb.", (1, 1, 6, 6), shows="bust"),
    *_guide_turn(((3, 4, 3, 4), (7, 7))),
    _roll("A bust: the climb was lost but your squares stayed, so stop before it happens. "
          "Roll (r).", (1, 2, 1, 2)),
    _choose("3 and 3 again (press {key}).", (3, 3)),
    _roll("Roll (r): column 3 is one step from the top.", (1, 2, 5, 6)),
    _choose("1+2 and 5+6: column 3 to the top and 11 up one (press {key}).", (3, 11)),
    _roll("Column 11 needs two more steps. Roll (r).", (5, 6, 5, 6)),
    _choose("11 and 11: to the top (press {key}).", (11, 11)),
    _stop("Columns 3 and 11 are topped: stop (s) to win them, and with column 2 that is "
          "three: the game.", shows="win"),
)

FINISHED: Final = ("You won your first game of Can't Stop! Press q to leave, then start one "
                   "against the computer: the new-game screen (cantstop) suggests a level.")
ASK: Final[dict[Expect, str]] = {
    "roll": "press r or space, or click Roll",
    "stop": "press s, or click Stop",
    "choose": "press {key}, or click the move",
}
"""How each expected action is asked for, in the sentence a wrong key gets."""


def start() -> Match:
    """The guided game's first position: the learner to roll."""
    return Match.start(SEATS, GameConfig(num_players=len(SEATS)), SEED)


def apply(match: Match, step: GuideStep) -> tuple[Match, tuple[Event, ...]]:
    """``match`` after ``step``, through the engine (an illegal step raises its error)."""
    if step.action == "roll":
        return match.roll(step.dice)
    if step.action == "choose":
        assert step.move is not None
        return match.choose(step.move)
    return match.stop()


def step_of(match: Match) -> GuideStep | None:
    """The step the guided game waits for (None: it is won). Each step is one action,
    so the game's length says where it is."""
    index = len(match.history)
    return SCRIPT[index] if index < len(SCRIPT) else None


def move_key(match: Match, move: Move) -> int:
    """The key (1-6) of ``move`` among the roll's legal moves."""
    return legal_moves(match.state).index(move) + 1


def key_taken(match: Match) -> int | None:
    """The one number key the step takes (None unless it is a choice of a move)."""
    step = step_of(match)
    if step is None or step.move is None or match.state.phase is not Phase.CHOOSE:
        return None
    return move_key(match, step.move)


def _fill(match: Match, sentence: str) -> str:
    key = key_taken(match)
    return sentence if key is None else sentence.replace("{key}", str(key))


def text_of(match: Match) -> str:
    """What the board says now."""
    step = step_of(match)
    return FINISHED if step is None else _fill(match, step.text)


def recap(match: Match) -> tuple[str, ...]:
    """What the learner did not see happen, when the guide's turn came at once after the
    learner's last action: their busting roll (the dice on the board are the guide's by
    then) and the guide's turn, in short lines (a roll's dice never cut in the side panel):
    "You rolled 1 1 6 6:", "a bust.", "The guide rolled", "3 4 3 4: 7 twice,", "then
    stopped.". Empty while the learner's own turn goes on."""
    index = len(match.history)
    first = index
    while first > 0 and not SCRIPT[first - 1].text:  # the guide's steps say nothing
        first -= 1
    if first == index or match.state.current_player != LEARNER:
        return ()
    said: list[str] = []
    mine = SCRIPT[first - 1]
    if mine.action == "roll" and mine.dice is not None:  # no move of theirs followed it
        said += [f"You rolled {dice_text(mine.dice)}:", "a bust."]
    said.append("The guide rolled")
    for roll, move in zip(SCRIPT[first:index:2], SCRIPT[first + 1 : index : 2], strict=False):
        if roll.dice is not None and move.move is not None:
            said.append(f"{dice_text(roll.dice)}: {played_text(move.move)},")
    return (*said, "then stopped.")


def asked(match: Match) -> str:
    """What to press now, e.g. "press r or space, or click Roll"."""
    step = step_of(match)
    return "press q to leave" if step is None else _fill(match, ASK[step.action])


def why_not(match: Match, action: Expect | None = None) -> str:
    """The sentence for an action that is not the step's (None: a key of no action)."""
    step = step_of(match)
    if step is None:
        return "The guided game is over: press q to leave."
    if step.action == action == "choose":
        return f"That is another move: this step takes {_columns(step.move)}: {asked(match)}."
    return f"Not that now: {asked(match)}."


def take(
    match: Match, action: Expect, move: Move | None = None
) -> tuple[Match, tuple[Event, ...]]:
    """The game after the learner's ``action`` and the guide's turn if one follows, with
    the events of both; raises ``IllegalMoveError`` with ``why_not`` if it is off script."""
    step = step_of(match)
    if (
        step is None
        or step.action != action
        or (action == "choose" and tuple(sorted(move or ())) != step.move)
    ):
        raise IllegalMoveError(why_not(match, action))
    match, events = apply(match, step)
    while (step := step_of(match)) is not None and match.state.current_player != LEARNER:
        match, more = apply(match, step)
        events += more
    return match, events


def _columns(move: Move | None) -> str:
    columns = [str(c) for c in move or ()]
    return "column " + columns[0] if len(columns) == 1 else "columns " + " and ".join(columns)
