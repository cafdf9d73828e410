"""Fields of a form where Enter always submits the form, from whichever field has the focus.

Textual's ``Select`` opens its list on Enter and its ``Checkbox`` toggles on Enter, so Enter
on them never reaches the form's own ``enter`` binding. These open and toggle with their own
keys (Space, and the arrows for a list) and leave Enter to the form.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from textual.binding import BindingType
from textual.widgets import Checkbox, Select

from .. import screen_keys
from ..keys import bindings

Value = TypeVar("Value")


class FormSelect(Select[Value], inherit_bindings=False):
    """A drop-down list that opens with Space or the arrows; Enter submits the form."""

    BINDINGS: ClassVar[list[BindingType]] = bindings(screen_keys.FORM_SELECT)


class FormCheckbox(Checkbox, inherit_bindings=False):
    """A checkbox that Space toggles; Enter submits the form."""

    BINDINGS: ClassVar[list[BindingType]] = bindings(screen_keys.FORM_CHECKBOX)
