"""The first hour, measured in Chromium on a local production-like site (issue 42 item 6).

``python -m bench.firsthour [--lighthouse PATH] [--out FILE]`` starts the site on
127.0.0.1 (gunicorn, DEBUG off, WhiteNoise, a fresh SQLite file in a temporary folder:
nothing of the developer's database is touched), then prints:

- **taps to a first meld**: a newcomer at 360 px opens the home page, picks Tile Rummy,
  presses Deal, and plays each turn by taps only (the medium computer's choice for
  their seat stands in for a person who has learnt the game): draw when there is no
  opening, else tap each tile and its set, then Confirm. Counted from Deal to the
  first confirmed meld, with the turns it took;
- **page weight**: the bytes a first visit receives (encoded, as sent) for the home
  page, each game's setup and How to play pages, and a table of each game, against
  the 130 KB budget;
- **Lighthouse** (mobile, simulated throttling) on each game's table, as the guest
  who owns it: performance, accessibility, best practices, SEO. Lighthouse is an npm
  package, never installed by the project: ``npm install --prefix ~/.cache/lh
  lighthouse`` and pass ``--lighthouse ~/.cache/lh/node_modules/.bin/lighthouse``;
  without it that part is skipped (said so).

A research tool: the site never runs or imports it, and CI does not run it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from bench.cli import reexec_argv

CHILD = "FIRSTHOUR_CHILD"
BUDGET_KB = 130
PHONE = {"width": 360, "height": 740}


def kinds() -> list[str]:
    """Every game, in the catalogue's order (the first is the one whose first meld is timed)."""
    from games import catalogue

    return [entry.kind for entry in catalogue.CATALOGUE]


CHROMIUM = "/usr/bin/chromium"


class Command(BaseCommand):
    help = "Taps to a first meld, page weight and Lighthouse on a local site (issue 42)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--port", type=int, default=8765)
        parser.add_argument("--lighthouse", default=os.environ.get("LIGHTHOUSE", ""))
        parser.add_argument("--out", default="", help="also write the figures as JSON here")
        parser.add_argument("--max-turns", type=int, default=40)
        parser.add_argument("--newcomers", type=int, default=3, help="first games, each dealt anew")

    def handle(self, *args: Any, **options: Any) -> None:
        if not os.environ.get(CHILD):
            self._reexec()
            return
        figures = Figures()
        with Site(options["port"]) as site:
            run_browser_parts(site, figures, options["max_turns"], options["newcomers"])
            if options["lighthouse"]:
                figures.lighthouse = lighthouse_all(site, options["lighthouse"])
        self.stdout.write(figures.report(bool(options["lighthouse"])))
        if options["out"]:
            Path(options["out"]).write_text(json.dumps(figures.as_dict(), indent=2))

    def _reexec(self) -> None:
        """Run again with the production-like settings and a throwaway database."""
        folder = Path(tempfile.mkdtemp(prefix="firsthour-"))
        env = dict(os.environ)
        env.update(
            {
                CHILD: "1",
                "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
                "DEBUG": "0",
                "SECRET_KEY": "firsthour-bench-only-secret-key-never-used-anywhere-else-0123",
                "ALLOWED_HOSTS": "127.0.0.1",
                "SECURE_COOKIES": "0",
                "HTTPS": "0",
                "LOG_LEVEL": "WARNING",
                # Playwright's sync API runs an event loop; the ORM reads beside it.
                "DJANGO_ALLOW_ASYNC_UNSAFE": "1",
            }
        )
        for key in ("CELERY_BROKER_URL", "CACHE_URL", "LIVE_REDIS_URL", "RUMMY_TESTING"):
            env.pop(key, None)
        try:
            subprocess.run(reexec_argv("bench.firsthour"), env=env, check=True)
        finally:
            shutil.rmtree(folder, ignore_errors=True)


# --- the site --------------------------------------------------------------------------


