"""Laying tiles: new combinations, adding to melds, replacing a joly, and the opening.

One move (``meld``, or the combination carried by a ``take``) is checked
whole before anything changes, so a refused move leaves no half-laid tiles.
Order inside a move: replacements first (the joly comes free), then tiles
added to existing melds, then the new combinations (which may hold the freed
joly, and must: with two tiles from the player's own rack).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ..base import Action, Event, Message, gettext_noop, require
from ..melds import why_not
from .opening import combination_label, opening_value, valid_combination
from .state import State, remove
from .tiles import RULES, face_of, is_joly, reading_of

KEEP_ONE = gettext_noop("A turn ends with a discard: keep one tile to discard.")


def _ids(value: Any, what: str) -> list[int]:
    """``what`` names the list for people (a marked ``Message``)."""
    ok = isinstance(value, list) and all(type(t) is int for t in value)
    require(ok, "malformed", gettext_noop("%(what)s must be a list of tile ids."), what=what)
    return list(value)


def parse(
    action: Action,
) -> tuple[list[list[int]], list[tuple[int, int, list[int]]], list[tuple[int, int, int, int]]]:
    """The three parts of a meld move, type-checked: new melds, additions, replacements."""
    melds_raw = action.get("melds") or []
    adds_raw = action.get("add") or []
    repl_raw = action.get("replace") or []
    ok = all(isinstance(x, list) for x in (melds_raw, adds_raw, repl_raw))
    require(ok, "malformed", gettext_noop("melds, add and replace must be lists."))
    melds = [_ids(m, Message(gettext_noop("Each new combination"))) for m in melds_raw]
    adds = []
    for item in adds_raw:
        good = isinstance(item, list) and len(item) == 3
        good = good and type(item[0]) is int and type(item[1]) is int
        require(
            good, "malformed", gettext_noop("Each addition is [player, meld number, [tile ids]].")
        )
        adds.append((item[0], item[1], _ids(item[2], Message(gettext_noop("The tiles added")))))
    repls = []
    for item in repl_raw:
        good = isinstance(item, list) and len(item) == 4 and all(type(x) is int for x in item)
        require(
            good,
            "malformed",
            gettext_noop("Each replacement is [player, meld number, joly id, tile id]."),
        )
        repls.append((item[0], item[1], item[2], item[3]))
    return melds, adds, repls


def _check_target(state: State, owner: int, index: int) -> list[int]:
    good = 0 <= owner < state.config.players and 0 <= index < len(state.melds[owner])
    require(good, "no_such_meld", gettext_noop("There is no such meld on the table."))
    return state.melds[owner][index]


def _valid(tiles: list[int], label: str) -> None:
    valid_combination(tiles, label)


def in_order(tiles: list[int]) -> list[int]:
    """A valid combination in display order (the most favourable reading)."""
    reading = reading_of(tiles)
    assert reading is not None
    return [tiles[i] for i in reading.order]


def lay(
    state: State,
    seat: int,
    action: Action,
    taken: int | None = None,
    own: Collection[int] | None = None,
) -> list[Event]:
    """Check and lay one meld move for ``seat``; ``taken`` must then lie in a new combination.

    ``own`` is the rack before any discard was taken this move: only those
    tiles count as "from the rack" for a taken discard or a freed joly.
    """
    melds, adds, repls = parse(action)
    require(bool(melds or adds or repls), "empty_meld", gettext_noop("Lay at least one tile."))
    rack = set(state.racks[seat])
    own_set = set(own) if own is not None else rack
    freed = [j for _, _, j, _ in repls]
    from_rack = [t for m in melds for t in m if t not in freed]
    from_rack += [t for _, _, ts in adds for t in ts if t not in freed]
    from_rack += [t for _, _, _, t in repls]
    laid = from_rack + [t for m in melds for t in m if t in freed]
    laid += [t for _, _, ts in adds for t in ts if t in freed]
    require(len(set(laid)) == len(laid), "duplicate", gettext_noop("A tile can be laid only once."))
    require(
        set(from_rack) <= rack,
        "not_in_rack",
        gettext_noop("You can only lay tiles from your own rack."),
    )
    require(len(rack) - len(from_rack) >= 1, "keep_one", KEEP_ONE)
    opening = not state.opened[seat]
    if opening:
        _check_opening(state, melds, adds, repls)
    elif state.opened_this_turn:
        others = [o for o, _, _ in adds] + [o for o, _, _, _ in repls]
        require(
            all(o == seat for o in others),
            "opening_turn",
            gettext_noop(
                "On the turn you open you may not add to other players' melds or touch their jolys."
            ),
        )
    new_tables = _replacements(state, repls)
    _additions(state, adds, new_tables)
    _new_melds(melds, freed, own_set, taken)
    return _commit(state, seat, melds, new_tables, from_rack, opening)


def _check_opening(state: State, melds: list[list[int]], adds: list, repls: list) -> None:
    require(
        not adds and not repls,
        "not_opened",
        gettext_noop("Before opening you may only lay new combinations from your own rack."),
    )
    opening_value(melds, state.config.threshold)


def _replacements(state: State, repls: list) -> dict[tuple[int, int], list[int]]:
    tables: dict[tuple[int, int], list[int]] = {}
    for owner, index, joly, tile in repls:
        meld = tables.get((owner, index)) or list(_check_target(state, owner, index))
        require(
            is_joly(joly) and joly in meld,
            "no_joly",
            gettext_noop("That meld holds no such joly to replace."),
        )
        require(
            not is_joly(tile), "joly_for_joly", gettext_noop("A joly is replaced by a real tile.")
        )
        swapped = [tile if t == joly else t for t in meld]
        reason = why_not([face_of(t) for t in swapped], RULES)
        require(
            reason is None,
            "wrong_replacement",
            gettext_noop("%(tile)s is not a tile that joly stands for (%(reason)s)."),
            tile=str(face_of(tile)),
            reason=reason,
        )
        tables[(owner, index)] = swapped
    return tables


def _additions(state: State, adds: list, tables: dict[tuple[int, int], list[int]]) -> None:
    for owner, index, tiles in adds:
        meld = tables.get((owner, index)) or list(_check_target(state, owner, index))
        require(tiles, "malformed", gettext_noop("Add at least one tile."))
        tables[(owner, index)] = meld + tiles
    for (owner, index), tiles in tables.items():
        label = Message(
            gettext_noop("Player %(player)s's meld %(meld)s after your move"),
            {"player": owner + 1, "meld": index + 1},
        )
        _valid(tiles, label)


def _new_melds(
    melds: list[list[int]], freed: list[int], own: Collection[int], taken: int | None
) -> None:
    for i, m in enumerate(melds):
        _valid(m, combination_label(i))
    for joly in freed:
        home = [m for m in melds if joly in m]
        require(
            bool(home) and sum(t in own and t not in freed for t in home[0]) >= 2,
            "joly_must_be_laid",
            gettext_noop(
                "A joly taken by replacement must be laid this turn in a new combination "
                "with two tiles from your own rack."
            ),
        )
    if taken is not None:
        home = [m for m in melds if taken in m]
        require(
            bool(home) and sum(t in own for t in home[0]) >= 2,
            "take_needs_combination",
            gettext_noop(
                "A discard taken this way must be laid at once in a new combination "
                "with two tiles from your own rack."
            ),
        )


def _commit(
    state: State,
    seat: int,
    melds: list[list[int]],
    tables: dict[tuple[int, int], list[int]],
    from_rack: list[int],
    opening: bool,
) -> list[Event]:
    events: list[Event] = []
    for (owner, index), tiles in tables.items():
        state.melds[owner][index] = in_order(tiles)
    remove(state, seat, from_rack)
    for tile in from_rack:
        if state.laid_by[tile] < 0:
            state.laid_by[tile] = seat
    for m in melds:
        state.melds[seat].append(in_order(m))
    if opening:
        state.opened[seat] = True
        state.opened_this_turn = True
        events.append({"type": "open", "seat": seat})
    events.append(
        {
            "type": "meld",
            "seat": seat,
            "melds": [in_order(m) for m in melds],
            "changed": [[o, i, t] for (o, i), t in tables.items()],
        }
    )
    return events
