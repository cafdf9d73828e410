"""The one error saving and loading raise: a sentence naming the file and the problem."""

from __future__ import annotations

from pathlib import Path


class SaveError(Exception):
    """Reading or writing a save failed; ``str(error)`` is a sentence for the player.

    A failed read never changes the file; a failed write leaves the previous file as it was.
    """

    def __init__(self, path: Path | str, problem: str, *, writing: bool = False) -> None:
        self.path = Path(path)
        self.problem = problem
        self.writing = writing
        if writing:
            message = f"Could not save to {self.path}: {problem}"
        else:
            message = f"Cannot open {self.path}: {problem}"
        super().__init__(message)
