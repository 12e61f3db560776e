"""Each game's seat view as pydantic models: the one definition the OpenAPI document publishes.

What ``GET games/{id}`` answers in ``view`` is the engine's ``view(state, seat)``:
only what that seat may see. These models describe it field by field, so a
program can be written from the schema alone. They are documentation and a
contract, not a filter: the API sends the engine's view as it is, and the
contract test (tests/api/test_view_models.py) validates every view of seeded
playouts of every short configuration against these models with no unknown
key allowed, so an engine that changes its view fails that test until the
models say so too. (First drafted from those playouts, then described by hand.)
"""

# ruff: noqa: E501  (each description reads best whole, on its own line)
from __future__ import annotations

from typing import Annotated, Any, Literal

from ninja import Schema
from pydantic import ConfigDict, Field, TypeAdapter


class ViewPart(Schema):
    """A part of a view: every key is described; no other key is expected."""

    model_config = ConfigDict(extra="forbid")


class TileRummyTiles(ViewPart):
    id: int = Field(description="The piece's id (what actions name).")
    face: str = Field(description="The piece's face as text (R7, K13, J, AS…).")
    colour: str | None = Field(description="The colour letter, or null for a joker.")
    number: int | None = Field(description="The number 1-13, or null.")
    joker: bool = Field(description="Whether it is a joker.")
    stands_for: int | None = Field(None, description="The number a joker stands for in this set.")


class TileRummyTable(ViewPart):
    tiles: list[TileRummyTiles] = Field(description="The set's tiles, in reading order.")
    kind: str = Field(description="run or group (Rumasta: set or run).")
    value: int = Field(description="Points.")


class TileRummyRack(ViewPart):
    id: int = Field(description="The piece's id (what actions name).")
    face: str = Field(description="The piece's face as text (R7, K13, J, AS…).")
    colour: str | None = Field(description="The colour letter, or null for a joker.")
    number: int | None = Field(description="The number 1-13, or null.")
    joker: bool = Field(description="Whether it is a joker.")


class TileRummyView(ViewPart):
    kind: Literal["tile_rummy"] = Field(description="The game kind this view belongs to.")
    seat: int = Field(description="Your seat index (seats are numbered from 0).")
    players: int = Field(description="How many seats the table has.")
    phase: str = Field(
        description="Where the round stands (the game's own phase names; game_over at the end)."
    )
    turn: int = Field(description="The seat whose turn it is.")
    to_act: list[int] = Field(
        description="Every seat that may act now (sometimes more than one: an answer, next round)."
    )
    round_no: int = Field(description="The round being played, from 1.")
    dealer: int = Field(description="The seat that dealt this round.")
    meld_rule: str = Field(
        description="standard: each player opens with 30 points before touching the table; shared: once anyone opens, everyone may."
    )
    target: int = Field(description="Points that end the game.")
    move_no: int = Field(description="Moves applied in this game so far.")
    table: list[TileRummyTable] = Field(description="The sets on the table, in display order.")
    pool_count: int = Field(description="Tiles left to draw.")
    rack_counts: list[int] = Field(description="How many tiles each seat holds, by seat.")
    opened: list[bool] = Field(description="Whether each seat has made its opening meld, by seat.")
    totals: list[int] = Field(description="Running scores, by seat (Rumasta: by side).")
    round_scores: list[int] | None = Field(
        description="The last round's scores by seat, once it is scored; null while it is played."
    )
    winners: list[int] = Field(
        description="The winning seats once the game is over (several on a tie)."
    )
    rack: list[TileRummyRack] = Field(description="Your own tiles (only you see them).")
    may_touch_table: bool = Field(
        description="Whether you may rearrange the sets already on the table this turn."
    )
    final_racks: list[list[TileRummyRack]] | None = Field(
        description="Every rack laid open once the round is scored, else null."
    )


class RumbarooTiles(ViewPart):
    id: int = Field(description="The piece's id (what actions name).")
    face: str = Field(description="The piece's face as text (R7, K13, J, AS…).")
    colour: str | None = Field(description="The colour letter, or null for a joker.")
    number: int | None = Field(description="The number 1-13, or null.")
    action: str | None = Field(description="The action tile's key, or null for a number tile.")
    action_name: str | None = Field(description="The action tile's name, or null.")
    wild: bool = Field(description="Whether it is a wild.")


