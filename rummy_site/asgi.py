"""ASGI entry point, for an async server should the site ever need one (e.g. SSE)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rummy_site.settings")

application = get_asgi_application()
