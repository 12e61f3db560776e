"""Issue 34 item 5: /metrics/ counts a request as the machine's own only when no proxy
relayed it: any forwarding header at all (not only X-Forwarded-For) asks for the token."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

OUTSIDE = "203.0.113.9"
FORWARDING = {
    "X-Forwarded-For": OUTSIDE,
    "X-Forwarded-Host": "rummy.example",
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Port": "443",
    "X-Forwarded-Server": "balancer",
    "Forwarded": f"for={OUTSIDE};proto=https",
    "X-Real-IP": OUTSIDE,
    "X-Client-IP": OUTSIDE,
    "True-Client-IP": OUTSIDE,
    "CF-Connecting-IP": OUTSIDE,
    "X-Cluster-Client-IP": OUTSIDE,
    "Fastly-Client-IP": OUTSIDE,
    "X-Original-Forwarded-For": OUTSIDE,
    "Client-IP": OUTSIDE,
    "Via": "1.1 balancer",
}


@pytest.mark.parametrize("header", sorted(FORWARDING))
def test_loopback_with_any_forwarding_header_needs_the_token(settings: Any, header: str) -> None:
    settings.METRICS_TOKEN = "s3cret-token"
    relayed = Client(headers={header: FORWARDING[header]})  # REMOTE_ADDR is 127.0.0.1
    assert relayed.get("/metrics/").status_code == 404, header
    bearer = {header: FORWARDING[header], "Authorization": "Bearer s3cret-token"}
    assert Client(headers=bearer).get("/metrics/").status_code == 200


def test_an_empty_forwarding_header_still_counts_as_relayed(settings: Any) -> None:
    settings.METRICS_TOKEN = ""
    assert Client(headers={"Forwarded": ""}).get("/metrics/").status_code == 404


def test_the_machine_itself_with_no_forwarding_header_is_let_in(settings: Any) -> None:
    settings.METRICS_TOKEN = ""
    assert Client().get("/metrics/").status_code == 200
    assert Client(REMOTE_ADDR="::1").get("/metrics/").status_code == 200
    assert Client(REMOTE_ADDR=OUTSIDE).get("/metrics/").status_code == 404
