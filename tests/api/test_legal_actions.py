"""Each engine's ``legal_actions(state, seat)`` agrees with its ``apply``, over seeded playouts
of every short contract configuration in the catalogue:

* every listed choice is accepted as it stands (Rumbaroo's listed moves also never
  draw the missed-call penalty);
* no accepted move of a listed kind is missing: at each step random single-choice
  moves are built from the action schema and the pieces the seat can see, and every
  one the engine accepts is in the listing (melds, whole tables and proofs are
  combinatorial: they only need their type marked ``composed``);
* a type the listing leaves out is refused in every form tried;
* a ``slots`` family (Rumasta's two discards) stands for exactly the moves the engine
  accepts: its expansion is checked like listed choices, and, exhaustively, every
  ordered pair of hand cards (and nulls) is accepted if and only if the family has it.

Pure engine tests (no database): the listing is the engines' own code.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from api import legal
from games import catalogue
from games.engine import choices as families
from games.engine.base import IllegalAction

CONFIGS = [
    pytest.param(e, i, id=f"{e.kind}-{i}")
    for e in catalogue.ready()
    for i in range(len(e.contract_configs))
]
MAX_STEPS = 400
TRIES = 25  # random candidate moves per step
COMPOSITE = ("table", "pairs", "nested", "object")


def _accepts(engine: Any, state: Any, seat: int, action: dict[str, Any]) -> list[Any] | None:
    try:
        return engine.apply(state, seat, action)[1]
    except IllegalAction:
        return None


def _same(kind: str, action: dict[str, Any], state: Any) -> dict[str, Any]:
    """An action as compared: the call flag aside, Rumbaroo's discard-in-a-Croc as a snap."""
    out = {k: v for k, v in action.items() if k != "call"}
    if kind == "rumbaroo" and out["type"] == "discard" and state.phase == "croc":
        out = {"type": "snap", "tile": out.get("tile")}
    return out


def _random_value(rng: random.Random, spec: tuple[Any, ...], seen: list[int]) -> Any:
    shape = spec[0]
    if shape == "int":
        low, high = spec[1], spec[2]
        if high - low > 20 and seen and rng.random() < 0.8:
            return rng.choice(seen)
        return rng.randint(low, min(high, low + 200))
    if shape == "bool":
        return rng.random() < 0.5
    if shape == "choice":
        return rng.choice(list(spec[1]))
    if shape == "list":
        size = rng.choice([0, 1, 2, 2, 2]) if spec[1] > 2 else spec[1]
        return [rng.choice(seen) if seen else 0 for _ in range(size)]
    return None


def _random_move(rng: random.Random, engine: Any, kind: str, seen: list[int]) -> dict[str, Any]:
    fields = engine.ACTION_FIELDS[kind]
    move: dict[str, Any] = {"type": kind}
    for name, spec in fields.items():
        if spec[0] not in COMPOSITE and rng.random() < 0.7:
            value = _random_value(rng, spec, seen)
            if value is not None:
                move[name] = value
    return move


def _same_effect(
    engine: Any, state: Any, seat: int, move: dict[str, Any], choices: list[dict[str, Any]]
) -> bool:
    """Some listed choice leaves the game exactly as ``move`` does (the engine ignores the
    fields a move's tile does not ask for, so they need no listing of their own)."""
    after = engine.to_json(engine.apply(state, seat, move)[0])
    for choice in choices:
        plain = {k: v for k, v in choice.items() if k != "call"}
        if engine.to_json(engine.apply(state, seat, plain)[0]) == after:
            return True
    return False


def _told(kind: str, item: dict[str, Any]) -> list[dict[str, Any]]:
    """Every complete move a listing entry stands for: its choices and its family's moves."""
    family = item.get("slots")
    return item["choices"] + (list(families.expand(kind, family)) if family else [])


def _single_choice(engine: Any, kind: str) -> bool:
    """A type whose every field is a plain value (not a table, pairs, rows or an object)."""
    return all(spec[0] not in COMPOSITE for spec in engine.ACTION_FIELDS[kind].values())


