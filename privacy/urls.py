"""The privacy page, and the signed-in person's own data pages (under /me/)."""

from django.urls import path

from . import views

app_name = "privacy"

urlpatterns = [
    path("privacy/", views.privacy_page, name="page"),
    path("me/data/", views.download, name="download"),
    path("me/close/", views.close, name="close"),
    path("me/close/code/", views.send_code, name="send_code"),
    path("me/closed/", views.closed, name="closed"),
]
