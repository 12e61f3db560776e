"""DATABASE_POOLER=pgbouncer: nothing prepared, no server-side cursors; straight: prepared."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connection

from core import db
from tests.test_settings import load_settings

PG = "postgres://rummy@127.0.0.1:6432/rummy"
POOLER_VARS = ("DATABASE_POOLER", "DB_PREPARED_STATEMENTS")


@pytest.fixture(autouse=True)
def _clean_pooler_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in POOLER_VARS:
        monkeypatch.delenv(name, raising=False)


def test_behind_pgbouncer_nothing_is_prepared_and_no_server_side_cursor_is_opened(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    conf = load_settings(
        monkeypatch, DATABASE_URL=PG, SECRET_KEY="x", DATABASE_POOLER="pgbouncer", DB_POOL_SIZE="12"
    )
    assert conf.DB_PREPARED_STATEMENTS is False
    assert conf.DATABASES["default"]["OPTIONS"]["prepare_threshold"] is None
    assert conf.DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] is True
    assert conf.DATABASES["default"]["OPTIONS"]["pool"]["max_size"] == 12  # the pool stays


def test_straight_to_postgresql_the_hot_path_keeps_its_prepared_statements(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    conf = load_settings(monkeypatch, DATABASE_URL=PG, SECRET_KEY="x")
    assert conf.DB_PREPARED_STATEMENTS is True
    assert "prepare_threshold" not in conf.DATABASES["default"].get("OPTIONS", {})
    assert not conf.DATABASES["default"].get("DISABLE_SERVER_SIDE_CURSORS", False)


def test_an_unknown_pooler_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ImproperlyConfigured, match="odyssey"):
        load_settings(monkeypatch, DATABASE_URL=PG, SECRET_KEY="x", DATABASE_POOLER="odyssey")


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL only")
def test_the_hot_cursor_prepares_only_when_the_setting_allows(settings: object) -> None:
    with db.hot_cursor() as cursor:
        assert type(cursor.cursor).__name__ == "PreparedCursor"
    settings.DB_PREPARED_STATEMENTS = False  # type: ignore[attr-defined]
    with db.hot_cursor() as cursor:
        assert type(cursor.cursor).__name__ != "PreparedCursor"
