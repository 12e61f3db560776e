"""Each question a Rumbaroo tile asks, through the views: asked first, then played as answered."""

from __future__ import annotations

import html

import pytest

from games.engine import rumbaroo as rb
from tests.engine.rumbaroo.rb_helpers import hand, names
from tests.web.rumbaroo.conftest import held, on_table, post, state_of

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return html.unescape(response.content.decode())


def ask(client, game, face: str, **answers):
    """Play ``face`` on the pile; returns the response (a prompt, or the board after the move)."""
    return post(client, game, "discard", tile=held(game, face), **answers)


def last_action(game) -> dict:
    return game.moves.order_by("-seq").first().action


def test_a_wild_asks_for_the_colour_first(client, crafted) -> None:
    game = crafted(["J R1 B7", "G1 G2"], pile="R5")
    before = game.version
    response = ask(client, game, "J")
    body = text(response)
    assert response.status_code == 200 and 'data-choice="colour"' in body
    for shape_and_name in ("● Red", "■ Blue", "♣ Green", "▲ Yellow"):
        assert shape_and_name in body
    assert state_of(game).pile == rb.from_json(game.state).pile and game.version == before
    ask(client, game, "J", colour="G", asked=1)
    state = state_of(game)
    assert state.colour == "G" and names(state, state.pile)[-1] == "J"
    assert last_action(game) == {"type": "discard", "tile": held_in_pile(game, "J"), "colour": "G"}


def held_in_pile(game, face: str) -> int:
    state = state_of(game)
    return next(t for t in state.pile if rb.face_of(state, t).text == face)


def test_a_billabong_asks_for_the_colour_too(client, crafted) -> None:
    game = crafted(["BILLABONG R1 B7", "G1 G2"], difficulty="wallaby", pile="Y5")
    assert 'data-choice="colour"' in text(ask(client, game, "BILLABONG"))
    ask(client, game, "BILLABONG", colour="B", asked=1)
    assert state_of(game).colour == "B"


def test_a_colour_that_is_not_one_is_refused(client, crafted) -> None:
    game = crafted(["J R1 B7", "G1 G2"], pile="R5")
    response = ask(client, game, "J", colour="purple", asked=1)
    assert response.status_code == 422 and "Choose the next colour" in text(response)
    assert "J" in hand(state_of(game), 0)


def test_a_didgeridoo_asks_for_a_number(client, crafted) -> None:
    game = crafted(
        ["B-DIDGERIDOO R1 R2", "G7 G1", "Y3 Y4"],
        difficulty="big_red",
        pile="B5",
        table=["Y7 B7 R7"],
    )
    body = text(ask(client, game, "B-DIDGERIDOO"))
    assert 'data-choice="number"' in body and 'name="number" value="13"' in body
    ask(client, game, "B-DIDGERIDOO", number=7, asked=1)
    state = state_of(game)
    assert "G7" in names(state, state.table[0])  # Joey 1 had to give up its 7
    assert len(state.hands[2]) == 3  # seat 2 had no 7 and drew one
    assert last_action(game)["number"] == 7


def test_an_outback_swap_asks_which_opponent(client, crafted) -> None:
    game = crafted(["R-SWAP R1 R2", "G1 G2", "Y3 Y4"], difficulty="big_red", pile="R5")
    body = text(ask(client, game, "R-SWAP"))
    assert 'data-choice="target"' in body
    assert 'name="target" value="1"' in body and 'name="target" value="2"' in body
    assert 'name="target" value="0"' not in body
    ask(client, game, "R-SWAP", target=2, asked=1)
    assert last_action(game)["target"] == 2
    state = state_of(game)
    assert len(state.hands[0]) == 2 and len(state.hands[2]) == 2


