"""Every face-up card a seat may see carries its id (``data-card``), the same in the hand and
on the table, so the table's motion (static/js/motion.js) follows it across a swap; a card
the seat may not see carries none: the draw pile, the other hands (a partner's too), the
cards under a pile's top, and the hands shown face up at a round's end (issue 42)."""

from __future__ import annotations

import re

import pytest

from tests.web.rumasta.conftest import held, post, put_state, state_of

pytestmark = pytest.mark.django_db

KEY = re.compile(r'data-card="(\d+)"')


def keys(html: str) -> list[int]:
    return [int(k) for k in KEY.findall(html)]


def hand_keys(html: str) -> set[int]:
    """The ids on the hand's cards (each a ``rm-pick`` label)."""
    return {int(k) for k in re.findall(r'class="rm-pick"[^>]*data-card="(\d+)"', html)}


def test_face_up_cards_carry_their_ids_and_nothing_hidden_does(client, crafted):
    game = crafted(
        ["KD KC 9H 8H", "4S 6S", "JK JK 2C", "5C 7C"],
        players=4,
        teams="2v2",
        piles=("5D 6D 7H", "9S"),
        melds=[["AS AC AD"], ["QH QS QD"]],
        red3s=["3H", "3D", "", ""],
    )
    state = state_of(game)
    page = client.get(f"/rumasta/g/{game.id}/").content.decode()
    assert "{#" not in page  # the card templates' notes stay notes
    shown = keys(page)
    assert len(shown) == len(set(shown))  # one element per card
    table = {c for side in state.melds for m in side for c in m}
    table |= {p[-1] for p in state.piles} | {c for laid in state.red3s for c in laid}
    assert set(shown) == set(state.hands[0]) | table
    assert hand_keys(page) == set(state.hands[0])
    hidden = set(state.stock) | {c for p in state.piles for c in p[:-1]}
    hidden |= {c for seat in (1, 2, 3) for c in state.hands[seat]}
    assert not hidden & set(shown)
    # The draw pile's face-down card and the players' counts carry no id either.
    stock = page.split('class="rm-stock"')[1].split("</div>")[0]
    assert "data-card" not in stock
    players = page.split('class="players rm-players"')[1].split("</ul>")[0]
    assert set(keys(players)) == {c for laid in state.red3s for c in laid}


def test_a_melded_card_keeps_the_id_it_had_in_the_hand(client, crafted):
    game = crafted(["AS AC AD 9H 8H 5S", "4S 6S 7C"], step="play", piles=("7H", "9S"))
    aces = held(game, "AS AC AD")
    page = client.get(f"/rumasta/g/{game.id}/").content.decode()
    assert set(aces) <= hand_keys(page)
    # Set aside as a meld to lay down later: still the seat's own, still followed.
    body = post(client, game, "group", cards=aces).content.decode()
    ready = body.split("rm-group")[1].split("</p>")[0]
    assert set(keys(ready)) == set(aces) and not set(aces) & hand_keys(body)
    body = post(client, game, "meld").content.decode()
    meld = body.split('data-testid="meld"')[1].split("</div>")[0]
    assert sorted(keys(meld)) == sorted(aces)
    assert not set(aces) & hand_keys(body)


def test_the_hands_shown_at_a_rounds_end_carry_no_ids(client, crafted):
    game = crafted(["9H 8H", "4S 6S 7C"], piles=("7H", "9S"), step="play", empty_stock=True)
    state = state_of(game)
    state.exhausted = True
    put_state(game, state)
    post(client, game, "discard", pile=0, cards=held(game, "9H"))
    post(client, game, "discard", pile=1, cards=held(game, "8H"))
    state = state_of(game)
    assert state.phase in ("round_over", "game_over")
    page = client.get(f"/rumasta/g/{game.id}/").content.decode()
    left = page.split('class="rm-left"', 1)[1]
    assert "six of spades" in left and "data-card" not in left
    others = {c for seat in range(1, len(state.hands)) for c in state.hands[seat]}
    assert others and not others & set(keys(page))