class Site:
    """Migrate, collect the static files, and serve with gunicorn on 127.0.0.1."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Site:
        call_command("migrate", verbosity=0)
        call_command("collectstatic", "--noinput", verbosity=0)
        env = dict(os.environ, GUNICORN_BIND=f"127.0.0.1:{self.port}", GUNICORN_WORKERS="2")
        command = [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py"]
        self.process = subprocess.Popen(command, env=env)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"{self.base}/health/live/", timeout=2)
                return self
            except OSError:
                time.sleep(0.5)
        raise RuntimeError("the site did not start")

    def __exit__(self, *exc: object) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(30)


# --- figures ---------------------------------------------------------------------------


@dataclass
class Figures:
    # (taps, turns, melded) per newcomer, each at a freshly dealt game
    firsts: list[tuple[int, int, bool]] = field(default_factory=list)
    weights: dict[str, int] = field(default_factory=dict)
    lighthouse: dict[str, dict[str, float]] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "first_melds": [
                {"taps": taps, "turns": turns, "melded": melded}
                for taps, turns, melded in self.firsts
            ],
            "page_bytes": self.weights,
            "lighthouse": self.lighthouse,
        }

    def report(self, with_lighthouse: bool) -> str:
        lines = ["first meld (Tile Rummy, 360 px, taps only, from Deal):"]
        for taps, turns, melded in self.firsts:
            lines.append(f"  {taps} taps over {turns} turns" if melded else "  not reached")
        lines.append(f"page weight (first visit, encoded; budget {BUDGET_KB} KB):")
        for page, size in self.weights.items():
            mark = "" if size <= BUDGET_KB * 1024 else "  OVER"
            lines.append(f"  {page:<28} {size / 1024:6.1f} KB{mark}")
        if not with_lighthouse:
            lines.append("Lighthouse: skipped (pass --lighthouse PATH)")
        for page, scores in self.lighthouse.items():
            shown = ", ".join(f"{k} {v:.0f}" for k, v in scores.items())
            lines.append(f"Lighthouse {page}: {shown}")
        return "\n".join(lines)


# --- in the browser --------------------------------------------------------------------


def run_browser_parts(site: Site, figures: Figures, max_turns: int, newcomers: int) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM)
        try:
            for _ in range(newcomers):
                first_meld(browser, site, figures, max_turns)
            page_weights(browser, site, figures)
        finally:
            browser.close()


def first_meld(browser: Any, site: Site, figures: Figures, max_turns: int) -> None:
    """A newcomer's taps from Deal to the first confirmed meld."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(site.base + "/")
    page.get_by_role("link", name=re.compile("Tile Rummy")).first.click()
    page.get_by_role("button", name="Deal the tiles").click()
    page.wait_for_url("**/g/*/")
    game_id = page.url.rstrip("/").rsplit("/", 1)[-1]
    taps = 0
    for turn in range(1, max_turns + 1):
        _wait_for_my_turn(page)
        _rack_shown(page, game_id)
        sets = _opening_sets(game_id)
        if sets:
            taps += _lay(page, sets)
            page.get_by_role("button", name="Confirm play").click()
            taps += 1
            figures.firsts.append((taps, turn, _played(game_id)))
            break
        page.get_by_role("button", name="Draw a tile").click()
        taps += 1
    else:
        figures.firsts.append((taps, max_turns, False))
    context.close()


def _played(game_id: str, seconds: float = 20) -> bool:
    """The person's play landed (a "play" move of seat 0 is in the log)."""
    from games.models import Move

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if Move.objects.filter(game_id=game_id, seat=0, action__type="play").exists():
            return True
        time.sleep(0.2)
    return False


def _wait_for_my_turn(page: Any) -> None:
    """The Draw button is back and the board shows the rack the server holds now (the
    computers' moves are shown frame by frame, and a drawn tile travels into the rack)."""
    page.get_by_role("button", name="Draw a tile").wait_for(timeout=60_000)
    page.wait_for_function(SETTLED)


SETTLED = (
    "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')"
)


def _rack_shown(page: Any, game_id: str) -> None:
    """Wait (up to 10 s) until the page's rack holds exactly the seat's rack in the database."""
    from games.engine.registry import engine_for
    from games.models import Game

    game = Game.objects.get(pk=game_id)
    engine = engine_for(game.kind)
    wanted = sorted(t["id"] for t in engine.view(engine.from_json(game.state), 0)["rack"])
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        shown = (
            page.get_by_test_id("rack")
            .locator("[data-tile]")
            .evaluate_all("els => els.map(e => Number(e.dataset.tile))")
        )
        if sorted(shown) == wanted:
            return
        time.sleep(0.2)


def _opening_sets(game_id: str) -> list[list[int]]:
    """The new sets (tile ids) the medium computer would lay for the person now, if any."""
    from games.bots.registry import choose_for
    from games.engine.registry import engine_for
    from games.models import Game

    game = Game.objects.get(pk=game_id)
    engine = engine_for(game.kind)
    view = engine.view(engine.from_json(game.state), 0)
    action = choose_for(game.kind)(view, "medium")
    if not action or action.get("type") != "play":
        return []
    before = {tuple(sorted(t["id"] for t in s["tiles"])) for s in view["table"]}
    new = [s for s in action["table"] if tuple(sorted(s)) not in before]
    return new


