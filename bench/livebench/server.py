"""What the server spent during a run, read from outside: CPU, memory, transactions.

The stack's processes each lead a process group of their own (``stack.Stack`` starts them
with ``start_new_session``), so a group holds a gunicorn master and its workers, or Celery
and its pool. CPU counts every live member's own time plus what each group's members have
collected from children that already ended (a recycled gunicorn worker). PostgreSQL's
backends are counted through ``pg_stat_activity``; transactions through
``pg_stat_database`` (commits and rollbacks of the benchmark's database).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


def _stat(pid: int) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def members(groups: set[int]) -> list[int]:
    """Every process whose group is one of ``groups``."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None and int(fields[2]) in groups:
                out.append(int(entry.name))
    return out


def cpu_seconds(groups: set[int]) -> float:
    """CPU of the groups' processes, the ended children they reaped included."""
    total = 0
    for pid in members(groups):
        fields = _stat(pid)
        if fields is not None:
            total += sum(int(f) for f in fields[11:15])  # utime stime cutime cstime
    return total / TICKS


def rss_mb(groups: set[int]) -> float:
    """Resident memory of the groups' processes (MB)."""
    total = 0
    for pid in members(groups):
        fields = _stat(pid)
        if fields is not None:
            total += int(fields[21]) * PAGE
    return total / 2**20


@dataclass
class Database:
    """The benchmark database's transactions and its backends' CPU."""

    name: str

    def transactions(self) -> int:
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = %s",
                [self.name],
            )
            return int(cursor.fetchone()[0])

    def backends_cpu(self) -> float:
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
                [self.name],
            )
            pids = [row[0] for row in cursor.fetchall()]
        total = 0
        for pid in pids:
            fields = _stat(pid)
            if fields is not None:
                total += int(fields[11]) + int(fields[12])
        return total / TICKS
