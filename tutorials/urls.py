from django.urls import path

from . import views

app_name = "tutorials"

urlpatterns = [
    path("", views.index, name="index"),
    path("<str:kind>/", views.intro, name="intro"),
    path("<str:kind>/start/", views.start, name="start"),
    path("<str:kind>/skip/", views.skip, name="skip"),
    path("<str:kind>/dismiss/", views.dismiss, name="dismiss"),
]
