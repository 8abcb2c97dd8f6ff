"""The library's filter and the form that turns a board into a saved puzzle."""

from __future__ import annotations

import copy
from typing import Any

from django import forms

from tutor.boards.forms import choice_field
from tutor.boards.limits import control_character
from tutor.boards.presenters import battlefield
from tutor.boards.services import BoardProblem, LoadedBoard, UnmodelledBoard, ensure_modelled
from tutor.puzzles.questions import FIELDS, question_for
from tutor.puzzles.services import NewPuzzle
from tutor.puzzles.spec import ANSWER_KEYS, MAX_DESCRIPTION, MAX_TITLE
from tutor.puzzles.themes import DIFFICULTIES, THEMES

EVENT = "event"


def printable(value: str) -> None:
    """Titles, names and descriptions travel into link previews, images and PostgreSQL:
    the same control characters as in a board are refused (``limits.control_character``)."""
    found = control_character(value)
    if found is not None:
        raise forms.ValidationError(f"Remove the control character ({found}) from this text.")


class LibraryFilterForm(forms.Form):
    q = forms.CharField(
        required=False,
        max_length=60,
        label="Search",
        help_text="A card's name, or words from a puzzle's title or description.",
    )
    theme = forms.ChoiceField(
        required=False, choices=[("", "Any theme")] + [(t.slug, t.name) for t in THEMES]
    )
    difficulty = forms.ChoiceField(
        required=False, choices=[("", "Any difficulty")] + [(d.slug, d.name) for d in DIFFICULTIES]
    )
    status = forms.ChoiceField(
        required=False,
        label="Your puzzles",
        choices=[("", "All"), ("unsolved", "Not solved yet"), ("solved", "Solved")],
    )
    page = forms.IntegerField(required=False, min_value=1, max_value=10_000)


class NewPuzzleForm(forms.Form):
    """Title, question and themes for a board from the builder; the engine checks it can pose it."""

    title = forms.CharField(max_length=MAX_TITLE, validators=[printable])
    description = forms.CharField(
        max_length=MAX_DESCRIPTION,
        widget=forms.Textarea(attrs={"rows": 4}),
        validators=[printable],
        help_text="Set the scene and say what is asked. Don't give the answer away.",
    )
    subject = forms.ChoiceField(label="What is asked about")
    field = forms.ChoiceField(
        label="Which characteristic",
        choices=list(FIELDS.items()),
        required=False,
        help_text="Not used when the question is the board's event.",
    )
    themes = forms.MultipleChoiceField(
        choices=[(t.slug, t.name) for t in THEMES], widget=forms.CheckboxSelectMultiple
    )
    author = forms.CharField(
        max_length=80, required=False, label="Your name (optional)", validators=[printable]
    )

    def __init__(self, *args: Any, loaded: LoadedBoard, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.loaded = loaded
        cards = battlefield(loaded.result)
        subjects = [(card.label, f"{card.name} ({card.label})") for card in cards]
        ask = loaded.board.get("ask")
        if isinstance(ask, dict) and EVENT in ask:
            subjects.insert(0, (EVENT, "The board's event: what happens"))
        choice_field(self, "subject").choices = subjects

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        subject = data.get("subject")
        if not subject:
            return data
        board = {k: v for k, v in copy.deepcopy(self.loaded.board).items() if k not in ANSWER_KEYS}
        field = ""
        if subject != EVENT:
            field = data.get("field") or "pt"
            board["ask"] = {"characteristics": subject}
        board["title"] = data.get("title", "")
        try:
            ensure_modelled(board)
            question = question_for(board, field)
        except UnmodelledBoard as problem:
            raise forms.ValidationError(f"This board can't be a puzzle: {problem}") from None
        except BoardProblem as problem:
            raise forms.ValidationError(f"This board can't pose that question: {problem}") from None
        dull = question.choice_problem()
        if dull:
            raise forms.ValidationError(f"That question doesn't make anyone think: {dull}.")
        data["board"], data["field"] = board, field
        return data

    def new_puzzle(self) -> NewPuzzle:
        data = self.cleaned_data
        return NewPuzzle(
            title=data["title"],
            description=data["description"],
            board=data["board"],
            field=data["field"],
            themes=tuple(data["themes"]),
            author=data["author"],
        )
