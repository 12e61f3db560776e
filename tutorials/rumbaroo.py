"""Rumbaroo's guided first game: matching the pile, a meld, two action tiles, the call.

You against Joey, in the Joey box. The pile starts on a red 5; your hand holds a blue 5
(a match by number), a green run of five (a meld, which earns a free action), a green Hop
and a green Pouch (two action tiles), a yellow 2 to tuck into the pouch, and three 8s, the
meld that leaves you one tile: the Rumbaroo! call. Your pouched yellow 2 goes out last.
Joey plays a blue 9, a green 9, a green 2 and a red 2, all fixed by the script.
"""

from __future__ import annotations

import random
from typing import Any

from django.utils.translation import gettext_lazy as _

from games.engine import rumbaroo
from games.engine.rumbaroo.boxes import box, sort_key

from .steps import Action, Answer, Judge, Step, Tiles, Tutorial, both, of_type, same_table

SEED = 20261206
CONFIG = {"difficulty": "joey", "players": 2, "target": 500}
YOU, JOEY = 0, 1
FACES = box("joey", False)
START = "R5"  # the pile's first tile
YOUR_HAND = (
    "B5", "G3", "G4", "G5", "G6", "G7", "G-HOP", "G-POUCH", "Y2", "R8", "B8", "Y8",
)  # fmt: skip
JOEY_HAND = (
    "B9", "G9", "G2", "R2", "Y11", "B1", "R13", "Y6", "B12", "R3", "Y1", "B3",
)  # fmt: skip
RUN = ["G3", "G4", "G5", "G6", "G7"]
EIGHTS = ["R8", "B8", "Y8"]


def face(tile: int) -> str:
    return FACES[tile].text


def deal() -> rumbaroo.State:
    """Round one as the engine deals it, with the hands and the pile the lesson needs (the
    rest of the box shuffled into the pool); you start."""
    state = rumbaroo.new_game(CONFIG, SEED)
    tiles = Tiles(range(len(FACES)), face)
    yours, joeys = tiles.take(*YOUR_HAND), tiles.take(*JOEY_HAND)
    (start,) = tiles.take(START)
    pool = tiles.rest()
    random.Random(SEED).shuffle(pool)
    state.hands = [_sorted(yours), _sorted(joeys)]
    state.pool = pool
    state.pile, state.pile_by, state.colour = [start], [None], "R"
    state.dealer, state.turn = JOEY, YOU
    state.turn_peak = len(yours)
    return state


def _sorted(tiles: list[int]) -> list[int]:
    return sorted(tiles, key=lambda t: sort_key(FACES[t], t))


# --- judging your moves -------------------------------------------------------------------


def plays(wanted: str) -> Judge:
    """A discard of the tile showing ``wanted``."""
    return lambda action, state, seat: (
        action.get("type") == "discard" and _face_or_none(action.get("tile")) == wanted
    )


def _face_or_none(tile: Any) -> str | None:
    return face(tile) if type(tile) is int and 0 <= tile < len(FACES) else None


def _stashes(wanted: str) -> Judge:
    return lambda action, state, seat: _face_or_none(action.get("stash")) == wanted


def _free_draw(action: Action, state: Any, seat: int) -> bool:
    """The free action left as it comes: the next player (Joey) draws 2."""
    free = action.get("free")
    if free is None:
        return True
    return isinstance(free, dict) and free.get("kind", "draw") == "draw"


def _called(action: Action, state: Any, seat: int) -> bool:
    return action.get("call") is True


def _melds(table: list[list[str]]) -> Judge:
    return both(of_type("meld"), same_table(table, face))


# --- the moves, for the tests' walk (the page builds them from your taps) -----------------


def _own(state: Any, seat: int, wanted: str) -> int:
    return next(t for t in state.hands[seat] + state.pouches[seat] if face(t) == wanted)


def _discard(wanted: str, **extra: Any) -> Any:
    def make(state: Any) -> Action:
        action: Action = {"type": "discard", "tile": _own(state, YOU, wanted)}
        for name, value in extra.items():
            action[name] = _own(state, YOU, value) if name == "stash" else value
        return action

    return make


def _meld(faces: list[str], **extra: Any) -> Any:
    def make(state: Any) -> Action:
        new = [_own(state, YOU, f) for f in faces]
        return {"type": "meld", "table": [list(m) for m in state.table] + [new], **extra}

    return make


def _joey_plays(wanted: str) -> Answer:
    return Answer(JOEY, lambda state: {"type": "discard", "tile": _own(state, JOEY, wanted)})


def _draw(state: Any) -> Action:
    return {"type": "draw"}


