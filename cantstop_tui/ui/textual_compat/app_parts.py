"""What every app needs of Textual's private parts: crash reports instead of Textual's
traceback (``report_fatal_errors``), some notices taken back (``withdraw_notices``) and
what tests read of an app (its notifications).

Private parts (``App._fatal_error``, ``_exception``, ``_exit_renderables``,
``_close_messages_no_wait``, ``_notifications``, ``_unnotify``):
tests/ui/test_compat_widgets.py and tests/ui/test_crash_reports.py name each.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text
from textual.app import App
from textual.notifications import Notification


def report_fatal_errors(app: App[Any], report: Callable[[BaseException], str]) -> None:
    """An error the app does not handle: ``report(error)`` (a crash file, a sentence) is what
    the user reads, not Textual's screen-long traceback with local variables.

    Textual 8.2.8 private parts: ``App._fatal_error`` (called for such an error, after the
    terminal is restored it prints ``App._exit_renderables``), ``App._exception`` (the first
    such error) and ``App._close_messages_no_wait`` (how ``_fatal_error`` ends the app).
    """

    def fatal_error() -> None:
        error = app._exception or RuntimeError("an unknown error")
        app.bell()
        app._exit_renderables.append(Text(report(error)))
        app._close_messages_no_wait()

    app._fatal_error = fatal_error  # type: ignore[method-assign]


def withdraw_notices(app: App[Any], notices: Sequence[Notification]) -> None:
    """Take ``notices`` off the app's notifications and its screen, the others left as they
    are (Textual's public ``clear_notifications`` takes them all). A notice already gone
    (timed out, cleared) is skipped. Private: ``App._unnotify``."""
    for index, notice in enumerate(notices):
        app._unnotify(notice, refresh=index == len(notices) - 1)


def notification_messages(app: App[Any]) -> list[str]:
    """What the app's notifications say (private: ``App._notifications``)."""
    return [str(notification.message) for notification in app._notifications]
