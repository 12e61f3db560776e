"""``{% online_how_to kind timeout %}``: a game's How to play section on online tables.

The clock's lengths come from the game's engine (games.online.clock_lengths), so
the page can never state other numbers than the server enforces; the game's
own template says, in words, what the clock plays for you.
"""

from __future__ import annotations

from typing import Any

from django import template

from games import online

register = template.Library()


@register.inclusion_tag("games/_online_how_to.html")
def online_how_to(kind: str, timeout: str, answer_what: str = "") -> dict[str, Any]:
    """``timeout``: what the clock plays for you; ``answer_what``: what a quick answer
    answers (a game with ``CLOCK_ANSWER_SECONDS``)."""
    return {**online.clock_lengths(kind), "timeout": timeout, "answer_what": answer_what}