@pytest.mark.parametrize(("entry", "index"), CONFIGS)
def test_listed_moves_are_accepted_and_none_is_missing(entry: Any, index: int) -> None:
    engine = catalogue.load(entry.engine)
    lister = legal.lister(engine)
    assert lister is not None, f"{entry.kind} has no legal_actions"
    rng = random.Random(7 + index)
    state = engine.new_game(dict(entry.contract_configs[index]), 5 + index)
    checked = 0
    for _ in range(MAX_STEPS):
        outcome = engine.result(state)
        if outcome is not None and outcome.game_over:
            break
        seat = rng.choice(sorted(engine.to_act(state)))
        listing = lister(state, seat)
        told = {kind: _told(kind, item) for kind, item in listing.items()}
        listed = {
            repr(sorted(_same(entry.kind, c, state).items())) for ts in told.values() for c in ts
        }
        # Every listed choice is accepted (a sample when there are hundreds of discards).
        for choices in told.values():
            for choice in rng.sample(choices, min(len(choices), 40)):
                events = _accepts(engine, state, seat, choice)
                assert events is not None, (entry.kind, choice)
                assert not any(e.get("reason") == "no_call" for e in events), choice
        # No accepted single-choice move is missing; no move of an unlisted type is accepted.
        seen = sorted(set(engine.all_ids(state)) - engine.hidden_from(state, seat))
        for _ in range(TRIES):
            kind = rng.choice(legal.action_types(engine))
            move = _random_move(rng, engine, kind, seen)
            if _accepts(engine, state, seat, move) is None:
                continue
            compared = _same(entry.kind, move, state)
            assert compared["type"] in listing, (entry.kind, move)
            if _single_choice(engine, kind) and not listing[compared["type"]]["composed"]:
                covered = repr(sorted(compared.items())) in listed or _same_effect(
                    engine, state, seat, compared, told[compared["type"]]
                )
                assert covered, (entry.kind, move)
                checked += 1
        choices = [c for ts in told.values() for c in ts]
        action = rng.choice(choices) if choices else dict(engine.TIMEOUT_ACTION)
        state, _ = engine.apply(state, seat, action)
    assert checked > 0  # the random moves did reach the engine's acceptance


def test_only_the_seats_to_act_get_moves() -> None:
    for entry in catalogue.ready():
        engine = catalogue.load(entry.engine)
        state = engine.new_game(dict(entry.contract_configs[0]), 1)
        lister = legal.lister(engine)
        for seat in range(entry.contract_configs[0]["players"]):
            listing = lister(state, seat)
            assert bool(listing) == (seat in engine.to_act(state)), (entry.kind, seat)


RUMASTA = catalogue.get("rumasta")


@pytest.mark.parametrize("index", range(len(RUMASTA.contract_configs)))
def test_rumastas_discard_family_is_exactly_the_accepted_pairs(index: int) -> None:
    """At every discard of a playout, each ordered pair of hand cards (with nulls and the same
    card twice) is accepted exactly when the family has it; order matters (pile 0, pile 1)."""
    engine = catalogue.load(RUMASTA.engine)
    lister = legal.lister(engine)
    rng = random.Random(31 + index)
    state = engine.new_game(dict(RUMASTA.contract_configs[index]), 31 + index)
    families_seen = 0
    for _ in range(MAX_STEPS):
        outcome = engine.result(state)
        if outcome is not None and outcome.game_over:
            break
        seat = rng.choice(sorted(engine.to_act(state)))
        listing = lister(state, seat)
        family = listing.get("discard", {}).get("slots")
        if family:
            families_seen += 1
            assert family["field"] == "cards" and family["distinct"] is True
            told = {tuple(a["cards"]) for a in families.expand("discard", family)}
            hand = [*state.hands[seat], None]
            for pair in ((a, b) for a in hand for b in hand):
                move = {"type": "discard", "cards": list(pair)}
                accepted = _accepts(engine, state, seat, move) is not None
                assert accepted == (pair in told), pair
            assert len(told) == len(state.hands[seat]) * (len(state.hands[seat]) - 1)
        moves = [c for kind, item in listing.items() for c in _told(kind, item)]
        action = rng.choice(moves) if moves else dict(engine.TIMEOUT_ACTION)
        state, _ = engine.apply(state, seat, action)
    assert families_seen > 0


def test_the_legal_answer_stays_small() -> None:
    """Over seeded playouts of every game the answer stays under 12 KB (Rumasta's discards
    as every ordered pair reached ~92 KB); the family still stands for thousands of moves."""
    from bench.benchmarks.legal_sizes import playout_sizes

    for entry in catalogue.ready():
        sizes = [s for seed in (100, 101) for s in playout_sizes(entry, seed, MAX_STEPS)]
        assert max(size for size, _ in sizes) < 12_000, entry.kind
        if entry.kind == "rumasta":
            assert max(told for _, told in sizes) > 500  # many moves, told compactly
