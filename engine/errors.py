"""The two ways input can be wrong: malformed notation, or a well-formed action the rules forbid."""

from __future__ import annotations


class NotationError(ValueError):
    """A position, action or record does not follow NOTATION.md; the message names the field."""


class IllegalAction(ValueError):
    """A well-formed action that the rules do not allow now; the message says which rule and why."""
