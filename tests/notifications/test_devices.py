"""A push device's name for the settings page: its browser and system, from the User-Agent."""

from __future__ import annotations

import pytest

from notifications.devices import browser_name

CHROME_ANDROID = ("Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) "
                  "Chrome/131.0.0.0 Mobile Safari/537.36")
EDGE_WINDOWS = ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
                "Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0")
SAFARI_MAC = ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 "
              "(KHTML, like Gecko) Version/18.1 Safari/605.1.15")
SAFARI_IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 "
                 "(KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1")
FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
OPERA = ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
         "Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0")
SAMSUNG = ("Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) "
           "SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36")
CHROMEBOOK = ("Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) "
              "Chrome/131.0.0.0 Safari/537.36")


@pytest.mark.parametrize(
    ("agent", "name"),
    [
        (CHROME_ANDROID, "Chrome on Android"),
        (EDGE_WINDOWS, "Edge on Windows"),
        (SAFARI_MAC, "Safari on macOS"),
        (SAFARI_IPHONE, "Safari on iOS"),
        (FIREFOX_LINUX, "Firefox on Linux"),
        (OPERA, "Opera on Windows"),
        (SAMSUNG, "Samsung Internet on Android"),
        (CHROMEBOOK, "Chrome on ChromeOS"),
        ("curl/8.5.0", "A browser"),
        ("", "A browser"),
    ],
)
def test_the_browser_and_system_are_named(agent: str, name: str) -> None:
    assert browser_name(agent) == name


def test_a_long_or_odd_user_agent_gives_a_short_plain_name() -> None:
    assert len(browser_name("Firefox/1 " + "x" * 5000 + " Windows")) <= 60
    assert browser_name("<script>Firefox/1</script>") == "Firefox"