class RumbarooTable(ViewPart):
    tiles: list[RumbarooTiles] = Field(description="The set's tiles, in reading order.")
    kind: str = Field(description="run or group (Rumasta: set or run).")


class RumbarooView(ViewPart):
    kind: Literal["rumbaroo"] = Field(description="The game kind this view belongs to.")
    seat: int = Field(description="Your seat index (seats are numbered from 0).")
    players: int = Field(description="How many seats the table has.")
    difficulty: str = Field(
        description="The box of action tiles in play: joey, wallaby or big_red."
    )
    party: bool = Field(description="A Party table (5 to 8 players).")
    target: int = Field(description="Points that end the game.")
    phase: str = Field(
        description="Where the round stands (the game's own phase names; game_over at the end)."
    )
    turn: int = Field(description="The seat whose turn it is.")
    to_act: list[int] = Field(
        description="Every seat that may act now (sometimes more than one: an answer, next round)."
    )
    direction: int = Field(description="The direction of play.")
    round_no: int = Field(description="The round being played, from 1.")
    dealer: int = Field(description="The seat that dealt this round.")
    move_no: int = Field(description="Moves applied in this game so far.")
    table: list[RumbarooTable] = Field(description="The sets on the table, in display order.")
    table_ids: list[list[int]] = Field(
        description="The table as lists of tile ids (what a meld's table field sends back)."
    )
    pile: list[RumbarooTiles] = Field(description="The discard pile, bottom first.")
    top: RumbarooTiles = Field(description="The pile's top tile.")
    top_by: int | None = Field(
        description="The seat that played the top tile (null for the starting tile)."
    )
    under_top_by: int | None = Field(description="The seat that played the tile under the top one.")
    colour: str = Field(description="The colour to match next (R, B, G or Y).")
    pool_count: int = Field(description="Tiles left to draw.")
    hand_counts: list[int] = Field(
        description="How many tiles or cards each seat holds in hand, by seat."
    )
    pouch_counts: list[int] = Field(
        description="How many tiles each seat keeps in its pouch, by seat."
    )
    holding: list[int] = Field(
        description="Hand plus pouch, by seat (one tile left means Rumbaroo!)."
    )
    skips: list[int] = Field(description="Turns each seat will miss, by seat.")
    croc: int = Field(description="Tiles waiting for the seat answering a Croc Snap (0: none).")
    stampede_used: list[bool] = Field(
        description="Whether each seat has used its Stampede this round, by seat."
    )
    stash_block: int | None = Field(
        description="The seat that stashed last turn (Party: the next turn may not stash), else null."
    )
    idle_turns: int = Field(description="Turns in a row without a tile placed (for the lap cap).")
    passes: int = Field(description="Passes in a row with an empty pool (for a blocked round).")
    totals: list[int] = Field(description="Running scores, by seat (Rumasta: by side).")
    round_scores: list[int] | None = Field(
        description="The last round's scores by seat, once it is scored; null while it is played."
    )
    round_winner: int | None = Field(description="The seat that won the last round, if any.")
    end_reason: str | None = Field(
        description="Why the last round ended (out, blocked, wall, stock, a safety cap…), else null."
    )
    winners: list[int] = Field(
        description="The winning seats once the game is over (several on a tie)."
    )
    hand: list[RumbarooTiles] = Field(description="Your own tiles or cards (only you see them).")
    pouch: list[RumbarooTiles] = Field(description="The tiles in your pouch (only you see them).")
    drawn: int | None = Field(
        description="The tile you just drew, while you may still play it; else null."
    )
    called: bool = Field(description="Whether you have called Rumbaroo! this turn.")
    playable: list[int] = Field(description="Ids of your tiles that match the pile now.")
    may_stash: bool = Field(description="Whether a Pouch you play now may tuck a tile away.")
    may_stampede: bool = Field(description="Whether a Croc Snap you play now may stampede.")
    final_hands: list[list[RumbarooTiles]] | None = Field(
        description="Every seat's hand once the round is scored (laid open), else null."
    )


