"""One-shot sentences of resolving spells and abilities -> ``OneShot`` actions (CR 608.2c).

The timeline performs each action as events that replacement and prevention
effects see (damage, destruction, zone changes, counters, tokens, draws,
life). A one-shot sentence that matches none of these shapes is reported by
the caller as not modelled, never dropped silently.
"""

from __future__ import annotations

import re
from dataclasses import replace

from rules_engine.affected import Filter, Subject
from rules_engine.one_shot import OneShot, OneShotKind, PlayerRef
from rules_engine.oracle import card_moves as cards
from rules_engine.oracle import player_actions
from rules_engine.oracle.action_words import (
    WHO,
    Amount,
    Clause,
    Read,
    Reader,
    ResolveSubject,
    players_of,
    read_amount,
)
from rules_engine.oracle.numbers import NUMBER_WORDS
from rules_engine.oracle.subjects import SubjectContext

_DAMAGE = re.compile(
    r"^(?:~|it) deals (?P<n>\w+) damage to (?P<to>.+?)$",
    re.IGNORECASE,
)
# "target creature or player", "target player or planeswalker": one target that may be a
# player (CR 115.4), read like "any target" but for its kinds.
_PLAYER_OR_OBJECT = re.compile(
    r"target (?:player|opponent|creature|planeswalker|battle)"
    r"(?:(?:,| or|, or) (?:player|opponent|creature|planeswalker|battle))+",
    re.IGNORECASE,
)
# CR 122.1b: a keyword counter of two words ("a first strike counter").
_PUT_COUNTERS = re.compile(
    r"^put (?P<n>\w+) (?P<kind>first strike|double strike|\S+) counters? on (?P<subj>.+)$",
    re.IGNORECASE,
)
# "each of up to two target creatures": each target is acted on (CR 115.1d).
_EACH_OF_TARGETS = re.compile(r"^each of (?=(?:up to )?\w+ target)", re.IGNORECASE)
_BECAME_THIS_WAY = re.compile(r"^each [\w ]+? that became a creature this way$", re.I)
# "on a creature you control", "on up to one creature" (Gix's Command: none may be chosen).
_ONE_OF = re.compile(
    r"^(?:a|an|up to one) (?P<what>(?:creature|artifact|permanent)\b.*)$", re.IGNORECASE
)
# CR 601.2d: "Distribute two +1/+1 counters among one or two target creatures you control."
_DISTRIBUTE = re.compile(
    r"^distribute (?P<n>\w+) (?P<kind>\S+) counters among (?P<subj>[\w ,/-]+)$", re.IGNORECASE
)
# CR 601.2d: "~ deals 3 damage divided as you choose among one, two, or three targets." (Arc
# Lightning), "... among any number of target creatures and/or planeswalkers." (Mythos of
# Vadrok): the amount divided among the targets as the spell is cast.
_DIVIDED_DAMAGE = re.compile(
    r"^(?:~|it) deals (?P<n>\w+) damage divided as you choose among (?P<to>.+)$", re.IGNORECASE
)
_TARGETS_WORD = re.compile(r"\btargets$", re.IGNORECASE)
_DOUBLE_COUNTERS = re.compile(
    r"^double the number of (?P<kind>\S+) counters on (?P<subj>.+)$", re.IGNORECASE
)
_LIFE_EQUAL = re.compile(
    rf"^(?P<who>{WHO}) (?P<verb>gains?|loses?) life equal to "
    r"(?P<whose>its|that creature's|that card's|~'s|target creature(?: you control)?'s) "
    r"(?P<stat>power|toughness|mana value)$",
    re.IGNORECASE,
)
_TAP = re.compile(r"^(?P<verb>untap|tap) (?P<subj>.+)$", re.IGNORECASE)
_DESTROY = re.compile(r"^destroy (?P<subj>.+)$", re.IGNORECASE)
_EXILE = re.compile(r"^exile (?P<subj>.+)$", re.IGNORECASE)
_BOUNCE = re.compile(r"^return (?P<subj>.+?) to (?:its|their) owners?'s? hands?$", re.IGNORECASE)
_SACRIFICE = re.compile(r"^sacrifice (?P<subj>~|it|that creature|that permanent)$", re.IGNORECASE)
# "Each player sacrifices a creature." (CR 701.21a): each of those players chooses one.
PLAYERS_SACRIFICE = re.compile(
    rf"^(?P<who>{WHO}) sacrifices? (?:a|an|one) (?P<what>[\w ,-]+)$",
    re.IGNORECASE,
)
# "(You may) sacrifice a Food." (Insatiable Appetite): one of your own, your choice.
_SACRIFICE_ONE = re.compile(r"^sacrifice (?:a|an) (?P<what>[\w -]+)$", re.IGNORECASE)
_OF_THEIR_CHOICE = re.compile(r" of (?:their|his or her) choice$", re.IGNORECASE)
_CREATE = re.compile(
    # What follows "with" stops at the next "token" (a run is scanned once: linear time).
    # Abilities in quotation marks (CR 111.3) are read as '"q"' (``_collapsed``).
    rf"^(?:(?P<who>{WHO}) )?creates? "
    rf"(?P<what>.+ tokens?(?: with (?:(?! tokens?\b)[\w ,\"])++| named \w++)?)$",
    re.IGNORECASE,
)
_CREATES = re.compile(rf"^(?:(?P<who>{WHO}) )?creates? ", re.IGNORECASE)
_QUOTED = re.compile(r'"[^"]*+"')
_DRAW = re.compile(
    rf"^(?:(?P<who>{WHO}) )?draws? (?P<n>\w+) cards?$",
    re.IGNORECASE,
)
_LIFE = re.compile(
    # The player may be left out where "you may" was taken as chosen ("you may gain 1 life").
    rf"^(?:(?P<who>{WHO}) )?(?P<verb>gains?|loses?) (?P<n>\w+) life$",
    re.IGNORECASE,
)


