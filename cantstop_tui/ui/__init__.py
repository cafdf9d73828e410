"""The terminal game: a Textual app driven by a ``Table`` and the engine's events."""

from . import textual_compat  # noqa: F401  (patches Textual before any app draws a frame)
