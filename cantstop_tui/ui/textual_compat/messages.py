"""What Textual's messages keep: a ``Prompt`` (the message that wakes an idle widget) no
longer names who sent it. Fixed on import, for every app.

Every message names the widget or screen whose handler was running when it was made
(``Message._sender``), and a widget's message loop keeps the last message it took until
the next one comes. A ``Prompt`` is never handled (``no_dispatch``), so its sender serves
nothing, but it kept that sender alive: a review screen closed over SSH stayed reachable
through the ``Prompt`` it had sent to the scroll bar of the notices under it, for as long
as no other message reached that scroll bar (often the rest of the visit), with the whole
review's lines. A ``Prompt`` made without a sender keeps nothing.

Private part (``textual.message.Message._sender``): tests/ui/test_compat_messages.py
checks that Textual still sets it, and that a ``Prompt`` no longer keeps it.
"""

from __future__ import annotations

from textual.message import Message
from textual.messages import Prompt

UPSTREAM_PROMPT_POST_INIT = Prompt.__post_init__
"""Textual's own (``Message.__post_init__``; the test checks that it still keeps the sender)."""


def _post_init_without_sender(self: Message) -> None:
    UPSTREAM_PROMPT_POST_INIT(self)
    self._sender = None


Prompt.__post_init__ = _post_init_without_sender  # type: ignore[method-assign]
