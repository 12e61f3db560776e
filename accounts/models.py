"""Account models (none yet: allauth and django.contrib.auth cover sign-in)."""
