"""Existing game records take the one level of their game (``accounts.describe.game_level``).

Before, a record kept its computers' level while the boards and the weekly charts
counted the setup's level option: a Rumbaroo daily (Joey box, a medium computer)
showed as "Medium" on the stats page and "Joey" in its chart; a table between people
was "People" there and "Online tables" in the chart. Only Rumbaroo names a level
option (``difficulty``); the catalogue is not imported, so this stays as written.
"""

from django.db import migrations

LEVEL_OPTIONS = {"rumbaroo": "difficulty"}
ONLINE = "online"


def relevel(apps, schema_editor):
    GameRecord = apps.get_model("accounts", "GameRecord")
    GameRecord.objects.filter(game__online=True).exclude(level=ONLINE).update(level=ONLINE)
    for kind, key in LEVEL_OPTIONS.items():
        rows = GameRecord.objects.filter(kind=kind, game__online=False).select_related("game")
        for record in rows.iterator():
            config = record.game.config if isinstance(record.game.config, dict) else {}
            level = str(config.get(key) or "")
            if level and level != record.level:
                GameRecord.objects.filter(pk=record.pk).update(level=level[:16])


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_house_win"),
        ("games", "0002_online_tables_hints_programs"),
    ]

    operations = [migrations.RunPython(relevel, migrations.RunPython.noop)]
