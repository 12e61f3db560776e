"""The header's count of challenges waiting for an answer: one small query, none for guests."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from players.models import Challenge
from tests.players.conftest import accounts, named, signed_in

pytestmark = pytest.mark.django_db
BADGE = re.compile(r'data-testid="challenges-badge".*?turn-count">(\d+)', re.S)


def _challenge_queries(client: Client, url: str = "/") -> tuple[str, int]:
    with CaptureQueriesContext(connection) as seen:
        body = client.get(url).content.decode()
    return body, sum("players_challenge" in q["sql"] for q in seen.captured_queries)


def test_the_recipient_sees_the_count_until_they_answer() -> None:
    ann, bob = accounts("ann", "bob")
    named(ann, "Ann")
    named(bob, "Bob")
    signed_in(ann).post("/@/Bob/follow/")
    signed_in(bob).post("/@/Ann/follow/")
    assert "challenges-badge" not in signed_in(bob).get("/").content.decode()
    assert signed_in(ann).post("/@/Bob/challenge/", {"kind": "rumbaroo"}).status_code == 302
    body, asked = _challenge_queries(signed_in(bob))
    found = BADGE.search(body)
    assert found and found.group(1) == "1" and asked == 1
    assert (
        'href="/me/stats/#people"' in body
        and '1<span class="visually-hidden"> challenge waiting' in body
    )
    assert "challenges-badge" not in signed_in(ann).get("/").content.decode()  # the sender's
    challenge = Challenge.objects.get()
    assert signed_in(bob).post(f"/players/challenges/{challenge.pk}/decline/").status_code == 302
    assert "challenges-badge" not in signed_in(bob).get("/").content.decode()


def test_a_guest_page_asks_nothing_about_challenges() -> None:
    body, asked = _challenge_queries(Client())
    assert asked == 0 and "challenges-badge" not in body
