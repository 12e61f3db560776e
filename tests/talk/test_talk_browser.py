"""In Chromium, issue 39's "Done when": two people greet each other with a tap, one writes
"nice run!" and the other sees it live; a spectator's words are not shown to them; a guest
can only tap phrases; a reported message reaches the admin queue with its context and a
15-minute timeout silences its writer."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from rooms.people import Person
from talk.models import Report, Timeout
from tests.browser_checks import csp_violations, narrow_enough, violations, watch_csp
from tests.matchmaking.conftest import live_room

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 360, "height": 740}


@pytest.fixture(autouse=True)
def _free_text_for_test_accounts(settings: Any) -> None:
    settings.TALK_MIN_FINISHED_GAMES = 0  # the rule itself: tests/talk/test_saying.py


def _account(name: str, staff: bool = False) -> Any:
    user = get_user_model().objects.create_user(name, password="tiles-and-runs-42")
    user.date_joined = timezone.now() - timedelta(days=30)
    user.is_staff = user.is_superuser = staff
    user.save()
    return user


def _signed_in(context: Any, base: str, user: Any) -> None:
    client = Client()
    client.force_login(user)
    cookie = client.cookies["sessionid"].value
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": base}])


def _log(page: Any) -> Any:
    return page.get_by_test_id("talk-log")


def test_two_players_talk_a_spectator_apart_and_a_moderator_times_out(
    live_server: Any, browser: Any
) -> None:
    base = live_server.url
    kim_user, pat_user, boss = _account("kim"), _account("pat"), _account("boss", staff=True)
    _room, game = live_room(Person(kim_user.pk, ""), [Person(pat_user.pk, "")])
    contexts = [browser.new_context(viewport=PHONE) for _ in range(4)]
    kim, pat, fan, mod = (c.new_page() for c in contexts)
    try:
        for index, user in ((0, kim_user), (1, pat_user), (3, boss)):
            _signed_in(contexts[index], base, user)
        table = f"{base}/rumbaroo/g/{game.id}/"
        for page in (kim, pat, fan):
            watch_csp(page)
        kim.goto(table)
        pat.goto(table)
        fan.goto(f"{base}/match/watch/{game.id}/")

        # A greeting with one tap, then a key: each arrives live at the other seat.
        kim.get_by_test_id("phrase-hello").click()
        expect(_log(pat)).to_contain_text("Hello!")
        pat.get_by_test_id("phrase-good_luck").focus()
        pat.keyboard.press("1")  # the number key of the first phrase, Hello!
        expect(_log(kim).get_by_text("Hello!")).to_have_count(2)

        pat.get_by_test_id("talk-text").fill("nice run!")
        pat.get_by_test_id("talk-write").get_by_role("button", name="Send").click()
        expect(_log(kim)).to_contain_text("nice run!")
        expect(pat.get_by_test_id("talk-text")).to_have_value("")

        # The spectator is a guest: phrases only; players never read the spectators' channel.
        expect(fan.get_by_test_id("talk-phrases")).to_be_visible()
        expect(fan.get_by_test_id("talk-text")).to_have_count(0)
        expect(_log(fan)).to_contain_text("Hello!")
        fan.get_by_test_id("phrase-well_played").click()
        expect(_log(fan)).to_contain_text("Well played!")
        kim.wait_for_timeout(1500)  # longer than the talk poll's answer
        for player in (kim, pat):
            expect(_log(player)).not_to_contain_text("Well played!")
            expect(_log(player).get_by_test_id("talk-line")).to_have_count(3)

        # The panel with lines in it: no axe violation, no sideways scrolling, no CSP report.
        found = violations(kim, "seat") + violations(fan, "spectator")
        assert not found, found
        assert narrow_enough(kim, PHONE) and narrow_enough(fan, PHONE)
        assert not csp_violations(kim) and not csp_violations(fan)

        # Kim reports a line of Pat's; the report keeps the lines around it.
        line = _log(kim).get_by_test_id("talk-line").filter(has_text="nice run!")
        line.locator("summary").click()
        line.get_by_test_id("talk-report").click()
        expect(kim.get_by_test_id("talk-status")).to_contain_text("Reported")
        report = Report.objects.get()
        assert report.said == "nice run!"
        assert [row["said"] for row in report.context] == ["Hello!", "Hello!", "nice run!"]

        # The moderator reads it in the admin queue and times Pat out for 15 minutes.
        mod.goto(f"{base}/admin/talk/report/{report.pk}/change/")
        expect(mod.get_by_text("The message and the ten around it")).to_be_visible()
        mod.goto(f"{base}/admin/talk/report/")
        mod.locator("input[name=_selected_action]").first.check()
        mod.locator("select[name=action]").select_option(label="Time the writer out for 15 minutes")
        mod.locator("#changelist-form button[name=index]").first.click()
        expect(mod.get_by_text("Timed out 1 writer(s).")).to_be_visible()
        until = Timeout.objects.get(user=pat_user).until
        assert timedelta(minutes=14) < until - timezone.now() <= timedelta(minutes=15)

        pat.get_by_test_id("phrase-sorry").click()
        expect(pat.get_by_test_id("talk-status")).to_contain_text(
            re.compile(r"A moderator silenced you until .* UTC")
        )
        pat.reload()
        expect(pat.get_by_test_id("talk-silenced")).to_be_visible()
        expect(_log(kim)).not_to_contain_text("Sorry!")
    finally:
        for context in contexts:
            context.close()
