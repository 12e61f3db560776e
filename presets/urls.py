"""House rules' URLs, under /presets/ in the ``presets`` namespace."""

from django.urls import path

from presets import views

app_name = "presets"

urlpatterns = [
    path("", views.index, name="index"),
    path("save/<slug:kind>/", views.save, name="save"),
    path("<int:pk>/start/", views.start, name="start"),
    path("<int:pk>/rename/", views.rename, name="rename"),
    path("<int:pk>/delete/", views.delete, name="delete"),
]
