"""The site in Romanian in Debian's Chromium (issue 36 item 6): a browser whose locale is
Romanian (Playwright's ``locale="ro-RO"``, so it sends ``Accept-Language: ro``).

The axe walk (tests/web/test_axe_browser.py) once in Romanian, on a phone and a desktop:
home, a Tile Rummy table with a tile picked, a Remi pe tablă table, Remi pe tablă's How to
play, stats and sign-up with a form error; axe finds nothing, every page says
``<html lang="ro">`` and shows its Romanian, and at 360 px nothing scrolls sideways.

And the issue's "Done when", as one walk: a browser asking for Romanian opens the home page,
starts a game of Remi pe tablă and plays it to Game over (a crafted last round, as
tests/web/romanian/test_ro_browser.py crafts its), opens How to play, signs up past a form
error, switches to English from the footer, and a second browser signed in to the same
account sees English.

The words the tests look for are the English ones as the catalogue gives them in Romanian
(``ro()``), so a reworded translation does not break them, and an untranslated one does.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import translation
from playwright.sync_api import expect

from games.engine import romanian as ro_engine
from games.models import Game
from preferences.models import Preferences
from tests.browser_checks import SIZE_IDS, SIZES, narrow_enough, violations
from tests.engine.helpers import build
from tests.engine.romanian.ro_helpers import table
from tests.web.conftest import put_state
from tests.web.romanian.conftest import put_state as put_ro_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 900}
ROMANIAN = {"locale": "ro-RO"}


def ro(english: str, **values: Any) -> str:
    """The site's Romanian for an English message (its msgid), values put in."""
    with translation.override("ro"):
        text = translation.gettext(english)
    return text % values if values else text


@pytest.fixture
def romanian_page(browser: Any) -> Iterator[Any]:
    """A page in a browser context whose locale is Romanian."""
    context = browser.new_context(**ROMANIAN)
    page = context.new_page()
    yield page
    context.close()


def reads_romanian(page: Any, where: str, *words: str) -> list[str]:
    """What is wrong with the page as a Romanian page: its lang and the words it must show."""
    problems = []
    lang = page.evaluate("document.documentElement.lang")
    if lang != "ro":
        problems.append(f'{where}: <html lang="{lang}">')
    body = page.locator("body").inner_text()
    problems += [f"{where}: no {word!r}" for word in words if word not in body]
    return problems


def deal(page: Any, base: str, prefix: str, **numbers: str) -> Game:
    """Deal from the Romanian setup page (``numbers``: a number field's English label -> value)."""
    page.goto(f"{base}/{prefix}/new/")
    for label, value in numbers.items():
        page.get_by_label(ro(label)).fill(value)
    page.get_by_role("button", name=ro("Deal the tiles")).click()
    page.wait_for_url(f"**/{prefix}/g/*/")
    return Game.objects.get(id=page.url.rstrip("/").split("/")[-1])


def check(page: Any, size: dict[str, int], where: str, *words: str) -> list[str]:
    """axe's violations, the language and the words, and the width, on the page as it is."""
    found = violations(page, where) + reads_romanian(page, where, *words)
    if not narrow_enough(page, size):
        found.append(f"{where}: scrolls sideways at {size['width']} px")
    return found


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_axe_walk_in_romanian(
    live_server: Any, romanian_page: Any, size: dict[str, int]
) -> None:
    page, base = romanian_page, live_server.url
    page.set_viewport_size(size)
    found: list[str] = []

    page.goto(base + "/")
    found += check(page, size, "home", ro("Skip to content"), ro("How to play"))

    game = deal(page, base, "tile-rummy")
    state = build(
        racks=["R10 R11 R12 J", "K1 K2 K6"],
        table=["Y1 Y2 Y3", "R5 B5 K5"],
        opened=[True, True],
        pool_top="Y9",
    )
    put_state(game, state)
    page.reload()
    page.get_by_test_id("rack").get_by_test_id("tile-R10").click()
    found += check(page, size, "tile rummy table", ro("Draw a tile"), ro("Save and exit"))

    game = deal(page, base, "romanian")
    crafted = table(
        {0: "R8 R9 R10 R11 R12 R13 B6 B7 Y2", 1: "B1 Y3 K5 R2 B9 Y12 K7"},
        wall="K13 Y6",
        discards="B5 Y9",
    )
    put_ro_state(game, crafted)
    page.reload()
    found += check(page, size, "remi pe tablă table", ro("Draw from the wall"))

    page.goto(base + "/romanian/how-to-play/")
    found += check(page, size, "how to play remi pe tablă", ro("How to play"))

    page.goto(base + "/me/stats/")
    found += check(page, size, "stats", ro("Stats"))

    page.goto(base + "/accounts/signup/")
    page.locator('input[name="username"]').fill("ana")
    page.locator('input[name="password1"]').fill("tiles-and-runs-42")
    page.locator('input[name="password2"]').fill("tiles-and-runs-43")
    page.get_by_role("button", name=ro("Sign Up")).click()
    expect(page.get_by_text(ro("You must type the same password each time."))).to_be_visible()
    found += check(page, size, "sign-up with an error", ro("Sign Up"))
    assert not found, "\n".join(found)


