"""The destructive tools wipe nothing unless told exactly what (issue 35 item 1).

``loadbench``, ``livebench`` and ``matchbench`` drop a database and empty Redis
databases. Without ``--wipe-database NAME --wipe-redis-db N,M`` (or ``BENCH_WIPE``)
naming exactly those, they print the plan and exit 2. Nothing here connects to
PostgreSQL or Redis: the wiping functions fail the test if they are reached.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from bench.livebench import command as livebench
from bench.loadbench import command as loadbench
from bench.loadbench import stack
from bench.matchbench import command as matchbench

ROOT = Path(__file__).resolve().parents[2]
TOOLS = [
    pytest.param(loadbench.Command, "rummy_bench", "5,6", id="loadbench"),
    pytest.param(livebench.Command, "rummy_bench_live", "5,6", id="livebench"),
    pytest.param(matchbench.Command, "rummy_bench_match", "6", id="matchbench"),
]
SERVICES_CHECKED = "services checked (the guard let it through)"


@pytest.fixture(autouse=True)
def nothing_wiped(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reaching a wipe, or the services after the guard, stops the test at once."""

    def wiped(*args: Any) -> None:
        pytest.fail(f"a wipe was reached: {args}")

    monkeypatch.setattr(stack, "fresh_database", wiped)
    monkeypatch.setattr(stack, "flush_redis", wiped)
    monkeypatch.setattr(stack, "have_services", lambda: SERVICES_CHECKED)
    for name in ("BENCH_WIPE", "RUMMY_LOADBENCH", "RUMMY_LIVEBENCH", "RUMMY_MATCHBENCH"):
        monkeypatch.delenv(name, raising=False)


def _run(command: type[BaseCommand], **options: Any) -> CommandError:
    with pytest.raises(CommandError) as caught:
        call_command(command(), **options)
    return caught.value


@pytest.mark.parametrize(("command", "database", "redis_dbs"), TOOLS)
def test_without_permission_it_names_the_wipe_and_refuses(
    command: type[BaseCommand], database: str, redis_dbs: str
) -> None:
    refusal = _run(command)
    assert refusal.returncode == 2
    assert f"PostgreSQL database {database!r}" in str(refusal)
    assert f"--wipe-database {database} --wipe-redis-db {redis_dbs}" in str(refusal)


@pytest.mark.parametrize(("command", "database", "redis_dbs"), TOOLS)
def test_permission_for_something_else_is_refused(
    command: type[BaseCommand], database: str, redis_dbs: str
) -> None:
    assert _run(command, wipe_database="rummy", wipe_redis_db=redis_dbs).returncode == 2
    assert _run(command, wipe_database=database, wipe_redis_db="0").returncode == 2
    assert _run(command, wipe_database=database).returncode == 2


@pytest.mark.parametrize(("command", "database", "redis_dbs"), TOOLS)
def test_exact_permission_passes_the_guard(
    command: type[BaseCommand], database: str, redis_dbs: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert str(_run(command, wipe_database=database, wipe_redis_db=redis_dbs)) == SERVICES_CHECKED
    monkeypatch.setenv("BENCH_WIPE", f"{database}:{redis_dbs}")
    assert str(_run(command)) == SERVICES_CHECKED


def test_a_run_on_another_database_must_name_that_one() -> None:
    refusal = _run(loadbench.Command, db="rummy_bench_2", wipe_database="rummy_bench")
    assert "--wipe-database rummy_bench_2 --wipe-redis-db 5,6" in str(refusal)


def test_the_program_exits_2_and_production_manage_py_lists_no_bench_tool() -> None:
    """``python -m bench.loadbench`` refuses as a program; ``manage.py help`` lists none."""
    run = subprocess.run(
        [sys.executable, "-m", "bench.loadbench"], cwd=ROOT, capture_output=True, text=True
    )
    assert run.returncode == 2, run.stderr
    assert "would drop and recreate PostgreSQL database 'rummy_bench'" in run.stderr
    listed = subprocess.run(
        [sys.executable, "manage.py", "help", "--commands"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert not {"benchmark", "loadbench", "livebench", "matchbench", "replaybench"} & set(listed)
