"""One readable line for each move shown as a frame of the others' turns.

Read from the move's action and its public view only. A doubla answer is
told without saying whether it was a declaration, so nobody learns who holds
a pair before everyone has answered (the engine's ruling).

Every line is one whole sentence in the reader's language, with the mover's name as a
value; the viewer's own moves have sentences of their own ("You drew from the wall."),
since other languages conjugate the verb for "you".
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext, pgettext

from games.engine.romanian import face_of
from games.models import Move
from games.table_flow import is_you
from games.web.words import after_preposition, said, tile_colours

COLOUR_NAME = tile_colours("RBYK")
# A timeout's line by what the clock did (``_timed_out``): the viewer's own, then another's.
TIMEOUT_LINES = {
    "": (gettext_noop("You ran out of time."), gettext_noop("%(name)s ran out of time.")),
    "no_doubla": (
        gettext_noop("You ran out of time and declared no doubla."),
        gettext_noop("%(name)s ran out of time and declared no doubla."),
    ),
    "no_swap": (
        gettext_noop("You ran out of time and offered no doubla swap."),
        gettext_noop("%(name)s ran out of time and offered no doubla swap."),
    ),
    "dealt": (
        gettext_noop("You ran out of time and a new round was dealt."),
        gettext_noop("%(name)s ran out of time and a new round was dealt."),
    ),
    "discarded": (
        gettext_noop("You ran out of time and discarded %(tile)s."),
        gettext_noop("%(name)s ran out of time and discarded %(tile)s."),
    ),
    "wall_empty": (
        gettext_noop("You ran out of time and the wall is empty: the round is over."),
        gettext_noop("%(name)s ran out of time and the wall is empty: the round is over."),
    ),
    "drew_discarded": (
        gettext_noop("You ran out of time, drew from the wall and discarded %(tile)s."),
        gettext_noop("%(name)s ran out of time, drew from the wall and discarded %(tile)s."),
    ),
}


def colour_number(colour: str, number: Any) -> str:
    """ "red 7": a tile's colour and number, in the reader's language."""
    return pgettext("a tile: its colour and number", "%(colour)s %(number)s") % {
        "colour": COLOUR_NAME[colour],
        "number": number,
    }


def _label(tile: int) -> str:
    face = face_of(tile)
    if face.wild:
        return _("a joly")
    return colour_number(face.colour or "R", face.number)


def caption(move: Move, names: list[str], before: dict[str, Any] | None = None) -> str:
    """The move in words; ``before`` (the public view the move was made in) lets a
    timeout say what the clock did for the player."""
    name = names[move.seat] if move.seat is not None and move.seat < len(names) else None
    you = name is not None and is_you(name)
    values: dict[str, Any] = {"name": name if name is not None else _("Someone")}
    action: dict[str, Any] = move.action or {}
    public = move.public_view or {}
    kind = action.get("type")
    if kind in ("doubla", "decline") and public.get("phase") in ("doubla", "doubla_swap"):
        return said(
            you,
            gettext_noop("You answered the doubla question."),
            gettext_noop("%(name)s answered the doubla question."),
            values,
        )
    if kind == "decline":
        # The viewer's line reads "You keeps their doubla." in English: the same sentence,
        # told apart by a context so that another language can say it to "you".
        if you:
            return pgettext("said of you", "%(name)s keeps their doubla.") % values
        return _("%(name)s keeps their doubla.") % values
    if kind == "swap":
        other = action.get("with")
        partner = names[other] if isinstance(other, int) and other < len(names) else None
        values["partner"] = after_preposition(partner) if partner else _("someone")
        return said(
            you,
            gettext_noop("You offered %(partner)s a blind doubla swap."),
            gettext_noop("%(name)s offered %(partner)s a blind doubla swap."),
            values,
        )
    if kind == "discard" and isinstance(action.get("tile"), int):
        values["tile"] = _label(action["tile"])
        return said(
            you,
            gettext_noop("You discarded %(tile)s."),
            gettext_noop("%(name)s discarded %(tile)s."),
            values,
        )
    if kind == "draw":
        if public.get("phase") in ("round_over", "game_over"):
            return _("The wall is empty: the round is over.")
        return said(
            you,
            gettext_noop("You drew from the wall."),
            gettext_noop("%(name)s drew from the wall."),
            values,
        )
    if kind == "take":
        return _take(you, values, action, public)
    if kind == "meld":
        count = _laid(action)
        values["count"] = count
        if you:
            return ngettext("You laid %(count)s tile.", "You laid %(count)s tiles.", count) % values
        return (
            ngettext("%(name)s laid %(count)s tile.", "%(name)s laid %(count)s tiles.", count)
            % values
        )
    if kind == "timeout":
        what, values["tile"] = _timed_out(move.seat, public, before)
        return said(you, *TIMEOUT_LINES[what], values)
    if kind == "next_round":
        return _("A new round was dealt.")
    return said(you, gettext_noop("You moved."), gettext_noop("%(name)s moved."), values)


def _timed_out(seat: int, public: dict[str, Any], before: dict[str, Any] | None) -> tuple[str, str]:
    """What the engine's timeout did (see ``games.engine.romanian``'s TIMEOUT_ACTION): a
    key of ``TIMEOUT_LINES``, and the tile the clock discarded ("" for none).

    A doubla prompt is declined, so saying "no doubla" tells nothing a timeout
    does not: the clock never declares. The tile discarded lies face up anyway.
    """
    prior = before or {}
    phase = prior.get("phase")
    if phase == "doubla":
        return "no_doubla", ""
    if phase == "doubla_swap":
        return "no_swap", ""
    if phase == "round_over":
        return "dealt", ""
    if phase == "first_discard" and public.get("first_discard"):
        return "discarded", _label(public["first_discard"]["id"])
    if phase not in ("draw", "play"):
        return "", ""
    if phase == "draw" and public.get("wall_count") == prior.get("wall_count"):
        return "wall_empty", ""
    mine = [d for d in public.get("discards") or [] if d.get("by") == seat]
    if not mine:
        return "", ""
    return ("drew_discarded" if phase == "draw" else "discarded"), _label(mine[-1]["id"])


def _laid(action: dict[str, Any]) -> int:
    count = sum(len(m) for m in action.get("melds") or [])
    count += sum(len(a[2]) for a in action.get("add") or [])
    return count + len(action.get("replace") or [])


def _take(you: bool, values: dict[str, Any], action: dict[str, Any], public: dict[str, Any]) -> str:
    takes = public.get("takes") or []
    faces = takes[-1]["faces"] if takes else []
    what = _("a discard")
    if faces:
        first = faces[0]
        what = _("a joly") if first == "J" else _label_face(first)
        more = len(faces) - 1
        if more:  # English says "the 1 after it" and "the 2 after it" alike
            what = ngettext(
                "%(tile)s and the %(more)s after it", "%(tile)s and the %(more)s after it", more
            ) % {"tile": what, "more": more}
    laid = _laid(action)
    values = {**values, "what": what, "count": laid}
    if not laid:
        return said(
            you,
            gettext_noop("You took %(what)s from the row."),
            gettext_noop("%(name)s took %(what)s from the row."),
            values,
        )
    if you:  # English says "tiles" for any count
        return (
            ngettext(
                "You took %(what)s from the row and laid %(count)s tiles.",
                "You took %(what)s from the row and laid %(count)s tiles.",
                laid,
            )
            % values
        )
    return (
        ngettext(
            "%(name)s took %(what)s from the row and laid %(count)s tiles.",
            "%(name)s took %(what)s from the row and laid %(count)s tiles.",
            laid,
        )
        % values
    )


def _label_face(face: str) -> str:
    if face[0] not in COLOUR_NAME:
        return f" {face[1:]}"
    return colour_number(face[0], face[1:])
