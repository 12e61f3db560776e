"""recompute_ratings replays the history and reproduces the stored ratings exactly."""

from __future__ import annotations

import random

import pytest
from django.core.management import CommandError, call_command

from players import recompute
from players.models import Rating, RatingChange
from tests.players.conftest import accounts, online_game, rate

pytestmark = pytest.mark.django_db


def _play_a_season() -> list:
    """Thirty games of 2-4 seats among six accounts, two kinds, both paces, ties and a 2v2."""
    people = accounts(*[f"p{i}" for i in range(6)])
    rng = random.Random(3)
    for n in range(30):
        seated = rng.sample(people, rng.choice([2, 3, 4]))
        totals = [rng.choice([0, 10, 20, 20, 55]) for _ in seated]
        best = max(totals)
        winners = [i for i, t in enumerate(totals) if t == best]
        kind = "rumbaroo" if n % 3 else "tile_rummy"
        config = {"players": len(seated)}
        if n % 4 == 1:  # a correspondence game: its own rating line, 1, 3 or 7 days alike
            config["pace"] = rng.choice(["1d", "3d", "7d"])
        rate(online_game(kind, seated, config), totals=totals, winners=winners)
    team = rng.sample(people, 4)
    rate(
        online_game("rumasta", team, {"players": 4, "teams": "2v2"}),
        totals=[3000, 5200],
        winners=[1, 3],
    )
    return people


def _stored() -> dict:
    return {(r.user_id, r.kind, r.pace): (r.mu, r.sigma, r.games) for r in Rating.objects.all()}


def test_the_replay_equals_the_stored_ratings_bit_for_bit() -> None:
    _play_a_season()
    result = recompute.replay()
    assert result.games == 31 and not result.mismatches
    assert {pace for _, _, pace in result.ratings} == {"live", "correspondence"}
    assert result.ratings == _stored()  # exact float equality, not approx
    call_command("recompute_ratings")  # raises CommandError on any difference


def test_the_command_notices_a_changed_rating_and_write_puts_it_back() -> None:
    _play_a_season()
    before = _stored()
    row = Rating.objects.filter(games__gt=0).first()
    Rating.objects.filter(id=row.id).update(mu=row.mu + 0.5)
    with pytest.raises(CommandError, match="1 differences"):
        call_command("recompute_ratings")
    call_command("recompute_ratings", "--write")
    assert _stored() == before


def test_a_changed_history_row_is_reported() -> None:
    _play_a_season()
    change = RatingChange.objects.order_by("id")[5]
    RatingChange.objects.filter(id=change.id).update(place=change.place + 1)
    assert recompute.replay().mismatches


def test_a_gap_in_a_players_sequence_is_an_error() -> None:
    _play_a_season()
    RatingChange.objects.filter(seq=1).first().delete()
    with pytest.raises(CommandError, match="gap"):
        call_command("recompute_ratings")
