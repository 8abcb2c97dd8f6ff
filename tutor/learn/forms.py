"""The dispute form ("I think this is wrong")."""

from __future__ import annotations

from django import forms

from tutor.puzzles.forms import printable


class DisputeForm(forms.Form):
    # What is disputed, as the page names it ("lesson:slug:n", "generated:level:seed",
    # "puzzle:id"): the server rebuilds the board and the engine's answer from it.
    ref = forms.CharField(max_length=120, widget=forms.HiddenInput)
    reason = forms.CharField(
        label="Why do you think the answer is wrong?",
        min_length=10,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3}),
        validators=[printable],
        help_text="A rule number or a ruling helps staff check it.",
    )