class RomanianOptions(ViewPart):
    players: int = Field(description="How many seats the table has.")
    rounds: int = Field(description="How many rounds the game lasts.")
    threshold: int = Field(description="Points the opening meld must reach.")
    penalty: str = Field(description="Penalty points.")
    discard_counts: bool = Field(description="Whether the last discard may count toward opening.")


class RomanianRack(ViewPart):
    id: int = Field(description="The piece's id (what actions name).")
    face: str = Field(description="The piece's face as text (R7, K13, J, AS…).")
    colour: str | None = Field(description="The colour letter, or null for a joker.")
    number: int | None = Field(description="The number 1-13, or null.")
    joly: bool = Field(description="Whether it is a joly (a joker).")


class RomanianTiles(ViewPart):
    id: int = Field(description="The piece's id (what actions name).")
    face: str = Field(description="The piece's face as text (R7, K13, J, AS…).")
    colour: str | None = Field(description="The colour letter, or null for a joker.")
    number: int | None = Field(description="The number 1-13, or null.")
    joly: bool = Field(description="Whether it is a joly (a joker).")
    laid_by: int = Field(description="The seat that first melded each tile.")
    stands_for: str | None = Field(None, description="The number a joker stands for in this set.")


class RomanianMelds(ViewPart):
    owner: int = Field(description="The seat that laid the meld.")
    kind: str = Field(description="run or group (Rumasta: set or run).")
    value: int = Field(description="Points.")
    tiles: list[RomanianTiles] = Field(description="The set's tiles, in reading order.")


class RomanianDiscards(ViewPart):
    id: int = Field(description="The piece's id (what actions name).")
    face: str = Field(description="The piece's face as text (R7, K13, J, AS…).")
    colour: str | None = Field(description="The colour letter, or null for a joker.")
    number: int | None = Field(description="The number 1-13, or null.")
    joly: bool = Field(description="Whether it is a joly (a joker).")
    by: int = Field(description="The seat that did it.")


class RomanianSpare(ViewPart):
    face: str = Field(description="The piece's face as text (R7, K13, J, AS…).")
    stack: int = Field(description="The stack (1-15) the spare was counted to.")


class RomanianDoubla(ViewPart):
    declared: list[str | None] = Field(
        description="Each seat's declared doubla: high, low, or null (none), by seat."
    )
    answered: list[bool] = Field(description="Whether each seat has answered the prompt, by seat.")
    my_pair: list[RomanianRack] | None = Field(description="Your declared doubla pair, else null.")
    swap_answered: list[bool] = Field(
        description="Whether each seat has answered the swap offer, by seat."
    )
    my_swap_with: int | None = Field(
        description="The declarer you offered to swap with, else null."
    )
    swaps: list[list[int]] = Field(description="Pairs of seats that swapped doublas.")


class RomanianBreakdown(ViewPart):
    seat: int = Field(description="A seat index.")
    went_out: bool = Field(description="Whether the seat went out.")
    out_bonus: int = Field(description="Bonus for going out.")
    all_at_once_bonus: int = Field(description="Bonus for laying every tile in one turn.")
    melded: int = Field(description="Points (or whether your side has melded).")
    joly_bonus: int = Field(description="Bonus for jolys in the seat's melds.")
    rack: int = Field(description="Points left in the rack.")
    rack_tiles: list[RomanianRack] = Field(description="The tiles left in the rack.")
    melded_nothing: bool = Field(description="Whether the seat melded nothing this round.")
    penalty: int = Field(description="Penalty points.")
    score: int = Field(description="Points.")


