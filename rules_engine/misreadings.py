"""Deliberate misreadings of the rules: the engine run the way a learner might get it wrong.

Each ``Misconception`` names one common mistake and the rule it breaks. Its
``LayerMisreading`` (or ``ReplacementMisreading``) switches off exactly that
rule in the engine, so the wrong answer it gives is the answer a learner who
makes that mistake would reach: a distractor with a name, and feedback that
can say which rule the learner skipped. The correct engine is the default
value of each (``CORRECT_LAYERS``, ``CORRECT_REPLACEMENT``).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_engine.effects import LAYERS

ONE_LAYER_AT_A_TIME: tuple[tuple[str, ...], ...] = tuple((layer,) for layer in LAYERS)


@dataclass(frozen=True, slots=True)
class LayerMisreading:
    """How ``layers.compute`` reads CR 613; the defaults are the rules.

    ``groups``: the layers in the order they are applied; the effects of a group of
    several layers compete as one pool, in timestamp order (613.1 ignored).
    ``cda_first``: characteristic-defining abilities go first (613.3).
    ``dependency``: dependency decides order before timestamps (613.8).
    ``lock_resolved``: a resolved spell's set of objects is fixed when it resolves (611.2c).
    ``keep_started``: an effect that began to apply keeps applying in later layers (613.6).
    ``oldest_first``: within a layer, the earliest timestamp goes first (613.7).
    """

    groups: tuple[tuple[str, ...], ...] = ONE_LAYER_AT_A_TIME
    cda_first: bool = True
    dependency: bool = True
    lock_resolved: bool = True
    keep_started: bool = True
    oldest_first: bool = True


@dataclass(frozen=True, slots=True)
class ReplacementMisreading:
    """How the replacement explorer reads CR 614-616; the defaults are the rules.

    ``once_per_event``: an effect applies to one event at most once (614.5).
    ``forced_first``: self-replacement (and control, copy, back-face) effects go first
    (616.1a-d).
    ``chooser``: who chooses the order: "affected" (the rules, 616.1), "controller"
    (the controller of the effects' source) or "active" (the active player).
    ``replacements_apply``: replacement and prevention effects modify the event (614.1).
    ``as_it_would_exist``: an entering permanent is checked as it would exist on the
    battlefield, with the continuous effects already there and its own (614.12); off, as
    its printed card, and its own effects on a group of permanents see it too.
    """

    once_per_event: bool = True
    forced_first: bool = True
    chooser: str = "affected"
    replacements_apply: bool = True
    as_it_would_exist: bool = True


CORRECT_LAYERS = LayerMisreading()
CORRECT_REPLACEMENT = ReplacementMisreading()


@dataclass(frozen=True, slots=True)
class Misconception:
    slug: str
    name: str
    rule: str
    # What a learner who makes this mistake does, in a sentence (for feedback).
    mistake: str
    layers: LayerMisreading | None = None
    replacement: ReplacementMisreading | None = None
    # What the rule does instead, in a plain sentence (why the right answer is right).
    rule_does: str = ""


def _switch_before_modifiers() -> tuple[tuple[str, ...], ...]:
    order = [layer for layer in LAYERS if layer != "7d"]
    order.insert(order.index("7c"), "7d")
    return tuple((layer,) for layer in order)


def _cda_with_7b() -> tuple[tuple[str, ...], ...]:
    groups = [group for group in ONE_LAYER_AT_A_TIME if group not in (("7a",), ("7b",))]
    groups.insert(groups.index(("7c",)), ("7a", "7b"))
    return tuple(groups)


MISCONCEPTIONS: tuple[Misconception, ...] = (
    Misconception(
        "printed-values",
        "Reading the card as printed",
        "613.1",
        "read the printed card and left out the continuous effects that change it",
        layers=LayerMisreading(groups=()),
        rule_does=(
            "Continuous effects change the object: start from its printed values and apply "
            "every effect that applies to it, layer by layer."
        ),
    ),
    Misconception(
        "timestamps-only",
        "Timestamp order, ignoring layers",
        "613.1",
        "applied every effect in the order it began, as if there were no layers",
        layers=LayerMisreading(groups=(LAYERS,), dependency=False, cda_first=False),
        rule_does=(
            "Effects apply layer by layer (copy, control, text, type, color, abilities, then "
            "power and toughness), and only inside one layer does the order they began in "
            "matter."
        ),
    ),
    Misconception(
        "newest-first",
        "Newest effect first",
        "613.7",
        "applied the most recent effect first, as if the newest one came before the others",
        layers=LayerMisreading(oldest_first=False),
        rule_does=(
            "Inside a layer the oldest effect applies first and the newest last, so the "
            "newest one has the final word."
        ),
    ),
    Misconception(
        "ignore-dependency",
        "Ignoring dependency",
        "613.8",
        "used timestamp order even where one effect depends on another",
        layers=LayerMisreading(dependency=False),
        rule_does=(
            "When applying one effect would change what another in the same layer does or "
            "applies to, the other waits for it, whatever their timestamps."
        ),
    ),
    Misconception(
        "switch-before-counters",
        "Switching before counters and modifiers",
        "613.4d",
        "switched power and toughness before adding counters and other modifications",
        layers=LayerMisreading(groups=_switch_before_modifiers()),
        rule_does=(
            "Switching power and toughness comes last in layer 7, after every pump, anthem "
            "and counter, whenever the switch began."
        ),
    ),
    Misconception(
        "cda-by-timestamp",
        "Characteristic-defining abilities by timestamp",
        "613.3",
        "applied a characteristic-defining ability in timestamp order instead of first",
        layers=LayerMisreading(groups=_cda_with_7b(), cda_first=False),
        rule_does=(
            "A characteristic-defining ability applies first in its layer, before every other"
            " effect there, whenever the object arrived."
        ),
    ),
    Misconception(
        "recheck-resolved-set",
        "Re-checking what a resolved spell affects",
        "611.2c",
        "let a resolved spell's effect reach objects that only fit its description later",
        layers=LayerMisreading(lock_resolved=False),
        rule_does=(
            "A resolved spell fixes which objects it affects as it resolves; an object that "
            "fits its words later is not affected."
        ),
    ),
    Misconception(
        "effect-stops-midway",
        "Stopping an effect partway through the layers",
        "613.6",
        "re-decided in a later layer whether an effect still applies, and to what, instead of "
        "finishing it as it began",
        layers=LayerMisreading(keep_started=False),
        rule_does=(
            "An effect that has begun to apply keeps applying in the later layers to the same"
            " objects, even if its source has lost the ability on the way."
        ),
    ),
    Misconception(
        "forgot-replacements",
        "Forgetting the replacement effects",
        "614.1",
        "let the event happen as if no replacement or prevention effect applied to it",
        replacement=ReplacementMisreading(replacements_apply=False),
        rule_does=(
            "Replacement and prevention effects change the event before it happens: only the "
            "modified event takes place."
        ),
    ),
    Misconception(
        "replace-twice",
        "Applying a replacement effect twice",
        "614.5",
        "applied the same replacement effect again to the event it had already modified",
        replacement=ReplacementMisreading(once_per_event=False),
        rule_does=(
            "Each replacement effect gets one chance at an event, including the versions of "
            "it that other effects produce."
        ),
    ),
    Misconception(
        "wrong-chooser",
        "The wrong player chooses",
        "616.1",
        "let the controller of the replacement effects choose instead of the affected player",
        replacement=ReplacementMisreading(chooser="controller"),
        rule_does=(
            "The affected player (or the affected object's controller) orders the replacement"
            " effects, whoever controls them, and picks what suits them."
        ),
    ),
    Misconception(
        "forced-first-ignored",
        "Ordering the must-go-first effects freely",
        "616.1a-d",
        "ordered an effect the rules put first (a self-replacement, control, copy or "
        "back-face effect) freely among the others",
        replacement=ReplacementMisreading(forced_first=False),
        rule_does=(
            "A spell's own 'instead', and for an entering permanent a control, copy or back-"
            "face effect, must be applied before the others."
        ),
    ),
)
MISCONCEPTION_BY_SLUG: dict[str, Misconception] = {m.slug: m for m in MISCONCEPTIONS}
