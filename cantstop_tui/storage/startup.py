"""What ``cantstop`` opens on start: ``--load FILE``, ``--resume``, or the resume prompt.

The app calls ``plan_startup`` once and acts on the answer::

    plan = plan_startup(saver, resume=args.resume, load=args.load)
    if plan.problem: show it (or, from the command line, print it and exit 1 for --load)
    if plan.match: play it at once
    elif plan.offer: push ResumeScreen(plan.offer); on a choice: saver.resume(choice)
    else: the new-game screen
"""

from __future__ import annotations

from dataclasses import field
from pathlib import Path

from ..frozen import frozen
from ..play.match import Match
from .autosave import Autosaver
from .errors import SaveError
from .resumable import Resumable, find_resumable


@frozen
class Startup:
    """What the app opens on (``plan_startup``)."""

    match: Match | None = None
    """A game to play at once (loaded or resumed)."""
    offer: list[Resumable] = field(default_factory=list)
    """Unfinished games to offer with the resume prompt (broken ones carry a ``problem``)."""
    problem: str | None = None
    """A sentence to show: a file that could not be opened, nothing to resume."""


def plan_startup(
    saver: Autosaver, *, resume: bool = False, load: Path | str | None = None
) -> Startup:
    if load is not None:
        from .record import load_game  # not before a game's first frame (autosave.py)

        try:
            return Startup(match=load_game(load).match)
        except SaveError as error:
            return Startup(problem=str(error))
    found = find_resumable(saver.folder, saver.records)
    playable = [game for game in found if game.match is not None]
    if not resume:
        return Startup(offer=found if playable else [], problem=_problems(found))
    refused: list[str] = []
    for game in playable:  # newest first; one taken meanwhile by another session is skipped
        try:
            return Startup(match=saver.resume(game))
        except SaveError as error:
            refused.append(str(error))
    problem = "\n".join(filter(None, [_problems(found), *refused]))
    return Startup(problem=problem or "There is no unfinished game to resume.")


def _problems(found: list[Resumable]) -> str | None:
    problems = [f"{game.problem} It is left as it is." for game in found if game.problem]
    return "\n".join(problems) or None
