"""The terminal game: a Textual app driven by a ``Table`` and the engine's events.

Textual itself loads with the first app module (``app``, ``screen_app``: each imports
``textual_compat``, which patches Textual before any app draws a frame), not with this
package: ``cantstop --help`` and ``--version`` answer without it.
"""
