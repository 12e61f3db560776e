"""Forms sent wrong, stand-alone templates and e-mails read in Romanian (issue 36 item 6):
what no URL's page shows (tests/i18n/test_every_page_in_romanian.py reads those), in the
world of tests/i18n/romanian_world.py, judged by tests/i18n/romanian_reading.py.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.core import mail
from django.core.cache import cache
from django.template.loader import render_to_string
from django.test import Client
from django.urls import NoReverseMatch, reverse
from django.utils import translation

from notifications.models import TurnNotice
from tests.i18n.english_left import pieces, text_pieces
from tests.i18n.romanian_reading import (
    allauth_words_left,
    judge_for_world,
    read_twice,
    their_romanian,
    to_do,
)
from tests.i18n.romanian_world import EN, ENTRIES, KINDS, PASSWORD, RO, World, setup_data

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_pages")]

# --- forms' errors ------------------------------------------------------------------------


STALE_MOVES = ("draw", "discard", "take", "move", "confirm", "meld", "call")


def test_forms_errors_read_in_romanian(world: World) -> None:
    """Each form sent wrong comes back with its errors in the reader's language."""
    ana, guest = world.reader, world.guest
    entry = ENTRIES[0]
    game = world.running[KINDS[0]]
    signup = {
        "username": "x@",
        "public_name": "",
        "email": "not-an-address",
        "password1": "short",
        "password2": "other",
    }
    posts = [
        (guest, "sign-up, every field wrong", "/accounts/signup/", signup),
        (
            guest,
            "sign-up, a name taken",
            "/accounts/signup/",
            {
                **signup,
                "username": "ana",
                "email": "",
                "password1": PASSWORD,
                "password2": PASSWORD,
            },
        ),
        (
            guest,
            "sign-in, a wrong password",
            "/accounts/login/",
            {"login": "ana", "password": "nope"},
        ),
        (guest, "sign-in, nothing", "/accounts/login/", {}),
        (guest, "a password reset for nobody", "/accounts/password/reset/", {"email": "x"}),
        (guest, "a sign-in code for a wrong address", "/accounts/login/code/", {"email": "x"}),
        (
            ana,
            "password change, a wrong old one",
            "/accounts/password/change/",
            {"oldpassword": "nope", "password1": "a", "password2": "b"},
        ),
        (ana, "an e-mail address, wrong", "/accounts/email/", {"action_add": "", "email": "x"}),
        (ana, "the board name, too short", "/leaderboards/name/", {"name": "x"}),
        (ana, "closing, a wrong password", "/me/close/", {"password": "nope"}),
        (ana, "a vacation, no days", "/me/vacation/", {"days": "x"}),
        (ana, "a token, no scope", "/api/tokens/", {"name": " ", "scopes": []}),
        (
            ana,
            "a room, no name",
            f"/rooms/new/{entry.kind}/",
            {"name": "", "table_name": "", "seats": 99},
        ),
        (
            guest,
            "joining a room, a wrong code",
            f"/rooms/r/{world.waiting_room.public_id}/join/",
            {"table_name": "", "code": "wrong"},
        ),
        (
            ana,
            "a setup, a wrong choice",
            reverse(f"{entry.url_name}:setup"),
            {key: "zzz" for key in setup_data(entry)},
        ),
        (
            ana,
            "house rules, no name",
            reverse("presets:save", args=[entry.kind]),
            {**setup_data(entry), "preset_name": " "},
        ),
        (
            ana,
            "a report, no reason",
            reverse("leaderboards:report", args=[world.report_ref]),
            {"reason": "", "note": ""},
        ),
        (ana, "a challenge to a stranger", "/@/Bobby/challenge/", {"kind": "nope"}),
        (
            ana,
            "a draft with no tile",
            reverse(f"{entry.url_name}:confirm", args=[game.id]),
            {"version": game.version},
        ),
    ]
    # Each game's moves from a page the game has moved on from (refused, nothing changes),
    # as htmx sends them.
    for each in ENTRIES:
        running = world.running[each.kind]
        for action in STALE_MOVES:
            try:
                url = reverse(f"{each.url_name}:{action}", args=[running.id])
            except NoReverseMatch:
                continue
            posts.append((ana, f"{each.kind}: {action} on a stale page", url, {"version": 0}))
    # A puzzle's hint and an empty answer, each game's (a guest's attempt).
    for game_kind, puzzle in world.puzzles.items():
        for action in ("hint", "confirm"):
            url = reverse(f"puzzles:{action}", kwargs={"pk": puzzle.pk})
            posts.append((guest, f"{game_kind} puzzle: {action}, as htmx", url, {}))
    readings = []
    for client, where, url, data in posts:
        cache.clear()
        htmx = "stale page" in where or "as htmx" in where
        extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
        reading = read_twice(client, url, where, "post", data, **extra)
        assert reading is not None, where
        readings.append(reading)
    failures = to_do(judge_for_world(), readings) + allauth_words_left(readings)
    assert not failures, "Forms' errors still in English:\n  " + "\n  ".join(failures)


