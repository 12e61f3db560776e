"""Channels' ``WebsocketCommunicator``, importable without daphne.

``channels.testing``'s package also loads its live-server test case, which imports
daphne's test process; this site is served by uvicorn and daphne is not installed
(requirements/). Only the communicator is used here, so a missing daphne is stood
in for by an empty module before the package is imported.
"""

from __future__ import annotations

import importlib.util
import sys
import types

if importlib.util.find_spec("daphne") is None:
    _testing = types.ModuleType("daphne.testing")
    _testing.DaphneProcess = None  # type: ignore[attr-defined]
    sys.modules.setdefault("daphne", types.ModuleType("daphne"))
    sys.modules.setdefault("daphne.testing", _testing)

from channels.testing import WebsocketCommunicator  # noqa: E402

__all__ = ["WebsocketCommunicator"]
