"""Report links by an unguessable reference; one active daily attempt per player and day.

``report_ref`` is added empty, filled with a fresh random value per existing
player, then made unique (a unique callable default can't be added in one step).
"""

import django.db.models.deletion
from django.db import migrations, models

import leaderboards.models


def fill_report_refs(apps, schema_editor):
    Player = apps.get_model("leaderboards", "Player")
    for player in Player.objects.filter(report_ref__isnull=True).only("pk"):
        player.report_ref = leaderboards.models.new_report_ref()
        player.save(update_fields=["report_ref"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0001_initial"),
        ("leaderboards", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="report_ref",
            field=models.CharField(max_length=32, null=True),
        ),
        migrations.RunPython(fill_report_refs, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="player",
            name="report_ref",
            field=models.CharField(
                default=leaderboards.models.new_report_ref, max_length=32, unique=True
            ),
        ),
        migrations.CreateModel(
            name="DailyAttempt",
            fields=[
                (
                    "game",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="daily_attempt",
                        serialize=False,
                        to="games.game",
                    ),
                ),
                ("owner", models.CharField(max_length=80)),
                ("day", models.DateField()),
                ("active", models.BooleanField(default=True)),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        condition=models.Q(("active", True)),
                        fields=("owner", "day"),
                        name="one_active_daily_attempt",
                    )
                ],
            },
        ),
    ]
