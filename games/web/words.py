"""The words every game's table says the same way, in the reader's language.

Each game's log, captions and presenters build whole sentences of their own, but
some pieces read alike in every game: a tile's colour, a list ending in "and", the
viewer's own sentence beside another player's, "You" after a preposition, and each
seat's name for the viewer. Written once here so the four games cannot drift apart
(and a translator sees each message once). Nothing here names a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy

from games.table_flow import is_you, seat_name, you

if TYPE_CHECKING:
    from django.utils.functional import Promise

    from games.models import Seat

_TILE_COLOURS = {
    "R": pgettext_lazy("tile colour", "red"),
    "B": pgettext_lazy("tile colour", "blue"),
    "G": pgettext_lazy("tile colour", "green"),
    "Y": pgettext_lazy("tile colour", "yellow"),
    "K": pgettext_lazy("tile colour", "black"),
}


def tile_colours(letters: str) -> dict[str, Promise]:
    """A game's tile colours by letter, in that game's order: only its own letters, since
    the games test a face's first letter against them."""
    return {letter: _TILE_COLOURS[letter] for letter in letters}


def and_list(words: list[str]) -> str:
    """A list in words, "red, blue and black": the last two joined by the reader's "and"."""
    if len(words) == 1:
        return words[0]
    return pgettext("a list", "%(items)s and %(last)s") % {
        "items": ", ".join(words[:-1]),
        "last": words[-1],
    }


def said(you: bool, yours: str, theirs: str, values: dict[str, Any]) -> str:
    """The viewer's own sentence or another player's, in the reader's language, with
    ``values`` (the other player's ``name`` among them) put in: languages conjugate the
    verb for "you", so the viewer's moves have sentences of their own."""
    return _(yours if you else theirs) % values


def after_preposition(name: str) -> str:
    """A name as it reads after "with", "by", "for": the viewer's "You" in the form the
    reader's language gives it there (English keeps "You")."""
    return pgettext("you, after a preposition", "You") if is_you(name) else name


def names_for(seats: list[Seat], me: int | None) -> list[str]:
    """Each seat's name for this viewer: "You" for the viewer's own (in the reader's words)."""
    return [you() if s.index == me else seat_name(s.display_name) for s in seats]
