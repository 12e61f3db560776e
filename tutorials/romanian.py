"""Romanian Tile Rummy's guided first game: the doubla, the wall, opening 50 with a run, a joly.

You against Mihai; you sit at the dealer's right, so you hold fifteen tiles and discard
first. You hold two yellow 7s (a doubla: declared, then swapped blind for Mihai's two blue
4s), a red 10-11-12 that the wall's red 13 completes, three 8s, a joly and the tiles you
throw. Your opening is the red run and the 8s (55 points, a run among them); after Mihai's
blue 6 you take it from the row and lay it with a blue 4 and the joly. The guided game
ends there, on your turn, and counts for nobody.
"""

from __future__ import annotations

import random
from typing import Any

from django.utils.translation import gettext_lazy as _

from games.engine import romanian
from games.engine.romanian import TILE_COUNT, face_of, sort_tiles

from .steps import Action, Answer, Judge, Step, Tiles, Tutorial, of_type

SEED = 20261206
CONFIG = {"players": 2, "rounds": 4, "threshold": 50}
YOU, MIHAI = 0, 1
YOUR_RACK = (
    "Y7", "Y7", "R10", "R11", "R12", "R8", "B8", "K8", "J", "Y2", "K13", "K3", "Y9", "R5", "B11",
)  # fmt: skip
MIHAI_RACK = (
    "B4", "B4", "K2", "B6", "R3", "Y5", "K6", "B9", "Y12", "R7", "K11", "Y1", "B13", "K9",
)  # fmt: skip
WALL_TOP = ("K12", "R13", "Y10")  # Mihai's draw, yours, then Mihai's again
RUN = ["R10", "R11", "R12", "R13"]
EIGHTS = ["R8", "B8", "K8"]
WITH_JOLY = ["B4", "J", "B6"]


def face(tile: int) -> str:
    return str(face_of(tile))


def deal() -> romanian.State:
    """Round one as the engine deals it (the doubla question first), with the racks and the
    wall's first tiles the lesson needs, the rest of the wall shuffled; you hold fifteen."""
    state = romanian.new_game(CONFIG, SEED)
    tiles = Tiles(range(TILE_COUNT), face)
    yours, mihais = tiles.take(*YOUR_RACK), tiles.take(*MIHAI_RACK)
    top = tiles.take(*WALL_TOP)
    rest = tiles.rest()
    random.Random(SEED).shuffle(rest)
    state.racks = [sort_tiles(yours), sort_tiles(mihais)]
    state.wall = top + rest
    state.dealer, state.first_player, state.turn = MIHAI, YOU, YOU
    state.spare = next(t for t in rest[-7:] if not face_of(t).wild)
    state.spare_stack = face_of(state.spare).number or 1
    state.joly_spares = 0
    return state


# --- judging your moves -------------------------------------------------------------------


def _faces(tiles: Any) -> list[str] | None:
    ok = isinstance(tiles, list) and all(type(t) is int and 0 <= t < TILE_COUNT for t in tiles)
    return sorted(face(t) for t in tiles) if ok else None


def _declares(wanted: str) -> Judge:
    return lambda action, state, seat: (
        action.get("type") == "doubla" and _faces(action.get("pair")) == [wanted, wanted]
    )


def _swaps_with(other: int) -> Judge:
    return lambda action, state, seat: action.get("type") == "swap" and action.get("with") == other


def _discards(wanted: str) -> Judge:
    return lambda action, state, seat: (
        action.get("type") == "discard" and _faces([action.get("tile")]) == [wanted]
    )


def _lays(*combinations: list[str]) -> Judge:
    """A meld of exactly these new combinations, nothing added to melds or replaced."""
    want = sorted(sorted(c) for c in combinations)

    def judge(action: Action, state: Any, seat: int) -> bool:
        melds = action.get("melds")
        if action.get("add") or action.get("replace") or not isinstance(melds, list):
            return False
        got = [f for f in (_faces(m) for m in melds) if f is not None]
        return len(got) == len(melds) and sorted(got) == want

    return judge


def _takes_the_last(action: Action, state: Any, seat: int) -> bool:
    return (
        action.get("type") == "take"
        and action.get("index") == len(state.discards) - 1
        and not (action.get("melds") or action.get("add") or action.get("replace"))
    )


# --- the moves, for the tests' walk (the page builds them from your taps) -----------------


def _pick(rack: list[int], *faces: str) -> list[int]:
    """Tiles showing ``faces`` taken out of ``rack`` (a list of ids), one per face."""
    found = []
    for wanted in faces:
        tile = next(t for t in rack if face(t) == wanted)
        rack.remove(tile)
        found.append(tile)
    return found


def _ids(state: Any, seat: int, *faces: str) -> list[int]:
    return _pick(list(state.racks[seat]), *faces)


def _declare(seat: int, wanted: str) -> Any:
    return lambda state: {"type": "doubla", "pair": _ids(state, seat, wanted, wanted)}


def _discard(seat: int, wanted: str) -> Any:
    return lambda state: {"type": "discard", "tile": _ids(state, seat, wanted)[0]}


def _meld(*combinations: list[str]) -> Any:
    def make(state: Any) -> Action:
        rack = list(state.racks[YOU])
        return {"type": "meld", "melds": [_pick(rack, *c) for c in combinations]}

    return make


def _take_last(state: Any) -> Action:
    return {"type": "take", "index": len(state.discards) - 1}


def _draw(state: Any) -> Action:
    return {"type": "draw"}


def _mihai(make: Any) -> Answer:
    return Answer(MIHAI, make)


