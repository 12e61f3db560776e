"""Rumasta's first-meld puzzles (issue 40, item 3): the game joins the puzzles' games and its
bank (puzzles/data/rumasta_bank.json, ids from 20001, if shipped) is loaded.

The load is the same upsert by id as every bank's (``puzzles.bank``), so running it after
0007 (which loads every shipped file the catalogue names, this one included) changes nothing.
"""

from django.db import migrations, models


def load_rumasta(apps, schema_editor):
    from puzzles import bank

    bank.load_game(apps.get_model("puzzles", "Puzzle"), "rumasta")


class Migration(migrations.Migration):
    dependencies = [("puzzles", "0007_rebuilt_banks")]

    operations = [
        migrations.AlterField(
            model_name="puzzle",
            name="game",
            field=models.CharField(
                choices=[
                    ("tile_rummy", "Tile Rummy"),
                    ("romanian_tile_rummy", "Romanian Tile Rummy"),
                    ("rumasta", "Rumasta"),
                ],
                default="tile_rummy",
                max_length=24,
            ),
        ),
        migrations.RunPython(load_rumasta, migrations.RunPython.noop),
    ]
