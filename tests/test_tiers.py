"""scripts/test's four pytest tiers select every test exactly once (issue 35 item 3).

The tiers are ``-m`` expressions over three markers, ``slow``, ``services`` and
``browser``; whatever else a test carries does not change which tier takes it. So
checking every combination of them proves the partition for every test, without collecting the
suite three times.
"""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "test"
TIERS = ("FAST", "SLOW", "SERVICES", "BROWSER")


def expressions() -> dict[str, str]:
    """The tier variables as scripts/test sets them (NAME="expression")."""
    found = dict(re.findall(r'^(FAST|SLOW|SERVICES|BROWSER)="([^"]+)"', SCRIPT.read_text(), re.M))
    assert sorted(found) == sorted(TIERS), found
    return found


def selects(expression: str, markers: set[str]) -> bool:
    """Whether ``-m expression`` keeps a test with these markers (names, and, or, not)."""
    assert re.fullmatch(r"[a-z_ ()]+", expression), expression
    names = set(re.findall(r"[a-z_]+", expression)) - {"and", "or", "not"}
    return bool(eval(expression, {"__builtins__": {}}, {n: n in markers for n in names}))  # noqa: S307


@pytest.mark.parametrize(
    "markers",
    [
        set(c)
        for r in range(5)
        for c in itertools.combinations(("slow", "services", "browser", "django_db"), r)
    ],
    ids=lambda markers: "+".join(sorted(markers)) or "none",  # a set's order varies by process
)
def test_each_test_is_in_exactly_one_tier(markers: set[str]) -> None:
    chosen = [name for name, expr in expressions().items() if selects(expr, markers)]
    assert len(chosen) == 1, (markers, chosen)


def test_scripts_test_runs_the_three_tiers_in_order() -> None:
    text = SCRIPT.read_text()
    tier = r'^tier "[^"]*" \.venv/bin/pytest -m "\$(\w+)"(?: "\$\{\w+\[@\]\}")?$'
    assert re.findall(tier, text, re.M) == list(TIERS)


def test_the_fast_tier_runs_on_every_cpu_and_stops_at_its_first_failure() -> None:
    """Issue 35 item 3: a red fast tier shows within minutes, not after the whole tier."""
    text = SCRIPT.read_text()
    assert re.search(
        r'^tier "[^"]*" \.venv/bin/pytest -m "\$FAST" "\$\{FAST_OPTIONS\[@\]\}"$', text, re.M
    )
    options = re.search(r"^FAST_OPTIONS=\((.*)\)$", text, re.M)
    assert options and {"-n", "-x"} <= set(options.group(1).split()), options
    # Each worker must take its tests in collection order (pytest-django runs the tests that
    # empty the database last): --dist load does; worksteal and the scope modes do not.
    dist = re.search(r"--dist (\S+)", options.group(1))
    assert dist is None or dist.group(1) == "load", options


def test_the_service_tests_run_one_after_another_after_the_slow_tier() -> None:
    """Real Celery workers on one broker would take each other's tasks, and the cluster's
    nodes share ports and Redis databases: their tier runs in one process, no -n."""
    text = SCRIPT.read_text()
    assert re.search(r'^tier "[^"]*" \.venv/bin/pytest -m "\$SERVICES"$', text, re.M), text
    options = re.search(r"^SLOW_OPTIONS=\((.*)\)$", text, re.M)
    assert options, "scripts/test sets SLOW_OPTIONS"
    words = options.group(1).split()
    assert "-n" not in words or "--dist loadfile" in " ".join(words), words


def test_the_service_tests_are_marked_as_such() -> None:
    """tests/conftest.py marks them by folder, file and marker as each is collected: a
    collection of the service tier takes the cluster's and the real workers' tests and
    nothing else of those files' neighbours."""
    root = SCRIPT.parent.parent
    paths = [
        "tests/cluster/test_beat_failover.py",
        "tests/games/test_celery_worker.py",
        "tests/test_tiers.py",
    ]

    def collected(expression: str) -> set[str]:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "--co",
                "-q",
                "-p",
                "no:cacheprovider",
                "-m",
                expression,
                *paths,
            ],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        return {line.split("::")[0] for line in done.stdout.splitlines() if "::" in line}

    services = expressions()["SERVICES"]
    assert collected(services) == set(paths[:2])
    assert collected(expressions()["SLOW"]) == set()


def test_the_slow_marker_is_registered(pytestconfig: pytest.Config) -> None:
    assert any(line.startswith("slow:") for line in pytestconfig.getini("markers"))