def lay(page: Any, faces: str) -> None:
    """Tap each tile into one new combination: the first with + New combination, the rest,
    as on a phone, with a tap on that combination (its "+" is out of sight at 360 px)."""
    for i, face in enumerate(faces.split()):
        page.get_by_test_id("rack").get_by_test_id(f"tile-{face}").first.click()
        if i == 0:
            page.get_by_role("button", name=ro("New combination")).click()
        else:
            page.get_by_test_id("new-meld").last.locator(".set-warning").click()
        expect(page.get_by_test_id("new-melds").get_by_test_id(f"tile-{face}")).to_be_visible()


def signed_in_elsewhere(browser: Any, live_server: Any, user: Any) -> Any:
    """A second device: another browser context asking for Romanian, signed in as ``user``."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(**ROMANIAN)
    cookie = client.cookies["sessionid"].value
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": live_server.url}])
    return context


def test_done_when_a_romanian_reader_plays_to_game_over_signs_up_and_switches(
    live_server: Any, browser: Any, romanian_page: Any
) -> None:
    page, base = romanian_page, live_server.url
    page.set_viewport_size(PHONE)

    # Home, then a game of Remi pe tablă: one round, dealt from its setup page.
    page.goto(base + "/")
    assert page.evaluate("document.documentElement.lang") == "ro"
    name = ro("Romanian Tile Rummy")
    assert name == "Remi pe tablă"
    page.get_by_role("link", name=ro("Play %(name)s", name=name)).click()
    page.wait_for_url("**/romanian/new/")
    game = deal(page, base, "romanian", Rounds="1")
    assert game.config["rounds"] == 1

    # The last round's last turn: draw, open with two runs, discard the last tile: out.
    racks = {0: "R11 R12 R13 B11 B12 B13", 1: "B1 Y3 K5 R2 B9 Y12 K7"}
    config = {key: value for key, value in game.config.items() if key != "players"}
    put_ro_state(game, table(racks, wall="K9", config=config))
    page.reload()
    status = page.get_by_test_id("status")
    expect(status).to_contain_text(ro("Your turn: draw from the wall."))
    page.get_by_role("button", name=ro("Draw from the wall")).click()
    expect(page.get_by_test_id("rack").get_by_test_id("tile-K9")).to_be_visible()
    lay(page, "R11 R12 R13")
    lay(page, "B11 B12 B13")
    page.get_by_role("button", name=f"✓ {ro('Confirm')}").click()
    expect(page.get_by_test_id("melds-0").get_by_test_id("tile-B13")).to_be_visible()
    page.get_by_test_id("rack").get_by_test_id("tile-K9").click()
    page.get_by_role("button", name=ro("Discard the picked tile")).click()
    panel = page.get_by_test_id("round-panel")
    expect(panel).to_contain_text(ro("Game over"), timeout=15000)
    expect(panel).not_to_contain_text("Game over")
    game.refresh_from_db()
    assert ro_engine.from_json(game.state).phase == "game_over"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # How to play, from the table.
    page.get_by_role("link", name=ro("How to play Romanian Tile Rummy")).click()
    page.wait_for_url("**/romanian/how-to-play/")
    expect(page.locator("h1")).not_to_contain_text("How to play")
    assert page.evaluate("document.documentElement.lang") == "ro"

    # Sign up: the passwords differ, the error says so in Romanian; then they match.
    page.goto(base + "/accounts/signup/")
    page.locator('input[name="username"]').fill("anamaria")
    page.locator('input[name="public_name"]').fill("Anamaria")
    page.locator('input[name="password1"]').fill("tiles-and-runs-42")
    page.locator('input[name="password2"]').fill("tiles-and-runs-24")
    page.get_by_role("button", name=ro("Sign Up")).click()
    expect(page.get_by_text(ro("You must type the same password each time."))).to_be_visible()
    expect(page.get_by_text("You must type the same password each time.")).to_have_count(0)
    page.locator('input[name="password1"]').fill("tiles-and-runs-42")
    page.locator('input[name="password2"]').fill("tiles-and-runs-42")
    page.get_by_role("button", name=ro("Sign Up")).click()
    expect(page.get_by_role("button", name=ro("Sign out"))).to_be_visible()
    user = get_user_model().objects.get(username="anamaria")

    # The footer's switch: English, kept with the account.
    page.locator("#language-choice").select_option("en")
    page.get_by_role("button", name=ro("Change"), exact=True).click()
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == "en"
    assert Preferences.objects.get(user=user).language == "en"

    # A second device asking for Romanian, signed in to the account: English.
    other = signed_in_elsewhere(browser, live_server, user)
    try:
        second = other.new_page()
        second.goto(base + "/")
        assert second.evaluate("document.documentElement.lang") == "en"
        expect(second.get_by_role("button", name="Sign out")).to_be_visible()
        expect(second.get_by_role("link", name="How to play").first).to_be_visible()
    finally:
        other.close()
