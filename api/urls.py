"""The API's pages (/api/, /api/tokens/); the JSON endpoints are mounted at /api/v1/."""

from django.urls import path

from . import views

app_name = "api"

urlpatterns = [
    path("", views.docs, name="docs"),
    path("tokens/", views.token_page, name="tokens"),
    path("tokens/<int:token_id>/revoke/", views.revoke, name="revoke"),
    path("tokens/revoke-all/", views.revoke_all, name="revoke_all"),
]
