from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from tutor.core import content


class Command(BaseCommand):
    help = (
        "Load the site's content (the card library, the curated puzzles, the lessons). Idempotent."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--only",
            action="append",
            choices=[loader.name for loader in content.LOADERS],
            help="run only this loader (repeatable)",
        )

    def handle(self, *args: Any, only: list[str] | None = None, **options: Any) -> None:
        for loader in content.LOADERS:
            if only and loader.name not in only:
                continue
            try:
                with transaction.atomic():
                    summary = loader.load()
            except Exception as error:
                raise CommandError(f"{loader.name}: {error}") from error
            self.stdout.write(f"{loader.name}: {summary}")
