"""The two locked requirement sets: the runtime one holds everything the site imports.

requirements/runtime.txt is what production and scripts/run install; requirements/dev.txt
adds the test, research and benchmark tools. A package the site imports that only the dev
set installs would pass every test here and fail in production, so this reads the site's
imports (not tests/, research/, bench/ or deploy/) and the modules its settings name, and
finds each one's distribution in the runtime lock. scripts/check_runtime_set proves the same
by building a venv from the runtime lock alone and running ``manage.py check`` (minutes, so
it is not run here).
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from collections.abc import Iterable
from importlib.metadata import distributions, packages_distributions
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent
NOT_THE_SITE = {"research", "bench", "deploy", "tests"}
PIN = re.compile(r"^([A-Za-z0-9][\w.-]*)==(\S+)", re.M)


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _pins(lock: str) -> dict[str, str]:
    text = (ROOT / "requirements" / lock).read_text()
    return {_norm(name): version for name, version in PIN.findall(text)}


def _site_files() -> list[Path]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    packages = set(config["tool"]["importlinter"]["root_packages"]) - NOT_THE_SITE
    files = [ROOT / "manage.py", ROOT / "gunicorn.conf.py"]
    for package in sorted(packages):
        files += sorted((ROOT / package).rglob("*.py"))
    return files


def _imported_top_levels(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def _third_party(modules: set[str]) -> set[str]:
    local = {path.name for path in ROOT.iterdir()} | {path.stem for path in ROOT.glob("*.py")}
    return {m for m in modules if m not in sys.stdlib_module_names and m not in local}


def _outside(lock: str, files: list[Path], also: Iterable[str] = ()) -> dict[str, list[str]]:
    """The third-party modules ``files`` import that no distribution in ``lock`` provides."""
    imported = set().union(also, *(_imported_top_levels(path) for path in files))
    owners = packages_distributions()
    pinned = _pins(lock)
    return {
        module: owners.get(module, ["(no installed distribution)"])
        for module in sorted(_third_party(imported))
        if not any(_norm(dist) in pinned for dist in owners.get(module, []))
    }


def test_every_module_the_site_imports_comes_from_the_runtime_lock() -> None:
    named = {entry.split(".")[0] for entry in [*settings.INSTALLED_APPS, *settings.MIDDLEWARE]}
    missing = _outside("runtime.txt", _site_files(), named)
    assert missing == {}, f"the site imports these, but only the dev set installs them: {missing}"


def test_every_module_the_tests_and_tools_import_comes_from_the_dev_lock() -> None:
    files = [path for top in sorted(NOT_THE_SITE) for path in sorted((ROOT / top).rglob("*.py"))]
    missing = _outside("dev.txt", files)
    assert missing == {}, f"imported by tests, research, bench or deploy, in no lock: {missing}"


def test_the_dev_lock_holds_the_runtime_lock_at_the_same_versions() -> None:
    dev, runtime = _pins("dev.txt"), _pins("runtime.txt")
    assert {name: dev.get(name) for name in runtime} == runtime


def test_every_pin_in_both_locks_carries_a_hash() -> None:
    for lock in ("runtime.txt", "dev.txt"):
        entries = re.split(r"\n(?=[A-Za-z0-9])", (ROOT / "requirements" / lock).read_text())
        unhashed = [e.split()[0] for e in entries if PIN.match(e) and "--hash=sha256:" not in e]
        assert unhashed == [], f"{lock}: {unhashed}"


def test_no_installed_distribution_brings_a_top_level_tests_package() -> None:
    # glicko2 2.1.0 shipped tests/__init__.py, so `import tests` found site-packages.
    offenders = sorted(
        dist.metadata["Name"]
        for dist in distributions()
        if any(str(file).startswith("tests/") for file in dist.files or [])
    )
    assert offenders == []
