"""Rumasta's Hint (games/web/rumasta/hint.py): the best play for this turn, set out as the
seat's draft, against computers only, and never on a board. The refusals every game shares
are tests/reviews/test_hint_refusals.py's.
"""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from games.engine import rumasta as rm
from games.engine.rumasta.cards import FACES
from games.models import Game
from leaderboards.models import LeaderboardEntry, Result
from tests.api.visible_text import visible_text
from tests.engine.rumasta.rm_helpers import ids
from tests.reviews.rumasta_game import SCRIPT, act, play_turn, play_turns, rm_dealt
from tests.web.conftest import snapshot

__all__ = ["rm_dealt"]
pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}
USED = "Hint used — this game won't count on the leaderboards."
TAKE = "Take pile 2 with its proof (K♦ K♣) and meld 85 points."


def hint(client: Client, game: Game, **data: object):
    data.setdefault("version", game.version)
    return client.post(f"/rumasta/g/{game.id}/hint/", data, **HX)


def page_of(response) -> str:
    return html.unescape(response.content.decode())


def checked(page: str) -> set[int]:
    """The hand's cards picked on the page."""
    return {int(c) for c in re.findall(r'value="(\d+)" class="rm-check"\s+checked', page)}


def state_of(game: Game) -> rm.State:
    game.refresh_from_db()
    return rm.from_json(game.state)


def third_turn(rm_dealt) -> Game:
    """Seat 0 to open its third turn: pile 2's top is K♥ and it holds K♦ K♣."""
    return play_turns(rm_dealt(), 4)


def test_the_hint_sets_out_the_take_as_a_draft_and_marks_the_game(client: Client, rm_dealt) -> None:
    game = third_turn(rm_dealt)
    board = page_of(client.get(f"/rumasta/g/{game.id}/"))
    assert "Show the best play" in board and USED not in board
    version, state, _drafts, moves = snapshot(game)
    response = hint(client, game)
    assert response.status_code == 200
    shown = page_of(response)
    assert TAKE in visible_text(shown) and USED in shown
    assert "Show the matching cards" in shown  # the proof step for pile 2 is open
    start = state_of(game)
    kings = set(ids(start, "KD KC"))
    assert checked(shown) == kings
    assert 'name="meld-1" value="new" checked' in shown
    also = re.findall(r"Also melding:(.*?)</p>", shown, re.S)
    assert len(also) == 2  # the spade run and the diamonds are set aside with the take
    game.refresh_from_db()
    assert game.hint_used
    assert (game.version, game.state, game.moves.count()) == (version, state, moves)
    # Confirming it is the table's own button: the picked cards prove pile 2's top card.
    response = client.post(
        f"/rumasta/g/{game.id}/prove/",
        {"version": game.version, "pile": 1, "cards": sorted(kings), "meld-1": "new"},
        **HX,
    )
    assert response.status_code == 200
    after = state_of(game)
    assert after.step == "play"
    laid = [c for m in after.melds[0] for c in m]
    assert sum(FACES[c].value for c in laid) == 85 and len(laid) == 10


def test_a_hint_while_melding_sets_aside_all_but_the_last_meld(client: Client, rm_dealt) -> None:
    game = third_turn(rm_dealt)
    act(game, 0, {"type": "draw"})  # 4♣ 4♣ 8♠ 8♠: a Rumasta, and sets of fours and eights
    game.refresh_from_db()
    shown = page_of(hint(client, game))
    # 7♣ 8♠ 9♠ 10♠ J♠ Q♠ K♣ (65), 8♠ 8♦ 8♦ (30), 4♣ 4♣ 4♠ (15), 4♦ 5♦ 6♦ (15)
    assert "The most you can meld now: 125 points." in visible_text(shown)
    assert "Ready to meld:" in shown
    picked = checked(shown)
    assert picked
    response = client.post(
        f"/rumasta/g/{game.id}/meld/", {"version": game.version, "cards": sorted(picked)}, **HX
    )
    assert response.status_code == 200
    after = state_of(game)
    assert sum(FACES[c].value for m in after.melds[0] for c in m) == 125
    assert any(len(m) == 7 for m in after.melds[0])  # 7♣ 8♠ 9♠ 10♠ J♠ Q♠ K♣: a Rumasta


def test_the_hint_shows_only_the_seats_own_cards_and_the_top_cards(
    client: Client, rm_dealt
) -> None:
    game = third_turn(rm_dealt)
    state = state_of(game)
    shown = page_of(hint(client, game)).split('data-testid="hint-shown"')[1].split("</section>")[0]
    on_hint = {int(c) for c in re.findall(r'data-card="(\d+)"', shown)}
    assert on_hint
    assert on_hint <= set(state.hands[0]) | {state.piles[0][-1], state.piles[1][-1]}


@pytest.mark.parametrize("hinted", [False, True])
def test_a_hinted_game_is_kept_off_the_leaderboards(client: Client, rm_dealt, hinted: bool) -> None:
    game = third_turn(rm_dealt)
    if hinted:
        assert hint(client, game).status_code == 200
    for seat, opening, discards in SCRIPT[4:]:
        play_turn(game, seat, opening, discards)
    game.refresh_from_db()
    assert game.status == "finished"
    assert Result.objects.filter(game=game, seat_index=0).exists()  # the result is recorded
    assert LeaderboardEntry.objects.exists() is not hinted


def test_the_hint_in_romanian(client: Client, rm_dealt) -> None:
    game = third_turn(rm_dealt)
    response = client.post(
        f"/rumasta/g/{game.id}/hint/", {"version": game.version}, HTTP_ACCEPT_LANGUAGE="ro", **HX
    )
    text = visible_text(page_of(response))
    assert "Ia teancul 2 cu dovada lui (K♦ K♣) și pune jos 85 de puncte." in text
    assert "Ai folosit un indiciu" in text
    assert "Take pile" not in text and "Show the best play" not in text


def test_the_hint_is_decided_by_steps_and_its_clock_is_a_logged_safety_net(
    client: Client, rm_dealt, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The step limit decides a hint; the CPU-time cap only stops a pathological search,
    and says so in the log with the game."""
    from games.bots.rumasta import best
    from games.web.rumasta import hint as hint_module

    assert hint_module.HINT_NODES == best.HINT_NODES and best.REVIEW_NODES == 2 * best.HINT_NODES
    game = third_turn(rm_dealt)
    assert hint(client, game).status_code == 200
    assert not [r for r in caplog.records if r.levelname == "WARNING"]
    monkeypatch.setattr(hint_module, "HINT_SECONDS", 0.0)
    other = third_turn(rm_dealt)
    with caplog.at_level("WARNING", logger="games.web.rumasta.hint"):
        assert hint(client, other).status_code == 200
    (record,) = [r for r in caplog.records if r.levelname == "WARNING"]
    assert str(other.id) in record.getMessage() and "safety cap" in record.getMessage()
