"""What the balancer checks: a node whose broker is down still serves, and says so on
/health/ only, while /health/ready/ (the balancer's check: the database alone) keeps it
in; deploy/haproxy.cfg as scripts/cluster renders it is valid (PgBouncer's file runs in
test_pgbouncer; a node losing its database leaves the balancer in test_node_health)."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from tests.cluster.nodes import Node, free_port, node_env, services_or_skip
from tests.cluster.nodes import with_db as _with_db

ROOT = Path(__file__).resolve().parents[2]


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status
    except urllib.error.HTTPError as exc:
        return exc.code


@pytest.mark.django_db
def test_a_node_whose_broker_is_down_fails_health_but_stays_live_and_serves(
    tmp_path: Path,
) -> None:
    database, broker = services_or_skip()
    taken: set[int] = set()
    dead = free_port(taken)  # nothing listens there: the broker is "down"
    port = free_port(taken)
    test_db = _with_db(database, path="/" + connection.settings_dict["NAME"])
    env = node_env(test_db, broker, port, settings.SECRET_KEY,
                   CELERY_BROKER_URL=f"redis://127.0.0.1:{dead}/8")  # fmt: skip
    node = Node("no-broker", port, env, tmp_path / "node.log")
    node.start()
    try:
        node.wait_up()
        assert status(f"{node.url}/health/") == 503, "the full check names the broker"
        assert status(f"{node.url}/health/ready/") == 200, "what HAProxy checks: still in"
        assert status(f"{node.url}/health/live/") == 200
        assert status(f"{node.url}/") == 200, "and the site keeps serving"
    finally:
        node.stop()


@pytest.mark.skipif(shutil.which("haproxy") is None, reason="haproxy is not installed")
def test_the_rendered_haproxy_config_is_valid() -> None:
    text = (ROOT / "deploy" / "haproxy.cfg").read_text()
    with tempfile.TemporaryDirectory() as folder:
        for key, value in {
            "@RUN@": folder, "@BIND@": "127.0.0.1", "@PORT@": "18098", "@STATS_PORT@": "18099",
            "@SERVERS@": "    server node1 127.0.0.1:18097 check",
            "@LIVE_SERVERS@": "    server live1 127.0.0.1:18096 check",
        }.items():  # fmt: skip
            text = text.replace(key, value)
        cfg = Path(folder) / "haproxy.cfg"
        cfg.write_text(text)
        checked = subprocess.run(["haproxy", "-c", "-f", str(cfg)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert not re.search(r"^[^#]*@[A-Z_]+@", text, re.M), "every place-holder filled"