# CR 701.14a: "Target creature you control fights target creature you don't control.";
# "It deals damage equal to its power to target creature an opponent controls." is one half
# of a fight (the other creature deals none back).
_FIGHTER = r"~|it|that creature|target [\w ,'-]+?"
_FIGHT = re.compile(rf"^(?P<a>{_FIGHTER}) fights? (?P<b>.+)$", re.IGNORECASE)
_BITE = re.compile(
    rf"^(?P<a>{_FIGHTER}) deals damage equal to its power to (?P<b>.+)$", re.IGNORECASE
)
# "They each deal damage equal to their power to another target creature" (Tandem Takedown):
# each of the creatures named before bites the same one.
_THEY_BITE = re.compile(
    r"^(?P<a>they|those creatures) each deal damage equal to their power to (?P<b>.+)$",
    re.IGNORECASE,
)
# "Each tapped creature deals damage to itself equal to its power." (The Akroan War): each
# is both source and recipient (CR 120.3), all at once.
_SELF_BITE = re.compile(
    r"^(?P<a>[\w ,'-]+?) deals? damage to (?:itself|themselves) equal to (?:its|their) power$",
    re.IGNORECASE,
)
# CR 702.26a: "Any number of target creatures you control phase out." (No More).
_PHASE_OUT = re.compile(r"^(?P<subj>.+?) phases? out$", re.IGNORECASE)

# "... with a +1/+1 counter on it", "... with two additional +1/+1 counters on it": counters
# it enters with (CR 614.1c, 122.6), after any other replacement's.
_WITH = r"(?: with (?P<cn>an?|\w+) (?:additional )?(?P<ck>\S+) counters? on (?:it|them))?"
# A card returned from a graveyard to the battlefield (an ``Enter`` event, CR 614.12): "Return
# target creature card from your graveyard to the battlefield.", "Put target creature card
# from a graveyard onto the battlefield under your control."
_REANIMATE = re.compile(
    r"^(?:return|put) (?P<subj>.+?) (?:from|in) "
    r"(?:(?P<gy>your|a|an opponent's|a single) graveyard|(?P<gys>graveyards)) "
    rf"(?:to|onto) the battlefield(?P<yours> under your control)?(?P<tapped> tapped)?{_WITH}$",
    re.IGNORECASE,
)

# "Return the top creature card of your graveyard to the battlefield." (Corpse Dance): the
# first such card in the graveyard's order, top first (``n`` = 1: only that one).
_TOP_OF_GRAVEYARD = re.compile(
    r"^return the top (?P<what>[\w ]+?) card of your graveyard to the battlefield$",
    re.IGNORECASE,
)

# "You may put a creature card from your hand onto the battlefield." (Through the Breach),
# "Put a creature card from a graveyard onto the battlefield under your control." (Entering):
# one card of the player's choice, no target (CR 608.2d).
_PUT_ONE = re.compile(
    r"^(?:return|put) (?:a|an) (?P<what>[\w ]+?) card(?P<mv> with mana value \w+ or less)? "
    r"from (?P<where>your hand|your graveyard|"
    r"a graveyard) (?:to|onto) the battlefield(?P<yours> under your control)?(?P<tapped> tapped)?$",
    re.IGNORECASE,
)

# "Return target creature card from your graveyard to your hand." (Raise Dead): the card
# moves from a graveyard to its owner's hand, a new object there (CR 400.7).
_RECOVER = re.compile(
    r"^return (?P<subj>.+?) from (?P<gy>your|a|an opponent's) graveyard to "
    r"(?:your|its owner's|their owners?'?) hands?$",
    re.IGNORECASE,
)

# "Then return a land card from your graveyard to your hand." (Witherbloom Command): one card
# of the player's choice as it resolves, no target (CR 608.2d).
_RECOVER_ONE = re.compile(
    r"^(?:you )?return (?:a|an) (?P<what>[\w ]+?) card from your graveyard to your hand$",
    re.IGNORECASE,
)

# CR 707.2, 111.10: "Create a token that's a copy of target creature you control, except it
# has haste." (Kiki-Jiki): the exception text is read by the copy-exception reader.
_COPY_TOKEN = re.compile(
    r"^create (?P<n>a|an|one|two|three|x) tokens? that(?:'s| are) (?:a )?cop(?:y|ies) of "
    r"(?P<subj>.+?)(?:, except (?P<exc>.+))?$",
    re.IGNORECASE,
)

_YOU_MAY = re.compile(r"^you may (?P<rest>(?!have\b|choose\b|cast\b|play\b).+)$", re.IGNORECASE)
# "..., where X is the number of creatures you control." (CR 107.3a: X defined by the text):
# the amount counted as the part happens (608.2h); "... the number of colors of mana spent
# to cast ~" is converge (the step's ``colors_spent``, 702.44a's count).
_WHERE_X = re.compile(r"^(?P<main>.+), where x is the number of (?P<per>.+)$", re.IGNORECASE)
# "..., where X is the greatest power among creatures you control." / "Draw cards equal to
# the greatest power among ...": the most among them as the part happens (CR 608.2h).
_WHERE_X_GREATEST = re.compile(
    r"^(?P<main>.+), where x is the greatest (?P<stat>power|mana value) among (?P<per>.+)$",
    re.IGNORECASE,
)
_DRAW_GREATEST = re.compile(
    rf"^(?:(?P<who>{WHO}) )?(?P<verb>draws?) cards equal to the greatest "
    r"(?P<stat>power|mana value) among (?P<per>.+)$",
    re.IGNORECASE,
)
_COLORS_SPENT = re.compile(r"^colors of mana spent to cast ~$", re.IGNORECASE)