def _lay(page: Any, sets: list[list[int]]) -> int:
    """Tap each tile, then New set (a set's first tile) or that set (the others)."""
    taps = 0
    rack = page.get_by_test_id("rack")
    for tiles in sets:
        for n, tile in enumerate(tiles):
            rack.locator(f'[data-tile="{tile}"]').click()
            if n == 0:
                page.get_by_role("button", name=re.compile("New set")).click()
            else:
                page.get_by_test_id("table").get_by_test_id("set").last.click()
            taps += 2
    return taps


def page_weights(browser: Any, site: Site, figures: Figures) -> None:
    """Bytes of a first visit to each page (a fresh context each: nothing cached)."""
    pages = {"home": "/"}
    for kind in kinds():
        pages[f"{kind} setup"] = _url(kind, "setup")
        pages[f"{kind} how to play"] = _url(kind, "how_to_play")
    for label, path in pages.items():
        figures.weights[label] = _weight(browser, site.base + path)
    for kind in kinds():
        figures.weights[f"{kind} table"] = _weight(browser, "", deal=(site, kind))


def _url(kind: str, name: str) -> str:
    from django.urls import reverse

    from games import catalogue

    return reverse(f"{catalogue.get(kind).url_name}:{name}")


def _weight(browser: Any, url: str, deal: tuple[Site, str] | None = None) -> int:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    if deal is not None:
        site, kind = deal
        url = _deal(page, site, kind)
        context.close()
        context = browser.new_context(viewport=PHONE, storage_state=_state)
        page = context.new_page()
    total = 0

    def count(response: Any) -> None:
        nonlocal total
        sizes = response.request.sizes()
        total += int(sizes.get("responseBodySize", 0)) + int(sizes.get("responseHeadersSize", 0))

    page.on("response", count)
    page.goto(url, wait_until="networkidle")
    context.close()
    return total


_state: dict[str, Any] = {}


def _deal(page: Any, site: Site, kind: str) -> str:
    """Deal a game of ``kind`` with its defaults; keep the cookies that own it."""
    global _state
    page.goto(site.base + _url(kind, "setup"))
    page.get_by_role("button", name=re.compile("^Deal the")).click()
    page.wait_for_url("**/g/*/")
    _state = page.context.storage_state()
    return page.url


def lighthouse_all(site: Site, binary: str) -> dict[str, dict[str, float]]:
    """Lighthouse's mobile scores on each game's table, as the guest who owns it."""
    from playwright.sync_api import sync_playwright

    scores: dict[str, dict[str, float]] = {}
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM)
        for kind in kinds():
            context = browser.new_context(viewport=PHONE)
            url = _deal(context.new_page(), site, kind)
            cookies = "; ".join(f"{c['name']}={c['value']}" for c in context.cookies())
            context.close()
            scores[f"{kind} table"] = _lighthouse(binary, url, cookies)
        browser.close()
    return scores


def _lighthouse(binary: str, url: str, cookies: str) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "report.json"
        command = [
            binary, url, "--quiet", "--output=json", f"--output-path={out}",
            "--only-categories=performance,accessibility,best-practices,seo",
            "--chrome-flags=--headless=new --no-sandbox",
            f"--extra-headers={json.dumps({'Cookie': cookies})}",
        ]  # fmt: skip
        env = dict(os.environ, CHROME_PATH=CHROMIUM)
        subprocess.run(command, env=env, check=True, timeout=300)
        report = json.loads(out.read_text())
    scores = {name: (cat["score"] or 0) * 100 for name, cat in report["categories"].items()}
    for name in ("accessibility", "best-practices"):
        missed = [
            ref["id"]
            for ref in report["categories"][name]["auditRefs"]
            if ref.get("weight") and (report["audits"][ref["id"]].get("score") or 0) < 1
        ]
        if missed:
            print(f"  Lighthouse {url}: {name} missed {', '.join(missed)}", flush=True)
        for audit in missed:
            items = (report["audits"][audit].get("details") or {}).get("items") or []
            for item in items[:5]:
                node = item.get("node") or {}
                where, why = node.get("selector", ""), node.get("explanation", "")
                print(f"    {audit}: {where} {why}"[:300])
    return scores
