"""What a destructive tool may wipe: it must be told exactly, or it refuses (exit 2).

``loadbench``, ``livebench`` and ``matchbench`` drop and recreate a PostgreSQL
database and empty Redis databases. Each names what it would wipe; the operator
repeats it with ``--wipe-database NAME --wipe-redis-db N,M`` (or
``BENCH_WIPE=NAME:N,M`` in the environment). Anything else, including nothing,
prints the plan and exits 2 before a connection is opened.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from django.core.management.base import CommandError, CommandParser

ENV = "BENCH_WIPE"
REFUSED = 2  # the exit status of a refusal


@dataclass(frozen=True)
class Wipe:
    """A database to drop and recreate and the Redis databases to empty (127.0.0.1)."""

    database: str
    redis_dbs: tuple[int, ...]

    def flags(self) -> str:
        dbs = ",".join(str(n) for n in self.redis_dbs)
        return f"--wipe-database {self.database} --wipe-redis-db {dbs}"

    def env(self) -> str:
        return f"{ENV}={self.database}:{','.join(str(n) for n in self.redis_dbs)}"

    def describe(self) -> str:
        dbs = " and ".join(str(n) for n in self.redis_dbs)
        return (
            f"drop and recreate PostgreSQL database {self.database!r} and empty Redis "
            f"database{'s' if len(self.redis_dbs) > 1 else ''} {dbs} on 127.0.0.1"
        )


def add_arguments(parser: CommandParser) -> None:
    """The two options every destructive tool takes."""
    parser.add_argument(
        "--wipe-database", default="", metavar="NAME", help="the database it may drop (required)"
    )
    parser.add_argument(
        "--wipe-redis-db",
        default="",
        metavar="N,M",
        help="the Redis databases it may empty (required)",
    )


def _redis_dbs(text: str) -> tuple[int, ...]:
    try:
        return tuple(sorted({int(n) for n in text.split(",") if n.strip()}))
    except ValueError as exc:
        raise CommandError(f"Redis databases are numbers, e.g. 5,6 (not {text!r})") from exc


def allowed(opts: dict[str, Any]) -> Wipe | None:
    """What the operator allowed, from the options or else ``BENCH_WIPE``; None if nothing."""
    database, dbs = opts.get("wipe_database") or "", opts.get("wipe_redis_db") or ""
    if not database and not dbs and os.environ.get(ENV):
        database, _, dbs = os.environ[ENV].partition(":")
    if not database and not dbs:
        return None
    return Wipe(database.strip(), _redis_dbs(dbs))


def require(planned: Wipe, opts: dict[str, Any], tool: str) -> None:
    """Return if exactly ``planned`` was allowed; else refuse with the plan (exit status 2)."""
    planned = Wipe(planned.database, tuple(sorted(set(planned.redis_dbs))))
    if allowed(opts) == planned:
        return
    raise CommandError(
        f"{tool} would {planned.describe()}. It wipes nothing unless told exactly that: "
        f"run it again with {planned.flags()} (or {planned.env()}).",
        returncode=REFUSED,
    )
