"""Romanian Tile Rummy's pages through the views: setup, doubla, opening, taking, refusals."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from games.engine import romanian as ro
from tests.engine.romanian.ro_helpers import names, table
from tests.web.romanian.conftest import post, put_state, rack_id, state_of

pytestmark = pytest.mark.django_db

OPENER = "R8 R9 R10 R11 R12 R13 B6 B7 Y2"


def page(client: Client, game: Any) -> str:
    return client.get(f"/romanian/g/{game.id}/").content.decode()


def lay(client: Client, game: Any, faces: str, target: str = "new") -> None:
    """Put each tile into one new combination: the first starts it, the rest join it."""
    for i, face in enumerate(faces.split()):
        tile = rack_or_taken(game, face)
        response = post(client, game, "move", tile=tile, to=target if i == 0 else "n:0")
        assert response.status_code == 200, response.content


def rack_or_taken(game: Any, face: str) -> int:
    """A tile of this face the seat may lay: its rack first, else the row of discards."""
    state = state_of(game)
    for tile in state.racks[0] + state.discards[::-1]:
        if str(ro.face_of(tile)) == face:
            return tile
    raise ValueError(face)


def test_setup_shows_the_house_options_and_asks_about_a_doubla(client, start_ro) -> None:
    game = start_ro(opponents=2, rounds=2, threshold=45, penalty="rack100", discard_counts="yes")
    assert game.config == {
        "players": 3,
        "rounds": 2,
        "threshold": 45,
        "penalty": "rack100",
        "discard_counts": True,
    }
    html = page(client, game)
    options = re.search(r'data-testid="options">(.*?)</p>', html, re.S).group(1)
    assert "opening meld at least 45 points" in options and ": yes" in options
    assert "Round 1 of 2" in html
    assert 'data-testid="doubla-prompt"' in html and "No doubla" in html
    assert post(client, game, "decline").status_code == 200
    assert state_of(game).doubla_answered[0]


@pytest.mark.parametrize(
    ("penalty", "words"),
    [
        ("flat200", "a player who melds nothing loses a flat 200 points"),
        ("rack100", "a player who melds nothing loses 100 points plus what is left on the rack"),
    ],
)
def test_the_options_line_says_the_penalty_as_how_to_play_does(
    client, start_ro, penalty: str, words: str
) -> None:
    """Not "−100 + rack" (it is −(100 + rack)) nor "−flat 200": the How to play page's words."""
    game = start_ro(penalty=penalty)
    html = page(client, game)
    options = " ".join(re.search(r'data-testid="options">(.*?)</p>', html, re.S).group(1).split())
    assert words in options
    assert "−" not in options and "+ rack" not in options
    assert "opening meld at least 50 points" in options
    how_to = " ".join(client.get("/romanian/how-to-play/").content.decode().split())
    assert words.removeprefix("a player who melds nothing loses ") in how_to


def give_pair(state: ro.State, seat: int) -> list[int]:
    """Give ``seat`` a pair: swap a rack tile for the wall twin of another rack tile."""
    rack = state.racks[seat]
    twin = next(
        w
        for w in state.wall
        if not ro.face_of(w).wild and any(ro.face_of(w) == ro.face_of(t) for t in rack)
    )
    keep = next(t for t in rack if ro.face_of(t) == ro.face_of(twin))
    out = next(t for t in rack if ro.face_of(t) != ro.face_of(twin))
    state.racks[seat] = ro.sort_tiles([t for t in rack if t != out] + [twin])
    state.wall[state.wall.index(twin)] = out
    return sorted([keep, twin])


def test_declaring_a_doubla_pair(client, start_ro) -> None:
    game = start_ro()
    state = state_of(game)
    pair = give_pair(state, 0)
    put_state(game, state)
    html = page(client, game)
    assert "Declare my pair of" in html
    value = f"{pair[0]}-{pair[1]}"
    assert f'value="{value}"' in html
    assert post(client, game, "doubla", pair=value).status_code == 200
    assert state_of(game).doubla_pairs[0] == pair


def test_the_blind_swap_between_two_declarers(client, start_ro) -> None:
    game = start_ro()
    state = state_of(game)
    for seat in (0, 1):
        pair = give_pair(state, seat)
        state.doubla_pairs[seat] = pair
        state.doubla_heights[seat] = "high" if ro.face_of(pair[0]).number >= 7 else "low"
    state.doubla_answered = [True, True]
    state.swap_answered = [False, True]  # the computer has already named seat 0
    state.swap_with = [None, 0]
    state.phase = "doubla_swap"
    mine, theirs = list(state.doubla_pairs[0]), list(state.doubla_pairs[1])
    put_state(game, state)
    html = page(client, game)
    assert "Doubla swap" in html and "Keep my pair" in html
    assert f"Swap with Ioana (easy) ({state.doubla_heights[1]})" in html
    assert post(client, game, "swap", **{"with": 1}).status_code == 200
    after = state_of(game)
    assert after.swaps == [[0, 1]] and after.phase in ("first_discard", "draw")
    assert set(theirs) <= set(after.racks[0]) and not set(mine) & set(after.racks[0])


