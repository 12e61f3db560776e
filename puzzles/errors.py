"""The one refusal a puzzle request can meet, whichever game the puzzle is from."""

from __future__ import annotations


class PuzzleError(ValueError):
    """A request that cannot be done; the message is for the player."""
