"""What the run measured: CPU (server beside generator), pairing waits, the seat audit.

- **CPU**: ``/proc`` sampled every 2 s: the processes of the stack's sessions (gunicorn
  and its workers, the Celery worker and beat) and the PostgreSQL backends serving the
  bench's database (each backend's most recent total, so one that exits still counts);
  the generator's own from ``getrusage``; the whole machine's busy share from
  ``/proc/stat`` (other work on the machine included: the load it ran beside).
- **Pairing wait**: for each game that ended while the Arena was pairing, from its end
  (``Table.ended``, written in the transaction that ended it) to the moment each of its
  players' page learnt of their next table (the client's clock: one machine), and to
  that table's dealing (``Table.started``: the server alone). "With others waiting":
  another player, not from that table, was free (between games, or arrived and not yet
  seated) from the game's end until this player sat down: an opponent was there the whole
  wait. (A player left over by an odd count, or whose waiting opponent was taken by
  someone else first, waits for the next game to end: that wait is in "all".)
- **Seat audit**: from the games' own seats, per player, the lifetimes (dealt → last
  move) of every game they sat at: two that overlap are a player at two tables.
"""

from __future__ import annotations

import os
import statistics
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

TICK = os.sysconf("SC_CLK_TCK")


# --- CPU ----------------------------------------------------------------------------------


def _stat(pid: str) -> tuple[int, float] | None:
    """(session id, CPU seconds) of one process, None if it is gone."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = raw[raw.rindex(")") + 2 :].split()
    return int(fields[3]), (int(fields[11]) + int(fields[12])) / TICK


def _machine() -> tuple[float, float]:
    """(busy, total) jiffies of every core since boot."""
    parts = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = parts[3] + parts[4]
    return sum(parts) - idle, sum(parts)


@dataclass
class CpuSampler:
    """Sample the server's processes in a thread until ``stop``."""

    sessions: dict[int, str]  # the stack's session ids (its processes' pids) → their names
    database: str
    every: float = 2.0
    server: dict[str, tuple[str, float]] = field(default_factory=dict)  # pid → name, CPU s
    database_cpu: dict[str, float] = field(default_factory=dict)
    first: dict[str, float] = field(default_factory=dict)  # pid → CPU s at the first look
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def start(self) -> None:
        self.machine0, self.wall0 = _machine(), time.time()
        self.load0 = os.getloadavg()
        self._look(first=True)
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        while not self._stop.wait(self.every):
            self._look()

    def _look(self, first: bool = False) -> None:
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            found = _stat(pid)
            if found is None:
                continue
            session, cpu = found
            if session in self.sessions:
                self.server[pid] = (self.sessions[session], cpu)
            elif self._serves_database(pid):
                self.database_cpu[pid] = cpu
            else:
                continue
            if first:
                self.first[pid] = cpu

    def _serves_database(self, pid: str) -> bool:
        try:
            title = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            return False
        return title.startswith(b"postgres:") and f" {self.database} ".encode() in title

    def stop(self) -> dict[str, Any]:
        self._look()
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)
        busy1, total1 = _machine()
        busy0, total0 = self.machine0
        wall = time.time() - self.wall0
        parts: dict[str, float] = {}
        for pid, (name, cpu) in self.server.items():
            parts[name] = parts.get(name, 0.0) + cpu - self.first.get(pid, 0.0)
        return {
            "seconds": wall,
            "parts": parts,
            "app": sum(parts.values()),
            "database": sum(c - self.first.get(p, 0.0) for p, c in self.database_cpu.items()),
            "machine_busy": (busy1 - busy0) / max(1, total1 - total0),
            "load": (self.load0, os.getloadavg()),
        }


def rusage_cpu() -> float:
    import resource

    own = resource.getrusage(resource.RUSAGE_SELF)
    return own.ru_utime + own.ru_stime


# --- waits and the audit ------------------------------------------------------------------


@dataclass
class Served:
    """The server's record of one tournament table."""

    game: str
    started: float
    ended: float | None
    counted: bool | None
    players: list[int]
    last_move: float | None
    active: bool


