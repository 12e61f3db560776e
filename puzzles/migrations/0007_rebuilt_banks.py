"""The rebuilt banks (issue 40): a hint and the gain over a first idea for each puzzle, and
the first bank's puzzles retired rather than deleted.

The new banks have new ids (Tile Rummy from 3001, Romanian from 70001), so an attempt
on an old puzzle still points at the position it was made on: the old rows stay, marked
``retired``, never dealt again (``Puzzle.objects`` leaves them out) but still reachable
from a player's history and from a daily that showed one.
"""

from django.db import migrations, models


def load_and_retire(apps, schema_editor):
    from puzzles import bank

    model = apps.get_model("puzzles", "Puzzle")
    for game in ("tile_rummy", "romanian_tile_rummy"):  # the two rebuilt banks
        bank.load_game(model, game)
    stale = model.objects.filter(owner__isnull=True).exclude(id__in=bank.shipped_ids())
    stale.update(retired=True)


def unretire(apps, schema_editor):
    apps.get_model("puzzles", "Puzzle").objects.update(retired=False)


class Migration(migrations.Migration):
    dependencies = [("puzzles", "0006_own_puzzles")]

    operations = [
        migrations.AddField(
            model_name="puzzle",
            name="hint",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="puzzle",
            name="gain",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="puzzle",
            name="retired",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(load_and_retire, unretire),
    ]
