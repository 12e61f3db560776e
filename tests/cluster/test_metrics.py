"""/metrics/: who may read it, and that it counts what a cluster's operator watches."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from prometheus_client import REGISTRY

from games import services
from tests.games.test_online_tables import expire, person_to_act

pytestmark = pytest.mark.django_db

OUTSIDE = "203.0.113.9"  # a documentation address: not the machine itself


def sample(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def test_a_stranger_gets_404_and_the_token_or_the_machine_itself_gets_the_page(
    settings: Any,
) -> None:
    settings.METRICS_TOKEN = "s3cret-token"
    client = Client(REMOTE_ADDR=OUTSIDE)
    assert client.get("/metrics/").status_code == 404
    wrong = client.get("/metrics/", headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 404
    right = client.get("/metrics/", headers={"Authorization": "Bearer s3cret-token"})
    assert right.status_code == 200
    assert b"rummy_request_seconds" in right.content
    assert Client().get("/metrics/").status_code == 200  # loopback, straight to the node


def test_loopback_through_a_proxy_is_not_the_machine_itself(settings: Any) -> None:
    settings.METRICS_TOKEN = ""
    relayed = Client(headers={"X-Forwarded-For": OUTSIDE}).get("/metrics/")
    assert relayed.status_code == 404


def test_requests_are_timed_by_view_name_not_by_path() -> None:
    before = sample("rummy_request_seconds_count", view="health_live", method="GET")
    Client().get("/health/live/")
    Client().get("/no/such/page/1234/")
    after = sample("rummy_request_seconds_count", view="health_live", method="GET")
    assert after == before + 1
    body = Client().get("/metrics/").content.decode()
    assert 'view="health_live"' in body
    labels = re.findall(r'view="([^"]*)"', body)
    assert not [v for v in labels if "1234" in v]  # an unmatched path is one label, never the path
    assert 'view="<unresolved>"' in body


def test_moves_and_clock_timeouts_are_counted_by_game_once_committed(
    django_capture_on_commit_callbacks: Any,
) -> None:
    game, seat = person_to_act()
    moves = sample("rummy_moves_total", kind=game.kind)
    timeouts = sample("rummy_clock_timeouts_total", kind=game.kind)
    with django_capture_on_commit_callbacks(execute=False) as pending:
        services.play(game.id, seat, {"type": "draw"}, game.version)
    assert sample("rummy_moves_total", kind=game.kind) == moves  # not before the commit
    for callback in pending:
        callback()
    assert sample("rummy_moves_total", kind=game.kind) > moves
    game, _ = person_to_act(seed=20)
    expire(game)
    counted = sample("rummy_moves_total", kind=game.kind)
    with django_capture_on_commit_callbacks(execute=True):
        assert services.apply_due_timeouts(game.id) >= 1
    assert sample("rummy_clock_timeouts_total", kind=game.kind) >= timeouts + 1
    assert sample("rummy_moves_total", kind=game.kind) > counted


def test_a_sweep_is_counted_with_what_it_did() -> None:
    from games.tasks import sweep_online_tables

    before = sample("rummy_sweeps_total", sweep="online_tables")
    sweep_online_tables.delay()  # eager under pytest: task_postrun still fires
    assert sample("rummy_sweeps_total", sweep="online_tables") == before + 1


def test_live_waiters_count_up_while_a_poll_waits_and_back_down() -> None:
    import threading

    from games import live

    seen: list[float] = []

    def changed() -> bool:
        seen.append(sample("rummy_live_waiters"))
        return len(seen) >= 2

    waiter = threading.Thread(target=live.wait_for_change, args=("x", changed, 2.0))
    waiter.start()
    waiter.join(5)
    assert max(seen) >= 1
    assert sample("rummy_live_waiters") == 0


def test_a_worker_serves_its_metrics_on_its_own_internal_port(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import socket
    import urllib.request

    from metrics import worker

    monkeypatch.setenv("METRICS_ADDR", "127.0.0.1")
    for port in range(18040, 18100):
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) != 0:
                break
    monkeypatch.setenv("METRICS_PORT", str(port))
    worker.serve()  # what Celery's worker_init runs (a daemon thread, for this test process)
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as answer:
        body = answer.read().decode()
    assert "rummy_sweeps_total" in body and "rummy_moves_total" in body
