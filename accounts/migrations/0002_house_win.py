from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0001_initial"),
    ]

    operations = [
        migrations.AlterField(
            model_name="gamerecord",
            name="outcome",
            field=models.CharField(
                choices=[
                    ("won", "Won"),
                    ("lost", "Lost"),
                    ("abandoned", "Abandoned"),
                    ("house_win", "Won with the house's help (not counted)"),
                ],
                max_length=16,
            ),
        ),
    ]
