"""Forms of the classes pages: a new class, and a student joining with a code."""

from __future__ import annotations

from django import forms

from tutor.classes.live import CODE_LENGTH, MAX_NAME
from tutor.puzzles.forms import printable


class ClassroomForm(forms.Form):
    name = forms.CharField(label="Class name", max_length=120, validators=[printable])


class JoinForm(forms.Form):
    code = forms.CharField(
        label="Join code",
        min_length=CODE_LENGTH,
        max_length=CODE_LENGTH,
        help_text="The six characters your teacher shows.",
    )
    name = forms.CharField(
        label="Your name",
        max_length=MAX_NAME,
        validators=[printable],
        help_text="How your teacher will see you. Other students never see it.",
    )

    def clean_code(self) -> str:
        code: str = self.cleaned_data["code"]
        return code.strip().upper()


class QuestionSetForm(forms.Form):
    name = forms.CharField(label="Name of the set", max_length=120, validators=[printable])
