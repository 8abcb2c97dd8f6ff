"""One-line summaries of the rules the engine cites, in our own words.

The learner gets the gist beside each step and a link to the official
Comprehensive Rules for the exact text.
"""

from __future__ import annotations

OFFICIAL_RULES_URL = "https://magic.wizards.com/en/rules"

SUMMARIES: dict[str, str] = {
    "305.7": (
        "Setting a land's basic land type wipes its "
        "own abilities and gives it that type's mana ability."
    ),
    "604.3": "Characteristic-defining abilities say what a card's own colour, types or power are.",
    "611.2c": "A resolved spell's effect sticks to the objects it found when it resolved.",
    "611.3a": "A static ability keeps checking what it applies to, moment by moment.",
    "612": "Text-changing effects swap one word for another in the rules text and type line.",
    "612.2": "Only words used as that kind of word change, and never a name.",
    "613.1b": "Layer 2: who controls the object.",
    "613.1c": "Layer 3: changes to the words on the card.",
    "613.1d": "Layer 4: card types, subtypes and supertypes.",
    "613.1e": "Layer 5: colours.",
    "613.1f": "Layer 6: gaining and losing abilities.",
    "613.2a": "Layer 1a: copy effects decide what the object is a copy of.",
    "613.2b": "Layer 1b: a face-down permanent is a nameless 2/2 creature.",
    "613.3": "Within layers 2 to 6, characteristic-defining abilities go first, then timestamps.",
    "613.4a": "Layer 7a: power and toughness from characteristic-defining abilities.",
    "613.4b": "Layer 7b: effects that set power and toughness to a number.",
    "613.4c": "Layer 7c: effects and counters that raise or lower power and toughness.",
    "613.4d": "Layer 7d: effects that switch power and toughness.",
    "613.6": (
        "An effect that began in one layer keeps applying to the same objects in later layers."
    ),
    "613.7": "Inside a layer, older effects apply before newer ones (timestamp order).",
    "613.7c": "Counters get a timestamp when they are put on.",
    "613.7e": "An Aura or Equipment gets a new timestamp each time it is attached.",
    "613.7f": "Turning a permanent face up or face down gives it a new timestamp.",
    "613.8": (
        "Dependency: inside one layer, an effect that depends on another waits until just "
        "after it, whatever their timestamps."
    ),
    "613.8a": (
        "One effect depends on another if applying that other would change whether "
        "it exists, its text, what it applies to or what it does."
    ),
    "613.8b": (
        "An effect that depends on others waits until "
        "just after them; a loop falls back to timestamps."
    ),
    "613.8c": "After each effect applies, dependencies are worked out again.",
    "614": "A replacement effect changes an event before it happens.",
    "614.5": "A replacement effect gets one chance at an event.",
    "614.12": "Effects on how a permanent enters look at it as it would be on the battlefield.",
    "614.15": "A spell's own 'instead' applies before anything else.",
    "614.17": "A 'can't' effect isn't a replacement, but the event simply doesn't happen.",
    "615": "A prevention effect stops some or all damage.",
    "616.1": (
        "When several replacement or prevention effects could change one event, the affected "
        "player (or the affected object's controller) applies them one at a time."
    ),
    "616.1a": "Self-replacement effects must be chosen first.",
    "616.1b": "Effects changing who controls an entering permanent go next.",
    "616.1c": "Then effects making a permanent enter as a copy.",
    "616.1d": "Then effects making a card enter back face up.",
    "616.1e": (
        "Otherwise the affected player (or the affected object's controller) picks any of them."
    ),
    "616.1f": "After each one applies, only effects that still apply are offered.",
    "704.5f": "A creature with toughness 0 or less goes to the graveyard.",
    "704.5g": "A creature with lethal damage marked on it is destroyed.",
    "704.5i": "A planeswalker with no loyalty goes to the graveyard.",
    "704.5j": "A player keeps one of two legendary permanents with the same name.",
    "704.5m": "An Aura attached illegally, or to nothing, goes to the graveyard.",
    "704.5n": "An Equipment attached illegally becomes unattached.",
    "704.5q": "+1/+1 and -1/-1 counters on the same permanent cancel out in pairs.",
    "708.2": "A face-down permanent is a 2/2 creature with no name, text, types or cost.",
}


def summary(rule: str) -> str:
    """The closest summary: "613.4c" or, failing that, "613.4" or "613"."""
    key = rule
    while key:
        if key in SUMMARIES:
            return SUMMARIES[key]
        key = key[:-1].rstrip(".")
    return ""


def rule_anchor(rule: str) -> str:
    """The rules page's anchor for the closest summarised rule: "613.4c" -> "cr-613-4c"."""
    key = rule
    while key and key not in SUMMARIES:
        key = key[:-1].rstrip(".")
    return "cr-" + (key or rule).replace(".", "-")
