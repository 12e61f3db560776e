"""A node behind PgBouncer in transaction pooling mode, with DATABASE_POOLER=pgbouncer.

PgBouncer 1.18 lends a server connection for one transaction, so a statement prepared
on one may be missing on the next ("prepared statement … does not exist"); with the
setting the node prepares nothing (core.db.hot_cursor, psycopg's threshold) and
uses no server-side cursors. Seats at several tables load their pages and move at
once, so transactions from one pooled client connection land on different server
connections. The same pages without the setting, straight to PostgreSQL, are what
every other test runs. Skipped without Debian's pgbouncer or PostgreSQL and Redis.
"""

from __future__ import annotations

import re
import shutil
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from bench.loadbench.setup import guest
from games.models import Game
from tests.cluster.nodes import Browser, Node, PgBouncer, free_port, node_env, services_or_skip
from tests.cluster.nodes import with_db as _with_db
from tests.cluster.test_two_nodes import DRAW, VERSION, table_url
from tests.games.test_online_tables import person_to_act

pytestmark = pytest.mark.django_db(transaction=True)

TABLES = 4
LOOKS = 8  # page loads per seat before its move: each runs the hot path's statements


@pytest.fixture(scope="module")
def pooled_node(django_db_setup: None) -> Iterator[tuple[Node, PgBouncer]]:
    if shutil.which("pgbouncer") is None:
        pytest.skip("Debian's pgbouncer is not installed (apt-get install -y pgbouncer)")
    database, broker = services_or_skip()
    test_db = _with_db(database, path="/" + connection.settings_dict["NAME"])
    taken: set[int] = set()
    folder = Path(tempfile.mkdtemp(prefix="rummy-pgbouncer-"))
    bouncer = PgBouncer(free_port(taken), test_db, folder)
    port = free_port(taken)
    env = node_env(bouncer.url, broker, port, settings.SECRET_KEY, DATABASE_POOLER="pgbouncer")
    node = Node("pooled", port, env, folder / "node.log")
    try:
        bouncer.start()
        node.start()
        node.wait_up()
        yield node, bouncer
    finally:
        node.stop()
        bouncer.stop()
        shutil.rmtree(folder, ignore_errors=True)


def play_a_seat(node: Node, cookie: str, game: Game, out: list[int]) -> None:
    browser = Browser()
    browser.set_cookie("rummy_device", cookie)
    page = ""
    for _ in range(LOOKS):
        status, page = browser.get(node.url + table_url(game))
        out.append(status)
    draw, version = DRAW.search(page), VERSION.search(page)
    if draw is None or version is None:
        out.append(-1)
        return
    status, _ = browser.post(node.url + draw.group(1), {"version": version.group(1)}, htmx=True)
    out.append(status)


def test_tables_played_at_once_through_pgbouncer_never_miss_a_statement(
    pooled_node: tuple[Node, PgBouncer],
) -> None:
    node, bouncer = pooled_node
    seats = []
    for table in range(TABLES):
        (key0, cookie0), (key1, cookie1) = guest(), guest()
        game, seat = person_to_act(seed=7 + 50 * table, keys=(key0, key1))
        seats.append(((cookie0, cookie1)[seat], game))
    statuses: list[int] = []
    threads = [
        threading.Thread(target=play_a_seat, args=(node, cookie, game, statuses))
        for cookie, game in seats
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert statuses.count(200) == TABLES * (LOOKS + 1), sorted(set(statuses))
    for _, game in seats:
        assert Game.objects.get(id=game.id).version > 0
    log = node.log.read_text()
    assert not re.search(r"prepared statement|cursor .* does not exist", log), log[-2000:]
