"""games.services is a package by job, and its names stay the one door (issue 35 item 1).

The services once imported ``games.tasks`` inside functions to hide a circle (the
tasks import the services), as ``reviews.store`` did with ``reviews.tasks``. Now
both call a queue interface the tasks implement and the apps register at start;
these checks keep the hidden imports from coming back.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from games import online_table, services, task_queue, tasks
from players import lookup
from reviews import store
from reviews import tasks as review_tasks

ROOT = Path(__file__).resolve().parents[2]
NO_HIDDEN_IMPORTS = [
    *sorted((ROOT / "games" / "services").glob("*.py")),
    ROOT / "games" / "tasks.py",
    ROOT / "games" / "task_queue.py",
    ROOT / "games" / "access.py",
    ROOT / "games" / "online_table.py",
    ROOT / "reviews" / "store.py",
    ROOT / "reviews" / "tasks.py",
    ROOT / "reviews" / "signals.py",
]


def _imports_inside_functions(path: Path) -> list[int]:
    tree = ast.parse(path.read_text())
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    return sorted(
        inner.lineno
        for function in functions
        for inner in ast.walk(function)
        if isinstance(inner, ast.Import | ast.ImportFrom)
    )


@pytest.mark.parametrize("path", NO_HIDDEN_IMPORTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_import_hides_inside_a_function(path: Path) -> None:
    assert _imports_inside_functions(path) == []


def test_every_public_name_is_still_at_the_door() -> None:
    missing = [name for name in services.__all__ if not hasattr(services, name)]
    assert missing == []
    for name in ("play", "create_game", "SeatSpec", "update_draft", "pause", "leave_seat"):
        assert name in services.__all__


def test_the_apps_register_the_celery_queues_at_start() -> None:
    assert task_queue.tasks() is tasks.CELERY_QUEUE
    assert store._queue.get() is review_tasks.CELERY_QUEUE
    assert online_table.name_screen.get() is lookup.name_screen  # the players app's