MIHAI_DRAWS = _mihai(_draw)

STEPS = (
    Step(
        title=_("The doubla question"),
        line=_(
            "Before play everyone is asked about a doubla: two wholly identical tiles. You "
            "hold two yellow 7s: declare them. The others only hear “high” (7 to 13) or "
            "“low” (1 to 6)."
        ),
        expects=_declares("Y7"),
        wrong=_("Declare your pair of yellow 7s as a doubla."),
        answers=(_mihai(_declare(MIHAI, "B4")),),
        example=_declare(YOU, "Y7"),
        mistake=lambda state: {"type": "decline"},
    ),
    Step(
        title=_("The doubla swap"),
        line=_(
            "Mihai declared a low doubla too. Two players who declared may swap their pairs "
            "blind, without ever naming them: swap with Mihai."
        ),
        expects=_swaps_with(MIHAI),
        wrong=_("Swap your pair with Mihai's, blind: press Swap with Mihai."),
        answers=(_mihai(lambda state: {"type": "swap", "with": YOU}),),
        example=lambda state: {"type": "swap", "with": MIHAI},
        mistake=lambda state: {"type": "decline"},
    ),
    Step(
        title=_("The first discard"),
        line=_(
            "You got Mihai's two blue 4s. You sit at the dealer's right, so you hold fifteen "
            "tiles and begin by discarding one; that first tile never comes back into play. "
            "Discard your yellow 2: pick it, then press Discard (X)."
        ),
        expects=_discards("Y2"),
        wrong=_("Discard your yellow 2: pick it, then press Discard."),
        answers=(MIHAI_DRAWS, _mihai(_discard(MIHAI, "K2"))),
        example=_discard(YOU, "Y2"),
        mistake=_discard(YOU, "R10"),
    ),
    Step(
        title=_("The wall"),
        line=_(
            "Mihai drew from the wall and discarded a black 2. Until you have opened, every "
            "turn begins with a tile drawn face down from the wall: press Draw from the wall "
            "(D)."
        ),
        expects=of_type("draw"),
        wrong=_(
            "Before you have opened, a turn begins with the compulsory draw from the wall: "
            "press Draw from the wall."
        ),
        example=_draw,
        mistake=_take_last,
    ),
    Step(
        title=_("Opening 50 with a run"),
        line=_(
            "You drew the red 13. Your first meld must come from your own rack, be worth 50 "
            "or more (45 at some tables) and hold a run. Tiles from 2 to 9 are worth 5, from "
            "10 to 13 ten: lay the red 10, 11, 12, 13 as one combination (40) and the three "
            "8s as another (15), then Confirm."
        ),
        expects=_lays(RUN, EIGHTS),
        wrong=_(
            "Your opening needs a run and at least 50 points from your own rack: lay the red "
            "10, 11, 12 and 13 as one new combination and the red, blue and black 8 as "
            "another, then Confirm."
        ),
        hints=(
            (
                _lays(RUN),
                _(
                    "The red run alone is worth 40: add the three 8s as a second combination "
                    "to reach 50, then Confirm."
                ),
            ),
        ),
        example=_meld(RUN, EIGHTS),
        mistake=_meld(RUN),  # 40: short of 50
    ),
    Step(
        title=_("A discard ends the turn"),
        line=_(
            "You have opened with 55 points. A turn always ends with one discard, which joins "
            "the row: discard your black 13."
        ),
        expects=_discards("K13"),
        wrong=_("End your turn by discarding your black 13: pick it, then press Discard."),
        answers=(MIHAI_DRAWS, _mihai(_discard(MIHAI, "B6"))),
        example=_discard(YOU, "K13"),
        mistake=_discard(YOU, "J"),
    ),
    Step(
        title=_("Taking from the row"),
        line=_(
            "Mihai discarded a blue 6. Once you have opened you may take the last discard "
            "instead of drawing: tap the blue 6 at the end of the row, then Confirm the take."
        ),
        expects=_takes_the_last,
        wrong=_("Take the blue 6, the last tile of the row: tap it, then Confirm the take."),
        hints=(
            (
                of_type("draw"),
                _(
                    "Drawing is allowed, but this step takes the blue 6 from the row: tap it, "
                    "then Confirm the take."
                ),
            ),
        ),
        example=_take_last,
        mistake=_draw,
    ),
    Step(
        title=_("A joly"),
        line=_(
            "A joly ☺ stands for any tile, as long as a combination holds at least twice as "
            "many real tiles as jolys. Lay a blue 4, the joly and the blue 6 as a new "
            "combination (the joly is the 5), then Confirm."
        ),
        expects=_lays(WITH_JOLY),
        wrong=_(
            "Lay one blue 4, the joly and the blue 6 together as one new combination, then Confirm."
        ),
        example=_meld(WITH_JOLY),
        mistake=_meld(["B4", "B4", "J"]),  # two 4s of one colour are no combination
    ),
)

TUTORIAL = Tutorial(
    kind=romanian.KIND,
    config=CONFIG,
    computers=(("Mihai", "easy"),),
    deal=deal,
    steps=STEPS,
    intro=_(
        "Eight moves against Mihai: the doubla and its blind swap, the first discard, the "
        "wall, an opening of 50 with a run, the row of discards and a joly."
    ),
    finale=_(
        "Well done: you declared and swapped a doubla, drew from the wall, opened with a run "
        "worth 55, took from the row and laid a joly. In a real game you would now discard, "
        "and the first to lay every tile but one and discard the last wins the round."
    ),
    minutes=3,
)