def tables(tournament_id: int) -> dict[str, Served]:
    from django.db.models import Max

    from games.models import GameStatus, Move
    from tournaments.models import Table, TableSeat

    last = dict(
        Move.objects.filter(game__in=Table.objects.filter(tournament_id=tournament_id).values(
            "game_id"
        ))
        .values_list("game_id")
        .annotate(at=Max("created"))
    )  # fmt: skip
    players: dict[str, list[int]] = defaultdict(list)
    for game, user in TableSeat.objects.filter(table__tournament_id=tournament_id).values_list(
        "table__game_id", "entry__user_id"
    ):
        players[str(game)].append(user)
    out = {}
    for row in Table.objects.filter(tournament_id=tournament_id).select_related("game"):
        game = str(row.game_id)
        out[game] = Served(
            game=game,
            started=row.started.timestamp(),
            ended=row.ended.timestamp() if row.ended else None,
            counted=row.counted,
            players=players[game],
            last_move=_stamp(last.get(row.game_id)),
            active=row.game.status == GameStatus.ACTIVE,
        )
    return out


def _stamp(value: datetime | None) -> float | None:
    return value.timestamp() if value is not None else None


def seated_twice() -> int:
    """Players whose games (from the games' own seats: dealt → last move, or still on)
    overlap: a player at two running tables at once."""
    from django.db.models import Max

    from games.models import Game, GameStatus, Move, Seat

    last = dict(Move.objects.values_list("game_id").annotate(at=Max("created")))
    games = {
        g.pk: (g.created.timestamp(), g.status == GameStatus.ACTIVE)
        for g in Game.objects.filter(online=True)
    }
    spans: dict[int, list[tuple[float, float]]] = defaultdict(list)
    for user, game in Seat.objects.filter(user__isnull=False, game__online=True).values_list(
        "user_id", "game_id"
    ):
        start, active = games[game]
        end = float("inf") if active else (_stamp(last.get(game)) or start)
        spans[user].append((start, end))
    doubles = 0
    for lives in spans.values():
        lives.sort()
        if any(b[0] < a[1] for a, b in zip(lives, lives[1:], strict=False)):
            doubles += 1
    return doubles


@dataclass
class Wait:
    told: float | None  # game end → the page learnt of the next table (None: never)
    dealt: float | None  # game end → the next table dealt
    others: bool  # another player was free from the game's end until this one sat down
    how: str  # the page that learnt of it: "game over" or "tournament page"
    again: bool = False  # the next table was with the same opponents


def waits(people: list[Any], served: dict[str, Served], pairing_until: float) -> list[Wait]:
    """One wait per player per game that ended while the Arena was pairing."""
    free: dict[int, list[tuple[float, float]]] = defaultdict(list)  # user → free spans
    dealt_at: dict[int, list[tuple[float, str]]] = defaultdict(list)
    for table in served.values():
        for user in table.players:
            dealt_at[user].append((table.started, table.game))
    for user in dealt_at:
        dealt_at[user].sort()
    for person in people:
        if not person.joined:
            continue
        seq = dealt_at.get(person.user_id, [])
        start = person.joined
        for when, game in seq:
            free[person.user_id].append((start, when))
            ended = served[game].ended
            start = ended if ended is not None else float("inf")
        free[person.user_id].append((start, float("inf")))
    out = []
    for person in people:
        told = {game: (at, how) for game, at, how in person.tables}
        seq = dealt_at.get(person.user_id, [])
        for i, (_, game) in enumerate(seq):
            ended = served[game].ended
            if ended is None or ended >= pairing_until:
                continue
            mates = set(served[game].players)
            seated = served[seq[i + 1][1]].started if i + 1 < len(seq) else pairing_until
            others = any(
                a <= ended and seated <= b
                for user, spans in free.items()
                if user not in mates
                for a, b in spans
            )
            if i + 1 < len(seq):
                nxt = seq[i + 1][1]
                at, how = told.get(nxt, (None, ""))
                out.append(
                    Wait(
                        None if at is None else at - ended,
                        served[nxt].started - ended,
                        others,
                        how,
                        again=set(served[nxt].players) == mates,
                    )
                )
            else:
                out.append(Wait(None, None, others, ""))
    return out


def line(label: str, values: list[float]) -> str:
    if not values:
        return f"{label}: none"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return (
        f"{label}: n={len(values)} p50 {statistics.median(ordered):.2f} s, "
        f"p95 {p95:.2f} s, max {ordered[-1]:.2f} s"
    )
