# The settings page's choices (issue 42): tile size, theme, sound, motion, computer speed,
# confirm before drawing, left-handed rack.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('preferences', '0002_preferences_talk_text_off'),
    ]

    operations = [
        migrations.AddField(
            model_name='preferences',
            name='tile_size',
            field=models.CharField(default='medium', max_length=8),
        ),
        migrations.AddField(
            model_name='preferences',
            name='theme',
            field=models.CharField(default='system', max_length=8),
        ),
        migrations.AddField(
            model_name='preferences',
            name='sound',
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name='preferences',
            name='motion',
            field=models.CharField(default='full', max_length=8),
        ),
        migrations.AddField(
            model_name='preferences',
            name='computer_speed',
            field=models.CharField(blank=True, default='', max_length=8),
        ),
        migrations.AddField(
            model_name='preferences',
            name='confirm_draw',
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name='preferences',
            name='left_handed',
            field=models.BooleanField(default=False),
        ),
    ]
