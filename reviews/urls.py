"""Review pages, under /reviews/ (the ``reviews`` namespace)."""

from django.urls import path

from reviews import views

app_name = "reviews"

urlpatterns = [
    path("g/<uuid:game_id>/", views.game_review, name="game"),
    path("g/<uuid:game_id>/round/<int:round_no>/", views.round_review, name="round"),
]
