"""The builder's one form: a step of any verb, turned into the board format's JSON.

The engine's board parser is the validator: a step is accepted only if the
whole board still parses, and its error (with the JSON path) is put beside
the field it concerns, quoting the phrase the grammar could not read.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from django import forms
from django.urls import reverse_lazy

from rules_engine import BASIC_LAND_TYPES, CARD_TYPES, COLOR_LETTERS, COLOR_NAMES
from tutor.boards.editing import Label, fresh_label, with_step, zone_cards
from tutor.boards.limits import MAX_AMOUNT, MAX_JSON_BYTES, MAX_X
from tutor.boards.replacements import OrderOption
from tutor.boards.services import BoardProblem, load_board, unmodelled

VERBS = [
    ("enter", "A permanent enters the battlefield"),
    ("cast", "A spell resolves"),
    ("activate", "An ability of a permanent resolves"),
    ("attach", "An Aura or Equipment becomes attached"),
    ("counters", "Counters are put on (or removed from) a permanent"),
    ("damage", "Damage is marked on a permanent"),
    ("leave", "A permanent leaves the battlefield"),
    ("end", "A resolved effect ends"),
    ("turn_face_up", "A permanent is turned face up"),
    ("turn_face_down", "A permanent is turned face down"),
    ("phase_out", "A permanent phases out"),
    ("phase_in", "A permanent phases in"),
]
ZONES = [
    ("graveyard", "graveyard"),
    ("exile", "exile"),
    ("hand", "hand"),
    ("library_top", "top of library"),
]
# The card types a "choose artifact, creature, ..." card may offer (CR 205.2a).
CHOSEN_CARD_TYPES = [t for t in CARD_TYPES if t not in ("Kindred", "Tribal", "Battle")]
COLOR_CHOICES = [("", "—")] + [(c, COLOR_NAMES[c]) for c in COLOR_LETTERS]

# Which verbs each field matters for: the page's script shows only those (all show without it).
OBJECT_VERBS = (
    "activate attach counters damage leave end turn_face_up turn_face_down phase_out phase_in"
)
FIELD_VERBS = {
    "controller": "enter cast",
    "label": "enter cast activate",
    "obj": OBJECT_VERBS,
    "to": "enter attach",
    "targets": "cast activate",
    "ability": "activate",
    "x": "enter cast activate",
    "counter_kind": "counters",
    "n": "counters damage",
    "zone": "leave",
    "tapped": "enter",
    "face_down": "enter",
    "commander": "enter",
    "renowned": "enter",
    "devour": "enter",
    "sacrificed": "cast",
    "mana_spent": "enter cast",
    "mana_colors": "enter cast",
    "main_phase": "cast",
    "divided": "cast activate",
    "graveyard": "cast activate",
    "discard": "cast activate",
}

# The step choices named like their fields (board-format extensions for costs and cards).
COST_FIELDS = (
    "devour",
    "sacrificed",
    "mana_spent",
    "mana_colors",
    "main_phase",
    "divided",
    "graveyard",
    "discard",
)

# Where each piece of a BoardError path belongs in the form.
PATH_FIELDS = [
    (".enter.abilities", "invent_abilities"),
    (".cast.abilities", "invent_abilities"),
    (".enter.name", "invent_name"),
    (".enter.types", "invent_types"),
    (".enter.power", "invent_power"),
    (".enter.toughness", "invent_toughness"),
    (".enter", "card"),
    (".cast", "card"),
    (".targets", "targets"),
    (".activate", "obj"),
    (".ability", "ability"),
    (".attach", "obj"),
    (".on", "obj"),
    (".to", "to"),
    (".as", "label"),
    (".choices.color", "color"),
    (".choices.creature_type", "creature_type"),
    (".choices.land_type", "land_type"),
    (".choices.copy", "copy"),
    (".choices.from", "from_word"),
    (".choices.to", "to_word"),
    (".choices.mode", "mode"),
    (".choices.colors", "chosen_colors"),
    (".choices.players", "chosen_players"),
    (".choices.player", "chosen_player"),
    (".choices.card_type", "chosen_card_type"),
    (".choices.card_name", "chosen_card_name"),
    (".choices.option", "chosen_option"),
    (".choices.chosen", "chosen_object"),
    (".choices.kicked", "kicker_costs"),
    (".choices.devour", "devour"),
    (".choices.sacrificed", "sacrificed"),
    (".choices.mana_spent", "mana_spent"),
    (".choices.mana_colors", "mana_colors"),
    (".choices.main_phase", "main_phase"),
    (".choices.divided", "divided"),
    (".choices.graveyard", "graveyard"),
    (".choices.discard", "discard"),
    (".x", "x"),
    (".n", "n"),
]


def choice_field(form: forms.BaseForm, name: str) -> forms.ChoiceField:
    """``form``'s field ``name``, a choice field whose choices the form sets."""
    field = form.fields[name]
    if not isinstance(field, forms.ChoiceField):
        raise TypeError(f"{name} is not a choice field")
    return field


