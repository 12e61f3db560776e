from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TalkConfig(AppConfig):
    """Table talk: quick phrases for everyone, short messages for known accounts."""

    name = "talk"
    verbose_name = _("Table talk")
    default_auto_field = "django.db.models.BigAutoField"