def test_a_pouch_offers_a_stash_and_it_may_be_declined(client, crafted) -> None:
    game = crafted(["R-POUCH J R1 R2", "G1 G2"], pile="R5")
    body = text(ask(client, game, "R-POUCH"))
    assert 'data-choice="stash"' in body and "Don't stash" in body
    ask(client, game, "R-POUCH", stash=held(game, "J"), asked=1)
    state = state_of(game)
    assert names(state, state.pouches[0]) == ["J"] and "J" not in hand(state, 0)

    declined = crafted(["R-POUCH J R1 R2", "G1 G2"], pile="R5")
    ask(client, declined, "R-POUCH", stash="", asked=1)
    state = state_of(declined)
    assert state.pouches[0] == [] and "stash" not in last_action(declined)


def test_a_dingo_offers_only_tiles_whose_meld_stays_valid(client, crafted) -> None:
    game = crafted(
        ["R-DINGO R1 B9", "G1 G2"],
        difficulty="wallaby",
        pile="R5",
        table=["Y4 Y5 Y6 Y7", "B3 G3 R3"],
    )
    body = text(ask(client, game, "R-DINGO"))
    assert 'data-choice="steal"' in body and "Don't steal" in body
    offered = {int(v) for v in _values(body, "steal")}
    assert offered == {on_table(game, "Y4"), on_table(game, "Y7")}
    ask(client, game, "R-DINGO", steal=on_table(game, "Y7"), asked=1)
    state = state_of(game)
    assert "Y7" in hand(state, 0) and names(state, state.table[0]) == ["Y4", "Y5", "Y6"]


def test_a_dingo_that_would_break_a_meld_is_refused_and_changes_nothing(client, crafted) -> None:
    from tests.games.conftest import snapshot

    game = crafted(
        ["R-DINGO R1 B9", "G1 G2"], difficulty="wallaby", pile="R5", table=["Y4 Y5 Y6 Y7"]
    )
    before = snapshot(game)
    response = ask(client, game, "R-DINGO", steal=on_table(game, "Y5"), asked=1)
    assert response.status_code == 422 and "must stay valid" in text(response)
    assert snapshot(game) == before


def test_a_mob_asks_which_tile_to_pass(client, crafted) -> None:
    game = crafted(["R-MOB R1 B9", "G1 G2"], difficulty="wallaby", pile="R5")
    body = text(ask(client, game, "R-MOB"))
    assert 'data-choice="give"' in body and "Pass my least useful tile" in body
    assert {int(v) for v in _values(body, "give")} == {held(game, "R1"), held(game, "B9")}
    b9 = held(game, "B9")
    ask(client, game, "R-MOB", give=b9, asked=1)
    state = state_of(game)
    assert b9 in state.hands[1] and "B9" not in hand(state, 0)


def test_a_party_hop_offers_a_hop_pair(client, crafted) -> None:
    game = crafted(["R-HOP B-HOP R1 R2", "G1 G2", "Y1 Y2", "B1 B2", "G3 G4"], pile="R5")
    body = text(ask(client, game, "R-HOP"))
    assert 'data-choice="pair"' in body and "Just this Hop" in body
    ask(client, game, "R-HOP", pair=held(game, "B-HOP"), asked=1)
    assert state_of(game).turn == 3  # seats 1 and 2 both miss their turn


def test_a_party_big_red_croc_offers_a_stampede(client, crafted) -> None:
    game = crafted(
        ["R-CROC R1 R2", "G1 G2", "Y1 Y2", "B1 B2", "G3 G4"], difficulty="big_red", pile="R5"
    )
    body = text(ask(client, game, "R-CROC"))
    assert 'data-choice="stampede"' in body and "A normal Croc Snap" in body
    ask(client, game, "R-CROC", stampede=1, asked=1)
    state = state_of(game)
    assert [len(h) for h in state.hands] == [2, 4, 4, 4, 4] and state.croc == 0


