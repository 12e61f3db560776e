from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0002_online_tables_hints_programs"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="meld_bonus_version",
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
    ]
