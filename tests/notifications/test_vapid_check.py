"""Half a VAPID key pair, or two halves of different pairs, is reported by the system checks
(``manage.py check``, and so ``check --deploy``) instead of silently turning push off."""

from __future__ import annotations

import subprocess
from typing import Any

import pytest

from notifications.checks import vapid_keys
from tests.notifications.push_service import vapid_pair
from tests.security.test_deploy_check import PRODUCTION_ENV, run_check


def _ids(settings: Any, private: str, public: str) -> list[str]:
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = private, public
    return [message.id for message in vapid_keys()]


def test_no_keys_is_fine_push_is_simply_off(settings: Any) -> None:
    assert _ids(settings, "", "") == []


def test_a_matching_pair_is_fine(settings: Any) -> None:
    assert _ids(settings, *vapid_pair()) == []


@pytest.mark.parametrize("half", ["private", "public"])
def test_half_a_pair_is_reported(settings: Any, half: str) -> None:
    private, public = vapid_pair()
    pair = (private, "") if half == "private" else ("", public)
    [message] = _messages(settings, *pair)
    assert message.id == "notifications.E001"
    assert "push is off" in message.msg and "vapid_keys" in message.hint


def _messages(settings: Any, private: str, public: str) -> list[Any]:
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = private, public
    return vapid_keys()


def test_two_halves_of_different_pairs_are_reported(settings: Any) -> None:
    private, _ = vapid_pair()
    _, other_public = vapid_pair()
    assert _ids(settings, private, other_public) == ["notifications.E003"]


def test_a_private_key_that_cannot_be_read_is_reported(settings: Any) -> None:
    _, public = vapid_pair()
    assert _ids(settings, "not-a-key", public) == ["notifications.E002"]


def test_check_deploy_says_so_in_a_fresh_process() -> None:
    private, _ = vapid_pair()
    result: subprocess.CompletedProcess[str] = run_check(
        {**PRODUCTION_ENV, "VAPID_PRIVATE_KEY": private}
    )
    assert result.returncode != 0
    assert "notifications.E001" in result.stdout + result.stderr
    private, public = vapid_pair()
    paired = run_check({**PRODUCTION_ENV, "VAPID_PRIVATE_KEY": private, "VAPID_PUBLIC_KEY": public})
    assert paired.returncode == 0, paired.stdout + paired.stderr
