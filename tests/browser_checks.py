"""What the browser tests check on any page, written once: axe-core's violations, the
width, and the Content-Security-Policy violations the browser reports.

axe-core comes bundled in the pinned ``axe-playwright-python`` package (no network).
A test collects every violation it meets across its pages and fails once at the end
with all of them, so one run shows the whole list rather than the first.
"""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe

# A phone and a desktop: the two sizes every page must serve.
SIZES = [{"width": 360, "height": 740}, {"width": 1280, "height": 800}]
SIZE_IDS = ["phone", "desktop"]

# Runs in every document before its own scripts, so no violation goes unseen.
CSP_WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__violations.push(e.violatedDirective + " " + e.blockedURI));
"""


def violations(page: Any, where: str) -> list[str]:
    """Every axe violation on the page, one readable line each."""
    results = Axe().run(page)
    return [
        f"{where}: {v['id']} ({v['impact']}) {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
    ]


def narrow_enough(page: Any, size: dict[str, int]) -> bool:
    """Whether the page fits the viewport's width (no sideways scrolling)."""
    return page.evaluate("document.documentElement.scrollWidth") <= size["width"]


def watch_csp(page: Any) -> None:
    """Record each policy violation the page's documents report from now on (before goto)."""
    page.add_init_script(CSP_WATCH)


def csp_violations(page: Any) -> list[str]:
    """The violations recorded since :func:`watch_csp`: each directive and what it blocked."""
    return page.evaluate("window.__violations")
