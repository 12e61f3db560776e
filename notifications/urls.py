"""The app's files at the site root (manifest, service worker, offline page) and the settings."""

from django.urls import path

from notifications import app_views, views

app_name = "notifications"

urlpatterns = [
    path("manifest.webmanifest", app_views.manifest, name="manifest"),
    path("sw.js", app_views.service_worker, name="service_worker"),
    path("offline/", app_views.offline, name="offline"),
    path("me/turn/", views.my_turn, name="my_turn"),
    path("me/vacation/", views.vacation_page, name="vacation"),
    path("me/notifications/", views.settings_page, name="settings"),
    path("me/notifications/push/", views.subscribe, name="subscribe"),
    path("me/notifications/push/forget/", views.unsubscribe_device, name="forget_device"),
    path("me/notifications/devices/<int:pk>/remove/", views.remove_device, name="remove_device"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
]
