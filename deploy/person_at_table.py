"""Two people play an online Rumbaroo table through the balancer while parts die (a benchmark).

    scripts/cluster start
    .venv/bin/python deploy/person_at_table.py [--seconds 90] [--node-at 20] [--worker-at 40]
    scripts/cluster stop

Issue 28's "done when": a person at a table notices nothing worse than a moment's pause
when an app node and a Celery worker die. Two browser contexts of Debian's Chromium at
360 px open http://127.0.0.1:18000 (HAProxy): the host makes a Rumbaroo room through its
pages (3 seats: the two people and one computer, Joey, to 50), the second person sits
down by the invite link, the host deals. Each person then plays through the page: tap a
hand tile that matches the pile's colour or number and tap the pile, else draw; a drawn
tile that fits is played; any question is answered with its first option; "Next round"
is pressed. At ``--node-at`` seconds node 1's process group gets SIGKILL, at
``--worker-at`` worker 1's (PIDs from deploy/cluster.py's pid files); both are started
again at the end.

Measured on the pages themselves: a MutationObserver stamps every new ``#board`` (the
board is swapped whole) with the version it shows. Printed per person: moves made, the
longest a move took from its commit (the database's time) to showing on that page, the
longest the page showed no new move while the game went on, HTTP answers >= 500 and
failed requests; then the audit faults.py runs (every game's log replays to its
snapshot). The app never imports this file.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from deploy import cluster, faults  # noqa: E402 - the repository root must be importable first

PHONE = {"width": 360, "height": 800}
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [  # as tests/conftest.py launches it
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
THINK = 1.0  # a person looks at their turn this long before tapping
STUCK = 8.0  # no answer to a tap this long: the person reloads the page
SETTLE = 3.0  # moves this close to the end may not have reached every page

# Stamps each new #board (htmx swaps it whole) with the browser's clock and its version.
OBSERVER = """
window.__boards = [];
new MutationObserver(muts => {
  for (const m of muts) for (const n of m.addedNodes) {
    if (n.nodeType !== 1 || n.id !== 'board') continue;
    window.__boards.push({t: Date.now() / 1000, v: Number(n.dataset.version),
                         frame: n.classList.contains('board-frame')});
  }
}).observe(document, {childList: true, subtree: true});
"""

# What the page shows now, read in one go (names as the templates give them).
LOOK = """() => {
  const board = document.getElementById('board');
  if (!board) return {board: false};
  const q = s => board.querySelector(s);
  const panel = q('[data-testid=round-panel]');
  const colour = q('[data-testid=colour]');
  const big = q('.pile .tile-big');
  return {
    board: true, v: Number(board.dataset.version), frame: board.classList.contains('board-frame'),
    over: !!panel && /Game over/.test(panel.querySelector('h2').textContent),
    nextRound: !!(panel && panel.querySelector('button[type=submit]')),
    prompt: !!q('[data-testid=prompt]'), drawn: !!q('[data-testid=drawn-prompt]'),
    croc: !!q('[data-testid=croc-prompt]'), error: !!q('[data-testid=error]'),
    draw: !!q('[data-shortcut=d]'),
    colour: colour ? ([...colour.classList].find(c => c.startsWith('c-')) || '').slice(2) : '',
    top: big ? big.textContent.trim() : '',
    hand: [...board.querySelectorAll('[data-testid=hand] [data-tile]')]
      .map(t => t.dataset.testid.slice(5)),
  };
}"""


@dataclass
class Person:
    """One browser at the table, what it did and what went wrong on its page."""

    name: str
    page: Any
    seat: int
    taps: int = 0
    moves: int = 0
    questions: int = 0
    reloads: int = 0
    refused: int = 0
    pending: tuple[float, tuple[Any, ...]] | None = None  # (tapped at, what it showed)
    turn_seen: tuple[int, float] | None = None  # (version, when the turn showed)
    no_tile: int = -1  # a tile play was refused at this version: draw instead
    done: bool = False
    server_errors: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    boards: list[dict[str, Any]] = field(default_factory=list)

    def listen(self, started: list[float]) -> None:
        def when() -> str:
            return f"{time.time() - started[0]:+.1f} s" if started else "set-up"

        def on_response(response: Any) -> None:
            if response.status >= 500:
                self.server_errors.append(f"{when()} {response.status} {path(response.url)}")

        def on_failed(request: Any) -> None:
            self.failed.append(f"{when()} {request.failure} {request.method} {path(request.url)}")

        self.page.on("response", on_response)
        self.page.on("requestfailed", on_failed)


def path(url: str) -> str:
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


# --- the room, through its pages ------------------------------------------------------


def make_table(base: str, host: Any, friend: Any) -> str:
    """Host makes a 3-seat Rumbaroo room, the friend sits down, a computer, deal: the table URL."""
    from playwright.sync_api import expect

    host.goto(base + "/rooms/new/rumbaroo/")
    host.get_by_label("Room name").fill("Cluster Hop")
    host.get_by_label("Your name at the table").fill("Host Kim")
    host.get_by_label("3", exact=True).check()
    host.get_by_label("Joey — easy").check()
    host.get_by_role("button", name="Make the room").click()
    expect(host.get_by_test_id("room-name")).to_have_text("Cluster Hop")
    invite = urlsplit(host.get_by_test_id("invite-link").input_value()).path
    friend.goto(base + invite)
    friend.get_by_label("Your name at the table").fill("Friend Ana")
    friend.get_by_role("button", name="Sit down").click()
    expect(friend.get_by_test_id("seat-2")).to_contain_text("Friend Ana (you)")
    expect(host.get_by_test_id("seat-2")).to_contain_text("Friend Ana", timeout=15_000)
    host.get_by_label("Computer level for seat 3").select_option("joey")
    host.get_by_role("button", name="Add computer to seat 3").click()
    expect(host.get_by_test_id("seat-3")).to_contain_text("Computer")
    host.get_by_role("button", name="Start the game").click()
    host.wait_for_url("**/rumbaroo/g/*/", timeout=15_000)
    friend.wait_for_url("**/rumbaroo/g/*/", timeout=15_000)
    return host.url


# --- playing a turn as a person would ---------------------------------------------------


def matching_tile(look: dict[str, Any]) -> str | None:
    """A plain number tile of the colour to match or the pile's number, if the hand has one."""
    for face in look["hand"]:
        colour, number = face[:1], face[1:]
        if number.isdigit() and (colour == look["colour"] or number == look["top"]):
            return face
    return None


