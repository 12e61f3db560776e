"""Tile Rummy's guided first game: a set, a run, the opening worth 30, rearranging, a joker.

You against Ada. Your rack holds three 10s (the opening: a set worth exactly 30), a black
3-4-5 (a run), a black 11 and 12 (which need the black 10 Ada adds to your 10s: the
rearrangement), a blue 7 and 8 with a joker, and three 5s to go out with. Ada opens with a
yellow run, adds her black 10 to your set, then draws twice; the round ends with your rack
empty. Every move is a real engine move: the whole new table, checked at Confirm.
"""

from __future__ import annotations

import random
from typing import Any

from django.utils.translation import gettext_lazy as _

from games.engine import tile_rummy
from games.engine.tile_rummy import TILE_COUNT, face_of, sort_key

from .steps import Action, Answer, Step, Tiles, Tutorial, of_type, same_table

SEED = 20261206
CONFIG = {"players": 2, "meld_rule": "standard", "target": 200}
YOU, ADA = 0, 1
YOUR_RACK = (
    "R10", "B10", "Y10", "K3", "K4", "K5", "K11", "K12", "B7", "B8", "J", "R5", "B5", "Y5",
)  # fmt: skip
ADA_RACK = (
    "Y11", "Y12", "Y13", "K10", "R1", "B2", "Y3", "K6", "R4", "B9", "Y1", "K2", "R12", "B4",
)  # fmt: skip

TENS = ["R10", "B10", "Y10"]
ADA_RUN = ["Y11", "Y12", "Y13"]
BLACK_RUN = ["K3", "K4", "K5"]


def face(tile: int) -> str:
    return str(face_of(tile))


def deal() -> tile_rummy.State:
    """Round one as the engine deals it, with the racks the lesson needs (the rest of the
    tiles shuffled into the pool); you start."""
    state = tile_rummy.new_game(CONFIG, SEED)
    tiles = Tiles(range(TILE_COUNT), face)
    yours, adas = tiles.take(*YOUR_RACK), tiles.take(*ADA_RACK)
    pool = tiles.rest()
    random.Random(SEED).shuffle(pool)
    state.racks = [sorted(yours, key=sort_key), sorted(adas, key=sort_key)]
    state.pool = pool
    state.table = []
    state.opened = [False, False]
    state.dealer, state.turn = ADA, YOU
    return state


# --- Ada's moves, built on the table as it lies -------------------------------------------


def _lays(*faces: str) -> Answer:
    """Ada lays a new set of these tiles from her rack."""

    def make(state: Any) -> Action:
        rack = list(state.racks[ADA])
        new = []
        for wanted in faces:
            tile = next(t for t in rack if face(t) == wanted)
            rack.remove(tile)
            new.append(tile)
        return {"type": "play", "table": [list(s) for s in state.table] + [new]}

    return Answer(ADA, make)


def _adds(tile_face: str, to: str) -> Answer:
    """Ada adds a tile from her rack to the set holding a ``to`` tile."""

    def make(state: Any) -> Action:
        tile = next(t for t in state.racks[ADA] if face(t) == tile_face)
        table = [list(s) for s in state.table]
        target = next(s for s in table if any(face(t) == to for t in s))
        target.append(tile)
        return {"type": "play", "table": table}

    return Answer(ADA, make)


DRAWS = Answer(ADA, lambda state: {"type": "draw"})


# --- your moves, for the tests' walk (the page builds them from your taps) ------------------


def _from_rack(state: Any, seat: int, *faces: str) -> list[int]:
    rack = list(state.racks[seat])
    found = []
    for wanted in faces:
        tile = next(t for t in rack if face(t) == wanted)
        rack.remove(tile)
        found.append(tile)
    return found


def _lay(*faces: str) -> Any:
    """You lay these rack tiles as a new set, the table otherwise as it is."""
    return lambda state: {
        "type": "play",
        "table": [list(s) for s in state.table] + [_from_rack(state, YOU, *faces)],
    }


def _rearrange(state: Any) -> Action:
    """The black 10 leaves the 10s for a run with your black 11 and 12."""
    table = [list(s) for s in state.table]
    tens = next(s for s in table if any(face(t) == "K10" for t in s))
    black_ten = next(t for t in tens if face(t) == "K10")
    tens.remove(black_ten)
    return {"type": "play", "table": [*table, [black_ten, *_from_rack(state, YOU, "K11", "K12")]]}


