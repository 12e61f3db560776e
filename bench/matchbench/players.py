"""One simulated player: press the quick-match button, follow the waiting page, land at a table.

Each player is a thread with its own keep-alive connection, signed device cookie
and CSRF cookie, doing what the pages do: POST the preset, load the waiting
page, poll it every second (htmx's ``every 1s``) until it answers with a client
redirect (``HX-Redirect``) to a table, then load the table. Times are measured
from the press to the table's URL being known (seated) and to the table page
loaded.
"""

from __future__ import annotations

import http.client
import secrets
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import urlencode

CSRF = secrets.token_hex(16)


@dataclass
class Outcome:
    index: int
    pressed: float = 0.0  # time.time() of the press
    seated_after: float | None = None  # seconds from the press to the table's URL
    loaded_after: float | None = None  # … to the table page loaded
    table: str = ""
    direct: bool = False  # the press itself completed a table (an opponent was waiting)
    polls: int = 0
    errors: list[str] = field(default_factory=list)


class Client:
    """A browser's requests on one keep-alive connection."""

    def __init__(self, port: int, device_cookie: str) -> None:
        self.port, self.cookie = port, device_cookie
        self.conn: http.client.HTTPConnection | None = None

    def request(
        self, method: str, path: str, data: dict[str, str] | None = None, htmx: bool = False
    ) -> tuple[int, dict[str, str], str]:
        headers = {"Cookie": f"rummy_device={self.cookie}; csrftoken={CSRF}"}
        if htmx:
            headers["HX-Request"] = "true"
        body = None
        if method == "POST":
            body = urlencode(data or {})
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = CSRF
        for attempt in (1, 2):
            try:
                if self.conn is None:
                    self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                self.conn.request(method, path, body=body, headers=headers)
                response = self.conn.getresponse()
                text = response.read().decode("utf-8", "replace")
                found = {k.lower(): v for k, v in response.getheaders()}
                if found.get("connection", "").lower() == "close":
                    self.close()
                return response.status, found, text
            except (http.client.HTTPException, OSError):
                self.close()
                if attempt == 2:
                    return 599, {}, ""
        return 599, {}, ""

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def play(
    outcome: Outcome,
    client: Client,
    start_at: float,
    join_path: str,
    form: dict[str, str],
    give_up_after: float,
    stop: threading.Event,
) -> None:
    """Wait for the arrival time, press, and follow the pages until seated (or give up)."""
    delay = start_at - time.time()
    if delay > 0 and stop.wait(delay):
        return
    outcome.pressed = time.time()
    status, headers, _ = client.request("POST", join_path, form)
    location = headers.get("location", "")
    if status != 302:
        outcome.errors.append(f"press answered {status}")
        return
    if "/g/" in location:
        outcome.direct = True
        _seated(outcome, client, location)
        return
    client.request("GET", location)  # the waiting page
    deadline = outcome.pressed + give_up_after
    while time.time() < deadline and not stop.is_set():
        time.sleep(1.0)  # the page's own poll interval
        status, headers, _ = client.request("GET", "/match/wait/poll/", htmx=True)
        outcome.polls += 1
        target = headers.get("hx-redirect", "")
        if target:
            _seated(outcome, client, target)
            return
        if status not in (200, 204):
            outcome.errors.append(f"poll answered {status}")
    client.request("POST", "/match/leave/", {"beacon": "1"})  # gave up: the page closes


def _seated(outcome: Outcome, client: Client, table: str) -> None:
    outcome.seated_after = time.time() - outcome.pressed
    outcome.table = table
    status, _, _ = client.request("GET", table)
    if status == 200:
        outcome.loaded_after = time.time() - outcome.pressed
    else:
        outcome.errors.append(f"table answered {status}")
    client.close()