def act(person: Person, look: dict[str, Any], now: float) -> None:
    """One tap (or two: a tile, then the pile) for what the page asks of this person now."""
    page = person.page
    board = page.locator("#board")
    if look["nextRound"]:
        board.get_by_role("button", name="Next round").click()
    elif look["prompt"]:
        board.locator("[data-testid=prompt] .prompt-options button").first.click()
    elif look["drawn"]:
        board.get_by_role("button", name="Play it").click()
    elif look["croc"]:
        board.locator("[data-testid=croc-prompt] button").last.click()
    elif look["draw"]:
        face = matching_tile(look) if person.no_tile != look["v"] else None
        if face:
            board.get_by_test_id("hand").get_by_test_id(f"tile-{face}").first.click()
            board.get_by_test_id("pile").click()
        else:
            board.locator("[data-shortcut=d]").click()
    else:
        return
    person.taps += 1
    person.pending = (now, shows(look))


def shows(look: dict[str, Any]) -> tuple[Any, ...]:
    """What a tap can change on the page: the version, or a question it raised."""
    return (look["v"], look["prompt"], look["drawn"], look["croc"], look["nextRound"])


def step(person: Person, now: float) -> None:
    """Look at the page; finish a tap that got its answer, or make the next one."""
    try:
        look = person.page.evaluate(LOOK)
    except Exception:  # noqa: BLE001 - a page in the middle of loading: look again
        return
    if not look.get("board"):
        return
    if person.pending:
        tapped, before = person.pending
        if look["v"] != before[0]:  # the answer (or a later move) is on the page
            person.moves += 1
            person.pending = None
        elif look["error"]:
            person.refused += 1
            person.no_tile = before[0]
            person.pending = None
        elif shows(look) != before:  # a question about the tap (a colour, play it?)
            person.questions += 1
            person.pending = None
        elif now - tapped > STUCK:  # the tap got no answer: reload, as a person would
            person.reloads += 1
            person.pending = None
            person.page.reload()
        return
    if look["over"] and not look["frame"]:
        person.done = True
        return
    if look["frame"] or not (look["draw"] or look["prompt"] or look["drawn"] or look["croc"]
                             or look["nextRound"]):  # fmt: skip
        person.turn_seen = None
        return
    if person.turn_seen is None or person.turn_seen[0] != look["v"]:
        person.turn_seen = (look["v"], now)
    elif now - person.turn_seen[1] >= THINK:
        act(person, look, now)


