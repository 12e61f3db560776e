"""Issuing, finding and revoking personal access tokens (the clear token is shown once).

The clear token exists only in the response that created it: the database
keeps its SHA-256 digest and a short prefix, so neither a database dump nor
the token page can show it again.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.contrib.auth.base_user import AbstractBaseUser
from django.utils import timezone
from django.utils.translation import ngettext

from api.models import AccessToken

MARK = "rmy_"  # recognisable in logs and by secret scanners
PREFIX_LENGTH = len(MARK) + 6
MAX_TOKENS = 20  # per account: plenty for a few programs, bounded for the page
MAX_TOKEN_LENGTH = 128  # anything longer is not one of ours: refused before hashing
TOUCH_EVERY = timedelta(minutes=1)


class TokenLimit(Exception):
    """The account already holds ``MAX_TOKENS`` tokens."""


def digest_of(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def issue(user: AbstractBaseUser, name: str, scopes: list[str]) -> tuple[AccessToken, str]:
    """A new token for ``user``: the stored row and the clear token (to show once)."""
    if AccessToken.objects.filter(user=user).count() >= MAX_TOKENS:
        raise TokenLimit(
            ngettext(
                "You have %(count)s token already; revoke one first.",
                "You have %(count)s tokens already; revoke one first.",
                MAX_TOKENS,
            )
            % {"count": MAX_TOKENS}
        )
    clear = MARK + secrets.token_urlsafe(32)
    row = AccessToken.objects.create(
        user=user,
        name=name,
        prefix=clear[:PREFIX_LENGTH],
        digest=digest_of(clear),
        scopes=" ".join(sorted(set(scopes))),
    )
    return row, clear


def find(clear: str) -> AccessToken | None:
    """The live token behind ``clear`` (with its user), or None; notes when it was used."""
    if not clear.startswith(MARK) or len(clear) > MAX_TOKEN_LENGTH:
        return None
    row = AccessToken.objects.select_related("user").filter(digest=digest_of(clear)).first()
    if row is None or not row.user.is_active:
        return None
    now = timezone.now()
    if row.last_used is None or now - row.last_used > TOUCH_EVERY:
        AccessToken.objects.filter(pk=row.pk).update(last_used=now)
        row.last_used = now
    return row


def revoke(user: AbstractBaseUser, token_id: int) -> bool:
    """Delete one of ``user``'s tokens; False when there is no such token of theirs."""
    deleted, _ = AccessToken.objects.filter(user=user, pk=token_id).delete()
    return bool(deleted)


def revoke_all(user: AbstractBaseUser) -> int:
    """Delete every token of ``user`` (after a leak, or a password reset); how many went."""
    deleted, _ = AccessToken.objects.filter(user=user).delete()
    return deleted