class RomanianView(ViewPart):
    kind: Literal["romanian_tile_rummy"] = Field(description="The game kind this view belongs to.")
    seat: int = Field(description="Your seat index (seats are numbered from 0).")
    players: int = Field(description="How many seats the table has.")
    options: RomanianOptions = Field(
        description="The game's options: players, rounds, opening threshold, penalty and whether a discard counts toward opening."
    )
    phase: str = Field(
        description="Where the round stands (the game's own phase names; game_over at the end)."
    )
    turn: int = Field(description="The seat whose turn it is.")
    to_act: list[int] = Field(
        description="Every seat that may act now (sometimes more than one: an answer, next round)."
    )
    round_no: int = Field(description="The round being played, from 1.")
    rounds: int = Field(description="How many rounds the game lasts.")
    dealer: int = Field(description="The seat that dealt this round.")
    first_player: int = Field(description="The seat with fifteen tiles, who discards first.")
    move_no: int = Field(description="Moves applied in this game so far.")
    turns: int = Field(description="Turns taken this round.")
    rack: list[RomanianRack] = Field(description="Your own tiles (only you see them).")
    rack_counts: list[int] = Field(description="How many tiles each seat holds, by seat.")
    melds: list[list[RomanianMelds]] = Field(
        description="The melds on the table, by the seat that laid them."
    )
    opened: list[bool] = Field(description="Whether each seat has made its opening meld, by seat.")
    opened_this_turn: bool = Field(description="Whether you opened this turn.")
    discards: list[RomanianDiscards] = Field(description="The row of discards, oldest first.")
    first_discard: RomanianRack | None = Field(
        description="The fifteen-tile player's first discard (out of play), else null."
    )
    takes: list[Any] = Field(description="Tiles taken from the row this round: [seat, tiles].")
    wall_count: int = Field(description="Tiles left in the wall.")
    spare: RomanianSpare = Field(
        description="The tile turned face up at the deal and the stack it was counted to."
    )
    joly_spares: int = Field(description="Jolys turned as the spare and shuffled back this round.")
    announced: list[bool] = Field(
        description="Whether each seat is down to three tiles or fewer (announced), by seat."
    )
    doubla: RomanianDoubla = Field(
        description="The doubla prompt: who declared (high or low), who answered, your own pair and swap."
    )
    drawn: int | None = Field(
        description="The tile you just drew, while you may still play it; else null."
    )
    took_discard: bool = Field(description="Whether you took from the row this turn.")
    may_take: bool = Field(
        description="Whether taking from the row is open to you this turn at all."
    )
    totals: list[int] = Field(description="Running scores, by seat (Rumasta: by side).")
    round_scores: list[int] | None = Field(
        description="The last round's scores by seat, once it is scored; null while it is played."
    )
    round_history: list[list[int]] = Field(description="Each scored round's points, by seat.")
    round_winner: int | None = Field(description="The seat that won the last round, if any.")
    all_at_once: bool = Field(
        description="Whether the last round was won by laying all tiles at once."
    )
    end_reason: str | None = Field(
        description="Why the last round ended (out, blocked, wall, stock, a safety cap…), else null."
    )
    winners: list[int] = Field(
        description="The winning seats once the game is over (several on a tie)."
    )
    breakdown: list[RomanianBreakdown] | None = Field(
        description="How the last round was scored, by seat, once it is over; else null."
    )


class RumastaCut(ViewPart):
    count: int | None = Field(description="How many.")
    perfect: bool = Field(description="Whether the cut was perfect.")
    target: int = Field(description="The perfect cut's count.")


class RumastaHand(ViewPart):
    id: int = Field(description="The piece's id (what actions name).")
    face: str = Field(description="The piece's face as text (R7, K13, J, AS…).")
    name: str = Field(description="The card's name in words.")
    rank: int = Field(description="The card's rank (1 ace … 13 king).")
    suit: str = Field(description="The card's suit (C, D, H, S), or null for a joker.")
    colour: str | None = Field(description="The colour letter, or null for a joker.")
    wild: bool = Field(description="Whether it is a wild.")
    value: int = Field(description="Points.")


class RumastaPiles(ViewPart):
    top: RumastaHand | None = Field(description="The top card, or null for an empty pile.")
    count: int = Field(description="How many.")
    frozen: bool = Field(description="Whether the pile is frozen.")
    pickable: bool = Field(description="Whether you may pick the pile up now.")
    safe_top: bool = Field(description="Whether the top card is safe to discard onto.")


class RumastaMelds(ViewPart):
    index: int = Field(description="The discard's or meld's index.")
    cards: list[RumastaHand] = Field(description="Card ids.")
    kind: str = Field(description="run or group (Rumasta: set or run).")
    count: int = Field(description="How many.")
    to_seven: int = Field(description="Cards still needed to close the meld at seven.")
    naturals: int = Field(description="Natural cards in the meld.")
    wilds: int = Field(description="Wild cards in the meld.")
    closed: bool = Field(description="Closed melds (seven cards) your side has.")
    label: str | None = Field(description="A short label for people.")
    clean: bool = Field(description="Whether the meld holds no wild.")


