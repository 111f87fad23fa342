"""The error types of bamboo_lab (docs/design.md, section 5)."""

from __future__ import annotations

__all__ = ["BambooLabError", "IllegalActionError", "InvalidActionError", "InvalidStateError"]


class BambooLabError(Exception):
    """Base class of every error bamboo_lab raises on purpose."""


class InvalidActionError(BambooLabError, ValueError):
    """Malformed action notation, or an object that is not an action of this game."""


class IllegalActionError(BambooLabError, ValueError):
    """A well-formed action that is not legal now (including any action on a finished game)."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        """``message`` says why; ``rule`` is the rule ID it breaks (``docs/rules/<game>.md``)."""
        super().__init__(message)
        self.rule = rule


class InvalidStateError(BambooLabError, ValueError):
    """An inconsistent state dict, a corrupt record or a bad option."""