def _draw(state: Any) -> Action:
    return {"type": "draw"}


DRAW_HINT = (
    of_type("draw"),
    _("Not now: drawing a tile ends your turn, and this step has tiles for you to lay."),
)

STEPS = (
    Step(
        title=_("A set worth 30"),
        line=_(
            "Your first play must come from your own rack and be worth 30 or more. The "
            "red, blue and yellow 10 make a set (one number, different colours) worth 30: "
            "pick the red 10, press + New set, add the blue and yellow 10 to that set, then "
            "press Confirm play."
        ),
        expects=same_table([TENS], face),
        wrong=_(
            "Until you have opened, you may only lay new sets from your own rack worth 30 "
            "or more. Lay just the red, blue and yellow 10 together as one set, then "
            "Confirm play."
        ),
        hints=(DRAW_HINT,),
        answers=(_lays(*ADA_RUN),),
        example=_lay(*TENS),
        mistake=_lay(*BLACK_RUN),  # worth 12: not an opening
    ),
    Step(
        title=_("A run"),
        line=_(
            "Ada opened with a run: yellow 11, 12 and 13. Now lay a run of your own: put "
            "your black 3, 4 and 5 together in a new set. A run is three or more numbers "
            "in a row, all in one colour."
        ),
        expects=same_table([TENS, ADA_RUN, BLACK_RUN], face),
        wrong=_(
            "Lay your black 3, 4 and 5 together as one new set, leave the table as it is, "
            "then Confirm play."
        ),
        hints=(DRAW_HINT,),
        answers=(_adds("K10", to="R10"),),
        example=_lay(*BLACK_RUN),
        mistake=_draw,
    ),
    Step(
        title=_("Rearranging"),
        line=_(
            "Ada added her black 10 to your 10s. Once you have opened, every tile on the "
            "table is yours to rework. Move the black 10 out of the 10s — three 10s are "
            "still a set — into a new set, and add your black 11 and 12 to it: a run."
        ),
        expects=same_table([TENS, ADA_RUN, BLACK_RUN, ["K10", "K11", "K12"]], face),
        wrong=_(
            "Take the black 10 from the set of four 10s into a new set with your black 11 "
            "and 12, and leave the other sets as they are. Every set must still be a set "
            "when you press Confirm play."
        ),
        hints=(DRAW_HINT,),
        answers=(DRAWS,),
        example=_rearrange,
        mistake=_lay("K11", "K12"),  # two tiles are not a set
    ),
    Step(
        title=_("A joker"),
        line=_(
            "A joker ☺ stands for any tile. Put it in a new set with your blue 7 and 8: "
            "it becomes the 6 or the 9, whichever the run needs."
        ),
        expects=same_table(
            [TENS, ADA_RUN, BLACK_RUN, ["K10", "K11", "K12"], ["B7", "B8", "J"]], face
        ),
        wrong=_(
            "Lay your blue 7, your blue 8 and the joker together as one new set, then Confirm play."
        ),
        hints=(DRAW_HINT,),
        answers=(DRAWS,),
        example=_lay("B7", "B8", "J"),
        mistake=_lay("B7", "B8"),
    ),
    Step(
        title=_("Going out"),
        line=_(
            "Three tiles left: the red, blue and yellow 5. Lay them as a set to empty your "
            "rack and win the round."
        ),
        expects=same_table(
            [
                TENS,
                ADA_RUN,
                BLACK_RUN,
                ["K10", "K11", "K12"],
                ["B7", "B8", "J"],
                ["R5", "B5", "Y5"],
            ],
            face,
        ),
        wrong=_("Lay your red, blue and yellow 5 together as one new set, then Confirm play."),
        hints=(DRAW_HINT,),
        example=_lay("R5", "B5", "Y5"),
        mistake=_draw,
    ),
)

TUTORIAL = Tutorial(
    kind=tile_rummy.KIND,
    config=CONFIG,
    computers=(("Ada", "easy"),),
    deal=deal,
    steps=STEPS,
    intro=_(
        "Five moves against Ada: a set, a run, the opening worth 30, reworking the table "
        "and a joker, until your rack is empty."
    ),
    finale=_(
        "Well done: you opened with 30, laid a set and a run, reworked the table and "
        "played a joker. That is the game: empty your rack before the others do."
    ),
)
