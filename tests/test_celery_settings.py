"""Celery's settings for a cluster that heals itself (issue 37, item 5 c and d).

A dead worker's tasks come back within 30 s, no live worker's task is handed out twice,
and one beat sends while another stands by. The real processes are in
tests/cluster/test_beat_failover.py and tests/cluster/test_redelivery.py; these check
the numbers that promise it, fast. Decision 2026-12-06 (beat and redelivery).
"""

from __future__ import annotations

import importlib.util
from datetime import UTC, datetime, timedelta
from types import ModuleType
from unittest import mock

import pytest
from celery import Celery
from celery.canvas import Signature
from redbeat.schedulers import RedBeatConfig

from rummy_site import settings as live_settings
from rummy_site.celery import DUE_HEADER, app, hop_long_countdowns

REDIS = "redis://127.0.0.1:6379/12"


def probe(monkeypatch: pytest.MonkeyPatch, broker: str = "") -> ModuleType:
    """The settings module evaluated afresh with ``CELERY_BROKER_URL`` = ``broker`` (unset
    if empty); django.conf.settings is untouched."""
    for name in ("CELERY_BROKER_URL", "DATABASE_URL", "CACHE_URL"):
        monkeypatch.delenv(name, raising=False)
    if broker:
        monkeypatch.setenv("CELERY_BROKER_URL", broker)
    spec = importlib.util.spec_from_file_location("celery_settings_probe", live_settings.__file__)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_dead_workers_tasks_are_handed_out_again_within_30_s(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Visible again after the timeout, found at a live worker's next look, which a worker
    that died while looking delays by the lookers' mutex at most."""
    options = probe(monkeypatch, REDIS).CELERY_BROKER_TRANSPORT_OPTIONS
    look_every = options["unacked_restore_interval"] * options["unacked_restore_throttle"]
    assert options["visibility_timeout"] <= 30
    assert options["visibility_timeout"] + look_every + options["unacked_mutex_expire"] <= 30


def test_no_live_worker_holds_a_message_near_the_visibility_timeout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = probe(monkeypatch, REDIS)
    # A countdown is held at most one hop, with as long again to spare before Redis would
    # hand it to a second worker.
    assert s.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"] >= 2 * s.TASK_HOP_SECONDS
    assert s.CELERY_TASK_ACKS_LATE is True  # a dead worker's clock or computer turn returns
    assert s.CELERY_WORKER_PREFETCH_MULTIPLIER == 1  # none waits long in a busy worker's hands


def test_reviews_are_acknowledged_as_they_start_and_the_game_tasks_when_done() -> None:
    from games.tasks import expire_clock, run_computer_turns
    from reviews.tasks import build_review

    assert build_review.acks_late is False  # runs for many seconds: never handed out twice
    assert app.amqp.router.route({}, build_review.name)["queue"].name == "reviews"
    assert run_computer_turns.acks_late is True and expire_clock.acks_late is True


def test_a_broker_brings_one_beat_with_a_lock_and_a_standby_within_30_s(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = probe(monkeypatch, REDIS)
    assert s.CELERY_BEAT_SCHEDULER == "redbeat.RedBeatScheduler"
    assert s.REDBEAT_REDIS_URL == REDIS
    # The standby asks every loop interval once the dead one's lock has run out.
    assert s.REDBEAT_LOCK_TIMEOUT + s.CELERY_BEAT_MAX_LOOP_INTERVAL <= 30
    # A live beat renews every tick: it would have to miss three in a row to lose the lock.
    assert s.REDBEAT_LOCK_TIMEOUT >= 3 * s.CELERY_BEAT_MAX_LOOP_INTERVAL
    # redbeat finds them under their bare names (as CELERY_REDBEAT_… it fell back to the
    # broker's settings and dropped its own connection options, with a warning a start).
    configured = Celery("probe")
    configured.config_from_object(s, namespace="CELERY")
    conf = RedBeatConfig(configured)
    assert (conf.lock_timeout, conf.redis_url) == (20, REDIS)
    assert conf.is_key_in_conf("redbeat_redis_url") and conf.is_key_in_conf("redbeat_redis_options")
    assert conf.redbeat_redis_options["socket_timeout"] > 0


def test_the_embedded_default_runs_tasks_in_process_without_a_beat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = probe(monkeypatch)
    assert s.CELERY_TASK_ALWAYS_EAGER is True and s.CELERY_BROKER_URL == "memory://"
    assert not hasattr(s, "CELERY_BEAT_SCHEDULER") and not hasattr(s, "REDBEAT_REDIS_URL")


def iso(seconds: float) -> str:
    return (datetime.now(UTC) + timedelta(seconds=seconds)).isoformat()


def test_a_long_countdown_is_sent_due_one_hop_on_with_its_real_time_in_a_header() -> None:
    due = iso(60)
    headers = {"eta": due}
    hop_long_countdowns(headers=headers)
    assert headers[DUE_HEADER] == due
    first_hop = datetime.fromisoformat(headers["eta"]) - datetime.now(UTC)
    assert timedelta(seconds=9) < first_hop <= timedelta(seconds=10)


def test_a_short_countdown_or_none_goes_as_it_is() -> None:
    soon = iso(8)
    for headers, expected in (({"eta": soon}, {"eta": soon}), ({"eta": None}, {"eta": None})):
        hop_long_countdowns(headers=headers)
        assert headers == expected
    # The last hop's message: its eta is the real time again, the old header goes.
    last = {"eta": soon, DUE_HEADER: soon}
    hop_long_countdowns(headers=last)
    assert last == {"eta": soon}


def test_a_task_woken_before_its_time_sends_itself_on_instead_of_running() -> None:
    task = app.tasks["celery.accumulate"]  # a built-in: returns its arguments
    due = datetime.now(UTC) + timedelta(seconds=45)
    request = {"id": "t-1", "retries": 2, DUE_HEADER: due.isoformat(),
               "delivery_info": {"exchange": "", "routing_key": "celery"}}  # fmt: skip
    task.push_request(**request)
    try:
        with mock.patch.object(Signature, "apply_async", autospec=True) as sent:
            assert task(1, 2) is None
        (signature,), _ = sent.call_args
        assert signature.args == (1, 2) and signature.options["eta"] == due
        assert (signature.options["task_id"], signature.options["retries"]) == ("t-1", 2)
        assert signature.options["queue"] == "celery"
    finally:
        task.pop_request()


def test_a_task_whose_time_has_come_runs() -> None:
    task = app.tasks["celery.accumulate"]
    task.push_request(id="t-2", **{DUE_HEADER: iso(-0.1)})
    try:
        with mock.patch.object(Signature, "apply_async") as sent:
            assert task(1, 2) == (1, 2)
        sent.assert_not_called()
    finally:
        task.pop_request()
    assert task(3) == (3,)  # called directly, as the tests and the sweeps' callers do
