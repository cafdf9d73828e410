"""The keys that apply now, in one line; a light footer that repaints only when they change."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.screen import Screen
from textual.strip import Strip

from ..textual_compat import repaint
from .kept_strips import KeptStrips
from .view_widget import OneStylePerRender

KEPT_LINES = 16
"""Drawn lines kept: a game's states show a handful of different key sets (roll, choose,
a computer's turn, the game over), drawn once each rather than on every key."""


class KeysBar(OneStylePerRender):
    DEFAULT_CSS = """
    KeysBar {
        dock: bottom;
        height: 1;
        width: 100%;
        background: $panel;
        color: $text;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self._keys: tuple[tuple[str, str, str, bool], ...] = ()
        self._drawn = KeptStrips(KEPT_LINES)
        """Each key set's line as drawn, by the keys, the width and the base style."""

    def on_mount(self) -> None:
        # At once, not as a message to this widget (about 200 calls a key): the screen's
        # bindings are checked where they change.
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed, immediate=True)
        self._bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        shown: dict[str, tuple[str, str, str, bool]] = {}
        active = screen.active_bindings
        # Numbered choices (choose(1) ... choose(6)) show as one key range: "1-3".
        choices = sum(
            1 for _, b, on, _t in active.values() if on and b.action.startswith("choose(")
        )
        labels: dict[str, str] = getattr(self.app, "KEY_LABELS", {})
        for key, (_, binding, enabled, _tip) in active.items():
            if binding.show and binding.action not in shown:
                display = binding.key_display or self.app.get_key_display(binding)
                if binding.action.startswith("choose("):
                    display = "1" if choices == 1 else f"1-{choices}"
                label = labels.get(binding.action, binding.description)
                shown[binding.action] = (key, display, label, enabled)
        keys = tuple(shown.values())
        if keys != self._keys:
            self._keys = keys
            repaint(self)

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        for key, display, description, enabled in self._keys:
            click = Style.from_meta({"@click": f"app.simulate_key({key!r})"})
            text.append(f" {display}", style=Style(bold=True, dim=not enabled) + click)
            text.append(f" {description} ", style=Style(dim=not enabled) + click)
        text.append("  ^p commands", style="dim")
        return text

    def render_line(self, y: int) -> Strip:
        """The line of ``render`` as Textual draws it (links underlined, click offsets),
        drawn once per key set: the keys change with the game's state on nearly every key,
        between a few sets."""
        key = (self._keys, y, self.line_width, self.rich_style)
        return self._drawn.get(key, lambda: super(KeysBar, self).render_line(y))