def play(people: list[Person], opts: argparse.Namespace, started: float) -> dict[str, float]:
    """Both people play until the time is up or the game is over; the faults on schedule."""
    faults_due = {"node1": opts.node_at, "worker1": opts.worker_at}
    fired: dict[str, float] = {}
    while time.time() - started < opts.seconds and not all(p.done for p in people):
        now = time.time()
        for name, at in faults_due.items():
            if name not in fired and now - started >= at:
                faults.kill_group(name)
                fired[name] = now
                print(f"  {now - started:5.1f} s  SIGKILL to {name}'s process group", flush=True)
        for person in people:
            if not person.done:
                step(person, now)
        people[0].page.wait_for_timeout(150)  # lets Playwright deliver the pages' events
    for person in people:
        person.boards = person.page.evaluate("window.__boards")
    return fired


# --- figures --------------------------------------------------------------------------------


def shown_at(boards: list[dict[str, Any]], seq: int, after: float) -> float | None:
    """When the page first showed move ``seq`` (a board at that version or later)."""
    return next((b["t"] for b in boards if b["v"] >= seq and b["t"] >= after - 1), None)


def longest_quiet(boards: list[dict[str, Any]], start: float, end: float) -> tuple[float, float]:
    """The longest stretch with no new version on the page: (seconds, when it began)."""
    times, last = [], -1
    for b in boards:
        if b["v"] > last:
            times.append(b["t"])
            last = b["v"]
    times = [t for t in times if start <= t <= end]
    worst = (0.0, start)
    for before, after in zip([start, *times], [*times, end], strict=True):
        worst = max(worst, (after - before, before))
    return worst


def report(people: list[Person], game_id: str, started: float, ended: float,
           fired: dict[str, float]) -> None:  # fmt: skip
    from bench.loadbench.audit import audit_all
    from games.models import Game, Move

    game = Game.objects.get(id=game_id)
    rows = list(Move.objects.filter(game_id=game_id).values_list("seq", "seat", "created"))
    marks = ", ".join(f"{name} killed at {at - started:.1f} s" for name, at in fired.items())
    print(f"\ngame {game_id}: {game.status}, version {game.version}, {len(rows)} moves; {marks}")
    for person in people:
        delays = []
        for seq, seat, created in rows:
            t = created.timestamp()
            if t < started or t > ended - SETTLE:
                continue
            seen = shown_at(person.boards, seq, t)
            delays.append((seen - t if seen else float("inf"), seq, seat, t))
        worst = max(delays, default=(0.0, 0, 0, started))
        last = max((b["t"] for b in person.boards), default=ended)
        end = min(ended, last) if person.done else ended  # a finished game: up to Game over
        quiet = longest_quiet(person.boards, started, end)
        mine = sum(1 for _, seat, created in rows if seat == person.seat
                   and created.timestamp() >= started)  # fmt: skip
        print(f"\n  {person.name} (seat {person.seat + 1}): {mine} moves committed in the run; "
              f"{person.taps} taps: {person.moves} moved the game, {person.questions} raised a "
              f"question, {person.refused} refused, {person.reloads} got no answer "
              f"(page reloaded)")  # fmt: skip
        print(f"    longest commit → this page: {worst[0]:.1f} s (move {worst[1]} by seat "
              f"{worst[2] + 1}, committed at {worst[3] - started:.1f} s); "
              f"{len(delays)} moves measured")  # fmt: skip
        print(f"    longest the page showed no new move: {quiet[0]:.1f} s, from "
              f"{quiet[1] - started:.1f} s")  # fmt: skip
        print(f"    answers >= 500: {len(person.server_errors)} {person.server_errors[:5]}")
        print(f"    failed requests: {len(person.failed)} {person.failed[:5]}")
    print(f"\n  {balancer_figures(game_id)}")
    audit = faults.snapshot_audit(audit_all)
    verdict = "all replay" if not audit.problems else f"PROBLEMS {audit.problems[:3]}"
    print(f"\naudit: {audit.games} games, {audit.moves} moves, {verdict}", flush=True)


