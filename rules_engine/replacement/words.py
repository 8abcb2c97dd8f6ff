"""The English the choice tree shows a learner: why someone chooses, why something happens.

Each sentence names the rule it rests on, so the explanation can be checked
against the Comprehensive Rules (616.1 order of application, 614.17 "can't").
"""

from __future__ import annotations

from collections.abc import Callable

from rules_engine.replacement.events import Damage, Event
from rules_engine.replacement.in_play import ActiveReplacement
from rules_engine.replacement.specs import DamageSpec, Family

WHY_CHOOSER = "the affected object's controller, or the affected player, chooses"
EXPLAIN_HAPPENS = "No replacement or prevention effect applies any more, so this happens."
ONLY_CARD = "the only card"  # a card choice with a single card to choose

TIER_WORDS = {
    "616.1a": "a self-replacement effect (614.15), which must be applied first",
    "616.1b": "an effect that changes who controls the permanent as it enters, which goes first",
    "616.1c": "an effect that makes the permanent enter as a copy, which goes first",
    "616.1d": "an effect that makes a card enter with its back face up, which goes first",
}


# What becomes of a permanent that can't enter: a spell's card goes to its owner's graveyard
# (CR 608.3b), any other stays where it was (Worms of the Earth ruling, 2004-10-04).
CANT_ENTER_SPELL = " A permanent spell that can't enter is put into its owner's graveyard (608.3b)."
CANT_ENTER_STAYS = " A permanent that can't enter stays where it was."
CANT_ENTER_TOKEN = " A token that can't enter isn't created (111.5)."


def explain_stopped(eid: str, entering: str = "") -> str:
    """CR 614.17: why an event a "can't" effect forbids isn't replaced either (614.7);
    ``entering`` adds what becomes of a permanent that can't enter."""
    return (
        f"{eid} says this can't happen, so it doesn't, and no replacement effect "
        f"applies to an event that doesn't happen (614.17, 614.7).{entering}"
    )


def not_to_apply(shown: str) -> str:
    """The choice to leave a "you may ... instead" unapplied (614.5)."""
    return f"not to apply {shown}"


def explain_choice(
    chooser: str | None,
    candidates: list[ActiveReplacement],
    options: list[ActiveReplacement],
    rule: str,
    used: frozenset[str],
) -> str:
    """Who chooses among the applicable effects, and which of them may be chosen (616.1)."""
    names = ", ".join(c.shown for c in candidates)
    text = (
        f"{chooser} chooses, as the player affected or the controller of the object affected "
        f"(616.1). Applicable now: {names}."
    )
    if rule in TIER_WORDS:
        forced = ", ".join(o.shown for o in options)
        text += f" {forced} is {TIER_WORDS[rule]} ({rule})."
    elif len(options) > 1:
        text += " None must go first, so any of them may be chosen (616.1e)."
    else:
        text += " It is the only one, so it applies (616.1e)."
    optional = [o.shown for o in options if o.spec.optional and o.spec.family != Family.SELF_COPY]
    if optional:
        text += (
            f' {", ".join(optional)} says "you may", so {chooser} may also leave it unapplied,'
            " and then it doesn't apply to this event."
        )
    if used:
        text += f" Already applied to this event, so not again: {', '.join(sorted(used))} (614.5)."
    for option in options:
        if option.spec.triggers:
            said = option.spec.triggers[0].replace("~", option.source_name)
            prevents = isinstance(option.spec, DamageSpec) and option.spec.prevention
            text += " " + explain_trigger(option.source_name, said, prevents=prevents)
    return text


def alongside_words(event: Event, alongside: int, name: Callable[[str], str]) -> str:
    """Damage dealt at the same time as more damage to the same player or permanent: the
    effects that read a life total or loyalty counted all of it (CR 510.2)."""
    if not isinstance(event, Damage) or alongside <= 0:
        return ""
    total = event.amount + alongside
    return (
        f" {alongside} more damage is dealt to {name(event.target)} at the same time, so an "
        f"effect that looks at what the damage would leave counts all {total} (510.2)."
    )


def explain_trigger(name: str, sentence: str, *, prevents: bool = True) -> str:
    """CR 603.2, 603.12: a prevention's "When damage is prevented this way, ..." and a
    replacement's reflexive "When you do, ..." trigger, but what they do waits until they
    resolve, after this event."""
    as_what = "the damage is prevented" if prevents else "this replacement applies"
    return (
        f'{name}\'s "{sentence}" is a triggered ability (603.2, 603.12): it triggers as '
        f"{as_what}, and what it does happens only when it resolves, after this event, "
        "so it isn't among what happens here."
    )
