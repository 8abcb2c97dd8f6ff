"""The widgets written in Python (tutor/core/form_renderer.py) are Django's templates, to the
byte: every widget of the site's forms and every kind of widget Django has, rendered both
ways, and the builder page rendered with each renderer."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django import forms
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.files.uploadedfile import SimpleUploadedFile
from django.forms.renderers import DjangoTemplates, get_default_renderer
from django.test import override_settings
from django.urls import reverse, reverse_lazy
from django.utils.safestring import mark_safe

from tests.web.boards import GRAY_OGRE, example, token_of
from tutor.boards.editing import labels
from tutor.boards.forms import BoardImportForm, ReplacementOrderForm, StepForm
from tutor.boards.replacements import OrderOption
from tutor.classes.forms import ClassroomForm, JoinForm, QuestionSetForm
from tutor.core.form_renderer import WidgetRenderer
from tutor.learn.forms import DisputeForm
from tutor.puzzles.forms import LibraryFilterForm

DJANGO = DjangoTemplates()
PYTHON = WidgetRenderer()
TRICKY = "Fire <&> \"Ice\" 'n' café"


class EveryWidget(forms.Form):
    """One field of each kind of widget, with the attributes and values that change the HTML."""

    text = forms.CharField(widget=forms.TextInput(attrs={"hx-get": reverse_lazy("card-search")}))
    number = forms.IntegerField(initial=-3, widget=forms.NumberInput(attrs={"step": 1.5}))
    email = forms.EmailField(required=False)
    url = forms.URLField(required=False, assume_scheme="https")
    password = forms.CharField(widget=forms.PasswordInput(render_value=True))
    hidden = forms.CharField(widget=forms.HiddenInput, initial=TRICKY)
    search = forms.CharField(widget=forms.SearchInput(attrs={"autofocus": True, "x": False}))
    tel = forms.CharField(widget=forms.TelInput)
    color = forms.CharField(widget=forms.ColorInput)
    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    time = forms.TimeField()
    datetime = forms.DateTimeField()
    checkbox = forms.BooleanField(required=False, initial=True)
    unchecked = forms.BooleanField(required=False)
    textarea = forms.CharField(widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false"}))
    empty_textarea = forms.CharField(widget=forms.Textarea, required=False)
    select = forms.ChoiceField(
        choices=[("", "—"), ("a", TRICKY), ("Group <1>", [("b", "B"), ("c", "C")]), (3, "three")]
    )
    select_multiple = forms.MultipleChoiceField(choices=[("a", "A"), ("b", mark_safe("<b>B</b>"))])
    null_boolean = forms.NullBooleanField()
    radio = forms.ChoiceField(
        widget=forms.RadioSelect(attrs={"class": "choices"}),
        choices=[("x", "X"), ("Group", [("y", "Y"), ("z", TRICKY)])],
    )
    checkboxes = forms.MultipleChoiceField(
        widget=forms.CheckboxSelectMultiple, choices=[("W", "White"), ("U", "Blue")]
    )
    file = forms.FileField(required=False)
    plain_file = forms.FileField(required=False, widget=forms.FileInput)
    split = forms.SplitDateTimeField(required=False)  # a multi-widget: Django's template


def step_form(*args: Any, **kwargs: Any) -> StepForm:
    board = example(GRAY_OGRE)
    return StepForm(*args, board=board, labels=labels(board), **kwargs)


BOUND_STEP = {
    "verb": "enter",
    "controller": "Nobody",
    "card": TRICKY,
    "n": "x",
    "targets": ["ogre", "zz"],
    "invent_types": ["Creature"],
    "invent_colors": ["W", "U"],
    "invent_abilities": "<b>x</b> & y\nsecond line",
    "tapped": "on",
    "face_down": "morph",
}
BOUND_EVERY = {
    "text": TRICKY,
    "number": "7",
    "password": "p<w>",
    "search": "q",
    "checkbox": "on",
    "textarea": "\nfirst line <kept>",
    "select": "b",
    "select_multiple": ["a", "b"],
    "null_boolean": "true",
    "radio": "z",
    "checkboxes": ["U"],
}
ORDERS = [
    OrderOption("a,b", ("a", "b"), "Doubling Season first", "4 counters", False, True),
    OrderOption("b,a", ("b", "a"), TRICKY, "3 counters", True, False),
]

FORMS = {
    "every widget": lambda r: EveryWidget(renderer=r),
    "every widget, bound": lambda r: EveryWidget(BOUND_EVERY, renderer=r),
    "every widget, with a file": lambda r: EveryWidget(
        BOUND_EVERY, {"file": SimpleUploadedFile("board.json", b"{}")}, renderer=r
    ),
    "every widget, another prefix": lambda r: EveryWidget(prefix="p", auto_id="x_%s", renderer=r),
    "step": lambda r: step_form(renderer=r, initial={"controller": "Alice", "card": TRICKY}),
    "step, bound with errors": lambda r: step_form(BOUND_STEP, renderer=r),
    "board import": lambda r: BoardImportForm({"board_json": "{nope"}, renderer=r),
    "replacement order": lambda r: ReplacementOrderForm(options=ORDERS, renderer=r),
    "classroom": lambda r: ClassroomForm(renderer=r),
    "join": lambda r: JoinForm({"code": "ab"}, renderer=r),
    "question set": lambda r: QuestionSetForm(renderer=r),
    "dispute": lambda r: DisputeForm(initial={"ref": "lesson:x:1"}, renderer=r),
    "library filter": lambda r: LibraryFilterForm({"theme": "x", "page": "0"}, renderer=r),
    "login": lambda r: AuthenticationForm(renderer=r),
    "sign up": lambda r: UserCreationForm(renderer=r),
}


@pytest.mark.database_free
@pytest.mark.parametrize("name", FORMS)
def test_each_widget_is_the_html_djangos_template_writes(name):
    by_django, in_python = FORMS[name](DJANGO), FORMS[name](PYTHON)
    if by_django.is_bound:
        by_django.is_valid()
        in_python.is_valid()
    for field in by_django:
        assert str(in_python[field.name]) == str(field), field.name
        for index, option in enumerate(field.subwidgets):
            assert str(in_python[field.name].subwidgets[index]) == str(option), field.name


def _without_tokens(page: str) -> str:
    """The page without what changes from request to request (the CSRF token, the CSP nonce,
    the numbers of the rule links' tooltips)."""
    page = re.sub(r"rule-tip-\d+", "rule-tip", page)
    page = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "CSRF", page)
    page = re.sub(r'"x-csrftoken": "[^"]+"', "CSRF", page)
    return re.sub(r'nonce="[^"]+"', "NONCE", page)


@pytest.mark.parametrize(
    "relative", [GRAY_OGRE, "events/interactions/doubling-season-then-hardened-scales.json"]
)
def test_the_builder_page_is_the_same_with_djangos_widget_templates(client, relative):
    url = reverse("board-builder", args=[token_of(relative)])
    bad = {**BOUND_STEP, "verb": "cast", "x": "-3"}
    pages = {}
    for renderer in ("django.forms.renderers.DjangoTemplates", None):
        with override_settings(**({"FORM_RENDERER": renderer} if renderer else {})):
            expected = DjangoTemplates if renderer else WidgetRenderer
            assert type(get_default_renderer()) is expected
            pages[renderer] = [
                _without_tokens(client.get(url).content.decode()),
                _without_tokens(client.post(url + "add", bad).content.decode()),
            ]
    assert pages[None] == pages["django.forms.renderers.DjangoTemplates"]
    assert 'value="Fire &lt;&amp;&gt; &quot;Ice&quot;' in pages[None][1]
