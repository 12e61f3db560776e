"""Load the Romanian openings (puzzles/data/romanian_bank.json, if shipped) into the database."""

from django.db import migrations


def load_romanian(apps, schema_editor):
    from puzzles import bank

    bank.load(apps.get_model("puzzles", "Puzzle"), bank.ROMANIAN_FILE)


class Migration(migrations.Migration):
    dependencies = [("puzzles", "0003_game_and_threshold")]

    operations = [migrations.RunPython(load_romanian, migrations.RunPython.noop)]
