"""The command palette of a game app: the game screen's own commands, then the app's (a new
game, files, replay, review, hints, help, quit), each offered only where it may be used."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol

from textual.app import SystemCommand
from textual.screen import Screen

from ..play.table import Table
from .keys import HELP, NEW, QUIT, SAVE


class CommandHost(Protocol):
    """What the palette needs of the app (``game_app.GameApp``)."""

    @property
    def table(self) -> Table | None: ...
    @property
    def has_files(self) -> bool: ...
    @property
    def hints(self) -> bool: ...
    def action_new_game(self) -> None: ...
    def action_save_as(self) -> None: ...
    def action_replay(self) -> None: ...
    def action_review(self) -> None: ...
    def action_toggle_hints(self) -> None: ...
    def action_load_game(self) -> None: ...
    def action_finished_games(self) -> None: ...
    def action_records(self) -> None: ...
    def action_help(self) -> None: ...
    def action_request_quit(self) -> None: ...


def game_commands(app: CommandHost, screen: Screen[Any]) -> Iterator[SystemCommand]:
    from .screens.game import GameScreen  # loaded once the game is shown
    from .screens.new_game import NewGameScreen

    if isinstance(screen, GameScreen | NewGameScreen):
        for title, help_text, action in screen.commands():
            yield SystemCommand(title, help_text, lambda a=action: screen.run_action(a))
    yield SystemCommand(NEW.title, NEW.palette_help, app.action_new_game)
    if app.table is not None:
        if app.has_files:
            yield SystemCommand(SAVE.title, SAVE.palette_help, app.action_save_as)
        yield SystemCommand(
            "Replay this game", "Step through it; play on from any step", app.action_replay
        )
        yield SystemCommand(
            "Review this game",
            "Your decisions next to expert's, so far, with their cost",
            app.action_review,
        )
        if not (isinstance(screen, GameScreen) and not screen.chances.allowed):
            # (where the table's creator hid the chances the hint is off, with them)
            state = "off" if app.hints else "on"
            yield SystemCommand(
                f"Turn hints {state}", "Whether h shows what expert would do",
                app.action_toggle_hints,
            )
    if app.has_files:
        yield SystemCommand("Load a saved game", "Open a saved game", app.action_load_game)
        yield SystemCommand(
            "Finished games", "Replay a game played to the end", app.action_finished_games
        )
        yield SystemCommand("Records", "Games, wins and more for every player", app.action_records)
    yield SystemCommand(HELP.title, HELP.palette_help, app.action_help)
    yield SystemCommand(QUIT.title, QUIT.palette_help, app.action_request_quit)


def screen_commands(screen: Screen[Any]) -> Iterator[SystemCommand]:
    """A screen's own commands only, as its key bar shows them (a server's lobby: none of
    Textual's, whose screenshot would be written on the host and show its path)."""
    for active in screen.active_bindings.values():
        binding = active.binding
        if binding.show and active.enabled:
            yield SystemCommand(
                binding.description,
                f"{binding.key}",
                lambda action=binding.action: screen.run_action(action),
            )
