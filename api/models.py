"""Personal access tokens: a program acts for its owner's program seats with one of these.

Only a SHA-256 digest of the token is stored. A token is 256 random bits, so a
fast hash is enough (nobody can guess one to test against it, unlike a
password), and a leaked table still hands out nothing usable. The short
``prefix`` is kept in clear so the owner can tell their tokens apart.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy

READ = "read"
PLAY = "play"
SCOPES = (
    (READ, gettext_lazy("Read: list your games, see your seat's view, wait for changes")),
    (PLAY, gettext_lazy("Play: start games against computers and submit moves")),
)


class AccessToken(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=40)
    prefix = models.CharField(max_length=16)
    digest = models.CharField(max_length=64, unique=True)
    # Space-separated scope names (READ, PLAY): few and fixed, so no table of their own.
    scopes = models.CharField(max_length=32)
    created = models.DateTimeField(auto_now_add=True)
    # Touched at most once a minute, so reading a game is not a write each time.
    last_used = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def scope_set(self) -> frozenset[str]:
        return frozenset(self.scopes.split())

    def allows(self, scope: str) -> bool:
        return scope in self.scope_set