# --- pages and e-mails that are no URL's ---------------------------------------------------


def _both(render: Callable[[], str]) -> tuple[str, str]:
    with translation.override("en"):
        english = render()
    with translation.override("ro"):
        romanian = render()
    return english, romanian


def test_stand_alone_templates_and_e_mails_read_in_romanian(world: World) -> None:
    judge = judge_for_world()
    failures: list[str] = []
    pages = {
        "accounts/429.html": {},
        "notifications/offline.html": {},
        "input_refused.html": {"status": 404, "detail": ""},
    }
    from django.test import RequestFactory

    request = RequestFactory().get("/")
    request.user = world.ana
    for template, context in pages.items():
        english, romanian = _both(
            lambda template=template, context=context: render_to_string(
                template, context, request=request
            )
        )
        left = judge.english_left(pieces(english), pieces(romanian))
        if left:
            failures.append(f"{template}: {left}")

    texts: dict[str, Callable[[], str]] = {
        "privacy/email/close_code_subject.txt": lambda: render_to_string(
            "privacy/email/close_code_subject.txt", {}
        ),
        "privacy/email/close_code_message.txt": lambda: render_to_string(
            "privacy/email/close_code_message.txt", {"code": "123456", "minutes": 15}
        ),
    }
    from notifications.emails import _settings_url, unsubscribe_url
    from notifications.message import turn_message

    for kind, game in world.running.items():
        notice = TurnNotice.objects.create(
            game=game, seat_index=0, version=game.version, user=world.ana
        )

        def turn_email(notice: TurnNotice = notice) -> str:
            message = turn_message(notice)
            body = render_to_string(
                "notifications/turn_email.txt",
                {
                    "message": message,
                    "unsubscribe_url": unsubscribe_url(notice.user_id),
                    "settings_url": _settings_url(),
                },
            )
            return f"{message.title}\n{body}"

        texts[f"the 'your turn' e-mail ({kind})"] = turn_email
    for name, render in texts.items():
        english, romanian = _both(render)
        left = judge.english_left(text_pieces(english), text_pieces(romanian))
        if left:
            failures.append(f"{name}: {left}")

    # allauth's e-mails, sent through their pages: a reset link, a sign-in code.
    for where, url, data in (
        ("the password reset e-mail", "/accounts/password/reset/", {"email": "ana@example.com"}),
        ("the sign-in code e-mail", "/accounts/login/code/", {"email": "ana@example.com"}),
    ):
        sent = []
        for language in (EN, RO):
            cache.clear()
            mail.outbox.clear()
            Client().post(url, data, **language)
            assert mail.outbox, where
            message = mail.outbox[-1]
            sent.append(text_pieces(f"{message.subject}\n{message.body}"))
        left = judge.english_left(*sent)
        if left:
            failures.append(f"{where}: {left}")
        borrowed = their_romanian().found(sent[1])
        if borrowed:
            failures.append(f"{where}: allauth's Romanian for {borrowed}")
    assert not failures, "Still English:\n  " + "\n  ".join(failures)
