"""PgBouncer's own throughput on loopback, beside PostgreSQL's straight (a benchmark).

    .venv/bin/python deploy/pgbench_bouncer.py [--clients 20,100] [--seconds 15]

The capacity model (docs/cluster.md "Capacity") needs to know how many transactions a
second one PgBouncer passes before its single thread is the limit. This starts a
PgBouncer of its own on 127.0.0.1 (the cluster's config, deploy/pgbouncer.ini, with its
own port and a database of its own, ``rummy_pgbench``, which it creates and drops), and
runs PostgreSQL's pgbench (Debian's) twice per client count: straight to PostgreSQL and
through PgBouncer, in transaction pooling as the cluster runs it. Two workloads:

* ``select``: pgbench's built-in ``select-only`` (one indexed read a transaction), the
  shape of most of a page's transactions;
* ``move``: a script in the shape of a move's one transaction (BEGIN, read the row, update
  it, insert a row, COMMIT: what ``games.services.writes`` does, tables of pgbench's own).

Each run is bounded by ``--seconds``; PgBouncer's CPU seconds (from /proc) are printed
per 1,000 transactions, so a reader sees how far one PgBouncer thread goes. The site
never imports this file; it touches nothing but its own database and port.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DEPLOY = Path(__file__).resolve().parent
DB = "rummy_pgbench"
PG_PORT = int(os.environ.get("PGPORT_BENCH", "5432"))
PORT = int(os.environ.get("PGBOUNCER_BENCH_PORT", "18029"))
MOVE_SCRIPT = """\\set aid random(1, 100000 * :scale)
\\set delta random(-5000, 5000)
BEGIN;
SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;
INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (1, 1, :aid, :delta, now());
COMMIT;
"""


def psql(sql: str, database: str = "postgres") -> None:
    subprocess.run(
        ["psql", "-h", "127.0.0.1", "-p", str(PG_PORT), "-U", "postgres", "-d", database,
         "-v", "ON_ERROR_STOP=1", "-qc", sql],
        check=True, capture_output=True,
    )  # fmt: skip


def bouncer_config(folder: Path) -> Path:
    """The cluster's PgBouncer settings, pointed at the bench database on its own port."""
    text = (DEPLOY / "pgbouncer.ini").read_text()
    text = text.replace("@DBNAME@ = host=127.0.0.1 port=@PG_PORT@ dbname=@DBNAME@",
                        f"{DB} = host=127.0.0.1 port={PG_PORT} dbname={DB}")  # fmt: skip
    text = text.replace("@PORT@", str(PORT)).replace("@DEPLOY@", str(DEPLOY))
    text = re.sub(r"(?m)^max_client_conn = .*$", "max_client_conn = 2000", text)
    path = folder / "pgbouncer.ini"
    path.write_text(text)
    path.chmod(0o644)
    folder.chmod(0o755)
    return path


def start_bouncer(config: Path) -> subprocess.Popen[bytes]:
    argv = ["pgbouncer", str(config)]
    if os.geteuid() == 0:
        argv[1:1] = ["-u", "postgres"]  # PgBouncer refuses to run as root
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        probe = subprocess.run(
            ["pg_isready", "-h", "127.0.0.1", "-p", str(PORT), "-d", DB],
            capture_output=True,
        )  # fmt: skip
        if probe.returncode == 0:
            return process
        time.sleep(0.2)
    process.terminate()
    raise SystemExit("PgBouncer did not start on its port")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pgbench(port: int, clients: int, seconds: int, workload: list[str]) -> dict[str, float]:
    """One bounded pgbench run: transactions a second and mean latency in ms."""
    threads = min(2, clients)
    out = subprocess.run(
        ["pgbench", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "-n",
         "-c", str(clients), "-j", str(threads), "-T", str(seconds), *workload, DB],
        check=True, capture_output=True, text=True, timeout=seconds + 60,
    ).stdout  # fmt: skip
    tps = float(re.search(r"tps = ([\d.]+)", out)[1])  # type: ignore[index]
    latency = float(re.search(r"latency average = ([\d.]+) ms", out)[1])  # type: ignore[index]
    done = int(re.search(r"transactions actually processed: (\d+)", out)[1])  # type: ignore[index]
    return {"tps": tps, "latency": latency, "done": done}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", default="20,100", help="client counts, e.g. 20,100")
    parser.add_argument("--seconds", type=int, default=15, help="each run's length")
    opts = parser.parse_args()
    counts = [int(c) for c in opts.clients.split(",") if c]
    psql(f"DROP DATABASE IF EXISTS {DB}")
    psql(f"CREATE DATABASE {DB}")
    folder = Path(tempfile.mkdtemp(prefix="pgbench-bouncer-"))
    script = folder / "move.sql"
    script.write_text(MOVE_SCRIPT)
    script.chmod(0o644)
    bouncer = None
    try:
        subprocess.run(
            ["pgbench", "-h", "127.0.0.1", "-p", str(PG_PORT), "-U", "postgres", "-i", "-q",
             "-s", "10", DB],
            check=True, capture_output=True,
        )  # fmt: skip
        bouncer = start_bouncer(bouncer_config(folder))
        print(f"load average before: {os.getloadavg()[0]:.2f} (2 cores shared with all else)")
        workloads = {"select": ["-S"], "move": ["-f", str(script)]}
        for name, workload in workloads.items():
            for clients in counts:
                # PostgreSQL's own limit (max_connections, 100 by default, the cluster's
                # share taken) is what PgBouncer is for: past it only the pooled run counts.
                straight = (
                    pgbench(PG_PORT, clients, opts.seconds, workload) if clients <= 50 else None
                )
                before = cpu_seconds(bouncer.pid)
                pooled = pgbench(PORT, clients, opts.seconds, workload)
                spent = cpu_seconds(bouncer.pid) - before
                per = 1000 * spent / max(1, pooled["done"])
                direct = (
                    f"{straight['tps']:8.0f} tps ({straight['latency']:.1f} ms)"
                    if straight
                    else "(over PostgreSQL's connection limit)"
                )
                print(
                    f"{name:6} {clients:4} clients: straight {direct} · "
                    f"through PgBouncer {pooled['tps']:8.0f} "
                    f"tps ({pooled['latency']:.1f} ms) · PgBouncer {per:.3f} CPU s per 1,000 "
                    f"transactions ({spent / opts.seconds:.0%} of a core)"
                )
        print(f"load average after: {os.getloadavg()[0]:.2f}")
    finally:
        if bouncer is not None:
            bouncer.terminate()
            bouncer.wait(timeout=10)
        psql(f"DROP DATABASE IF EXISTS {DB}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