# CR 701.41a: "Support N" on a spell puts a +1/+1 counter on each of up to N target creatures
# (on a permanent, other ones); 701.39a: "Bolster N" puts N on the creature you control with
# the least toughness.
_SUPPORT = re.compile(r"^support (?P<n>\w+)$", re.IGNORECASE)
_BOLSTER = re.compile(r"^bolster (?P<n>\w+)$", re.IGNORECASE)
# "Exile target creature you control, then return that card to the battlefield under its
# owner's control." (CR 400.7: the card it exiled, found by the same effect); Cloudshift's
# "under your control" puts it under the spell's controller's (110.2a).
_RETURN_EXILED = re.compile(
    r"^return (?:that card|it|them|those cards) to the battlefield under "
    rf"(?:(?:its|their) owners?'?s?|(?P<yours>your)) control{_WITH}$",
    re.IGNORECASE,
)

_EXILE_WORD = re.compile(r"\bexile\b", re.IGNORECASE)

# CR 701.37a: "Monstrosity N" puts N +1/+1 counters on it and makes it monstrous, once.
_MONSTROSITY = re.compile(r"^monstrosity (?P<n>\w+)$", re.IGNORECASE)


_LIFE_BECOMES = re.compile(r"^each player's life total becomes (?P<what>.+)$", re.IGNORECASE)


# "You gain 1 life for each creature on the battlefield.", "Draw a card for each creature you
# control with a +1/+1 counter on it.", "~ deals damage to that creature equal to the number
# of Forests you control.": an amount counted as the part happens (CR 608.2h).
_FOR_EACH = re.compile(r"^(?P<main>.+?) for each (?P<per>.+)$", re.IGNORECASE)
_EQUAL_TO_NUMBER = re.compile(
    r"^(?P<who>~|it) deals damage to (?P<to>.+?) equal to the number of (?P<per>.+)$",
    re.IGNORECASE,
)
# "~ deals damage equal to the number of creatures you control to target creature" (Cabaretti
# Charm): the count runs to the first " to ".
_EQUAL_TO_NUMBER_FIRST = re.compile(
    r"^(?P<who>~|it) deals damage equal to (?:(?P<plus>\w+) plus )?the number of "
    r"(?>(?P<per>(?:(?! to ).)+)) "
    r"to (?P<to>.+)$",
    re.IGNORECASE,
)
# "For each creature you control, create a 1/2 white Moogle creature token." (Moogles' Valor):
# the count written first.
_FOR_EACH_FIRST = re.compile(r"^for each (?P<per>[^,]+), (?P<main>.+)$", re.IGNORECASE)
# CR 701.14a: "Choose target creature you control and target creature you don't control.
# ... Then those creatures fight each other." (Blizzard Brawl): the two targets just chosen.
_THOSE_FIGHT = re.compile(
    r"^(?:then )?(?:those|the chosen) creatures fight each other$", re.IGNORECASE
)
# CR 701.34a: "Proliferate."; 701.47a: "Amass Zombies 2." (the subtype in the plural).
_PROLIFERATE = re.compile(r"^proliferate$", re.IGNORECASE)
_AMASS = re.compile(r"^amass (?P<what>[a-z]+)s (?P<n>\w+)$", re.IGNORECASE)
_DESTROYED_THIS_WAY = re.compile(r"^creatures? destroyed this way$", re.IGNORECASE)
# "Leeches deals that much damage to that player.": the number of counters just removed.
_THAT_MUCH_DAMAGE = re.compile(r"^(?:~|it) deals that much damage to (?P<to>.+)$", re.IGNORECASE)
_COUNTABLE = (
    "gain_life",
    "lose_life",
    "draw",
    "damage",
    "tokens",
    "counters",
    "amass",
    "incubate",
)


def _life_becomes(m: re.Match[str], c: Clause) -> OneShot | None:
    """ "Each player's life total becomes 7 / the number of creatures they control / the
    lowest life total among all players" (CR 119.5: each gains or loses the difference)."""
    what, sentence = m["what"].lower(), c.sentence
    if what == "the number of creatures they control":
        return OneShot("set_life", None, sentence, players="each_player", life_becomes="creatures")
    if what == "the lowest life total among all players":
        return OneShot("set_life", None, sentence, players="each_player", life_becomes="lowest")
    if what.isdigit() or what in NUMBER_WORDS:
        n = int(what) if what.isdigit() else NUMBER_WORDS[what]
        return OneShot("set_life", None, sentence, n=n, players="each_player")
    return None


def _you_may(m: re.Match[str], c: Clause) -> OneShot | None:
    """ "You may return up to one target creature card ...": a choice the player makes as it
    resolves (CR 608.2d), taken as chosen, as in a triggered ability (603.5)."""
    return c.read(m["rest"])


