"""Load the shipped puzzle bank (puzzles/data/bank.json) into the database."""

from django.db import migrations


def load_bank(apps, schema_editor):
    from puzzles import bank

    bank.load_game(apps.get_model("puzzles", "Puzzle"), "tile_rummy")


class Migration(migrations.Migration):
    dependencies = [("puzzles", "0001_initial")]

    operations = [migrations.RunPython(load_bank, migrations.RunPython.noop)]
