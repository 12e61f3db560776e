"""Who is told "your turn", when, and what it says: once per move, never to an open table."""

from __future__ import annotations

import time
from typing import Any

import pytest
import time_machine
from django.core import mail
from django.test import Client

from games import services
from games.engine.registry import engine_for
from games.models import Game
from games.table_flow import table_url
from notifications.models import NotificationSettings, TurnNotice
from tests.notifications.nf_helpers import acting, board_poll, fresh, pass_turn_to, table_of_two

pytestmark = pytest.mark.django_db


def _mails_to(address: str) -> list[Any]:
    return [m for m in mail.outbox if address in m.to]


def test_with_the_tab_closed_a_player_gets_one_email_per_move(
    django_capture_on_commit_callbacks: Any,
) -> None:
    game, (ana, ben) = table_of_two()
    game = pass_turn_to(game, 1, django_capture_on_commit_callbacks)
    sent = _mails_to(ben.email)
    assert len(sent) == 1
    assert sent[0].subject == "Your turn: Rumbaroo"
    assert "https://rummy.test" + table_url(game) in sent[0].body
    assert TurnNotice.objects.filter(game=game, seat_index=1).count() == 1
    # Nothing new for Ben while the turn is still his, however often it is asked.
    from notifications import turns

    assert turns.decide(game.id, fresh(game).version) == turns.Plan()
    assert len(_mails_to(ben.email)) == 1


def test_a_new_move_for_the_seat_is_a_new_email(django_capture_on_commit_callbacks: Any) -> None:
    game, (ana, ben) = table_of_two()
    game = pass_turn_to(game, 1, django_capture_on_commit_callbacks)
    engine = engine_for(game.kind)
    with django_capture_on_commit_callbacks(execute=True):
        services.play(game.id, 1, engine.TIMEOUT_ACTION, game.version, automated=True)
    game = fresh(game)
    if 1 in acting(game):  # still Ben's question: still the same move, no second e-mail
        assert len(_mails_to(ben.email)) == 1
        return
    pass_turn_to(game, 1, django_capture_on_commit_callbacks)
    assert len(_mails_to(ben.email)) == 2


def test_with_the_table_open_no_email_is_sent_yet(
    django_capture_on_commit_callbacks: Any, client: Client, deferred: Any
) -> None:
    game, (ana, ben) = table_of_two()
    board_poll(client, game, ben)  # Ben's page polls: he is at the table
    pass_turn_to(game, 1, django_capture_on_commit_callbacks)
    assert _mails_to(ben.email) == []
    assert not TurnNotice.objects.filter(game=game, seat_index=1).exists()
    assert [seat for *_, seat in deferred] == [1]  # asked again later (test_deferred_notices)


def test_a_poll_older_than_thirty_seconds_does_not_count(
    django_capture_on_commit_callbacks: Any, client: Client
) -> None:
    game, (ana, ben) = table_of_two()
    # Ben's page polled 40 s ago, then closed (a number would be a moment in 1969).
    with time_machine.travel(time.time() - 40):
        board_poll(client, game, ben)
    pass_turn_to(game, 1, django_capture_on_commit_callbacks)
    assert len(_mails_to(ben.email)) == 1


def test_live_tables_are_off_by_default_and_a_setting_turns_them_on(
    django_capture_on_commit_callbacks: Any,
) -> None:
    game, (ana, ben) = table_of_two(pace="live")
    pass_turn_to(game, 1, django_capture_on_commit_callbacks)
    assert _mails_to(ben.email) == []

    game2, (carl, dana) = _second_table(pace="live")
    NotificationSettings.objects.create(user=dana, email_live=True)
    pass_turn_to(game2, 1, django_capture_on_commit_callbacks)
    assert len(_mails_to(dana.email)) == 1


def test_the_email_shows_nothing_only_that_seat_may_see(
    django_capture_on_commit_callbacks: Any,
) -> None:
    game, (ana, ben) = table_of_two()
    game = pass_turn_to(game, 1, django_capture_on_commit_callbacks)
    body = _mails_to(ben.email)[0].body
    engine = engine_for(game.kind)
    mine = engine.view(engine.from_json(game.state), 1)
    hand = mine.get("hand") or mine.get("rack") or []
    assert hand  # the seat holds tiles the e-mail must not name
    assert "tile" not in body.lower() and "hand" not in body.lower()
    first_line = body.splitlines()[0]
    assert first_line.startswith("It's your turn at your Rumbaroo table with Ana.")


def test_the_email_carries_the_one_click_unsubscribe_headers(
    django_capture_on_commit_callbacks: Any,
) -> None:
    game, (ana, ben) = table_of_two()
    pass_turn_to(game, 1, django_capture_on_commit_callbacks)
    message = _mails_to(ben.email)[0]
    link = message.extra_headers["List-Unsubscribe"]
    assert link.startswith("<https://rummy.test/unsubscribe/") and link.endswith("/>")
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert link[1:-1] in message.body


def test_computers_and_guests_are_never_told(django_capture_on_commit_callbacks: Any) -> None:
    seats = [services.SeatSpec("Guest", device_key="dev-1"),
             services.SeatSpec("Guest 2", device_key="dev-2"),
             services.SeatSpec("Joey", computer_level="joey")]
    config = {"difficulty": "joey", "players": 3, "target": 50, "pace": "3d"}
    game = fresh(services.create_game("rumbaroo", config, seats, seed=7, online=True))
    pass_turn_to(game, 1, django_capture_on_commit_callbacks)
    assert mail.outbox == [] and not TurnNotice.objects.exists()


def _second_table(pace: str) -> tuple[Game, list[Any]]:
    from tests.notifications.nf_helpers import CONFIG, KIND, make_user

    users = [make_user("carl"), make_user("dana")]
    seats = [services.SeatSpec(u.username.title(), user_id=u.pk) for u in users]
    seats.append(services.SeatSpec("Joey", computer_level="joey"))
    game = services.create_game(KIND, {**CONFIG, "pace": pace}, seats, seed=7, online=True)
    return fresh(game), users


def test_others_answering_while_the_seat_still_owes_its_move_tell_it_nothing_new(
    django_capture_on_commit_callbacks: Any,
) -> None:
    """One notice per move of the seat: a later version (say another seat answered a window)
    with the same seat still to act, and no move of its own since, sends nothing."""
    from django.db.models import F

    from notifications import turns

    game, (ana, ben) = table_of_two()
    game = pass_turn_to(game, 1, django_capture_on_commit_callbacks)
    assert len(_mails_to(ben.email)) == 1
    Game.objects.filter(id=game.id).update(version=F("version") + 1)  # someone else's answer
    assert 1 in acting(game)
    assert turns.decide(game.id, game.version + 1) == turns.Plan()
