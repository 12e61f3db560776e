"""Playing Rumasta in Debian's Chromium at 360 px: take a pile with a proof, discard two,
and reach the Round complete screen."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine import rumasta as rm
from games.models import Game
from tests.engine.rumasta.rm_helpers import build
from tests.web.rumasta.conftest import put_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_take_a_pile_with_a_proof_discard_two_and_finish_the_round(live_server: Any, page: Any):
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(live_server.url + "/rumasta/new/")
    page.get_by_label("2", exact=True).check()
    page.get_by_label("Everyone for themselves").check()
    page.get_by_label("Points to win").fill("500")
    page.get_by_role("button", name="Deal the cards").click()
    page.wait_for_url("**/rumasta/g/*/")
    game = Game.objects.get(id=page.url.rstrip("/").split("/")[-1])
    state = build(["KD KC AS AC AD 9H 8H 5S", "4S 6S 7C"], piles=("KH", "9S"))
    state.exhausted = True  # the draw pile is gone: the round ends after these discards
    put_state(game, state)
    page.reload()
    expect(page.get_by_test_id("status")).to_contain_text("Your turn")

    page.get_by_role("button", name="A · Take pile 1").click()
    expect(page.get_by_test_id("proof-step")).to_contain_text("Show the matching cards")
    for face in ("AS", "AC", "AD"):
        page.get_by_test_id(f"hand-{face}").click()
    page.get_by_role("button", name="Also lay the picked cards as another meld").click()
    expect(page.get_by_test_id("proof-step")).to_contain_text("Also melding")
    page.get_by_test_id("hand-KD").click()
    page.get_by_test_id("hand-KC").click()
    page.get_by_role("button", name="Show the picked cards and take pile 1").click()
    expect(page.get_by_test_id("status")).to_contain_text("discard one card to each pile")
    expect(page.get_by_test_id("side-0").get_by_test_id("meld")).to_have_count(2)

    page.get_by_test_id("hand-9H").click()
    page.get_by_test_id("discard-1").click()
    expect(page.get_by_test_id("pile-1")).to_contain_text("Going here")
    page.get_by_test_id("hand-8H").click()
    page.get_by_test_id("discard-2").click()
    expect(page.get_by_test_id("round")).to_contain_text("Round complete")
    expect(page.get_by_test_id("round")).to_contain_text("Step 3 · cards left in hand")
    game.refresh_from_db()
    assert rm.from_json(game.state).phase == "round_over"
