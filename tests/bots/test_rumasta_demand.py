"""The wilds' bound of Rumasta's best-play search (games/bots/rumasta/demand.py, issue 41
item 5): which cards still to come are needy, and that the bound never cuts the best
play, checked against the exhaustive search on seeded wild-rich positions."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.bots.rumasta import best as search
from games.bots.rumasta.build import RUN, Build, colour_of, own_build, pos_of
from games.bots.rumasta.demand import demand_bound, needy_split
from games.engine import rumasta as rm
from games.engine.rumasta.cards import FACES, ids_of_face
from tests.engine.rumasta.rm_helpers import build
from tests.reviews import rumasta_exact as exact


def cards_to_come(faces: str) -> list[tuple[int, int, int, bool]]:
    ids = [ids_of_face(face)[0] for face in faces.split()]
    return [(pos_of(c), colour_of(c), FACES[c].value, False) for c in ids]


def own_run(faces: str) -> Build:
    made = own_build(0, [ids_of_face(face)[0] for face in faces.split()])
    assert made is not None
    return made


def test_cards_with_no_meld_free_of_wilds_are_needy():
    """J♣ Q♠ make no meld without a wild; 9♥ 10♥ J♥ do; three 8s do."""
    free, needy = needy_split(cards_to_come("JC QS 9H 10H JH 8D 8S 8C"), [], 2)
    assert (free, needy) == ([10] * 6, [10, 10])


def test_a_run_being_built_frees_the_cards_its_wilds_reach():
    """8♥ 9♥ and a joker take J♥ without a new wild (the joker as 10♥), not K♥."""
    run = own_run("8H 9H JK")
    free, needy = needy_split(cards_to_come("JH KH"), [run], 2)
    assert (free, needy) == ([10], [10])


def test_a_lone_runs_owed_wilds_reach_its_partner_and_the_next_card():
    """8♣ alone starts a run: the search owes the wild between it and 10♣, so J♣ beside
    10♣ may share it (free here), while K♣ is needy even with one wild in hand."""
    run = Build(RUN, colour_of(ids_of_face("8C")[0]))
    run.put(ids_of_face("8C")[0], pos_of(ids_of_face("8C")[0]), None)
    free, needy = needy_split(cards_to_come("10C JC KC"), [run], 1)
    assert (free, needy) == ([10, 10], [10])


def test_needy_cards_take_a_wild_for_every_four():
    """Two needy 10-point cards and a free 5: with no spare wild only the 5 counts, one
    spare wild (worth 20) lets both needy cards in; one owed wild leaves none spare."""
    assert demand_bound([5], [10, 10], [0, 20], 1, 10, 0) == 20 + 25
    assert demand_bound([5], [10, 10], [0, 20], 1, 10, 1) == 20 + 5
    assert demand_bound([5], [10, 10], [0, 20], 0, 10, 0) == 5
    assert demand_bound([5], [10, 10], [0, 20], 0, 10, 1) is None


WILDS = ("JK", "2S", "2H", "2D", "2C")


def _position(seed: int) -> rm.State:
    """A play step with 7-8 naturals from a window of five ranks and 2-3 wilds: most of
    the hand must go down for the best play, where the wilds run short."""
    rng = random.Random(seed)
    while True:
        low = rng.randint(0, 6)
        names = {7: "J", 8: "Q", 9: "K", 10: "A"}
        hand = [
            names.get(p := low + rng.randint(0, 4), str(p + 4)) + rng.choice("SHDC")
            for _ in range(rng.randint(7, 8))
        ]
        hand += [rng.choice(WILDS) for _ in range(rng.choice((2, 3)))]
        start = low + rng.randint(0, 2)
        suit = rng.choice("SHDC")
        own = [" ".join(names.get(p, str(p + 4)) + suit for p in range(start, start + 3))]
        try:
            return build([" ".join(hand), "4S 4S"], melds=[own, []], totals=[0, 0], step="play")
        except ValueError:
            continue  # a face asked for a fourth time: draw again


def _truth(view: dict[str, Any]) -> int:
    own = [[c["id"] for c in m["cards"]] for m in view["sides_melds"][0]["melds"]]
    position = exact.Position([c["id"] for c in view["hand"]], own, True, 0)
    return exact.best_of_turn(position, [exact.Opening([], len(view["hand"]))])


@pytest.mark.slow
def test_the_wilds_bound_never_cuts_the_best_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """On 40 seeded wild-rich play steps the search (with the bound) finds the
    exhaustive search's best, exactly; and the bound does cut: without it the same
    searches visit more nodes."""
    with_bound = without = 0
    for seed in range(40):
        view = rm.view(_position(seed), 0)
        budget = search.Budget(search.REVIEW_NODES)
        found = search.best_melds(view, budget)
        assert found.exact and found.points == _truth(view), (seed, found.points)
        with_bound += budget.total
        with monkeypatch.context() as patched:
            patched.setattr(search.Search, "_demand_allows", lambda *_args: True)
            plain = search.Budget(search.REVIEW_NODES)
            assert search.best_melds(view, plain).points == found.points
            without += plain.total
    assert with_bound < without
