"""The one private part of asyncssh the server reaches: the reason sent with a disconnect.

asyncssh checks a login's user name (SASLprep, RFC 4013) before any of the server's own code
sees it, and ends the connection with the check's own words, in code style
(``Prohibited character: '\\u202e'``). :func:`plain_disconnects` puts one plain sentence in
their place. ``tests/server/test_user_name_refused.py`` checks it over a real ``ssh``.
"""

from __future__ import annotations

from typing import Final

import asyncssh

BAD_USER_NAME: Final = (
    "Your SSH user name has a character no name may have (a control, invisible or "
    "text-direction character): log in with another user name."
)


def plain_disconnects(conn: asyncssh.SSHServerConnection) -> None:
    """``conn`` ends a login refused for its user name's characters with ``BAD_USER_NAME``."""
    send = getattr(conn, "_send_disconnect", None)
    if send is None:  # another asyncssh: its own words, not a failure
        return

    def reworded(code: int, reason: str, lang: str) -> None:
        if code == asyncssh.DISC_ILLEGAL_USER_NAME:
            reason = BAD_USER_NAME
        send(code, reason, lang)

    conn._send_disconnect = reworded  # type: ignore[method-assign]