class RumastaSidesMelds(ViewPart):
    side: int = Field(description="A side's index.")
    seats: list[int] = Field(description="Seat indexes.")
    melds: list[RumastaMelds] = Field(description="Melds (lists of pieces).")


class RumastaDreidel(ViewPart):
    face: str | None = Field(description="The dreidel's face (nun, gimel, hey or shin), or null.")
    by: int | None = Field(description="The seat that rolled it, or null.")


class RumastaHeart(ViewPart):
    layer: int = Field(description="The seat that laid the black 3s.")
    seats: list[int] = Field(description="Seat indexes.")
    waiting: list[int] = Field(description="Seats yet to answer the window.")
    cards: list[RumastaHand] = Field(description="Card ids.")
    opened_move: int = Field(description="The move number the window opened at.")


class RumastaCards(ViewPart):
    face: str = Field(description="The piece's face as text (R7, K13, J, AS…).")
    name: str = Field(description="The card's name in words.")


class RumastaHeartResult(ViewPart):
    layer: int = Field(description="The seat that laid the black 3s.")
    winner: str = Field(description="The winning seat or side.")
    by: int = Field(description="The seat that did it.")
    red3s_moved: list[int] = Field(
        description="Red 3s moved to the caller's seat by a won call-out."
    )
    cards: list[RumastaCards] = Field(description="Card ids.")


class RumastaRoundSteps(ViewPart):
    side: int = Field(description="A side's index.")
    seats: list[int] = Field(description="Seat indexes.")
    canastas: list[int] = Field(description="Canastas (seven of a rank) scored.")
    rumastas: list[int] = Field(description="Rumastas (seven in sequence) scored.")
    red_threes: int = Field(description="Red 3s laid.")
    red_three_points: int = Field(description="Points for red 3s.")
    going_out: int = Field(description="Points for going out.")
    perfect_cut: int = Field(description="Points for a perfect cut.")
    step1: int = Field(description="Scoring step 1.")
    step2: int = Field(description="Scoring step 2.")
    step3: int = Field(description="Scoring step 3.")
    round: int = Field(description="The round number.")
    total: int = Field(description="Points in all.")


class RumastaMe(ViewPart):
    acting: bool = Field(description="Whether you may act now.")
    actions: list[str] = Field(description="The action types open to you now.")
    melded: bool = Field(description="Points (or whether your side has melded).")
    minimum: int = Field(description="Points your side's first meld must reach.")
    closed: int = Field(description="Closed melds (seven cards) your side has.")
    locked: list[int] = Field(description="Card ids taken this turn that may not be melded yet.")
    draw_size: int = Field(description="Cards option C would draw now.")
    pick_choices: list[Any] = Field(description="Seats you may pick for the dreidel.")


