"""Shared infrastructure under the platform and the apps: prepared cursors, counters, metrics.

Here because both the platform (``games``) and the apps use these, and neither may
import the site (``rummy_site``) above them: nothing in this package knows a game or
an app, so every layer above may import it (see docs/architecture.md).
"""
