"""Rumasta's post-game review (reviews/rumasta.py) and the search behind it
(games/bots/rumasta/best.py), checked against an exhaustive search written apart."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.bots.rumasta import best as search
from games.engine import rumasta as rm
from games.engine.rumasta.cards import FACES
from reviews import rumasta as review
from tests.api.visible_text import visible_text
from tests.engine.rumasta.rm_helpers import build
from tests.reviews import rumasta_exact as exact
from tests.reviews.rumasta_game import COMPUTER, buried, play_turns, rm_dealt

__all__ = ["rm_dealt"]
RO = {"HTTP_ACCEPT_LANGUAGE": "ro"}


def round_url(game: Any, round_no: int = 1) -> str:
    return reverse("reviews:round", kwargs={"game_id": game.id, "round_no": round_no})


def faces(cards: list[int]) -> list[str]:
    return [FACES[c].text for c in cards]


# --- the example: the third turn -----------------------------------------------------


@pytest.mark.django_db
def test_the_third_turn_says_taking_pile_2_with_its_proof_was_worth_85_more(
    client: Client, rm_dealt
) -> None:
    game = play_turns(rm_dealt())
    assert game.status == "finished"
    board = client.get(f"/rumasta/g/{game.id}/").content.decode()  # Game over links to it
    assert reverse("reviews:game", kwargs={"game_id": game.id}) in board
    response = client.get(round_url(game))
    assert response.status_code == 200
    text = visible_text(response.content.decode())
    third = text.split("Turn 3")[1]
    assert "You drew and melded nothing." in third
    worth = "Taking pile 2 with its proof (K♦ K♣) was worth 85 points more: 85 points in all."
    assert worth in third
    assert "Missed a pile" in third
    for turn in ("Turn 1", "Turn 2"):  # from the hand alone: K♣ Q♠ J♠ 10♠ 9♠ and 4♦ 5♦ 6♦
        part = text.split(turn)[1].split("Turn")[0]
        assert "Melding from your hand was worth 65 points more: 65 points in all." in part
    assert (
        "You melded 0 points in 3 turns; the most you could have melded, turn by turn, "
        "was 215 points." in text
    )
    assert "You made the best play on 0 of your 3 turns." in text
    assert "You could have taken a pile on turn 3." in text


@pytest.mark.django_db
def test_the_review_keeps_which_pile_which_proof_and_the_difference(rm_dealt) -> None:
    game = play_turns(rm_dealt())
    data = review.compute(game, 0, 1)
    third = data["turns"][2]
    best = third["best"]
    assert (best["option"], best["piles"], best["points"], best["exact"]) == ("take", [1], 85, True)
    assert faces(best["proofs"]["1"]) == ["KD", "KC"]
    assert sorted(faces(best["tops"][0][2])) == ["KC", "KD"]
    assert sorted(sorted(faces(m)) for m in best["melds"]) == [
        ["10S", "9S", "JS", "QS"],
        ["4D", "5D", "6D"],
    ]
    assert (third["did"]["points"], third["gain"], third["missed_piles"]) == (0, 85, [1])
    assert third["freeze_ignored"] == []
    assert [t["best"]["option"] for t in data["turns"]] == ["draw", "draw", "take"]
    assert [t["gain"] for t in data["turns"]] == [65, 65, 85]


# --- never before the game is over; only the seat's own view ---------------------------------


@pytest.mark.django_db
def test_no_review_while_the_game_goes_on(client: Client, rm_dealt) -> None:
    game = play_turns(rm_dealt(), 4)
    assert game.status == "active"
    assert review.completed_rounds(game) == []
    page = client.get(reverse("reviews:game", kwargs={"game_id": game.id}))
    assert "Your review comes once the game is over for everyone at the table." in visible_text(
        page.content.decode()
    )
    assert client.get(round_url(game)).status_code == 404


@pytest.mark.django_db
def test_the_review_sees_and_shows_only_the_seats_own_view(
    client: Client, rm_dealt, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = play_turns(rm_dealt())
    state = rm.from_json(game.state)
    seen: list[dict[str, Any]] = []
    real = review.best_turn

    def spy(view: dict[str, Any], budget: search.Budget) -> search.BestTurn:
        seen.append(view)
        return real(view, budget)

    monkeypatch.setattr(review, "best_turn", spy)
    page = client.get(round_url(game)).content.decode()
    assert len(seen) == 3 and all(v["seat"] == 0 and v["hand"] for v in seen)
    assert all(v["hand_counts"][1] and v["final_hands"] is None for v in seen)
    searched = {c for v in seen for c in _ids(v)}
    on_page = {int(c) for c in re.findall(r'data-card="(\d+)"', page)}
    known = {c["id"] for v in seen for c in v["hand"]}  # seat 0's own cards
    known |= {p["top"]["id"] for v in seen for p in v["piles"] if p["top"]}  # face up
    assert on_page and on_page <= known
    computer = set(state.hands[1])  # 10 dealt + 8 drawn - 6 discarded, never seen by seat 0
    assert len(computer) == len(COMPUTER.split()) + 2
    never = computer | buried() | set(state.stock)
    assert not (on_page | searched) & never


def _ids(value: Any) -> list[int]:
    """Every card id in a view (any "id" key, at any depth)."""
    if isinstance(value, dict):
        own = [value["id"]] if isinstance(value.get("id"), int) else []
        return own + [c for v in value.values() for c in _ids(v)]
    if isinstance(value, list):
        return [c for v in value for c in _ids(v)]
    return []


# --- bounded: "at least", the safety net ------------------------------------------------------


@pytest.mark.django_db
def test_a_search_cut_short_by_its_step_limit_says_at_least(
    client: Client, rm_dealt, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = play_turns(rm_dealt())
    monkeypatch.setattr(review, "REVIEW_NODES", 3)
    data = review.compute(game, 0, 1)
    assert not data["summary"]["exact"]
    lines = review.present(data)["summary"]
    assert any("turn by turn, was at least" in line for line in lines)


@pytest.mark.django_db
def test_the_cpu_cap_is_only_a_logged_safety_net(
    rm_dealt, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    game = play_turns(rm_dealt())
    assert search.TURN_SECONDS >= 10 * search.HINT_SECONDS / 5  # far above the usual cost
    review.compute(game, 0, 1)
    assert not [r for r in caplog.records if r.levelname == "WARNING"]
    monkeypatch.setattr(review, "TURN_SECONDS", 0.0)
    with caplog.at_level("WARNING", logger="reviews.rumasta"):
        review.compute(game, 0, 1)
    warnings = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert len(warnings) == 3 and all(str(game.id) in w and "safety cap" in w for w in warnings)


# --- in Romanian ------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_review_page_in_romanian(client: Client, rm_dealt) -> None:
    game = play_turns(rm_dealt())
    text = visible_text(client.get(round_url(game), **RO).content.decode())
    for words in (
        "Analizează-ți turele",
        "Tura 3",
        "Ai tras și n-ai pus jos nimic.",
        "Luarea teancului 2 cu dovada lui (K♦ K♣) valora cu 85 de puncte mai mult: "
        "85 de puncte în total.",
        "Ai fi putut lua un teanc în tura 3.",
    ):
        assert words in text, words
    for english in ("You drew", "Taking pile", "worth", "Missed a pile", "Your hand"):
        assert english not in text, english


# --- the search against an exhaustive one, on seeded small positions -------------------------

POSITIONS = 240
PLAY_POSITIONS = 60
WILDS = ("JK", "2S", "2H", "2D")


def _natural(rng: random.Random, low: int) -> str:
    pos = low + rng.randint(0, 4)
    rank = {7: "J", 8: "Q", 9: "K", 10: "A"}.get(pos, str(pos + 4))
    return rank + rng.choice("SHDC")


def _position(seed: int, step: str = "choose") -> rm.State:
    """A small seeded position whose cards meld often: ranks from a window of five."""
    rng = random.Random(seed)
    while True:
        low = rng.randint(0, 6)
        hand = [_natural(rng, low) for _ in range(rng.randint(5, 8))]
        hand += [rng.choice(WILDS) for _ in range(rng.choice((0, 0, 1, 2)))]
        if rng.random() < 0.15:
            hand.append("3S")
        melded = rng.random() < 0.5
        own = [_meld(rng, low) for _ in range(rng.randint(1, 2))] if melded else []
        tops = [_natural(rng, low) for _ in (0, 1)]
        under = [" ".join(_natural(rng, low) for _ in range(rng.randint(0, 4))) for _ in (0, 1)]
        try:
            return build(
                [" ".join(hand), "4S 4S"],
                piles=(f"{under[0]} {tops[0]}", f"{under[1]} {tops[1]}"),
                frozen=(rng.random() < 0.3, rng.random() < 0.3),
                melds=[own, []],
                totals=[rng.choice((0, 2000)), 0],
                step=step,
            )
        except ValueError:
            continue  # a face asked for a fourth time: draw again


def _meld(rng: random.Random, low: int) -> str:
    if rng.random() < 0.5:
        rank = _natural(rng, low)[:-1]
        return " ".join(rank + rng.choice("SHDC") for _ in range(3))
    start = low + rng.randint(0, 2)
    suit = rng.choice("SHDC")
    names = {7: "J", 8: "Q", 9: "K", 10: "A"}
    return " ".join(names.get(p, str(p + 4)) + suit for p in range(start, start + 3))


def _exact_openings(view: dict[str, Any]) -> list[exact.Opening]:
    """The openings as the exhaustive search reads them (a large stock: every draw is full)."""
    hand = len(view["hand"])
    piles = view["piles"]
    ok = [p for p in (0, 1) if piles[p]["pickable"]]
    out = [exact.Opening([], hand + view["me"]["draw_size"])]
    for p in ok:
        top = (piles[p]["top"]["id"], piles[p]["frozen"])
        out.append(exact.Opening([top], hand + piles[p]["count"] + 1))
    if len(ok) == 2:
        tops = [(piles[p]["top"]["id"], True) for p in (0, 1)]
        out.append(exact.Opening(tops, hand + piles[0]["count"] + piles[1]["count"] - 2, both=True))
    return out


def _exact_position(view: dict[str, Any]) -> exact.Position:
    own = [[c["id"] for c in m["cards"]] for m in view["sides_melds"][0]["melds"]]
    melded = bool(view["me"]["melded"])
    need = 0 if melded else view["me"]["minimum"]
    return exact.Position([c["id"] for c in view["hand"]], own, melded, need)


def _melded_points(before: rm.State, after: rm.State) -> int:
    old = {c for m in before.melds[0] for c in m}
    return sum(FACES[c].value for m in after.melds[0] for c in m if c not in old)


@pytest.mark.slow
def test_the_search_agrees_with_an_exhaustive_search_and_its_plays_are_legal() -> None:
    """On 240 seeded positions at the start of a turn and 60 while melding, the search's
    best is the exhaustive search's; and its play, applied by the engine, melds exactly
    the points it claims (the review never claims more than exists)."""
    kinds = _agree(range(POSITIONS), range(POSITIONS, POSITIONS + PLAY_POSITIONS))
    assert kinds.get("take", 0) >= 30 and kinds.get("draw", 0) >= 30, kinds  # both kinds tested


def test_the_search_agrees_with_an_exhaustive_search_on_a_few_positions() -> None:
    """The same check on a few of them, for the fast tier (including seeds 79 and 189,
    where a run of the side's took cards below it and both piles were taken)."""
    kinds = _agree([*range(20), 79, 189], range(POSITIONS, POSITIONS + 6))
    assert set(kinds) >= {"take", "draw", "meld"}, kinds


def _agree(choose: Any, play: Any) -> dict[str, int]:
    kinds: dict[str, int] = {}
    for seed in [*choose, *play]:
        step = "choose" if seed < POSITIONS else "play"
        state = _position(seed, step)
        view = rm.view(state, 0)
        budget = search.Budget(search.REVIEW_NODES)
        if step == "choose":
            found = search.best_turn(view, budget)
            truth = exact.best_of_turn(_exact_position(view), _exact_openings(view))
        else:
            found = search.best_melds(view, budget)
            only = [exact.Opening([], len(view["hand"]))]
            truth = exact.best_of_turn(_exact_position(view), only)
        assert found.exact, seed
        assert found.points == truth, (seed, found, truth)
        after = state
        for action in found.actions():
            after, _events = rm.apply(after, 0, action)
        assert _melded_points(state, after) == found.points, seed
        kinds[found.option] = kinds.get(found.option, 0) + 1
    return kinds
