"""Which games are never rated, the house rule, and a game rated by its real last move."""

from __future__ import annotations

import pytest

from games import services
from games.engine import rumbaroo as rb
from games.models import Game, Seat
from players.models import Rating, RatingChange
from tests.engine.rumbaroo.rb_helpers import build
from tests.players.conftest import accounts, online_game, rate
from tests.web.rumbaroo.conftest import put_state

pytestmark = pytest.mark.django_db


def test_a_game_with_a_computer_seat_is_not_rated() -> None:
    ann, bob = accounts("ann", "bob")
    game = online_game("rumbaroo", [ann, bob, None])
    assert rate(game, totals=[55, 0, 0], winners=[0]) == 0
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_a_game_with_a_program_seat_is_not_rated() -> None:
    ann, bob = accounts("ann", "bob")
    game = online_game("rumbaroo", [ann, bob])
    Seat.objects.filter(game=game, index=1).update(is_program=True)
    assert rate(game, totals=[55, 0], winners=[0]) == 0


def test_a_game_where_a_hint_was_shown_is_not_rated() -> None:
    ann, bob = accounts("ann", "bob")
    game = online_game("rumbaroo", [ann, bob])
    Game.objects.filter(id=game.id).update(hint_used=True)
    assert rate(game, totals=[55, 0], winners=[0]) == 0


def test_a_game_off_the_online_tables_or_with_a_guest_is_not_rated() -> None:
    ann, bob = accounts("ann", "bob")
    offline = online_game("rumbaroo", [ann, bob])
    Game.objects.filter(id=offline.id).update(online=False)
    assert rate(offline, totals=[55, 0], winners=[0]) == 0
    with_guest = online_game("rumbaroo", [ann, bob])
    Seat.objects.filter(game=with_guest, index=1).update(user=None, device_key="guest-device")
    assert rate(with_guest, totals=[55, 0], winners=[0]) == 0
    assert not RatingChange.objects.exists()


def test_a_seat_the_house_played_is_rated_at_its_place_when_it_did_not_win() -> None:
    ann, bob, cy = accounts("ann", "bob", "cy")
    game = online_game("rumbaroo", [ann, bob, cy])
    Seat.objects.filter(game=game, index=1).update(house_played=True)
    assert rate(game, totals=[55, 20, 10], winners=[0]) == 3
    assert dict(RatingChange.objects.values_list("seat_index", "place")) == {0: 0, 1: 1, 2: 2}


def test_a_seat_the_house_played_that_finished_first_is_left_out() -> None:
    ann, bob, cy = accounts("ann", "bob", "cy")
    game = online_game("rumbaroo", [ann, bob, cy])
    Seat.objects.filter(game=game, index=0).update(house_played=True)
    assert rate(game, totals=[55, 20, 10], winners=[0]) == 2
    assert not Rating.objects.filter(user=ann).exists()
    # bob and cy are rated between themselves: bob ahead, as a two-player game would rate them.
    bob_row, cy_row = Rating.objects.get(user=bob), Rating.objects.get(user=cy)
    assert bob_row.mu == pytest.approx(27.635389493140497)
    assert cy_row.mu == pytest.approx(22.364610506859503)


def test_a_two_seat_game_whose_house_seat_won_rates_nobody() -> None:
    ann, bob = accounts("ann", "bob")
    game = online_game("rumbaroo", [ann, bob])
    Seat.objects.filter(game=game, index=1).update(house_played=True)
    assert rate(game, totals=[0, 55], winners=[1]) == 0
    assert not Rating.objects.exists()


def test_the_last_real_move_rates_the_game_in_its_own_transaction() -> None:
    ann, bob = accounts("ann", "bob")
    game = online_game("rumbaroo", [ann, bob], {"players": 2, "difficulty": "joey"})
    state = build(["R4", "G1 G2"], pile="R5", totals=[40, 0], turn=0)
    put_state(game, state)
    tile = next(t for t in state.hands[0] if rb.face_of(state, t).text == "R4")
    services.play(game.id, 0, {"type": "discard", "tile": tile}, game.version)
    game.refresh_from_db()
    assert game.status == "finished"
    assert Rating.objects.get(user=ann, kind="rumbaroo").mu > 25 > Rating.objects.get(user=bob).mu
    assert RatingChange.objects.filter(game=game).count() == 2
