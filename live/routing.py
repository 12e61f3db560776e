"""The live process's websocket routes (rummy_site.asgi mounts them under its origin check).

Each path is spelled where the pages that open it are drawn: a table's in games.live, the
person's own in the header's My turn tag, a tournament page's beside its views.
"""

from django.urls import path

from games.live import SOCKET_PREFIX
from live.consumers import PersonConsumer, TableConsumer, TournamentConsumer
from notifications.templatetags.my_turn import PERSON_SOCKET
from tournaments.views import SOCKET_PREFIX as TOURNAMENT_PREFIX

websocket_urlpatterns = [
    path(f"{SOCKET_PREFIX}<uuid:game_id>/", TableConsumer.as_asgi()),
    path(PERSON_SOCKET.lstrip("/"), PersonConsumer.as_asgi()),
    path(f"{TOURNAMENT_PREFIX}<int:pk>/", TournamentConsumer.as_asgi()),
]
