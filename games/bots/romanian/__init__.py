"""Computer players for Romanian Tile Rummy: easy, medium and expert.

A bot is ``choose_action(view, level)``: it sees only its seat's view, and
answers whenever its seat is in ``view["to_act"]`` (``None`` otherwise).
Nothing is random and the searches are bounded by step counts, so the same
view always gets the same answer on any machine, busy or idle.

Budget (a fixed amount of work, never a clock): easy and medium do no search
(greedy packings and fixed rules). The expert's packing search
(``best_packing``) stops after ``BUDGET["expert"]`` (60,000) steps per call,
taking the best packing found so far; choosing a discard it spends at most a
tenth of that on the whole rack and a twentieth per face it weighs.

* easy: opens with a greedy guess, never takes a discard, lays only on its
  own melds and throws its highest tile.
* medium: the greedy opening, takes the last discard when it can lay it at
  once, adds to anyone's melds, throws its least connected tile.
* expert: an exact search for the opening of greatest value with a run
  (``search.best_packing``), weighs every discard in the row
  against the tiles that come with it, replaces jolys, and throws the tile
  whose partners are dead in what it has seen (the row, the first discard,
  the table and the discards others took), avoiding tiles that feed a meld.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.engine.romanian import RomanianSeatView, RomanianView, is_seated
from games.engine.romanian.view_types import TileView

from .search import (
    JOLY,
    Combo,
    Packing,
    best_packing,
    candidates,
    fits,
    greedy_packing,
)

LEVELS = ("easy", "medium", "expert")
BUDGET = {"easy": 2_000, "medium": 10_000, "expert": 60_000}
View = RomanianSeatView  # a player's own view: its seat and rack are there
TableMeld = tuple[int, int, list[str]]  # owner, index, faces
Action = dict[str, Any]


def choose_action(view: RomanianView, level: str = "medium") -> Action | None:
    if not is_seated(view) or view["seat"] not in view["to_act"]:
        return None
    level = level if level in LEVELS else "medium"
    phase = view["phase"]
    if phase == "doubla":
        return _doubla(view)
    if phase == "doubla_swap":
        return _swap(view)
    if phase in ("round_over",):
        return {"type": "next_round"}
    if phase == "first_discard":
        return {"type": "discard", "tile": pick_discard(view, level)}
    if phase == "draw":
        return _draw(view, level)
    if phase == "play":
        return _play(view, level) or {"type": "discard", "tile": pick_discard(view, level)}
    return {"type": "timeout"}


# --- small readers of the view ----------------------------------------------------


def rack_ids(view: View) -> list[int]:
    return [t["id"] for t in view["rack"]]


def face(view: View, tile: int) -> str:
    return next(t["face"] for t in view["rack"] if t["id"] == tile)


def rack_faces(view: View) -> Counter[str]:
    return Counter(t["face"] for t in view["rack"])


def ids_for(
    view: View, combos: list[Combo], first: dict[str, int] | None = None
) -> list[list[int]]:
    """Concrete tile ids for face combinations (``first``: use that id for its face first)."""
    pool: dict[str, list[int]] = {}
    for t in view["rack"]:
        pool.setdefault(t["face"], []).append(t["id"])
    for f, tile in (first or {}).items():
        pool.setdefault(f, []).insert(0, tile)
    return [[pool[f].pop(0) for f in c.faces] for c in combos]


def value(f: str) -> int:
    if f == JOLY:
        return 25
    n = int(f[1:])
    return 10 if n >= 10 else 5


# --- doubla -----------------------------------------------------------------------


def _doubla(view: View) -> Action:
    seen: dict[str, int] = {}
    for t in view["rack"]:
        if t["joly"]:
            continue
        if t["face"] in seen:
            return {"type": "doubla", "pair": [seen[t["face"]], t["id"]]}
        seen[t["face"]] = t["id"]
    return {"type": "decline"}


def _swap(view: View) -> Action:
    seat = view["seat"]
    others = [s for s, h in enumerate(view["doubla"]["declared"]) if h and s != seat]
    return {"type": "swap", "with": others[0]} if others else {"type": "decline"}


# --- drawing and taking -------------------------------------------------------------


def _draw(view: View, level: str) -> Action:
    seat = view["seat"]
    if level == "easy" or not view.get("may_take"):
        return {"type": "draw"}
    row = view["discards"]
    if not view["opened"][seat]:
        return _open_with_discard(view, level) or {"type": "draw"}
    if level == "medium":
        last = row[-1]["face"]
        useful = _makes_combo(rack_faces(view), last) or _fits_table(view, last, seat)
        return {"type": "take", "index": len(row) - 1} if useful else {"type": "draw"}
    return _expert_take(view) or {"type": "draw"}


def _open_with_discard(view: View, level: str) -> Action | None:
    """House option: take the last discard only if it makes an opening the rack alone cannot."""
    threshold = view["options"]["threshold"]
    rack = rack_faces(view)
    n = sum(rack.values())
    alone = _opening(rack, n - 1, level)
    if alone.value >= threshold and alone.has_run:
        return None
    last = view["discards"][-1]
    with_it = _opening(rack + Counter([last["face"]]), n, level)
    if with_it.value < threshold or not with_it.has_run:
        return None
    if not any(last["face"] in c.faces for c in with_it.combos):
        return None
    melds = ids_for(view, with_it.combos, {last["face"]: last["id"]})
    if not any(last["id"] in m for m in melds):
        return None
    return {"type": "take", "index": len(view["discards"]) - 1, "melds": melds}


def _makes_combo(rack: Counter[str], f: str) -> Combo | None:
    """The best combination holding ``f`` with tiles of the rack (not just the rack's own)."""
    if f == JOLY:
        return None
    more = rack + Counter([f])
    best = None
    for combo in candidates(more):
        if combo.need[f] > rack[f] and (best is None or combo.value > best.value):
            best = combo
    return best


def _table(view: View) -> list[TableMeld]:
    return [
        (owner, i, [t["face"] for t in m["tiles"]])
        for owner, melds in enumerate(view["melds"])
        for i, m in enumerate(melds)
    ]


def _fits_table(view: View, f: str, seat: int) -> bool:
    return any(fits(faces, [f]) for _, _, faces in _table(view))


def _expert_take(view: View) -> Action | None:
    """Weigh each discard in the row: the combination it makes against what comes with it."""
    seat = view["seat"]
    row = view["discards"]
    rack = rack_faces(view)
    danger = min(c for s, c in enumerate(view["rack_counts"]) if s != seat) <= 4
    best: tuple[float, Action] | None = None
    for index in range(len(row) - 1, -1, -1):
        tile = row[index]
        combo = _makes_combo(rack, tile["face"])
        after = [t["face"] for t in row[index + 1 :]]
        last = index == len(row) - 1
        if combo is None and not last:
            continue
        gain: float = combo.value if combo else (5 if _fits_table(view, tile["face"], seat) else -5)
        for f in after:
            usable = _fits_table(view, f, seat) or _makes_combo(rack, f) is not None
            gain += value(f) * (0.5 if usable else -(1.5 if danger else 0.7))
        score = gain - (0 if last else 8)
        if best is None or score > best[0]:
            action: Action = {"type": "take", "index": index}
            if not last and combo is not None:
                melds = ids_for(view, [_rest_of(combo, tile["face"])])
                action["melds"] = [[tile["id"], *melds[0]]]
            best = (score, action)
    return best[1] if best and best[0] > 0 else None


def _rest_of(combo: Combo, f: str) -> Combo:
    faces = list(combo.faces)
    faces.remove(f)
    return Combo(tuple(faces), combo.kind, combo.value)


# --- melding ------------------------------------------------------------------------


def _opening(rack: Counter[str], max_tiles: int, level: str) -> Packing:
    if level == "expert":
        return best_packing(rack, BUDGET[level], max_tiles, need_run=True)
    return greedy_packing(rack, max_tiles, need_run=True)


def _play(view: View, level: str) -> Action | None:
    seat = view["seat"]
    rack = rack_faces(view)
    keep = sum(rack.values()) - 1
    if keep < 3 and not view["opened"][seat]:
        return None
    if not view["opened"][seat]:
        packing = _opening(rack, keep, level)
        if packing.has_run and packing.value >= view["options"]["threshold"]:
            return {"type": "meld", "melds": ids_for(view, packing.combos)}
        return None
    if level == "expert":
        replace = _replacement(view)
        if replace:
            return replace
    packing = (
        best_packing(rack, BUDGET[level], keep) if level == "expert" else greedy_packing(rack, keep)
    )
    melds = ids_for(view, packing.combos)
    used = {t for m in melds for t in m}
    adds = _adds(view, level, [t for t in rack_ids(view) if t not in used], keep - len(used))
    if not melds and not adds:
        return None
    action: Action = {"type": "meld", "melds": melds}
    if adds:
        action["add"] = adds
    return action


def _adds(view: View, level: str, free: list[int], room: int) -> list[list[Any]]:
    seat = view["seat"]
    own_only = level == "easy" or view["opened_this_turn"]
    table = {(o, i): faces for o, i, faces in _table(view) if not own_only or o == seat}
    small = level == "expert" or len(view["rack"]) <= 4
    adds: dict[tuple[int, int], list[int]] = {}
    for tile in free:
        if room <= 0:
            break
        f = face(view, tile)
        if f == JOLY and not small:
            continue
        for key, faces in table.items():
            if fits(faces, [f]):
                table[key] = [*faces, f]
                adds.setdefault(key, []).append(tile)
                room -= 1
                break
    return [[o, i, tiles] for (o, i), tiles in adds.items()]


def _replacement(view: View) -> Action | None:
    """Swap a real tile for a joly on the table when the joly then makes a new combination."""
    seat = view["seat"]
    rack = view["rack"]
    for owner, index, _faces in _table(view):
        if view["opened_this_turn"] and owner != seat:
            continue
        meld = view["melds"][owner][index]["tiles"]
        for j in [t for t in meld if t["joly"]]:
            for tile in rack:
                if tile["joly"]:
                    continue
                swapped = [tile["face"] if t["id"] == j["id"] else t["face"] for t in meld]
                if not fits(swapped, []):
                    continue
                rest = rack_faces(view) - Counter([tile["face"]])
                if sum(rest.values()) < 3:
                    continue
                combo = _joly_combo(rest)
                if combo is None:
                    continue
                others = _rest_of(combo, JOLY)
                pool = [t for t in rack if t["id"] != tile["id"]]
                ids = _pick(pool, others.faces)
                return {
                    "type": "meld",
                    "replace": [[owner, index, j["id"], tile["id"]]],
                    "melds": [[j["id"], *ids]],
                }
    return None


def _joly_combo(rest: Counter[str]) -> Combo | None:
    """A combination of the freed joly with two or more real rack tiles, leaving one to discard."""
    more = rest + Counter([JOLY])
    room = sum(rest.values()) - 1
    for combo in candidates(more):
        fresh = combo.need[JOLY] == 1 and not rest[JOLY] and len(combo.faces) - 1 <= room
        if fresh and sum(1 for f in combo.faces if f != JOLY) >= 2:
            return combo
    return None


def _pick(pool: list[TileView], faces: tuple[str, ...]) -> list[int]:
    left = list(pool)
    out = []
    for f in faces:
        tile = next(t for t in left if t["face"] == f)
        left.remove(tile)
        out.append(tile["id"])
    return out


# --- discarding -----------------------------------------------------------------------


def pick_discard(view: View, level: str) -> int:
    rack = view["rack"]
    plain = [t for t in rack if not t["joly"]] or rack
    if level == "easy":
        return max(plain, key=lambda t: (value(t["face"]), t["id"]))["id"]
    seen = _seen(view) if level == "expert" else Counter()
    table = _table(view) if level == "expert" else []
    if level == "expert":
        plain = _loose(view, plain)
        if not view["opened"][view["seat"]]:  # keep high tiles: they make the threshold
            return min(
                plain,
                key=lambda t: (_keep_score(t, rack, seen, table) + value(t["face"]) / 4, t["id"]),
            )["id"]
    return min(
        plain, key=lambda t: (_keep_score(t, rack, seen, table), -value(t["face"]), t["id"])
    )["id"]


def _loose(view: View, plain: list[TileView]) -> list[TileView]:
    """The tiles the best packing of the rack leaves out (else those whose loss costs least)."""
    rack = rack_faces(view)
    full = best_packing(rack, BUDGET["expert"] // 10, sum(rack.values()))
    used = sum((c.need for c in full.combos), Counter())
    loose = [t for t in plain if rack[t["face"]] > used[t["face"]]]
    if loose:
        return loose
    costs = {}
    for f in {t["face"] for t in plain}:
        rest = rack - Counter([f])
        costs[f] = full.value - best_packing(rest, BUDGET["expert"] // 20, sum(rest.values())).value
    cheapest = min(costs.values())
    return [t for t in plain if costs[t["face"]] == cheapest]


def _seen(view: View) -> Counter[str]:
    """Faces out of reach: the row, the first discard, the table, discards others took."""
    seen = Counter(t["face"] for t in view["discards"])
    if view["first_discard"]:
        seen[view["first_discard"]["face"]] += 1
    for melds in view["melds"]:
        for m in melds:
            seen.update(t["face"] for t in m["tiles"])
    for take in view["takes"]:
        if take["seat"] != view["seat"]:
            seen.update(take["faces"])
    return seen


def _keep_score(
    tile: TileView, rack: list[TileView], seen: Counter[str], table: list[TableMeld]
) -> float:
    """How much a tile is worth keeping: partners held, partners still live, feeding melds."""
    colour, number = tile["colour"], tile["number"]
    if colour is None or number is None:  # a joly
        return 100.0  # only jolys left: any of them
    score = 0.0
    for other in rack:
        step = None if other["number"] is None else abs(other["number"] - number)
        if other["id"] == tile["id"] or step is None:  # itself, or a joly
            continue
        if other["colour"] == colour and 0 < step <= 2:
            score += 2 if step == 1 else 1
        elif other["number"] == number and other["colour"] != colour:
            score += 2
    if seen:
        for partner in _partners(colour, number):
            live = 2 - seen[partner]
            score += 0.25 * max(live, 0)
    if table and any(fits(faces, [tile["face"]]) for _, _, faces in table):
        score += 3  # someone could lay it at once: don't feed the table
    return score


def _partners(colour: str, number: int) -> list[str]:
    near = [n for n in (number - 2, number - 1, number + 1, number + 2) if 1 <= n <= 13]
    return [f"{colour}{n}" for n in near] + [
        f"{c}{number}" for c in ("R", "B", "Y", "K") if c != colour
    ]
