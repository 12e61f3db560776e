"""Sound at the tables, in Debian's Chromium (issue 42, items 3 and 7).

The page's AudioContext is counted from before any script of the page runs (an init
script wraps it and every oscillator's start): no context is made and no sound starts
before the person clicks or presses a key, not even with sound on and a computer moving;
after a gesture, a move is heard. The mute button in the table's bar turns sound on and off
at once, keeps the choice (this device's cookie), and works from the keyboard.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games import services
from games.engine import tile_rummy as tr
from games.models import Game
from preferences.feel import COOKIE, Feel, decode, encode
from tests import helpers
from tests.browser_games import deal_in_browser
from tests.engine.helpers import build as tr_build
from tests.web.test_keys import TABLES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Every AudioContext made and every sound started, with whether the page had been clicked or
# typed in by then (navigator.userActivation, the browser's own record).
COUNT_AUDIO = """
window.__audio = {made: [], started: []};
(() => {
  const active = () => !!(navigator.userActivation && navigator.userActivation.hasBeenActive);
  const Real = window.AudioContext;
  if (!Real) return;
  function Counted(options) {
    window.__audio.made.push(active());
    return new Real(options);
  }
  Counted.prototype = Real.prototype;
  window.AudioContext = Counted;
  window.webkitAudioContext = Counted;
  const start = AudioScheduledSourceNode.prototype.start;
  AudioScheduledSourceNode.prototype.start = function (...args) {
    window.__audio.started.push(active());
    return start.apply(this, args);
  };
})();
"""
AUDIO = "() => window.__audio"
PLAYED = "() => window.rummySound.played"


def computers_turn(live_server: Any, page: Any, **chosen: Any) -> Game:
    """A Tile Rummy table opened with the computer to move (it lays a run of three), the page
    loaded fresh: nothing clicked or typed in it yet."""
    page.set_viewport_size({"width": 1280, "height": 900})
    page.add_init_script(COUNT_AUDIO)
    if chosen:
        feel = encode(Feel(**chosen))
        page.context.add_cookies([{"name": COOKIE, "value": feel, "url": live_server.url}])
    game = deal_in_browser(page, live_server.url, "tile-rummy", "Easy")
    state = tr_build(
        racks=["R10 R11 R12 B3 Y3 K3", "K1 K2 K3 B9"], table=["Y4 Y5 Y6"],
        opened=[True, True], pool_top="Y9 Y10", turn=1,
    )  # fmt: skip
    helpers.put_state(game, state, tr)
    Game.objects.filter(id=game.id).update(awaiting_computer=True)
    page.reload()
    expect(page.get_by_test_id("status")).to_contain_text("Waiting")
    return game


def the_computer_moves(page: Any, game: Game) -> None:
    game.refresh_from_db()
    assert services.run_computer_turn(game.id, game.version)
    expect(page.get_by_test_id("status")).to_contain_text("Your turn", timeout=15_000)
    expect(page.locator("#board")).to_have_attribute("data-turn", "mine")


def test_no_sound_before_a_gesture_even_with_sound_on_and_one_after_it(
    live_server: Any, page: Any
) -> None:
    game = computers_turn(live_server, page, sound=True)
    expect(page.locator("html")).to_have_attribute("data-sound", "on")
    the_computer_moves(page, game)  # a tile laid, then "your turn": both silent
    page.wait_for_timeout(300)
    assert page.evaluate(AUDIO) == {"made": [], "started": []}
    assert page.evaluate(PLAYED) == []

    page.get_by_role("button", name="Draw a tile").click()  # the gesture, and a draw
    page.wait_for_function("() => window.__audio.started.length > 0")
    audio = page.evaluate(AUDIO)
    assert audio["made"] == [True]  # one context, made inside the click
    assert audio["started"] and all(audio["started"])  # every sound after the gesture
    assert page.evaluate(PLAYED)[0] == "draw"


def test_sound_is_off_until_turned_on_and_the_mute_button_in_the_tables_bar_works(
    live_server: Any, page: Any
) -> None:
    game = computers_turn(live_server, page)  # a new visitor: sound off
    toggle = page.get_by_test_id("sound-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(toggle).to_have_accessible_name("Sound")
    the_computer_moves(page, game)
    page.get_by_role("button", name="Sort by number").click()  # a gesture: still silent, off
    assert page.evaluate(AUDIO) == {"made": [], "started": []}

    toggle.click()  # on: the click may start the sound, and a short note says so
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(page.locator("html")).to_have_attribute("data-sound", "on")
    page.wait_for_function("() => window.__audio.started.length > 0")
    assert page.evaluate(PLAYED) == ["turn"]

    page.get_by_test_id("rack").get_by_test_id("tile-R10").click()
    page.get_by_role("button", name="New set").click()  # a tile laid (a draft)
    page.wait_for_function("() => window.rummySound.played.includes('lay')")
    page.get_by_role("button", name="Confirm play").click()  # one tile is no set: refused
    expect(page.get_by_test_id("error")).to_be_visible()
    page.wait_for_function("() => window.rummySound.played.includes('invalid')")
    page.get_by_role("button", name="Draw a tile").click()
    page.wait_for_function("() => window.rummySound.played.includes('draw')")
    assert all(page.evaluate(AUDIO)["started"])

    page.reload()  # kept: this device's cookie
    expect(page.get_by_test_id("sound-toggle")).to_have_attribute("aria-pressed", "true")
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    assert decode(cookies[COOKIE]).sound is True

    toggle = page.get_by_test_id("sound-toggle")
    toggle.focus()
    with page.expect_response("**/settings/sound/") as kept:
        page.keyboard.press("Enter")  # off again, by keyboard
    assert kept.value.status == 204
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(page.locator("html")).to_have_attribute("data-sound", "off")
    page.reload()
    expect(page.get_by_test_id("sound-toggle")).to_have_attribute("aria-pressed", "false")
    started = len(page.evaluate(AUDIO)["started"])
    page.get_by_role("button", name="Draw a tile").click()
    page.wait_for_timeout(400)
    assert len(page.evaluate(AUDIO)["started"]) == started  # muted: nothing


def test_a_call_and_game_over_have_their_sounds(live_server: Any, page: Any) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.add_init_script(COUNT_AUDIO)
    cookie = encode(Feel(sound=True))
    page.context.add_cookies([{"name": COOKIE, "value": cookie, "url": live_server.url}])
    table = TABLES["rumbaroo"]
    table.craft(deal_in_browser(page, live_server.url, table.prefix, "Joey — easy"))
    page.reload()
    page.get_by_test_id("call").click()  # "Rumbaroo!": the gesture, and the call
    page.wait_for_function("() => window.rummySound.played.includes('call')")
    # The last board of a game comes with the server's HX-Trigger "game-over" event.
    page.evaluate(
        "() => document.getElementById('board').dispatchEvent(new Event('game-over', "
        "{bubbles: true}))"
    )
    page.wait_for_function("() => window.rummySound.played.includes('gameOver')")
    assert all(page.evaluate(AUDIO)["started"])
