"""What tests read of a widget (a ``Select``'s options). Not imported by the package: the
tests import it, so the first frame does not load Textual's ``Select``.

Private part (``Select._options``): tests/ui/test_compat_widgets.py names it.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Select


def select_values(select: Select[Any]) -> list[object]:
    """The values a ``Select`` offers, its blank included (private: ``Select._options``)."""
    return [value for _prompt, value in select._options]
