from django.apps import AppConfig


class PrivacyConfig(AppConfig):
    name = "privacy"
    verbose_name = "Privacy: data export, closed accounts"

    def ready(self) -> None:
        """Give every name check the hold on closed accounts' names (``leaderboards.holds``):
        the apps that check names sit below this one and never import it."""
        from leaderboards import holds
        from privacy import reserved

        holds.register(reserved.refuse_held)
