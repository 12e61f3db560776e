"""Load the Romanian openings (puzzles/data/romanian_bank.json, if shipped) into the database."""

from django.db import migrations


def load_romanian(apps, schema_editor):
    from puzzles import bank

    bank.load_game(apps.get_model("puzzles", "Puzzle"), "romanian_tile_rummy")


class Migration(migrations.Migration):
    dependencies = [("puzzles", "0003_game_and_threshold")]

    operations = [migrations.RunPython(load_romanian, migrations.RunPython.noop)]
