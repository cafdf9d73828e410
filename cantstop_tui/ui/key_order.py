"""Keys handled in the order they were typed, however many arrive in one read.

Textual's app looks at each key as it comes: a key with a priority binding (ctrl+p for the
palette, ctrl+q, ctrl+s) acts at once, and any other key is posted to the focused widget
(or the screen), from where it bubbles back to the app, whose bindings then act for the
screen shown *by then*. Two keys read together are both looked at before the first has made
its way back: Enter then ctrl+p on the who-starts box opened the palette first, and the
Enter, back at the app, ran the palette's first command (the help, at a server's table).
Likewise ``t`` then ``hello`` in one read gave the letters to the game screen, not to the
talk box ``t`` opens.

:class:`KeyOrder` holds a key while the one before it may still be on its way: it follows
that key's path with a callback posted to each message queue on it, from the widget it was
posted to up to the app. Each queue is first in, first out, so the callback reaches the app
after the key did; then the next key is let through. A key that came back to the app, or
acted through a priority binding, holds nothing: keys pressed one at a time cost nothing
more. A path cut short (a screen closed with the callback in its queue) lets the keys go
after ``HOLD_SECONDS``: keys are never held for good. A key the app's bindings acted on
has its path followed once more, from the focused widget: a message the binding posted
(Enter in the talk box posts ``Input.Submitted``, which closes it) is handled before the
next key (``t`` then opens the next box, instead of landing in the one being closed).
"""

from __future__ import annotations

import asyncio
import weakref
from collections import deque
from itertools import count
from typing import Any

from textual import events
from textual.app import App
from textual.dom import DOMNode
from textual.message_pump import MessagePump

HOLD_SECONDS = 0.5
"""The longest a key waits for the one before it (only if that one's path was cut short)."""


class KeyOrder:
    """The keys of one app, handled one after another (see the module's docstring)."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self._on_its_way: events.Key | None = None
        """The last key posted towards the screen and not seen back at the app yet."""
        self._posted_to: weakref.ref[MessagePump] | None = None
        """Where it was posted (weakly: a closed dialog's widget is not kept for it)."""
        self._held: deque[events.Key] = deque()
        self._paths = count(1)
        self._following = 0
        """The path being followed (0: none): a late callback of a path given up on lets
        nothing go."""
        self._deadline: asyncio.TimerHandle | None = None
        self._released: events.Key | None = None
        """A held key let go, on its way to the app again."""

    def admit(self, key: events.Key) -> bool:
        """Whether the app handles ``key``, just read, now; else it is held."""
        if key is self._released:
            self._released = None
            return True
        if not self._held and self._released is None and self._on_its_way is None:
            return True
        self._held.append(key)
        if self._released is None:
            self._follow()
        return False

    def posted(self, key: events.Key, target: MessagePump | None) -> None:
        """The app has looked at ``key``: posted on to ``target``, or acted on (None)."""
        if target is None:
            self._on_its_way = self._posted_to = None
        else:
            self._on_its_way, self._posted_to = key, weakref.ref(target)
        if self._held:
            self._follow()

    def returned(self, key: events.Key) -> None:
        """``key`` bubbled back to the app (whose bindings act on it next)."""
        if key is self._on_its_way:
            self._on_its_way = self._posted_to = None

    def acted(self, key: events.Key, target: MessagePump | None) -> None:
        """The app's bindings acted on ``key``, back from ``target`` (the focused widget or
        the screen). A binding may have posted a message there (Enter in an input posts
        ``Input.Submitted``, which closes the talk box): the next key waits until that
        message went up the same path, as a key typed a moment later would."""
        if not self._held or target is None or self._released is not None:
            return
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self._following = 0  # the path given up on: its late callback lets nothing go
        self._posted_to = weakref.ref(target)
        self._follow()

    def _follow(self) -> None:
        if self._following:
            return
        self._following = path = next(self._paths)
        self._deadline = asyncio.get_running_loop().call_later(
            HOLD_SECONDS, self._release, path
        )
        start = self._posted_to() if self._posted_to is not None else None
        if start is None or not start.call_later(self._step, start, path):
            self.app.call_later(self._release, path)

    def _step(self, node: MessagePump, path: int) -> None:
        """The callback went through ``node``'s queue: on to the next one up."""
        parent = node.parent if isinstance(node, DOMNode) else None
        if parent is None or parent is self.app or not parent.call_later(self._step, parent, path):
            self.app.call_later(self._release, path)

    def _release(self, path: int) -> None:
        """The key before the held ones is handled: the first held key goes to the app."""
        if path != self._following:
            return
        self._following = 0
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self._on_its_way = self._posted_to = None
        if self._held:
            self._released = self._held.popleft()
            self.app.post_message(self._released)
