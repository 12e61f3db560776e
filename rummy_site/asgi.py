"""ASGI entry point: the pages over HTTP, and the live process's websockets (live/).

HTTP goes to Django as under WSGI. A websocket must come from a page of one of the
site's hosts (the Origin header against ALLOWED_HOSTS) and may only open ``/live/…``
(live.routing); who it is comes from its cookies when it opens (``live.viewer``
reads the session and the account as Django's middleware would: no Channels
middleware keeps them for the connection's life).
uvicorn serves it: ``uvicorn rummy_site.asgi:application`` (docs/live.md).
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rummy_site.settings")

# Django is set up first: the routes import models.
django_application = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from live.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_application,
        "websocket": AllowedHostsOriginValidator(URLRouter(websocket_urlpatterns)),
    }
)