def balancer_figures(game_id: str) -> str:
    """What HAProxy's log says of this table's requests: by node, re-sent, not 2xx/3xx.

    A request re-sent to the other node (its node refused the connection or died before
    answering a GET) is marked "+N" in the log's retries field; the page never saw it fail.
    """
    nodes: Counter[str] = Counter()
    bad: Counter[str] = Counter()
    resent = 0
    log = cluster.LOGS / "balancer.log"
    for line in log.read_text(errors="replace").splitlines() if log.exists() else []:
        fields = line.split()
        if game_id not in line or len(fields) < 12 or "/" not in fields[3]:
            continue
        nodes[fields[3].split("/")[1]] += 1
        resent += fields[10].split("/")[-1].startswith("+")
        if not fields[5].startswith(("2", "3")):
            bad[fields[5]] += 1
    by_node = dict(sorted(nodes.items()))
    return (f"balancer log, this table: {sum(nodes.values())} requests {by_node}, {resent} "
            f"marked retried or redispatched (+N), not 2xx/3xx: {dict(bad) or 'none'}")  # fmt: skip


# --- the run ------------------------------------------------------------------------------


def run(opts: argparse.Namespace) -> None:
    from playwright.sync_api import sync_playwright

    base = f"http://127.0.0.1:{cluster.PORTS['balancer']}"
    clock: list[float] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        contexts = [browser.new_context(viewport=PHONE) for _ in range(2)]
        for context in contexts:
            context.add_init_script(OBSERVER)
        people = [Person(name, c.new_page(), i)
                  for i, (name, c) in enumerate(zip(["Host Kim", "Friend Ana"], contexts,
                                                    strict=True))]  # fmt: skip
        for person in people:
            person.listen(clock)
        table = make_table(base, people[0].page, people[1].page)
        started = time.time()
        clock.append(started)
        print(f"  table {table} dealt; playing for up to {opts.seconds:.0f} s", flush=True)
        fired = play(people, opts, started)
        ended = time.time()
        browser.close()
    if not opts.leave_dead:
        for name in fired:
            cluster.restart(name)
    report(people, table.rstrip("/").split("/")[-1], started, ended, fired)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=90.0)
    parser.add_argument("--node-at", type=float, default=20.0)
    parser.add_argument("--worker-at", type=float, default=40.0)
    parser.add_argument("--start", action="store_true", help="scripts/cluster start first")
    parser.add_argument("--leave-dead", action="store_true", help="do not restart what was killed")
    opts = parser.parse_args()
    if opts.seconds > 300:
        raise SystemExit("person_at_table: bounded on purpose: at most 300 s")
    if opts.start:
        subprocess.run([str(cluster.ROOT / "scripts" / "cluster"), "start"], check=True)
    if cluster.status():
        raise SystemExit("person_at_table: start the cluster first (scripts/cluster start)")
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    faults.setup_django()
    closed = faults.close_earlier_tables()
    from django.db import connections

    connections.close_all()
    print(f"person_at_table: {closed} earlier tables closed; the site: "
          f"http://127.0.0.1:{cluster.PORTS['balancer']}/", flush=True)  # fmt: skip
    run(opts)


if __name__ == "__main__":
    main()
