"""Run a Django command class as a stand-alone program (``python -m bench.<tool>``).

The tools stay ``BaseCommand`` subclasses (options, ``CommandError`` handling and
``call_command`` in tests all keep working) but live outside every app, so
``manage.py`` in production never lists them.
"""

from __future__ import annotations

import importlib
import os
import sys

import django


def run(tool: str, command_module: str = "") -> None:
    """Set Django up with the site's settings, then run ``Command`` on this process's arguments.

    ``command_module`` (default ``<tool>.command``) is imported only after the setup,
    since a command may import models at its top.
    """
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rummy_site.settings")
    django.setup()
    command = importlib.import_module(command_module or f"{tool}.command").Command
    command().run_from_argv(["python -m", tool, *sys.argv[1:]])  # usage: python -m <tool>


def reexec_argv(tool: str) -> list[str]:
    """This same tool started again (with another environment): ``python -m tool args…``."""
    return [sys.executable, "-m", tool, *sys.argv[1:]]
