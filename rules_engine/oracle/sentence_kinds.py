"""Is a sentence a one-shot action (CR 608.2c, 701) or a continuous effect (CR 611, 613)?

The two shape tests the template table (oracle/templates.py), the clause splitter and
the sentence reader share, so "is this an action?" has one answer everywhere.
"""

from __future__ import annotations

import re

# --- Is this sentence a one-shot action? ----------------------------------------------------

# CR 608.2c: the instructions a resolving spell or ability follows, in order; CR 701 names
# the keyword actions. An imperative ("Destroy target creature."), or a player or object
# acting ("Each opponent discards a card.", "~ deals 3 damage to any target."), changes no
# characteristic: the one-game engine performs the actions it knows (oracle/actions.py)
# and names the others as not modelled.
_ACTION_VERBS = (
    r"draw|untap|tap|destroy|exile|return|sacrifice|discard|counter|create|put|search|"
    r"shuffle|scry|surveil|mill|look|reveal|choose|regenerate|prevent|add|attach|"
    r"investigate|proliferate|fight|transform|goad|populate|amass|clash|bolster|copy|"
    r"the ring tempts you|"  # CR 701.54a
    r"change the target|flip a coin|roll|manifest|support|detain|adapt|monstrosity|venture|"
    r"connive|incubate|discover|collect evidence|forage|suspect|cloak|seek|learn|vote|pay|"
    r"remove|move|separate|exchange (?:life totals|your life total)|double the number|"
    r"repeat this process|take an extra turn|distribute|turn (?:it|target|that|~)|reselect|"
    r"cast|play|whenever|end the turn|round up each time|unattach|reorder|"
    r"double (?:target player's|your) life total|simultaneously|"
    r"each player's life total becomes|"
    r"you (?:gain|lose|may|draw|create|put|search|sacrifice|discard|reveal|look|mill|scry|"
    r"choose|exile|return|shuffle|flip|roll|vote|get|pay|tap|untap|cast|play)|"
    r"exchange your|starting with you|each player (?:may )?(?:chooses|reveals|puts|votes)|"
    r"gain (?:\w+|that much) life|lose (?:\w+|that much) life|"
    # CR 701.65a airbend, 701.66a earthbend, 701.56a time travel, 726.2 the initiative (and
    # the other keyword actions a player does: "If they do, you incubate 2."), 608.2c: "As
    # many times as you choose, you may exile the top card ..." repeats a one-shot.
    r"airbend|earthbend|time travel|you take the initiative|you become the monarch|"
    r"it becomes (?:day|night)$|"  # CR 731.1 (Unnatural Moonrise)
    r"you (?:incubate|discover|venture|investigate|proliferate|amass|explore|connive)|"
    r"as many times as you choose|starting with"
)
_ACTORS = (
    r"target player(?!'s)|target opponent(?!'s)|each player(?!'s)|each opponent(?!'s)|"
    r"its controller|that creature's controller|that permanent's controller|that player|"
    r"its owner|that spell's controller|defending player|an opponent|the player|"
    # CR 608.2c: players named together, each of whom acts ("Two target players each draw a
    # card.", "You and target opponent each draw three cards.", "That opponent may cast ...").
    r"(?:up to )?(?:one|two|three|four|x) target players|any number of target players|"
    r"you and (?:target|that|an|each) (?:opponent|player)s?|that opponent(?!'s)|"
    # The owner or controller of a target acting: "Target creature's owner puts it on their
    # choice of the top or bottom of their library." (at most four words name the target).
    r"target (?:[\w-]+ ){0,3}?[\w-]+'s (?:owner|controller) (?=puts|shuffles|returns|"
    r"sacrifices|loses|gains (?!control)|draws|discards|mills|reveals|creates|may)"
)
ONE_SHOT = re.compile(
    # A player who acts (not a possessive: "each player's creatures get ..." is layers).
    rf"^(?:(?:{_ACTION_VERBS})\b|(?:{_ACTORS})\b(?! gains? control)|"
    # An object acting: "~ deals", "it fights", "target creature you control deals damage".
    rf"(?:~|it|that creature|target [\w, ]+?|equipped creature|enchanted creature) "
    r"(?:deals|fights|explores|connives|phases out)\b|"
    # The two creatures the text chose fighting (CR 701.14a): "Then those creatures fight
    # each other."
    r"(?:then )?(?:those|the chosen) creatures fight each other\b|"
    # Several creatures each biting (CR 701.14a's one-sided half, Tandem Takedown), several
    # phasing out (702.26a), and a suspicion undone (701.60: "they're no longer suspected").
    r"they each deal damage\b|"
    r"(?:any number of |up to \w+ )?(?:other )?target [\w ]+? phase out\b|"
    r"(?:if any of them are suspected, )?(?:they're|they are|it's|it is) no longer suspected\b|"
    # A delayed or reflexive triggered ability the resolving one creates (CR 603.7, 603.12).
    # "When the creature an opponent controls dies this turn, ..." (Fight for the Throne).
    r"when (?:that creature|that permanent|the creature|it|you do|~)\b[^,]*, |"
    r"at the beginning of (?:(?:the|your|that player's|each) next|that turn's)\b|"
    r"until end of turn, whenever\b|"
    # Anything dealing damage, named or not ("Hit deals damage to that player ...").
    r"[\w,' -]+? deals (?:\w+ )?damage\b|"
    r"the (?:owner|controller) of [\w ]+? (?:shuffles|puts|returns|sacrifices|loses|gains)\b|"
    # One-shots under a condition or for each of several things.
    rf"(?:if [^,]+|for each [^,]+|otherwise|then), (?:{_ACTION_VERBS}|~ deals|it deals|"
    rf"(?:{_ACTORS}) )\b|"
    # Follow-ups that finish a one-shot: "If you do, ...", "Otherwise, ...", "Then ...".
    rf"(?:if you do|if you don't|if (?:the|that) player does|if they do|otherwise|then),? "
    rf"(?:{_ACTION_VERBS}|~ deals|it deals|when|they|that player|each)\b)",
    re.IGNORECASE,
)


