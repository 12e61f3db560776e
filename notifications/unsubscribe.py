"""Signed one-click unsubscribe tokens: the link works without signing in, and only for its owner.

The token is the account id signed with the site's key (Django's signing), so
nobody can unsubscribe someone else by guessing; it does not expire, because an
old e-mail's link should still work.
"""

from __future__ import annotations

from django.core import signing

SALT = "notifications.unsubscribe.email"


def token_for(user_id: int) -> str:
    return signing.dumps({"u": user_id}, salt=SALT, compress=True)


def user_id_from(token: str) -> int | None:
    """The account a token names, or None when it was not signed by this site."""
    try:
        data = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        return None
    user_id = data.get("u") if isinstance(data, dict) else None
    return user_id if isinstance(user_id, int) else None