DRAW_HINT = (
    of_type("draw"),
    _("Not now: draw only when nothing in your hand fits. This step has a tile for you."),
)
FREE_HINT = (
    lambda action, state, seat: not _free_draw(action, state, seat),
    _(
        "For this guided game leave the free action as it is, on Joey drawing 2 tiles, then "
        "Confirm melds."
    ),
)

STEPS = (
    Step(
        title=_("Matching the pile"),
        line=_(
            "The pile shows a red 5. A tile you play there must match its colour or its "
            "number: pick your blue 5, then press the pile (P)."
        ),
        expects=plays("B5"),
        wrong=_(
            "A tile on the pile must match the top tile's colour or number. Your blue 5 "
            "matches the red 5 by number: pick it, then press the pile."
        ),
        hints=(DRAW_HINT,),
        answers=(_joey_plays("B9"),),
        example=_discard("B5"),
        mistake=_discard("G3"),  # neither red nor a 5
    ),
    Step(
        title=_("A meld"),
        line=_(
            "Instead of playing on the pile you may meld. Lay your green 3, 4, 5, 6 and 7 "
            "as a run: the first with + New meld, the others on that meld, then Confirm "
            "melds. Melding 3 or more tiles earns a free action: leave it on Joey drawing 2."
        ),
        expects=both(_melds([RUN]), _free_draw),
        wrong=_(
            "Lay your green 3, 4, 5, 6 and 7 together as one new meld, then Confirm melds. "
            "A run is 3 or more numbers in a row in one colour."
        ),
        hints=(FREE_HINT, DRAW_HINT),
        answers=(_joey_plays("G9"),),
        example=_meld(RUN),
        mistake=_meld(RUN[:4] + ["Y8"]),
    ),
    Step(
        title=_("A Hop"),
        line=_(
            "Joey drew his 2 tiles and played a green 9. Now an action tile: play your "
            "green Hop on the pile (it matches by colour). Joey misses his next turn, so "
            "you play again."
        ),
        expects=plays("G-HOP"),
        wrong=_("Play your green Hop on the pile: it matches the green 9 by colour."),
        hints=(DRAW_HINT,),
        example=_discard("G-HOP"),
        mistake=_discard("Y2"),
    ),
    Step(
        title=_("A Pouch"),
        line=_(
            "Your turn again. Play your green Pouch on the Hop, then tuck your yellow 2 "
            "into your pouch when asked: a pouched tile is safe, and plays later as if it "
            "were in your hand."
        ),
        expects=both(plays("G-POUCH"), _stashes("Y2")),
        wrong=_("Play your green Pouch on the pile and, when asked, tuck your yellow 2 in it."),
        hints=(DRAW_HINT,),
        answers=(_joey_plays("G2"),),
        example=_discard("G-POUCH", stash="Y2"),
        mistake=_discard("G-POUCH"),  # nothing tucked away
    ),
    Step(
        title=_("The Rumbaroo! call"),
        line=_(
            "Melding your red, blue and yellow 8 will leave you one tile, the one in your "
            "pouch. So press Rumbaroo! first, then lay the three 8s as a new meld and "
            "Confirm melds. Forget the call and you draw 2."
        ),
        expects=both(_melds([RUN, EIGHTS]), _called, _free_draw),
        wrong=_(
            "Press Rumbaroo!, then lay your red, blue and yellow 8 together as one new "
            "meld and Confirm melds."
        ),
        hints=(
            (
                both(_melds([RUN, EIGHTS]), lambda a, s, seat: not _called(a, s, seat)),
                _(
                    "You are about to drop to one tile: press Rumbaroo! before you Confirm "
                    "melds, or you draw 2 tiles."
                ),
            ),
            FREE_HINT,
            DRAW_HINT,
        ),
        answers=(_joey_plays("R2"),),
        example=_meld(EIGHTS, call=True),
        mistake=_meld(EIGHTS),  # no call
    ),
    Step(
        title=_("Going out"),
        line=_(
            "Joey played a red 2. Your last tile is the yellow 2 in your pouch, and it "
            "matches by number: pick it and play it on the pile to win the round."
        ),
        expects=plays("Y2"),
        wrong=_("Play the yellow 2 from your pouch on the pile."),
        hints=(DRAW_HINT,),
        example=_discard("Y2"),
        mistake=_draw,
    ),
)

TUTORIAL = Tutorial(
    kind=rumbaroo.KIND,
    config=CONFIG,
    computers=(("Joey", "joey"),),
    deal=deal,
    steps=STEPS,
    intro=_(
        "Six moves against Joey: matching the pile, a meld with its free action, a Hop and "
        "a Pouch, the Rumbaroo! call, and going out."
    ),
    finale=_(
        "Well done: you matched the pile, melded a run, played a Hop and a Pouch, called "
        "Rumbaroo! and went out. Empty your hand and pouch first to win each round."
    ),
)
