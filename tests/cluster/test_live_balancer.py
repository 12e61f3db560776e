"""The balancer sends ``/live/`` to the live process and everything else to the pages.

One gunicorn node and one live process (uvicorn, as deploy/cluster.py starts them) behind
HAProxy with deploy/haproxy.cfg as scripts/cluster renders it. A websocket to a table
opened through the balancer reaches the live process: it is accepted and then closed
with the live app's own refusal (4403: a stranger may not listen to a table that does not
exist), which gunicorn could not send (it answers an upgrade with a plain 404). A page
from another site is refused at the handshake, and the pages keep coming from gunicorn.
Skipped without haproxy, PostgreSQL and Redis (tests/cluster/nodes.py).
"""

from __future__ import annotations

import shutil
import tempfile
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from live.consumers import NOT_ALLOWED
from tests.cluster.nodes import Balancer, Node, free_port, node_env, services_or_skip
from tests.cluster.nodes import with_db as _with_db

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def balancer(django_db_setup: None) -> Iterator[Balancer]:
    if shutil.which("haproxy") is None:
        pytest.skip("Debian's haproxy is not installed (apt-get install -y haproxy)")
    database, broker = services_or_skip()
    test_db = _with_db(database, path="/" + connection.settings_dict["NAME"])
    folder = Path(tempfile.mkdtemp(prefix="rummy-live-balancer-"))
    taken: set[int] = set()
    parts = []
    for name, live in (("node1", False), ("live1", True)):
        port = free_port(taken)
        env = node_env(test_db, broker, port, settings.SECRET_KEY)
        parts.append(Node(name, port, env, folder / f"{name}.log", live=live))
    node, live_process = parts
    front = Balancer(
        free_port(taken), free_port(taken), [node], folder / "haproxy", live=[live_process]
    )
    try:
        for part in parts:
            part.start()
        for part in parts:
            part.wait_up()
        front.start()
        front.wait_for("node1", "UP", 15)
        front.wait_for("live1", "UP", 15)
        yield front
    finally:
        front.stop()
        for part in parts:
            part.stop()
        shutil.rmtree(folder, ignore_errors=True)


def socket_url(front: Balancer) -> str:
    return f"ws://127.0.0.1:{front.port}/live/games/{uuid.uuid4()}/"


def test_a_table_socket_goes_to_the_live_process_and_pages_to_the_nodes(
    balancer: Balancer,
) -> None:
    origin = f"http://127.0.0.1:{balancer.port}"
    with (
        connect(socket_url(balancer), origin=origin, open_timeout=10) as socket,
        pytest.raises(ConnectionClosed) as closed,
    ):
        socket.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == NOT_ALLOWED
    with urllib.request.urlopen(f"{balancer.url}/health/live/", timeout=10) as answer:
        assert answer.status == 200
        assert "uvicorn" not in answer.headers.get("server", "")  # gunicorn's answer
    assert balancer.logged(" live/live1 ", " nodes/node1 "), balancer.log()


def test_a_page_of_another_site_cannot_open_a_socket_through_the_balancer(
    balancer: Balancer,
) -> None:
    with pytest.raises(InvalidStatus) as refused:
        connect(socket_url(balancer), origin="http://evil.example", open_timeout=10)
    assert refused.value.response.status_code == 403
