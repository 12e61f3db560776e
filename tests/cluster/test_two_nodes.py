"""Two app nodes share nothing but PostgreSQL and Redis, and a person never notices which
one answers: sessions, CSRF, sign-in throttles, device cookies and the live wake-ups.

Each test talks HTTP to two real gunicorn processes (tests/cluster/nodes.py), as a
browser behind a round-robin balancer would. Needs PostgreSQL and Redis (CI has
them); skipped without. What else a node keeps in memory, and why it is safe, is in
the README ("Cluster": per-process state).
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.db import connection

from bench.loadbench.setup import guest
from games import catalogue
from games.models import Game
from tests.cluster.nodes import (
    CSRF_FIELD,
    Browser,
    Node,
    forget_sign_in_counts,
    free_port,
    node_env,
    services_or_skip,
)
from tests.cluster.nodes import with_db as _with_db
from tests.games.test_online_tables import person_to_act

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a long enough pass phrase 42"
VERSION = re.compile(r'data-version="(\d+)"')
DRAW = re.compile(r'hx-post="([^"]*/draw/)"')
POLL = re.compile(r'hx-get="([^"]*/board/\?at=\d+[^"]*)"')


@pytest.fixture(scope="module")
def nodes(django_db_setup: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Node]]:
    """Node A and node B, started side by side against the test database."""
    database, broker = services_or_skip()
    test_db = _with_db(database, path="/" + connection.settings_dict["NAME"])
    forget_sign_in_counts(broker)
    logs: Path = tmp_path_factory.mktemp("nodes")
    taken: set[int] = set()
    started = []
    for name in ("a", "b"):
        port = free_port(taken)
        env = node_env(test_db, broker, port, settings.SECRET_KEY)
        started.append(Node(name, port, env, logs / f"{name}.log"))
    try:
        for node in started:
            node.start()
        for node in started:
            node.wait_up()
        yield started
    finally:
        for node in started:
            node.stop()


def make_user(name: str) -> None:
    # The nodes run the production hashers (the test process's MD5 is not among them);
    # a few iterations keep it quick (a node reads the count from the hash).
    hashed = PBKDF2PasswordHasher().encode(PASSWORD, "saltsaltsalt", iterations=1000)
    get_user_model().objects.create(username=name, password=hashed)


def sign_in(
    browser: Browser, form_from: Node, post_to: Node, name: str, password: str
) -> tuple[int, str]:
    status, page = browser.get(f"{form_from.url}/accounts/login/")
    assert status == 200
    token = CSRF_FIELD.search(page)
    assert token, "the sign-in page has a CSRF field"
    return browser.post(
        f"{post_to.url}/accounts/login/",
        {"csrfmiddlewaretoken": token.group(1), "login": name, "password": password},
    )


def test_a_form_from_one_node_posts_to_the_other_and_the_session_follows(nodes: list[Node]) -> None:
    a, b = nodes
    make_user("ada")
    browser = Browser()
    status, _ = sign_in(browser, a, b, "ada", PASSWORD)
    assert status == 302, "node B accepted node A's CSRF token and signed Ada in"
    assert browser.cookie("sessionid")
    status, page = browser.get(f"{a.url}/me/stats/")
    assert status == 200 and "ada" in page, "node A reads the session node B made"
    stranger = Browser()
    status, page = stranger.get(f"{a.url}/me/stats/")
    assert "ada" not in page
    stranger.get(f"{b.url}/accounts/login/")
    forged = {"csrfmiddlewaretoken": "x" * 64, "login": "ada", "password": PASSWORD}
    status, _ = stranger.post(f"{a.url}/accounts/login/", forged)
    assert status == 403, "a token that is not the cookie's is refused on either node"


def test_wrong_passwords_spread_over_both_nodes_count_together(nodes: list[Node]) -> None:
    make_user("bea")
    free = settings.SIGNIN_THROTTLE["name_free"]
    for attempt in range(free + 1):  # the free ones, and one more that starts the wait
        node = nodes[attempt % 2]
        status, page = sign_in(Browser(), node, node, "bea", "wrong password")
        assert status == 200 and "Too many wrong passwords" not in page
    other = nodes[(free + 1) % 2]
    status, page = sign_in(Browser(), other, other, "bea", PASSWORD)
    assert "Too many wrong passwords" in page, "the other node saw the failures too"
    assert status == 200  # refused: the form again, with the wait, not a sign-in


def table_url(game: Game) -> str:
    return f"/{catalogue.get(game.kind).url_prefix}/g/{game.id}/"


def test_a_guest_game_opened_on_one_node_is_played_on_the_other(nodes: list[Node]) -> None:
    a, b = nodes
    (key0, cookie0), (key1, cookie1) = guest(), guest()
    game, seat = person_to_act(keys=(key0, key1))
    browser = Browser()
    browser.set_cookie("rummy_device", (cookie0, cookie1)[seat])
    status, page = browser.get(a.url + table_url(game))
    assert status == 200, "node A accepts the device cookie"
    draw, version = DRAW.search(page), VERSION.search(page)
    assert draw is not None and version is not None
    status, _ = browser.post(b.url + draw.group(1), {"version": version.group(1)}, htmx=True)
    assert status == 200, "node B accepts the same device and the CSRF cookie node A set"
    assert Game.objects.get(id=game.id).version > int(version.group(1))


def test_a_move_on_one_node_wakes_a_poll_waiting_on_the_other(nodes: list[Node]) -> None:
    a, b = nodes
    (key0, cookie0), (key1, cookie1) = guest(), guest()
    game, seat = person_to_act(keys=(key0, key1))
    mover, watcher = Browser(), Browser()
    mover.set_cookie("rummy_device", (cookie0, cookie1)[seat])
    watcher.set_cookie("rummy_device", (cookie0, cookie1)[1 - seat])
    _, page = watcher.get(b.url + table_url(game))
    poll = POLL.search(page)
    assert poll is not None, "the watcher's page polls its board"
    answered: dict[str, float | int] = {}

    def wait_on_b() -> None:
        status, _ = watcher.get(b.url + poll.group(1).replace("&amp;", "&"), htmx=True)
        answered.update(status=status, at=time.monotonic())

    waiting = threading.Thread(target=wait_on_b)
    waiting.start()
    time.sleep(1.0)  # the poll is now asleep on node B, waiting for news
    assert waiting.is_alive(), "with nothing new the poll waits (LIVE_WAIT_SECONDS=10)"
    _, page = mover.get(a.url + table_url(game))
    draw, version = DRAW.search(page), VERSION.search(page)
    assert draw is not None and version is not None
    moved = time.monotonic()
    status, _ = mover.post(a.url + draw.group(1), {"version": version.group(1)}, htmx=True)
    assert status == 200
    waiting.join(12)
    assert answered.get("status") == 200, "node B's poll answered with the new board"
    delay = float(answered["at"]) - moved
    assert delay < 3.0, f"woken by node A's publish, not by the 10 s timeout ({delay:.1f} s)"
