"""High Card's seat view for the API's OpenAPI document."""

from __future__ import annotations

from pydantic import Field

from api.view_models import ViewPart


class Card(ViewPart):
    id: int = Field(description="The card's id (what a play names).")
    value: int = Field(description="1 to 10.")


class Played(ViewPart):
    seat: int = Field(description="Who played it.")
    card: Card = Field(description="The card.")


class HighCardView(ViewPart):
    kind: str = Field(description="high_card.")
    seat: int | None = Field(description="Your seat (null for a spectator).")
    phase: str = Field(description="play, or game_over.")
    to_act: list[int] = Field(description="The seat to play.")
    target: int = Field(description="Tricks that win.")
    totals: list[int] = Field(description="Tricks taken, by seat.")
    hand: list[Card] | None = Field(description="Your cards.")
    hand_counts: list[int] = Field(description="Cards held, by seat.")
    deck_count: int = Field(description="Cards left to deal.")
    trick: list[Played] = Field(description="The trick being played.")
    last_trick: list[Played] = Field(description="The trick just taken.")
    winners: list[int] = Field(description="The winners once the game is over.")


VIEW = HighCardView
