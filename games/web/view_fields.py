"""The seat-view fields several games share, each typed and described once.

Each game's ``api_view.py`` lists its view's fields in the order its engine's
``view(state, seat)`` writes them, and the OpenAPI document keeps that order, so
the games share a base class only for the keys every view opens with
(:class:`SeatViewBase`): the other shared fields are types that carry their
description (``phase: Phase``), and a game's model places them where its view
has them. A description here must read true for
every game that uses it; one that speaks of a single game stays in that game's
module (the catalogue test forbids naming a game outside its own package).
"""

# ruff: noqa: E501  (each description reads best whole, on its own line)
from __future__ import annotations

from typing import Annotated, TypeVar

from pydantic import Field

from api.view_models import ViewPart

K = TypeVar("K")

#: The view's ``kind``, the discriminator of the API's seat view: a game's own Literal.
GameKind = Annotated[K, Field(description="The game kind this view belongs to.")]

SeatIndex = Annotated[int, Field(description="Your seat index (seats are numbered from 0).")]
Players = Annotated[int, Field(description="How many seats the table has.")]


class SeatViewBase(ViewPart):
    """The keys every game's view opens with.

    A game's view narrows ``kind`` to its own ``GameKind[Literal[...]]`` (what the
    API's union of views is told apart by); a field a subclass declares again keeps
    its place, so ``kind`` stays first.
    """

    kind: GameKind[str]
    seat: SeatIndex
    players: Players


Target = Annotated[int, Field(description="Points that end the game.")]
Phase = Annotated[
    str,
    Field(description="Where the round stands (the game's own phase names; game_over at the end)."),
]
Turn = Annotated[int, Field(description="The seat whose turn it is.")]
ToAct = Annotated[
    list[int],
    Field(
        description="Every seat that may act now (sometimes more than one: an answer, next round)."
    ),
]
RoundNo = Annotated[int, Field(description="The round being played, from 1.")]
Dealer = Annotated[int, Field(description="The seat that dealt this round.")]
MoveNo = Annotated[int, Field(description="Moves applied in this game so far.")]
PoolCount = Annotated[int, Field(description="Tiles left to draw.")]
RackCounts = Annotated[list[int], Field(description="How many tiles each seat holds, by seat.")]
HandCounts = Annotated[
    list[int],
    Field(description="How many tiles or cards each seat holds in hand, by seat."),
]
Opened = Annotated[
    list[bool], Field(description="Whether each seat has made its opening meld, by seat.")
]
Drawn = Annotated[
    int | None,
    Field(description="The tile you just drew, while you may still play it; else null."),
]
RoundScores = Annotated[
    list[int] | None,
    Field(
        description="The last round's scores by seat, once it is scored; null while it is played."
    ),
]
RoundWinner = Annotated[int | None, Field(description="The seat that won the last round, if any.")]
EndReason = Annotated[
    str | None,
    Field(
        description="Why the last round ended (out, blocked, wall, stock, a safety cap…), else null."
    ),
]
Winners = Annotated[
    list[int],
    Field(description="The winning seats once the game is over (several on a tie)."),
]

# A piece's or a meld's own keys.
Face = Annotated[str, Field(description="The piece's face as text (R7, K13, J, AS…).")]
Wild = Annotated[bool, Field(description="Whether it is a wild.")]
Points = Annotated[int, Field(description="Points.")]
ByWhom = Annotated[int, Field(description="The seat that did it.")]
