"""Template helpers for linking to reviews from pages that list games of every kind."""

from __future__ import annotations

from django import template

from reviews.registry import reviewer_for

register = template.Library()


@register.filter
def reviewable(kind: str) -> bool:
    """Whether games of ``kind`` have a review of the player's turns."""
    return reviewer_for(str(kind)) is not None
