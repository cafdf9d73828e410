"""A ``Prompt`` (the message that wakes an idle widget) keeps no sender
(``ui/textual_compat/messages.py``); Textual's own still does, so the fix is still needed."""

from __future__ import annotations

from textual._context import active_message_pump
from textual.messages import Prompt

from cantstop_tui.ui.textual_compat import UPSTREAM_PROMPT_POST_INIT


class Sender:
    """Stands for the screen whose handler makes the message."""


def test_a_prompt_keeps_no_sender_where_textuals_own_would() -> None:
    sender = Sender()
    token = active_message_pump.set(sender)  # type: ignore[arg-type]
    try:
        ours = Prompt()
        upstream = Prompt.__new__(Prompt)
        UPSTREAM_PROMPT_POST_INIT(upstream)
    finally:
        active_message_pump.reset(token)
    assert ours._sender is None
    assert upstream._sender is sender  # Textual's still keeps it
    assert ours.can_replace(upstream)  # still a Prompt as Textual uses it