def performs_actions(sentence: str) -> bool:
    """Is this clause a one-shot action (CR 608.2c, 701) rather than a continuous effect?"""
    return ONE_SHOT.match(sentence) is not None


# --- Is this sentence a continuous effect? -------------------------------------------------

# CR 611, 613.1: words that change an object's characteristics (a P/T change, an ability
# gained or lost, a type, color or controller), or CR 613.11: the rules of the game
# ("can't attack", "must be blocked"). A sentence of this shape that the layer grammar
# can't apply yet is named as not modelled rather than refused outright.
_CONTINUOUS = re.compile(
    r"\b(?:gets?|get) (?:an additional )?[+-]|\b(?:has|have|gains?|loses?) |\bbecomes?\b|"
    r"\bcontrol of\b|"
    r"\b(?:is|are) (?:a|an|all|every|the|still|no longer|colorless|white|blue|black|red|"
    r"green|legendary|basic|snow|each|equal|[\w ]+ in addition)\b|\bbase power\b|"
    r"\bpower and toughness\b|\bcan't\b|\bmust\b|\bable to\b|\bdoesn't untap\b|"
    r"\bdon't untap\b|\bas though\b|"
    # CR 701.10: "Double target creature's power X times." (Exponential Growth).
    r"\bdouble (?:[\w-]+ ){0,3}?[\w-]+'s (?:power|toughness)\b",
    re.IGNORECASE,
)


def makes_continuous_effect(sentence: str) -> bool:
    """Does this sentence (quoted abilities blanked) change characteristics or rules?"""
    return _CONTINUOUS.search(re.sub(r'"[^"]*"', '""', sentence)) is not None
