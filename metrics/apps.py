"""The metrics app: connects its receivers once Django has loaded the models."""

from __future__ import annotations

from django.apps import AppConfig


class MetricsConfig(AppConfig):
    name = "metrics"
    verbose_name = "Metrics"

    def ready(self) -> None:
        from metrics import signals, worker

        signals.connect()
        worker.connect()
