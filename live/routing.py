"""The live process's websocket routes (rummy_site.asgi mounts them under its origin check)."""

from django.urls import path

from games.live import SOCKET_PREFIX
from live.consumers import TableConsumer

websocket_urlpatterns = [
    path(f"{SOCKET_PREFIX}<uuid:game_id>/", TableConsumer.as_asgi()),
]