def test_opening_with_a_run_through_the_views(client, start_ro) -> None:
    game = put_state(start_ro(), table({0: OPENER, 1: "B1 Y3 K5"}, phase="play"))
    lay(client, game, "R8 R9 R10 R11 R12 R13")
    html = page(client, game)
    assert "Opening: 50 of 50 points" in html and "a run ✓" in html
    response = post(client, game, "confirm")
    assert response.status_code == 200
    after = state_of(game)
    assert after.opened[0]
    assert [names(m) for m in after.melds[0]] == [["R8", "R9", "R10", "R11", "R12", "R13"]]
    assert sorted(names(after.racks[0])) == ["B6", "B7", "Y2"]


def test_taking_an_older_discard_into_a_combination(client, start_ro) -> None:
    crafted = table(
        {0: "B6 B7 Y2 K4", 1: "B1 Y3 K5"},
        discards="B5 Y9 K12",
        melds={0: ["R8 R9 R10 R11 R12 R13"]},
    )
    game = put_state(start_ro(), crafted)
    html = page(client, game)
    assert "Take blue 5 and every discard after it" in html
    assert post(client, game, "choose", index=0).status_code == 200
    assert "Taking blue 5 and the 2 discards after it" in page(client, game)
    lay(client, game, "B5 B6 B7")
    post(client, game, "confirm")
    after = state_of(game)
    assert after.phase == "play" and after.discards == []
    assert [names(m) for m in after.melds[0]][-1] == ["B5", "B6", "B7"]
    assert sorted(names(after.racks[0])) == ["K12", "K4", "Y2", "Y9"]
    action = game.moves.order_by("seq").last().action
    assert action["type"] == "take" and action["index"] == 0
    assert sorted(names(action["melds"][0])) == ["B5", "B6", "B7"]


def test_a_refusal_names_the_rule_and_changes_nothing(client, start_ro) -> None:
    game = put_state(start_ro(), table({0: OPENER, 1: "B1 Y3 K5"}, phase="play"))
    before = game.state
    version = game.version
    lay(client, game, "R8 R9 R10")
    response = post(client, game, "confirm")
    assert response.status_code == 422
    html = response.content.decode()
    assert "The opening meld must be worth at least 50 points; this one is worth 20." in html
    game.refresh_from_db()
    assert game.state == before and game.version == version


def test_an_older_discard_without_a_combination_is_refused(client, start_ro) -> None:
    crafted = table(
        {0: "B6 B7 Y2 K4", 1: "B1 Y3 K5"},
        discards="B5 Y9 K12",
        melds={0: ["R8 R9 R10 R11 R12 R13"]},
    )
    game = put_state(start_ro(), crafted)
    post(client, game, "choose", index=0)
    response = post(client, game, "confirm")
    assert response.status_code == 422
    assert "only with two tiles from your rack" in response.content.decode()
    assert state_of(game).discards == crafted.discards


def test_a_stranger_gets_404(client, start_ro) -> None:
    game = start_ro()
    stranger = Client()
    assert stranger.get(f"/romanian/g/{game.id}/").status_code == 404
    response = stranger.post(f"/romanian/g/{game.id}/decline/", {"version": game.version})
    assert response.status_code == 404
    assert state_of(game).doubla_answered[0] is False


def test_the_page_never_shows_another_rack(client, start_ro) -> None:
    game = put_state(start_ro(), table({0: OPENER, 1: "J J K1 K2"}, phase="play"))
    html = page(client, game)
    for tile in state_of(game).racks[1]:
        assert f'data-tile="{tile}"' not in html and f'value="{tile}"' not in html
    assert 'data-testid="tile-J"' not in html and "joly" not in html.split("</header>")[1]


def test_going_out_shows_round_complete_then_the_next_round(client, start_ro) -> None:
    crafted = table({0: "B5 B6 B7 K9", 1: "B1 Y3 K5"}, phase="play", opened=[0])
    game = put_state(start_ro(), crafted)
    lay(client, game, "B5 B6 B7")
    post(client, game, "confirm")
    post(client, game, "discard", tile=rack_id(game, "K9"))
    html = page(client, game)
    assert "Round 1 of 4 complete" in html and "You went out." in html
    panel = html.split('data-testid="score-1"')[1]
    assert "Melded nothing" in panel and "−200" in panel
    assert post(client, game, "next_round").status_code == 200
    assert state_of(game).round_no == 2


def test_the_last_round_ends_in_game_over(client, start_ro) -> None:
    crafted = table(
        {0: "B5 B6 B7 K9", 1: "B1 Y3 K5"}, phase="play", opened=[0], config={"rounds": 1}
    )
    game = put_state(start_ro(rounds=1), crafted)
    lay(client, game, "B5 B6 B7")
    post(client, game, "confirm")
    post(client, game, "discard", tile=rack_id(game, "K9"))
    html = page(client, game)
    assert "Game over" in html and "You win!" in html and "Play again" in html