def test_a_croc_snap_is_answered_by_snapping_back_or_taking(client, crafted) -> None:
    def croc_game():
        game = crafted(["G-CROC R1 R2", "Y1 Y2", "B1 B2"], difficulty="big_red", pile="R-CROC")
        state = state_of(game)
        state.phase, state.croc = "croc", 3
        from tests.web.rumbaroo.conftest import put_state

        return put_state(game, state)

    game = croc_game()
    page = text(post(client, game, "speed", speed="fast"))
    assert 'data-testid="croc-prompt"' in page and "Take 3 tiles" in page
    assert "Snap back with" in page
    post(client, game, "discard", tile=held(game, "G-CROC"))
    state = state_of(game)
    assert state.turn == 1 and state.croc == 6 and state.phase == "croc"

    game = croc_game()
    post(client, game, "take")
    state = state_of(game)
    assert len(state.hands[0]) == 6 and state.turn == 1 and state.phase == "play"


def test_while_a_croc_waits_nothing_else_goes(client, crafted) -> None:
    from tests.games.conftest import snapshot
    from tests.web.rumbaroo.conftest import put_state

    game = crafted(["G-CROC R1 R2", "Y1 Y2"], difficulty="big_red", pile="R-CROC")
    state = state_of(game)
    state.phase, state.croc = "croc", 3
    put_state(game, state)
    before = snapshot(game)
    response = post(client, game, "discard", tile=held(game, "R1"))
    assert response.status_code == 422 and "snap back" in text(response)
    assert post(client, game, "draw").status_code == 422
    assert snapshot(game) == before


def test_a_drawn_tile_that_fits_is_played_or_kept(client, crafted) -> None:
    game = crafted(["B1 B2", "G1 G2"], pile="R5", pool_top="R9 R10")
    body = text(post(client, game, "draw"))
    assert 'data-testid="drawn-prompt"' in body and "Play it" in body and "Keep it" in body
    assert "red 9" in body
    post(client, game, "discard", tile=held(game, "R9"))
    state = state_of(game)
    assert names(state, state.pile)[-1] == "R9" and state.turn == 1

    kept = crafted(["B1 B2", "G1 G2"], pile="R5", pool_top="R9 R10")
    post(client, kept, "draw")
    post(client, kept, "keep")
    state = state_of(kept)
    assert "R9" in hand(state, 0) and state.turn == 1 and last_action(kept) == {"type": "pass"}


def test_a_drawn_wild_still_asks_for_its_colour(client, crafted) -> None:
    game = crafted(["B1 B2", "G1 G2"], pile="R5", pool_top="J")
    post(client, game, "draw")
    assert 'data-choice="colour"' in text(ask(client, game, "J"))
    ask(client, game, "J", colour="Y", asked=1)
    assert state_of(game).colour == "Y"


def test_the_free_action_asks_whom_and_what(client, crafted) -> None:
    game = crafted(["R4 R5 R6 B9", "G1 G2", "Y1 Y2"], pile="B5")
    for face, to in (("R4", "new"), ("R5", "0"), ("R6", "0")):
        post(client, game, "move", tile=held(game, face), to=to)
    body = text(client.get(f"/rumbaroo/g/{game.id}/"))
    assert 'data-testid="free-action"' in body
    assert (
        'name="free_target" value="1" checked' in body and 'name="free_kind" value="skip"' in body
    )
    post(client, game, "confirm", free_target=2, free_kind="skip")
    state = state_of(game)
    assert last_action(game)["free"] == {"kind": "skip", "target": 2}
    assert state.turn == 1 and state.skips[2] == 1


def test_no_free_action_question_for_two_tiles(client, crafted) -> None:
    game = crafted(["R4 R5 B9", "G1 G2"], pile="B5", table=["R6 R7 R8"])
    post(client, game, "move", tile=held(game, "R4"), to="0")
    post(client, game, "move", tile=held(game, "R5"), to="0")
    assert 'data-testid="free-action"' not in text(client.get(f"/rumbaroo/g/{game.id}/"))


def _values(body: str, name: str) -> list[str]:
    import re

    return re.findall(rf'name="{name}" value="(\d+)"', body)