class StepForm(forms.Form):
    verb = forms.ChoiceField(choices=VERBS, label="What happens")
    card = forms.CharField(
        required=False,
        max_length=120,
        label="Card (from the library)",
        help_text="Type to search the card library, or leave empty and invent a card below.",
        widget=forms.TextInput(
            attrs={
                "list": "card-names",
                "autocomplete": "off",
                # htmx autocomplete: the suggestions follow what is typed (the full list
                # is there from the start, so it also works without JavaScript).
                "hx-get": reverse_lazy("card-search"),
                "hx-trigger": "input changed delay:150ms",
                "hx-target": "#card-names",
                "hx-swap": "innerHTML",
                "hx-sync": "this:replace",
                "hx-vals": '{"preview": "1"}',
                "aria-describedby": "id_card_helptext card-preview",
            }
        ),
    )
    invent_name = forms.CharField(required=False, label="Invented card: name", max_length=80)
    invent_types = forms.MultipleChoiceField(
        required=False,
        label="Card types",
        choices=[(t, t) for t in CARD_TYPES if t != "Tribal"],
        widget=forms.CheckboxSelectMultiple,
    )
    invent_subtypes = forms.CharField(
        required=False,
        max_length=120,
        label="Subtypes",
        help_text="Separated by spaces, e.g. Elf Warrior",
    )
    invent_colors = forms.MultipleChoiceField(
        required=False,
        label="Colors",
        choices=[(c, COLOR_NAMES[c]) for c in COLOR_LETTERS],
        widget=forms.CheckboxSelectMultiple,
    )
    invent_power = forms.CharField(required=False, label="Power", max_length=6)
    invent_toughness = forms.CharField(required=False, label="Toughness", max_length=6)
    invent_abilities = forms.CharField(
        required=False,
        label="Rules text",
        help_text=(
            'One ability per line, in Oracle wording, e.g. "Creatures you control get +1/+1."'
        ),
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=2000,
    )
    controller = forms.ChoiceField(label="Controller", choices=())
    label = forms.SlugField(
        required=False, label="Label", help_text="A short name later steps can use."
    )
    obj = forms.ChoiceField(required=False, label="Which permanent or effect", choices=())
    to = forms.ChoiceField(required=False, label="Attach to", choices=())
    targets = forms.MultipleChoiceField(required=False, label="Targets", choices=())
    # Counted from 1 for people; the board format counts from 0 (``step``).
    ability = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=21,
        label="Which ability (1 is the first paragraph)",
    )
    counter_kind = forms.CharField(
        required=False, initial="+1/+1", label="Kind of counter", max_length=20
    )
    n = forms.IntegerField(
        required=False,
        min_value=-MAX_AMOUNT,
        max_value=MAX_AMOUNT,
        initial=1,
        label="How many",
    )
    zone = forms.ChoiceField(required=False, choices=ZONES, label="To")
    x = forms.IntegerField(required=False, min_value=0, max_value=MAX_X, label="X")
    color = forms.ChoiceField(required=False, choices=COLOR_CHOICES, label="Chosen color")
    creature_type = forms.CharField(required=False, label="Chosen creature type", max_length=30)
    land_type = forms.ChoiceField(
        required=False,
        label="Chosen basic land type",
        choices=[("", "—")] + [(t, t) for t in BASIC_LAND_TYPES],
    )
    copy = forms.ChoiceField(required=False, label="Copy of", choices=())
    from_word = forms.CharField(required=False, label="Replace the word", max_length=30)
    to_word = forms.CharField(required=False, label="with", max_length=30)
    mode = forms.IntegerField(
        required=False, min_value=1, max_value=6, label="Which mode (1 is the first)"
    )
    kicked = forms.BooleanField(required=False, label="Kicked")
    times_kicked = forms.IntegerField(
        required=False, min_value=0, max_value=20, label="Times kicked (multikicker)"
    )
    colors_spent = forms.IntegerField(
        required=False, min_value=0, max_value=5, label="Colors of mana spent (sunburst)"
    )
    revealed = forms.IntegerField(
        required=False, min_value=0, max_value=60, label="Cards revealed (amplify)"
    )
    tribute = forms.BooleanField(required=False, label="Tribute was paid")
    riot = forms.ChoiceField(
        required=False,
        label="Riot",
        choices=[("", "a +1/+1 counter"), ("haste", "haste")],
    )
    pair = forms.ChoiceField(required=False, label="Pair with (soulbond)", choices=())
    # "As ~ enters, choose ..." beyond one color or type (CR 614.12).
    chosen_colors = forms.MultipleChoiceField(
        required=False,
        label="Chosen colors (two colors)",
        choices=[(c, COLOR_NAMES[c]) for c in COLOR_LETTERS],
        widget=forms.CheckboxSelectMultiple,
    )
    chosen_player = forms.ChoiceField(required=False, label="Chosen player", choices=())
    chosen_players = forms.MultipleChoiceField(
        required=False, label="Chosen players (two players)", choices=()
    )
    chosen_card_type = forms.ChoiceField(
        required=False,
        label="Chosen card type",
        choices=[("", "—")] + [(t, t) for t in CHOSEN_CARD_TYPES],
    )
    chosen_card_name = forms.CharField(required=False, label="Chosen card name", max_length=120)
    chosen_option = forms.CharField(
        required=False, label="Chosen word (Khans or Dragons …)", max_length=40
    )
    chosen_object = forms.ChoiceField(required=False, label="Chosen permanent", choices=())
    cast_from_hand = forms.BooleanField(required=False, label="Cast from its owner's hand")
    kicker_costs = forms.CharField(
        required=False,
        label="Kicker costs paid (two kickers)",
        help_text="e.g. {1}{U} {B}",
        max_length=40,
    )
    tapped = forms.BooleanField(required=False, label="Enters tapped")
    # CR 708.2; disguise and cloak add ward {2} (702.168a, 701.58a): board-format extension.
    face_down = forms.ChoiceField(
        required=False,
        label="Enters face down",
        choices=[
            ("", "No, face up"),
            ("morph", "Yes (morph or manifest)"),
            ("disguise", "Yes, disguised (ward {2})"),
            ("cloak", "Yes, cloaked (ward {2})"),
        ],
    )
    commander = forms.BooleanField(required=False, label="Its owner's commander")
    renowned = forms.BooleanField(required=False, label="Already renowned")
    # How a spell was cast and what it cost, and the cards it chose (board-format extensions).
    devour = forms.MultipleChoiceField(
        required=False,
        label="Creatures sacrificed as it enters (devour)",
        help_text=(
            "For devour, or \u201cAs it enters, sacrifice any number of creatures\u201d: "
            "other creatures its controller controls. None chosen: it sacrifices none."
        ),
        choices=(),
    )
    sacrificed = forms.ChoiceField(
        required=False,
        label="Creature sacrificed to cast it",
        help_text="For \u201cAs an additional cost to cast this spell, sacrifice a creature\u201d.",
        choices=(),
    )
    mana_spent = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_X,
        label="Mana spent to cast it",
        help_text="For \u201cthe amount of mana spent to cast it\u201d. Empty: it wasn't cast.",
    )
    mana_colors = forms.MultipleChoiceField(
        required=False,
        label="Colors of mana spent to cast it",
        help_text="For \u201cif {B} was spent to cast it\u201d.",
        choices=[(c, COLOR_NAMES[c]) for c in COLOR_LETTERS],
        widget=forms.CheckboxSelectMultiple,
    )
    main_phase = forms.BooleanField(required=False, label="Cast during its controller's main phase")
    divided = forms.CharField(
        required=False,
        max_length=60,
        label="Amounts divided among the targets",
        help_text=(
            "For \u201cdivided as you choose\u201d: one number for each target, in the "
            "order the targets are chosen, e.g. 3 2."
        ),
    )
    graveyard = forms.MultipleChoiceField(
        required=False,
        label="Cards surveil puts into the graveyard",
        help_text="Cards on top of a library. None chosen: every card stays on top.",
        choices=(),
    )
    discard = forms.MultipleChoiceField(
        required=False,
        label="Cards discarded",
        help_text="Cards in a hand. None chosen: the first cards the hand lists.",
        choices=(),
    )

    def __init__(
        self, *args: Any, board: dict[str, Any], labels: list[Label], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.board = board
        players = [(p, p) for p in board.get("players", [])]
        objects = [(lab.value, lab.text) for lab in labels if lab.kind == "object"]
        effects = [(lab.value, lab.text) for lab in labels if lab.kind == "effect"]
        choice_field(self, "controller").choices = players
        choice_field(self, "obj").choices = [("", "—")] + objects + effects
        # An Aura may enter attached to a card in a graveyard (Animate Dead, CR 303.4).
        graveyards = zone_cards(board, "graveyard")
        choice_field(self, "to").choices = [("", "—")] + objects + players + graveyards
        choice_field(self, "targets").choices = objects + players
        choice_field(self, "copy").choices = [("", "—")] + objects
        choice_field(self, "pair").choices = [("", "—")] + objects
        choice_field(self, "chosen_object").choices = [("", "—")] + objects
        choice_field(self, "chosen_player").choices = [("", "—")] + players
        choice_field(self, "chosen_players").choices = players
        choice_field(self, "devour").choices = objects
        choice_field(self, "sacrificed").choices = [("", "\u2014")] + objects
        choice_field(self, "graveyard").choices = zone_cards(board, "library")
        choice_field(self, "discard").choices = zone_cards(board, "hand")
        for name, verbs in FIELD_VERBS.items():
            self.fields[name].verbs = verbs  # type: ignore[attr-defined]
        self.new_board: dict[str, Any] | None = None

    # --- building the step -----------------------------------------------------------

    def _card(self) -> str | dict[str, Any]:
        data = self.cleaned_data
        if data.get("card"):
            name: str = data["card"]
            return name.strip()
        if not data.get("invent_name"):
            raise forms.ValidationError("Name a library card, or invent one with a name and types.")
        card: dict[str, Any] = {
            "name": data["invent_name"].strip(),
            "types": data.get("invent_types") or [],
            "colors": data.get("invent_colors") or [],
        }
        if data.get("invent_subtypes"):
            card["subtypes"] = data["invent_subtypes"].split()
        for key in ("power", "toughness"):
            value = (data.get(f"invent_{key}") or "").strip()
            if value:
                card[key] = int(value) if value.lstrip("-").isdigit() else value
        lines = [line.strip() for line in (data.get("invent_abilities") or "").splitlines()]
        card["abilities"] = [line for line in lines if line]
        return card

    def _choices(self) -> dict[str, Any]:
        data = self.cleaned_data
        choices: dict[str, Any] = {}
        for field, key in (
            ("color", "color"),
            ("creature_type", "creature_type"),
            ("land_type", "land_type"),
            ("copy", "copy"),
            ("from_word", "from"),
            ("to_word", "to"),
        ):
            if data.get(field):
                choices[key] = data[field]
        if data.get("mode") is not None:
            choices["mode"] = data["mode"] - 1  # the board format counts from 0
        if data.get("kicked"):
            choices["kicked"] = True
        if data.get("times_kicked"):
            choices["kicked"] = data["times_kicked"]  # multikicker (CR 702.33c)
        for field in ("colors_spent", "revealed"):
            if data.get(field):
                choices[field] = data[field]
        if data.get("tribute"):
            choices["tribute"] = True
        if data.get("riot") == "haste":
            choices["riot"] = "haste"
        if data.get("pair"):
            choices["pair"] = data["pair"]
        for field, key in (
            ("chosen_colors", "colors"),
            ("chosen_players", "players"),
            ("chosen_player", "player"),
            ("chosen_card_type", "card_type"),
            ("chosen_card_name", "card_name"),
            ("chosen_option", "option"),
            ("chosen_object", "chosen"),
        ):
            if data.get(field):
                value = data[field]
                choices[key] = list(value) if isinstance(value, list) else value.strip()
        choices.update(self._cost_choices())
        if data.get("cast_from_hand"):
            choices["cast_from_hand"] = True  # "if you cast it from your hand" (601.2a)
        if costs := re.findall(r"(?:\{[^}]+\})+", data.get("kicker_costs") or ""):
            choices["kicked"] = costs  # CR 702.33d: which kicker costs were paid
        return choices

    def _cost_choices(self) -> dict[str, Any]:
        """How it was cast and what it chose, each only for the step kinds its field is
        shown for (a value left in a field the page hid is not part of the step)."""
        data = self.cleaned_data
        verb = data["verb"]
        given = {
            field: data.get(field)
            for field in COST_FIELDS
            if data.get(field) and verb in FIELD_VERBS[field].split()
        }
        if "main_phase" in given:
            given["main_phase"] = True  # "if you cast this spell during your main phase"
        # Lists stay in the order given: devoured creatures, divided amounts in target
        # order (CR 601.2d); mana_spent and sacrificed (601.2h) are single values.
        return {key: list(v) if isinstance(v, list) else v for key, v in given.items()}

    def step(self) -> dict[str, Any]:
        data = self.cleaned_data
        verb = data["verb"]
        if verb in ("enter", "cast"):
            card = self._card()
            name = card if isinstance(card, str) else card["name"]
            step: dict[str, Any] = {
                verb: card,
                "as": data.get("label") or fresh_label(self.board, name),
                "controller": data["controller"],
            }
            if verb == "enter":
                if data.get("to"):
                    step["attach"] = data["to"]
                if data.get("tapped"):
                    step["tapped"] = True
                if way := data.get("face_down"):
                    step["face_down"] = True if way == "morph" else way
                if data.get("commander"):
                    step["commander"] = True  # CR 903.3, for lieutenant and "commander creatures"
                if data.get("renowned"):
                    step["renowned"] = True  # CR 702.112b
            if verb == "cast" and data.get("targets"):
                step["targets"] = data["targets"]
        elif verb == "activate":
            source = self._required("obj", "Choose the permanent whose ability resolves.")
            step = {
                "activate": source,
                "ability": (data.get("ability") or 1) - 1,  # counted from 0 in the format
                "as": data.get("label") or fresh_label(self.board, f"{source}-ability"),
            }
            if data.get("targets"):
                step["targets"] = data["targets"]
        elif verb == "attach":
            step = {
                "attach": self._required("obj", "Choose the Aura or Equipment."),
                "to": self._required("to", "Choose what it becomes attached to."),
            }
        elif verb == "counters":
            step = {
                "counters": data.get("counter_kind") or "+1/+1",
                "on": self._required("obj", "Choose the permanent."),
                "n": data.get("n") if data.get("n") is not None else 1,
            }
        elif verb == "damage":
            step = {
                "damage": abs(data.get("n") or 1),
                "on": self._required("obj", "Choose the permanent."),
            }
        elif verb == "leave":
            step = {
                "leave": self._required("obj", "Choose the permanent."),
                "to": data.get("zone") or "graveyard",
            }
        else:
            step = {verb: self._required("obj", "Choose which one.")}
        if verb in ("enter", "cast", "activate"):
            choices = self._choices()
            if choices:
                step["choices"] = choices
            if data.get("x") is not None:
                step["x"] = data["x"]
        return step

    def clean_divided(self) -> list[int]:
        """ "3 2": the amount for each target, each a whole number of at least 1 (601.2d)."""
        words = (self.cleaned_data.get("divided") or "").replace(",", " ").split()
        if not all(word.isdigit() and int(word) >= 1 for word in words):
            raise forms.ValidationError(
                "Write one whole number of at least 1 for each target, in target order, "
                "separated by spaces (e.g. 3 2)."
            )
        return [int(word) for word in words]

    def _required(self, field: str, message: str) -> str:
        value: str | None = self.cleaned_data.get(field)
        if not value:
            self.add_error(field, message)
            raise forms.ValidationError("")
        return value

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if self.errors:
            return data
        divided, targets = data.get("divided") or [], data.get("targets") or []
        shown = data.get("verb") in FIELD_VERBS["divided"].split()
        if shown and divided and len(divided) != len(targets):
            self.add_error(
                "divided",
                f"Give one amount for each target: {len(divided)} amount(s) for "
                f"{len(targets)} target(s).",
            )
            return data
        try:
            step = self.step()
        except forms.ValidationError as error:
            if error.messages and error.messages != [""]:
                raise
            return data
        candidate = with_step(self.board, step)
        try:
            load_board(candidate)  # the engine reads the whole board, new step included
        except BoardProblem as problem:
            field = _field_for(problem.path) if problem.path else None
            field, detail = self._in_form_words(field, problem.detail)
            self.add_error(field, detail)
            return data
        invented = step.get("enter", step.get("cast"))
        if isinstance(invented, dict) and (gaps := _own_gaps(candidate, invented)):
            # A card the user is writing: say now which sentence the engine can't apply, so
            # they can reword it (a library card goes on the board and is listed instead).
            self.add_error("invent_abilities", " ".join(gaps))
            return data
        self.new_board = candidate
        return data

    def _in_form_words(self, field: str | None, detail: str) -> tuple[str | None, str]:
        """An engine message asking for a choice in the board's JSON ('add "sacrificed":
        "bears" to the step's choices') is put beside the form's field for it, naming the
        field by its label instead of the JSON."""
        if field == "ability":
            return field, _ability_words(detail)
        asked = ASKS_FOR_CHOICE.search(detail)
        wanted = _field_for(f".choices.{asked[1]}") if asked else None
        if asked is None or wanted is None:
            return field, detail
        said = detail[: asked.start()].rstrip(" ;:,")
        said = said[:1].upper() + said[1:]
        return wanted, f"{said}. Fill in \u201c{self.fields[wanted].label}\u201d."


# The engine's way of asking for a missing choice ("...; say which: add "sacrificed": ...").
ASKS_FOR_CHOICE = re.compile(r"(?:say which: )?add \"(\w+)\": .*? to the step's choices")


NO_ABILITY = " has no activated or triggered ability "
CAN_RESOLVE = " (abilities that can resolve: "


def _ability_words(detail: str) -> str:
    """The engine's "X has no activated or triggered ability 0 (abilities that can
    resolve: 1: …)" counted from 1 as the form's field is, in a sentence."""
    name, found, rest = detail.partition(NO_ABILITY)
    if not found:
        return detail
    number, _, listing = rest.partition(CAN_RESOLVE)
    listing = listing.removesuffix(")")
    if not number.strip().isdigit():
        return detail
    asked = (
        f"{name}'s ability {int(number) + 1} can't resolve: "
        "it isn't an activated or triggered ability."
    )
    if not listing or listing == "none":
        return f"{asked} {name} has none the engine can resolve."
    shown = []
    for entry in listing.split("; "):
        index, _, text = entry.partition(": ")
        shown.append(f"{int(index) + 1} (“{text}”)" if index.isdigit() else entry)
    return f"{asked} Choose {' or '.join(shown)}."


def _own_gaps(board: dict[str, Any], card: dict[str, Any]) -> list[str]:
    written = " ".join(card.get("abilities", []))
    return [
        f"The engine can't apply “{item.ability}” yet: {item.why}."
        for item in unmodelled(board)
        if item.name == card.get("name") and item.ability in written
    ]


def _field_for(path: str) -> str | None:
    for fragment, field in PATH_FIELDS:
        if fragment in path:
            return field
    return None


class ReplacementOrderForm(forms.Form):
    """Which order a step's replacement effects apply in (CR 616.1): one of the legal
    orders the engine found (``ReplacementStory.options``), each worded with card names."""

    order = forms.ChoiceField(
        label="In which order?",
        widget=forms.RadioSelect,
        error_messages={
            "required": "Choose one of the orders.",
            "invalid_choice": "That isn't one of the orders the rules allow here.",
        },
    )

    def __init__(self, *args: Any, options: Sequence[OrderOption], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "order").choices = [
            (o.value, o.words + (" (the default)" if o.default else "")) for o in options
        ]
        self.paths = {o.value: list(o.path) for o in options}

    @property
    def path(self) -> list[str]:
        return self.paths[self.cleaned_data["order"]]


MAX_IMPORT_BYTES = MAX_JSON_BYTES


class BoardImportForm(forms.Form):
    """A whole board in the board format, pasted or uploaded as a ``.json`` file."""

    board_json = forms.CharField(
        required=False,
        label="Paste a board (JSON)",
        widget=forms.Textarea(attrs={"rows": 4, "spellcheck": "false"}),
        max_length=MAX_IMPORT_BYTES,
    )
    board_file = forms.FileField(required=False, label="Or choose a board file (.json)")

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        upload = data.get("board_file")
        text = (data.get("board_json") or "").strip()
        if upload is not None:
            if upload.size > MAX_IMPORT_BYTES:
                raise forms.ValidationError(
                    f"That file is too large for a board (over {MAX_IMPORT_BYTES} bytes)."
                )
            try:
                text = upload.read().decode("utf-8-sig")  # a byte-order mark is harmless
            except UnicodeDecodeError as error:
                raise forms.ValidationError("That file isn't UTF-8 text.") from error
        if not text:
            raise forms.ValidationError("Paste a board, or choose a board file.")
        try:
            board = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise forms.ValidationError(f"That isn't valid JSON ({error}).") from error
        if not isinstance(board, dict):
            raise forms.ValidationError("A board is a JSON object with players and steps.")
        board.pop("expect", None)  # a test file's answer key: the engine works the answer out
        try:
            load_board(board)
        except BoardProblem as problem:
            message = str(problem)
            raise forms.ValidationError(message[:1].upper() + message[1:]) from problem
        self.board = board
        return data