class RumastaView(ViewPart):
    kind: Literal["rumasta"] = Field(description="The game kind this view belongs to.")
    seat: int = Field(description="Your seat index (seats are numbered from 0).")
    players: int = Field(description="How many seats the table has.")
    teams: str = Field(description="The team layout: none, 2v2, 3v3 or 2v2v2.")
    sides: list[list[int]] = Field(description="The seats of each side.")
    my_side: int = Field(description="Your side's index.")
    target: int = Field(description="Points that end the game.")
    hand_size: int = Field(description="Cards dealt to each player.")
    round_no: int = Field(description="The round being played, from 1.")
    move_no: int = Field(description="Moves applied in this game so far.")
    phase: str = Field(
        description="Where the round stands (the game's own phase names; game_over at the end)."
    )
    step: str | None = Field(
        description="The step of the turn: choose (take or draw), pick (a dreidel opponent) or play; null outside a turn."
    )
    to_act: list[int] = Field(
        description="Every seat that may act now (sometimes more than one: an answer, next round)."
    )
    turn: int = Field(description="The seat whose turn it is.")
    direction: str = Field(description="The direction of play.")
    cutter: int = Field(description="The seat that cuts this round.")
    dealer: int = Field(description="The seat that dealt this round.")
    cut: RumastaCut = Field(
        description="The cut: cards lifted, whether it was perfect, and the perfect count."
    )
    hand: list[RumastaHand] = Field(description="Your own tiles or cards (only you see them).")
    hand_counts: list[int] = Field(
        description="How many tiles or cards each seat holds in hand, by seat."
    )
    piles: list[RumastaPiles] = Field(
        description="The two discard piles: top card, size, frozen, and whether you may pick each up."
    )
    stock_count: int = Field(description="Cards left in the stock.")
    stock_gone: bool = Field(description="Whether the stock ran out.")
    sides_melds: list[RumastaSidesMelds] = Field(description="Each side's melds on the table.")
    red3s: list[list[RumastaHand]] = Field(description="Red 3s laid in front of each seat.")
    aside: list[RumastaHand] = Field(description="Red 3s turned up as upcards (no one's).")
    khaki: str | None = Field(
        description="khakied (no pile may be picked up), half (one), or null."
    )
    dreidel: RumastaDreidel = Field(
        description="The dreidel's last face this round and who rolled it."
    )
    last_discards: list[int | None] = Field(description="The last two discards (pile 0, pile 1).")
    heart: RumastaHeart | None = Field(description="The open black 3 window, else null.")
    heart_result: RumastaHeartResult | None = Field(
        description="How the last black 3 window ended, else null."
    )
    totals: list[int] = Field(description="Running scores, by seat (Rumasta: by side).")
    side_totals: list[int] = Field(description="Running scores by side.")
    round_steps: list[RumastaRoundSteps] | None = Field(
        description="The three scoring steps of the last round, by side, once it is over."
    )
    end_reason: str | None = Field(
        description="Why the last round ended (out, blocked, wall, stock, a safety cap…), else null."
    )
    went_out: int | None = Field(description="The seat that went out this round, else null.")
    winners: list[int] = Field(
        description="The winning seats once the game is over (several on a tie)."
    )
    final_hands: list[list[RumastaCards]] | None = Field(
        description="Every seat's hand once the round is scored (laid open), else null."
    )
    me: RumastaMe = Field(
        description="Hints for your seat: the moves open, your side's meld minimum, locked cards, dreidel picks."
    )


SeatView = Annotated[
    TileRummyView | RumbarooView | RomanianView | RumastaView,
    Field(discriminator="kind"),
]
VIEW_MODELS = {
    "tile_rummy": "TileRummyView",
    "rumbaroo": "RumbarooView",
    "romanian_tile_rummy": "RomanianView",
    "rumasta": "RumastaView",
}


def view_schemas() -> dict[str, Any]:
    """The view models as JSON Schema definitions, for the OpenAPI document's components."""
    schema = TypeAdapter(SeatView).json_schema(ref_template="#/components/schemas/{model}")
    defs: dict[str, Any] = schema.get("$defs", {})
    return defs


def action_schemas() -> dict[str, Any]:
    """Each game's actions as one JSON Schema (``oneOf`` its types), from its declared shapes."""
    from api.legal import action_schema, action_types
    from games import catalogue

    schemas: dict[str, Any] = {}
    for entry in catalogue.ready():
        engine = catalogue.load(entry.engine)
        name = VIEW_MODELS[entry.kind].removesuffix("View") + "Action"
        schemas[name] = {
            "title": name,
            "description": f"An action in {entry.name}: one of its types, with that type's fields.",
            "oneOf": [action_schema(engine, kind) for kind in action_types(engine)],
        }
    return schemas


def publish(schema: dict[str, Any]) -> dict[str, Any]:
    """Put the views and actions in the OpenAPI document and point ``view`` at them."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    components.update(view_schemas())
    components.update(action_schemas())
    refs = [{"$ref": f"#/components/schemas/{name}"} for name in VIEW_MODELS.values()]
    mapping = {kind: ref["$ref"] for kind, ref in zip(VIEW_MODELS, refs, strict=True)}
    view = components["GameOut"]["properties"]["view"]
    view.pop("additionalProperties", None)
    view.pop("type", None)
    view.update(oneOf=refs, discriminator={"propertyName": "kind", "mapping": mapping})
    return schema
