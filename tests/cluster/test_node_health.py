"""A node that cannot reach its database leaves the balancer within 3 s, and comes back.

Two gunicorn nodes behind HAProxy (deploy/haproxy.cfg as scripts/cluster renders it):
node A reaches the test database through a PgBouncer of its own, node B straight. The
test takes A's database away, either way it can go: its PgBouncer stops (connections
refused), or PostgreSQL becomes unreachable behind a PgBouncer that still answers
(``deploy.link.Link`` between them, cut: queries wait in PgBouncer for a server). A's
``/health/ready/`` answers 503 within its half second, HAProxy marks A down within 3 s
(before, A's ``/health/live/`` kept answering 200 and A served "503 after 10 s" to
whoever the balancer sent there), and the site keeps answering through B. Database
back, A rejoins within a few seconds. Skipped without haproxy, pgbouncer, PostgreSQL
and Redis (tests/cluster/nodes.py).
"""

from __future__ import annotations

import shutil
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from deploy.link import Link
from tests.cluster.nodes import Balancer, Node, PgBouncer, free_port, node_env, services_or_skip
from tests.cluster.nodes import with_db as _with_db

pytestmark = pytest.mark.django_db(transaction=True)

OUT_WITHIN = 3.0  # issue 37 item 5 (a)
BACK_WITHIN = 6.0  # two good checks a second apart, with room for a busy machine
READY_ANSWERS_WITHIN = 1.0  # the probe's 0.5 s, and the request around it


def get(url: str) -> tuple[int, float]:
    """(status, seconds) of one GET."""
    started = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=15) as answer:
            status = answer.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    return status, time.monotonic() - started


@dataclass
class Cluster:
    balancer: Balancer
    a: Node
    b: Node
    cut: Callable[[], None]
    mend: Callable[[], None]


@pytest.fixture(params=["pgbouncer-stopped", "postgresql-unreachable-behind-pgbouncer"])
def cluster(request: pytest.FixtureRequest, django_db_setup: None) -> Iterator[Cluster]:
    for tool in ("haproxy", "pgbouncer"):
        if shutil.which(tool) is None:
            pytest.skip(f"Debian's {tool} is not installed (apt-get install -y {tool})")
    database, broker = services_or_skip()
    test_db = _with_db(database, path="/" + connection.settings_dict["NAME"])
    folder = Path(tempfile.mkdtemp(prefix="rummy-node-health-"))
    taken: set[int] = set()
    link = Link(target=urllib.parse.urlsplit(test_db).port or 5432, port=free_port(taken))
    bouncer = PgBouncer(free_port(taken), test_db, folder)  # its own files: readable to postgres
    if request.param == "pgbouncer-stopped":
        cut, mend = bouncer.stop, bouncer.start
    else:
        bouncer.database_url = _with_db(test_db, netloc=f"rummy@127.0.0.1:{link.port}")
        cut, mend = link.cut, link.mend
    nodes = []
    for name, url, extra in (
        ("a", bouncer.url, {"DATABASE_POOLER": "pgbouncer"}),
        ("b", test_db, {}),
    ):
        port = free_port(taken)
        env = node_env(url, broker, port, settings.SECRET_KEY, **extra)
        nodes.append(Node(name, port, env, folder / f"{name}.log"))
    balancer = Balancer(free_port(taken), free_port(taken), nodes, folder / "haproxy")
    try:
        link.start()
        bouncer.start()
        for node in nodes:
            node.start()
        for node in nodes:
            node.wait_up()
        balancer.start()
        for node in nodes:
            balancer.wait_for(node.name, "UP", 15)
        yield Cluster(balancer, nodes[0], nodes[1], cut, mend)
    finally:
        balancer.stop()
        for node in nodes:
            node.stop()
        bouncer.stop()
        link.close()
        shutil.rmtree(folder, ignore_errors=True)


def test_a_node_without_its_database_leaves_the_balancer_within_3_s_and_comes_back(
    cluster: Cluster,
) -> None:
    balancer, a = cluster.balancer, cluster.a
    assert get(f"{a.url}/health/ready/")[0] == 200
    for _ in range(4):  # round robin: both nodes serve pages that read the database
        assert get(f"{balancer.url}/leaderboards/")[0] == 200

    cluster.cut()
    lost = time.monotonic()
    status, took = get(f"{a.url}/health/ready/")
    assert status == 503 and took < READY_ANSWERS_WITHIN, (status, took)
    assert get(f"{a.url}/health/live/")[0] == 200, "the process itself is fine"
    balancer.wait_for("a", "DOWN", OUT_WITHIN + 2)
    out = time.monotonic() - lost
    print(f"ready answered 503 in {took:.3f} s; A out of the balancer after {out:.2f} s")
    assert out <= OUT_WITHIN, f"node A left the balancer {out:.1f} s after losing its database"
    assert balancer.states()["b"] == "UP", "B reaches its database: it stays"
    served = [get(f"{balancer.url}/leaderboards/") for _ in range(6)]
    assert [s for s, _ in served] == [200] * 6, served  # all on B
    assert max(t for _, t in served) < 2.0, served

    cluster.mend()
    back = balancer.wait_for("a", "UP", BACK_WITHIN)
    print(f"A back in the balancer {back:.2f} s after its database")
    assert get(f"{a.url}/leaderboards/")[0] == 200
    log = a.log.read_text()
    assert log.count("database is unreachable") == 1, "A said so, once, not every second"
    assert log.count("database is reachable again") == 1