def _put_counters(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 122.6: "Put four +1/+1 counters on it."; "... on each of up to three target
    creatures" (Leo's Guidance): on each target."""
    amount = read_amount(m["n"])
    words = _EACH_OF_TARGETS.sub("", m["subj"])
    # "on a creature you control" (Humiliate): one of them, the player's choice as it
    # resolves (CR 608.2d), no target.
    one = _ONE_OF.match(words)
    subject = c.subject(f"each {one['what']}" if one else words)
    if _BECAME_THIS_WAY.match(words):
        # "... on each artifact that became a creature this way" (Rise and Shine): the ones
        # the effect before made creatures, its own subject (CR 608.2c).
        subject = c.resolve(Subject("antecedent"))
        subject = subject if subject.kind in ("targets", "filter") else None
    if amount is None or subject is None or (one and subject.kind != "filter"):
        return None
    return OneShot(
        "counters",
        c.resolve(subject),
        c.sentence,
        counter_kind=m["kind"],
        n=amount.n,
        x=amount.x,
        chosen_one=bool(one),
    )


def _distribute(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 601.2d: the counters divided among the targets as the spell is cast, each target
    at least one (``choices.divided``)."""
    amount = read_amount(m["n"])
    subject = c.subject(m["subj"])
    if amount is None or subject is None or subject.kind != "targets":
        return None
    return OneShot(
        "counters",
        subject,
        c.sentence,
        counter_kind=m["kind"],
        n=amount.n,
        x=amount.x,
        divided=True,
    )


def _divided_damage(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 601.2d: each target's share announced as it is cast (``choices.divided``), at least
    1 each; "targets" (CR 115.4: any target) may be creatures, planeswalkers, battles or
    players."""
    amount = read_amount(m["n"])
    words, any_target = m["to"], bool(_TARGETS_WORD.search(m["to"]))
    if any_target:
        words = _TARGETS_WORD.sub("target creatures, planeswalkers, or battles", words)
    subject = c.subject(words)
    if amount is None or subject is None or subject.kind != "targets":
        return None
    return OneShot(
        "damage", subject, c.sentence, n=amount.n, x=amount.x, divided=True, any_target=any_target
    )


def _support(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.41a: a +1/+1 counter on each of up to N other target creatures."""
    n = read_amount(m["n"])
    word = next((w for w, v in NUMBER_WORDS.items() if n and v == n.n and len(w) > 2), None)
    if n is not None and n.x:
        word = "x"  # "Support X." (The Crowd Goes Wild): up to X targets, X chosen as cast
    subject = c.subject(f"up to {word} target creatures") if word else None
    if n is None or subject is None:
        return None
    others = tuple(replace(f, not_source=True) for f in subject.filters)  # "other"
    return OneShot(
        "counters", replace(subject, filters=others), c.sentence, counter_kind="+1/+1", n=1
    )


def _bolster(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.39a: N +1/+1 counters on the creature you control with the least toughness."""
    amount = read_amount(m["n"])
    subject = c.subject("creatures you control")
    if amount is None or subject is None:
        return None
    return OneShot(
        "counters",
        subject,
        c.sentence,
        counter_kind="+1/+1",
        n=amount.n,
        x=amount.x,
        least_toughness=True,
    )


def _return_exiled(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 400.7: the card the part before exiled, found by the same effect."""
    exiled = c.resolve(Subject("antecedent"))
    with_counters = _with_counters(m)
    if exiled.kind not in ("targets", "self", "left_host") or with_counters is None:
        return None
    # The card this sentence exiled; with no exile before it, the card a "dies" trigger
    # watched, in its owner's graveyard (CR 603.10a, 700.4: "When enchanted creature dies,
    # return that card ..."). Neither: not read, so named rather than done wrongly.
    where = "exile" if _EXILE_WORD.search(c.sentence) else c.context.trigger_zone
    if not where:
        return None
    return OneShot(
        "reanimate",
        exiled,
        c.sentence,
        from_zone=where,
        enter_counters=with_counters,
        players="you" if m["yours"] else None,
    )


def _monstrosity(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.37a: N +1/+1 counters and monstrous, once."""
    amount = read_amount(m["n"])
    if amount is None:
        return None
    return OneShot(
        "monstrosity",
        Subject("self", words="~"),
        c.sentence,
        counter_kind="+1/+1",
        n=amount.n,
        x=amount.x,
    )


def _double_counters(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.10: as many more counters of that kind as each already has."""
    subject = c.subject(m["subj"])
    if subject is None:
        return None
    return OneShot("counters", c.resolve(subject), c.sentence, counter_kind=m["kind"], doubled=True)


def _tap(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.26: "Tap target creature.", "Untap it."."""
    subject = c.subject(m["subj"])
    if subject is None:
        return None
    kind: OneShotKind = "tap" if m["verb"].lower() == "tap" else "untap"
    return OneShot(kind, c.resolve(subject), c.sentence)


def _copy_token(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 707.2, 111.10: a token that's a copy; the exception is read by the caller."""
    amount = read_amount(m["n"])
    subject = c.subject(m["subj"])
    if amount is None or subject is None:
        return None
    return OneShot(
        "copy_token",
        c.resolve(subject),
        c.sentence,
        n=amount.n,
        x=amount.x,
        token=m["exc"] or "",
    )


def _put_one(m: re.Match[str], c: Clause) -> OneShot | None:
    """One card of the player's choice onto the battlefield, no target (CR 608.2d)."""
    where = {"a graveyard": "all graveyards"}.get(m["where"].lower(), m["where"])
    # "a creature card with mana value X or less" (Black Sun's Twilight): X is the spell's.
    subject = c.subject(f"{m['what']} cards{m['mv'] or ''} in {where}")
    if subject is None:
        return None
    return OneShot(
        "reanimate",
        subject,
        c.sentence,
        n=1,
        every=True,  # one card of the player's choice (``choices.chosen``)
        players="you" if m["yours"] else None,
        tapped=bool(m["tapped"]),
    )


def _reanimate(m: re.Match[str], c: Clause) -> OneShot | None:
    """A card returned from a graveyard to the battlefield (CR 614.12: it enters); "from
    graveyards" (Aberrant Return): from any graveyard."""
    gy = (m["gy"] or "a").lower()
    # "from a single graveyard" (Push // Pull): any graveyard, all the targets from one (the
    # targets must be chosen so, CR 601.2c; ``one_graveyard``).
    where = "all graveyards" if gy in ("a", "a single") else f"{m['gy']} graveyard"
    subject = c.subject(f"{m['subj']} in {where}")
    with_counters = _with_counters(m, x_allowed=True)
    if subject is None or with_counters is None:
        return None
    return OneShot(
        "reanimate",
        subject,
        c.sentence,
        players="you" if m["yours"] else None,
        tapped=bool(m["tapped"]),
        enter_counters=with_counters,
        x=read_amount(m["cn"] or "a") == Amount(x=True),
        one_graveyard=gy == "a single",
    )


def _with_counters(
    m: re.Match[str], *, x_allowed: bool = False
) -> tuple[tuple[str, int], ...] | None:
    """ "with two additional +1/+1 counters on it": what it enters with (CR 614.1c); None
    for an amount that isn't a number. "with X additional +1/+1 counters" (Abuelo's
    Awakening), where ``x_allowed``: the spell's X (CR 107.3a), the count left 0 here and
    read as the part happens (the action's ``x``)."""
    if not m["ck"]:
        return ()
    amount = read_amount(m["cn"])
    if amount is None or (amount.x and not x_allowed):
        return None
    return ((m["ck"], amount.n),)


def _top_of_graveyard(m: re.Match[str], c: Clause) -> OneShot | None:
    subject = c.subject(f"{m['what']} cards in your graveyard")
    return OneShot("reanimate", subject, c.sentence, n=1) if subject is not None else None


def _recover(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 400.7: a card from a graveyard to its owner's hand, a new object there."""
    where = "all graveyards" if m["gy"].lower() == "a" else f"{m['gy']} graveyard"
    subject = c.subject(f"{m['subj']} in {where}")
    return OneShot("recover", subject, c.sentence) if subject is not None else None


def _recover_one(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 608.2d, 400.7: one card of the player's choice (``choices.chosen``) from their
    graveyard to their hand."""
    subject = c.subject(f"{m['what']} cards in your graveyard")
    if subject is None or subject.kind != "filter":
        return None
    return OneShot("recover", subject, c.sentence, n=1, every=True)


def _fight(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.14a: a fight, or one half of one ("deals damage equal to its power to")."""
    fighter = c.subject(m["a"])
    other = c.subject(m["b"]) if fighter is not None else None
    if fighter is None or other is None:
        return None
    kind: OneShotKind = "fight" if " fight" in m.string.lower() else "bite"
    return OneShot(kind, c.resolve(fighter), c.sentence, other=c.resolve(other))


def _self_bite(m: re.Match[str], c: Clause) -> OneShot | None:
    """ "deals damage to itself equal to its power": a bite with no other creature, each
    one dealt its own power (CR 120.3)."""
    subject = c.subject(m["a"])
    if subject is None:
        return None
    return OneShot("bite", c.resolve(subject), c.sentence)


def _phase_out(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 702.26a: the permanents phase out (and what is attached to them, 702.26g)."""
    subject = c.subject(m["subj"])
    if subject is None:
        return None
    return OneShot("phase_out", c.resolve(subject), c.sentence)


def _those_fight(_m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.14a: the two creatures the text's last two targets chose fight each other."""
    k = c.context.next_target
    if k < 2:
        return None
    creature = (Filter(types=frozenset({"Creature"})),)
    first = Subject("targets", creature, target_slots=(k - 2,), words="those creatures")
    second = Subject("targets", creature, target_slots=(k - 1,), words="those creatures")
    return OneShot("fight", first, c.sentence, other=second)


def _that_much(m: re.Match[str], c: Clause) -> OneShot | None:
    """ "Leeches deals that much damage to that player.": what the part before counted."""
    players = players_of(m["to"], c.context)
    if players is None:
        return None
    ref, slot = players
    return OneShot("damage", None, c.sentence, players=ref, slot=slot, amount_of="that_much")


def _damage(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 120.1: "~ deals 3 damage to any target / target creature / each opponent"."""
    amount = read_amount(m["n"])
    if amount is None:
        return None
    sentence = c.sentence
    # "each of up to two target creatures" (Sparkmage's Gambit): each target is dealt it.
    to = re.sub(r"^each of (?=(?:up to )?\w+ target)", "", m["to"], flags=re.IGNORECASE)
    if to.lower() in ("any target", "any other target") or _PLAYER_OR_OBJECT.fullmatch(to):
        # CR 115.4: "any target" is a creature, player, planeswalker or battle; "any other
        # target" one the text's other targets aren't (115.3: the board names it).
        slot: int | None = c.context.take_targets(1)[0]
        return OneShot("damage", None, sentence, n=amount.n, x=amount.x, slot=slot)
    players = players_of(to, c.context)
    if players is not None:
        ref, slot = players
        return OneShot("damage", None, sentence, n=amount.n, x=amount.x, players=ref, slot=slot)
    if both := _players_and_objects(to, c):
        # "each opponent and each creature they control" (Tectonic Hazard): all dealt it at
        # once (CR 120.1, 608.2c).
        ref, dealt = both
        return OneShot("damage", dealt, sentence, n=amount.n, x=amount.x, players=ref)
    subject = c.subject(to)
    if subject is None:
        return None
    return OneShot("damage", c.resolve(subject), sentence, n=amount.n, x=amount.x)


_PLAYERS_THEN_OBJECTS = re.compile(
    r"^(?P<who>each opponent|each player) and (?P<objs>each [\w ,]+?) they control$",
    re.IGNORECASE,
)
_OBJECTS_THEN_PLAYERS = re.compile(
    r"^(?P<objs>each [\w ,]+?) and (?P<who>each opponent|each player)$", re.IGNORECASE
)


def _players_and_objects(to: str, c: Clause) -> tuple[PlayerRef, Subject] | None:
    """ "each opponent and each creature and planeswalker they control" ("they": those
    opponents), "each nonartifact creature and each player" (Delete)."""
    m = _PLAYERS_THEN_OBJECTS.match(to) or _OBJECTS_THEN_PLAYERS.match(to)
    if m is None:
        return None
    ref: PlayerRef = "each_opponent" if m["who"].lower() == "each opponent" else "each_player"
    objs = m["objs"]
    if m.re is _PLAYERS_THEN_OBJECTS and ref == "each_opponent":
        objs += " your opponents control"
    subject = c.subject(objs)
    if subject is None or subject.kind != "filter":
        return None
    return ref, subject


def _acting_on(kind: OneShotKind) -> Read:
    """ "Destroy target creature.", "Exile it.", "Sacrifice ~." (CR 701.8, 406.3, 701.21a)."""

    def read(m: re.Match[str], c: Clause) -> OneShot | None:
        subject = c.subject(m["subj"])
        if kind == "exile" and subject is not None and subject.kind == "self":
            # "Exile Morningtide's Light." as the spell's last instruction: the spell itself
            # goes to exile rather than its owner's graveyard (CR 608.2n), as "Return ~ to its
            # owner's hand" does (a permanent's "exile ~" moves the permanent the same way).
            return OneShot("move", subject, c.sentence, to_zone="exile")
        return OneShot(kind, c.resolve(subject), c.sentence) if subject else None

    return read


def _bounce(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 400.7: returned to its owner's hand."""
    if m["subj"].lower() in ("that card", "it") and c.context.trigger_zone == "graveyard":
        # A dies trigger's "return that card / it to its owner's hand" (Demonic Vigor's
        # enchanted creature, Endless Cockroaches itself): the card the trigger watched, from
        # its owner's graveyard (CR 603.10a, 400.7).
        watched = c.resolve(Subject("antecedent"))
        if watched.kind in ("left_host", "self"):
            return OneShot("recover", watched, c.sentence)
    subject = c.subject(m["subj"])
    if subject is not None and subject.kind == "self":
        # "Return ~ to its owner's hand": the spell itself as it resolves (Pulse of the
        # Fields, CR 608.2n: it goes there instead of the graveyard), or the permanent.
        return OneShot("move", subject, c.sentence, to_zone="hand")
    return OneShot("bounce", c.resolve(subject), c.sentence) if subject else None


def _players_sacrifice(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.21a: "Each player sacrifices a creature." (each of them chooses one)."""
    players = players_of(m["who"], c.context)
    # Today's "sacrifices a creature of their choice" (the player chose anyway).
    chosen = c.subject(_OF_THEIR_CHOICE.sub("", m["what"]))
    if players is None or chosen is None or chosen.kind != "filter":
        return None
    ref, slot = players
    return OneShot("sacrifice", chosen, c.sentence, n=1, players=ref, slot=slot)


def _sacrifice_one(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.21a: "Sacrifice a Food.": a permanent of that kind the text's controller
    controls, their choice as it resolves (608.2d: the step's ``choices.chosen``)."""
    chosen = c.subject(f"{m['what']} you control")
    if chosen is None or chosen.kind != "filter":
        return None
    return OneShot("sacrifice", chosen, c.sentence, n=1, players="you")


def _create(_m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 111.2: "Create two 1/1 white Soldier creature tokens."; the abilities a token has
    in quotation marks are read as they are printed (111.3)."""
    m = _CREATE.match(_QUOTED.sub('"q"', _m.string))
    if m is None:
        return None
    what = _quoted_as_printed(m["what"], c.sentence)
    amount = read_amount(what.split()[0])
    if amount is None:
        return None
    players = players_of(m["who"] or "you", c.context)
    if players is None:
        return None
    ref, slot = players
    phrase = "a " + what.split(" ", 1)[1] if amount.n != 1 or amount.x else what
    if _X_BY_X.search(phrase):
        # "Create an X/X green Ooze creature token": one token, its power and toughness the
        # amount (the spell's X, CR 107.3a, or the X the text defines, 608.2h).
        if amount.n != 1 or amount.x:
            return None
        amount = Amount(x=True)
    return OneShot(
        "tokens",
        None,
        c.sentence,
        n=amount.n,
        x=amount.x,
        token=_singular(phrase),
        players=ref,
        slot=slot,
    )


_X_BY_X = re.compile(r"\bX/X\b", re.IGNORECASE)


def _quoted_as_printed(what: str, sentence: str) -> str:
    """The token's abilities in quotation marks as the sentence prints them (CR 111.3): the
    words a clause reader takes off a sentence ("until end of turn") belong to them."""
    if what.count('"') < 2 or sentence.count('"') < 2:
        return what
    printed = sentence[sentence.index('"') : sentence.rindex('"') + 1]
    return what[: what.index('"')] + printed + what[what.rindex('"') + 1 :]


def _draw(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 121.2: "Draw two cards.", "Target player draws a card."."""
    amount = read_amount(m["n"])
    if amount is None:
        return None
    players = players_of(m["who"] or "you", c.context)
    if players is None:
        return None
    ref, slot = players
    return OneShot("draw", None, c.sentence, n=amount.n, x=amount.x, players=ref, slot=slot)


def _life_equal(m: re.Match[str], c: Clause) -> OneShot | None:
    """ "You gain life equal to its power.": read as the part happens (CR 608.2h)."""
    players = players_of(m["who"], c.context)
    if players is None:
        return None
    whose_words = m["whose"].lower()
    whose: Subject | None = Subject("antecedent")
    if whose_words == "~'s":
        whose = Subject("self", words="~")
    elif whose_words.startswith("target"):
        whose = c.subject(m["whose"][: -len("'s")])
    if whose is None:
        return None
    its = whose_words in ("its", "that card's")
    if m["stat"].lower() != "power" and c.resolve(whose).kind == "self" and its:
        return None  # "its" with nothing before it to name (a card revealed, not ~)
    ref, slot = players
    verb: OneShotKind = "gain_life" if m["verb"].lower().startswith("gain") else "lose_life"
    return OneShot(
        verb,
        c.resolve(whose),
        c.sentence,
        players=ref,
        slot=slot,
        amount_of=m["stat"].lower(),
    )


def _life(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 119.3: "You gain 3 life.", "Each opponent loses 2 life."."""
    amount = read_amount(m["n"])
    players = players_of(m["who"] or "you", c.context)
    if amount is None or players is None:
        return None
    ref, slot = players
    life: OneShotKind = "gain_life" if m["verb"].lower().startswith("gain") else "lose_life"
    return OneShot(life, None, c.sentence, n=amount.n, x=amount.x, players=ref, slot=slot)


def _proliferate(_m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.34a: the choices are the step's (``choices.proliferate``)."""
    return OneShot("proliferate", None, c.sentence, players="you")


def _amass(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.47a: "Amass Orcs 2": a 0/0 black Orc Army token first if you control no Army,
    then the counters on an Army you control."""
    amount = read_amount(m["n"])
    if amount is None:
        return None
    token = f"a 0/0 black {m['what'].capitalize()} Army creature token"
    return OneShot(
        "amass",
        None,
        c.sentence,
        counter_kind="+1/+1",
        n=amount.n,
        x=amount.x,
        token=token,
        players="you",
    )


def _counted(m: re.Match[str], c: Clause) -> OneShot | None:
    """ "... for each creature you control", "deals damage to X equal to the number of ...":
    an amount counted as the part happens (CR 608.2h)."""
    main = m["main"] if "main" in m.groupdict() else f"{m['who']} deals 1 damage to {m['to']}"
    if "per" in m.groupdict() and _DESTROYED_THIS_WAY.match(m["per"]):
        # "Draw a card for each creature destroyed this way." (Decree of Pain): counted from
        # what the destruction before it did (CR 608.2c).
        action = c.read(main)
        if action is None or action.kind not in _COUNTABLE or action.x:
            return None
        return replace(action, amount_of="destroyed_this_way")
    action = c.read(main)
    per = c.subject(m["per"])
    if action is None or per is None or per.kind != "filter" or action.kind not in _COUNTABLE:
        return None
    if action.x or action.amount_of or action.per is not None:
        return None
    plus = read_amount(m["plus"]) if m.groupdict().get("plus") else Amount(0)
    if plus is None or plus.x:
        return None
    return replace(action, per=per, plus=plus.n)


def _counted_first(m: re.Match[str], c: Clause) -> OneShot | None:
    """ "For each creature you control, create ...": read as "... for each ..." (608.2h).
    Not "For each creature destroyed this way, its controller creates ...": each of those
    players creates their own, which one count can't say. A clause it can't read leaves
    the targets it counted uncounted, for the reader of the whole sentence."""
    mark = c.context.next_target
    action = _counted(m, c)
    if action is None or action.players == "controller":
        c.context.next_target = mark
        return None
    return action


def _greatest(m: re.Match[str], c: Clause) -> OneShot | None:
    """ "X is the greatest power among creatures you control" (CR 608.2h): an amount the
    part reads as it happens, the most among the objects the words name."""
    if "main" in m.groupdict():
        main = m["main"]
    else:
        main = f"{m['who'] + ' ' if m['who'] else ''}{m['verb']} x cards"
    action = c.read(main)
    if action is None or not action.x or action.per is not None or action.amount_of:
        return None
    per = c.subject(m["per"])
    if per is None or per.kind != "filter" or action.kind not in _COUNTABLE:
        return None
    return replace(action, x=False, n=0, per=per, amount_of=f"greatest {m['stat'].lower()}")


def _where_x(m: re.Match[str], c: Clause) -> OneShot | None:
    """ "You gain X life, where X is the number of creatures you control": X counted as the
    part happens (CR 608.2h); "... colors of mana spent to cast ~": the step's count. A
    clause it can't read leaves the targets it counted uncounted (as ``_counted_first``)."""
    mark = c.context.next_target
    action = _where_x_read(m, c)
    if action is None:
        c.context.next_target = mark
    return action


def _where_x_read(m: re.Match[str], c: Clause) -> OneShot | None:
    action = c.read(m["main"])
    if action is None or not action.x or action.per is not None or action.amount_of:
        return None
    if _COLORS_SPENT.match(m["per"]):
        return replace(action, x=False, n=1, amount_of="colors_spent")
    per = c.subject(m["per"])
    if per is None or per.kind != "filter" or action.kind not in _COUNTABLE:
        return None
    return replace(action, x=False, n=1, per=per)


# The shapes in the order they are tried; the first whose pattern matches reads the clause.
# The order matters where patterns overlap: the whole-clause wrappers first ("you may ...",
# "..., where X is ...", "... for each ..."), as they read the clause inside them with this
# same table; the actions on cards, players' counters and moves next, each letting the
# rest try when it can't read a match; "put ... counters" before the keyword actions that
# are counters too; a copy token before "create"; putting onto the battlefield before
# returning to a hand; a fight and "that much damage" before plain damage; "exile" after
# "exile ~ with counters"; "gains life equal to" before "gains N life".
_READERS: tuple[Reader, ...] = (
    Reader(_LIFE_BECOMES, _life_becomes),
    Reader(player_actions.ROLE, player_actions.role, decides=False),  # before "for each"
    Reader(player_actions.EACH_COPY, player_actions.each_copy, decides=False),
    Reader(player_actions.COUNTER_KINDS, player_actions.counter_kinds, decides=False),
    Reader(player_actions.EQUIP_EACH, player_actions.equip_each, decides=False),
    Reader(player_actions.KEEP_ONE, player_actions.keep_one, decides=False),
    Reader(_YOU_MAY, _you_may),
    Reader(_WHERE_X_GREATEST, _greatest),
    Reader(_DRAW_GREATEST, _greatest),
    Reader(_WHERE_X, _where_x),
    Reader(_FOR_EACH, _counted),
    Reader(_EQUAL_TO_NUMBER, _counted),
    Reader(_EQUAL_TO_NUMBER_FIRST, _counted),
    Reader(_FOR_EACH_FIRST, _counted_first),
    Reader(cards.CHOOSE_FROM, cards.choose_from, decides=False),
    Reader(cards.DISCARD_THAT, cards.discard_that, decides=False),
    Reader(cards.MILL, cards.mill_or_discard("mill"), decides=False),
    Reader(cards.DISCARD, cards.mill_or_discard("discard"), decides=False),
    Reader(cards.EXILES_OWN, cards.exiles_own, decides=False),
    Reader(cards.SURVEIL, cards.surveil, decides=False),
    Reader(cards.INVESTIGATE, cards.investigate, decides=False),
    Reader(cards.POPULATE, cards.populate, decides=False),
    Reader(cards.RING_TEMPTS, cards.ring_tempts, decides=False),
    Reader(cards.ENERGY, cards.energy, decides=False),
    Reader(cards.PLAYER_GETS, cards.player_gets, decides=False),
    Reader(cards.LOSE_ALL, cards.lose_all, decides=False),
    Reader(cards.REMOVE, cards.remove, decides=False),
    Reader(cards.ONTO_LIBRARY, cards.moved, decides=False),
    Reader(cards.SHUFFLE_INTO, cards.moved, decides=False),
    Reader(cards.EXILE_WITH, cards.moved, decides=False),
    Reader(cards.EXILE_TOP, cards.exile_top, decides=False),
    Reader(cards.EXILE_GRAVEYARD, cards.exile_graveyard, decides=False),
    Reader(cards.SELF_BACK, cards.self_back, decides=False),
    Reader(player_actions.OWNER_PUTS, player_actions.owner_puts, decides=False),
    Reader(player_actions.AIRBEND, player_actions.airbend, decides=False),
    Reader(player_actions.DESIGNATE, player_actions.designate),
    Reader(cards.COUNTER, cards.counter, decides=False),
    Reader(cards.SUSPECT_OR_GOAD, cards.suspect_or_goad, decides=False),
    Reader(cards.MANIFEST_DREAD, cards.manifest_dread, decides=False),
    Reader(cards.INCUBATE, cards.incubate, decides=False),
    Reader(cards.SEARCH, cards.search, decides=False),
    Reader(cards.GRAVEYARD_INTO_LIBRARY, cards.graveyard_into_library, decides=False),
    Reader(player_actions.ATTACH, player_actions.attach, decides=False),
    Reader(player_actions.ATTACH_SELF, player_actions.attach_self, decides=False),
    Reader(player_actions.ENCHANTED_CARD_BACK, player_actions.enchanted_card_back, decides=False),
    Reader(player_actions.SACRIFICES_PUT_WITH, player_actions.sacrifices_put_with, decides=False),
    Reader(player_actions.FACE_UP, player_actions.face_up, decides=False),
    Reader(player_actions.ANY_OF_THEM, player_actions.any_of_them, decides=False),
    Reader(player_actions.ATTACHED_TO_IT, player_actions.attached_to_it, decides=False),
    Reader(_PUT_COUNTERS, _put_counters),
    Reader(_DISTRIBUTE, _distribute),
    Reader(_DIVIDED_DAMAGE, _divided_damage),
    Reader(_SUPPORT, _support),
    Reader(_BOLSTER, _bolster),
    Reader(_RETURN_EXILED, _return_exiled),
    Reader(_MONSTROSITY, _monstrosity),
    Reader(_PROLIFERATE, _proliferate),
    Reader(_AMASS, _amass),
    Reader(_DOUBLE_COUNTERS, _double_counters),
    Reader(_TAP, _tap),
    Reader(_COPY_TOKEN, _copy_token),
    Reader(_PUT_ONE, _put_one),
    Reader(_REANIMATE, _reanimate),
    Reader(_TOP_OF_GRAVEYARD, _top_of_graveyard),
    Reader(_RECOVER_ONE, _recover_one),
    Reader(_RECOVER, _recover),
    Reader(_THOSE_FIGHT, _those_fight),
    Reader(_FIGHT, _fight),
    Reader(_BITE, _fight),
    Reader(_THEY_BITE, _fight),
    Reader(_SELF_BITE, _self_bite),
    Reader(_PHASE_OUT, _phase_out),
    Reader(cards.UNSUSPECT, cards.unsuspect),
    Reader(_THAT_MUCH_DAMAGE, _that_much),
    Reader(_DAMAGE, _damage),
    Reader(_DESTROY, _acting_on("destroy")),
    Reader(_EXILE, _acting_on("exile")),
    Reader(_BOUNCE, _bounce),
    Reader(_SACRIFICE, _acting_on("sacrifice")),
    Reader(_SACRIFICE_ONE, _sacrifice_one),
    Reader(PLAYERS_SACRIFICE, _players_sacrifice),
    Reader(_CREATES, _create, decides=False),
    Reader(_DRAW, _draw),
    Reader(_LIFE_EQUAL, _life_equal),
    Reader(_LIFE, _life),
)


def parse_one_shot(
    body: str, sentence: str, context: SubjectContext, resolve: ResolveSubject
) -> OneShot | None:
    """The action one clause performs, or None when it is no shape the engine performs.

    ``resolve`` turns "it" / "that creature" into the subject it refers to.
    """
    clause = Clause(sentence, context, resolve, parse_one_shot)
    for reader in _READERS:
        if m := reader.pattern.match(body):
            action = reader.read(m, clause)
            if action is not None or reader.decides:
                return action
    return None


def _singular(phrase: str) -> str:
    """ "a 1/1 white Soldier creature tokens" -> "... creature token"."""
    return re.sub(r"\btokens\b", "token", phrase)
