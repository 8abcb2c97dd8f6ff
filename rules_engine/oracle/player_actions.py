"""One-shot readers of the newer keyword actions and of a target's owner acting (CR 608.2c,
701); listed in ``oracle/actions.py``'s table.

"Create a Monster Role token attached to it." (CR 111.10, 303.7) makes an Aura token on a
creature, and "Attach an Equipment you control to it." (701.3a) moves one: the layers then
see them. "Target creature's owner puts it on their choice of the top or bottom of their
library." (Dire Downdraft) and "Airbend target nonland permanent." (CR 701.65a) take a
permanent off the battlefield: performed, so the layers no longer see it (CR 400.7).
"""

from __future__ import annotations

import re
from typing import Literal

from rules_engine.affected import Filter, Subject
from rules_engine.one_shot import OneShot
from rules_engine.oracle.action_words import Clause
from rules_engine.tokens import role_card

# CR 401.4, 400.7: "Target nonland permanent's owner puts it on their choice of the top or
# bottom of their library." At most four words name the target (no repeated wildcard).
OWNER_PUTS = re.compile(
    # "Its owner puts it on ..." (Power of Persuasion's row): the permanent named before.
    r"^(?:(?P<subj>target (?:[\w-]+ ){0,3}?[\w-]+)'s|(?P<its>its)) owner puts it on "
    r"(?:their choice of )?"
    r"the (?P<where>top or bottom|top|bottom) of (?:their|his or her) library$",
    re.IGNORECASE,
)
# CR 725.1, 726.1: "You take the initiative.", "You become the monarch."; CR 731.1: "It
# becomes night." (Unnatural Moonrise).
DESIGNATE = re.compile(
    r"^(?:you (?:(?P<initiative>take the initiative)|become the monarch)"
    r"|it becomes (?P<time>day|night))$",
    re.IGNORECASE,
)
# CR 701.65a: "Airbend target creature you control.", "Airbend up to two target creatures."
AIRBEND = re.compile(r"^airbend (?P<subj>.+)$", re.IGNORECASE)


# CR 111.10, 303.7: "Create a Monster Role token attached to it.", "Create a Wicked Role token
# attached to up to one target creature.", "For each of those creatures, create a Monster
# Role token attached to it." (one Role on each).
ROLE = re.compile(
    r"^(?:for each of (?P<each>those creatures|them), )?create (?:a|an) "
    r"(?P<role>[a-z]+(?: hero)?) role token attached to (?P<subj>.+)$",
    re.IGNORECASE,
)


def role(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 111.10: a Role token (an Aura, 303.7) created attached to each permanent the words
    name, under the control of the spell's or ability's controller."""
    if m["each"]:
        if m["subj"].lower() not in ("it", "that creature"):
            return None
        subject: Subject | None = Subject("antecedent")
    else:
        subject = c.subject(m["subj"])
    if subject is None:
        return None
    token = f"a {m['role']} Role token"
    if role_card(token) is None:
        return None  # no Role of that name (CR 111.10 lists them)
    return OneShot("role", c.resolve(subject), c.sentence, token=token, players="you")


# CR 701.3a: "You may attach an Equipment you control to that creature." (the choice taken),
# "... attach any number of Equipment you control to it." (every one of them).
ATTACH = re.compile(
    r"^attach (?P<what>an equipment|any number of equipment) you control to "
    r"(?P<subj>it|that creature|target creature(?: you control)?)$",
    re.IGNORECASE,
)


def attach(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.3a: the Equipment the spell's controller chooses (the step's
    ``choices.chosen``, by default the first to have entered), or all of them for "any
    number", becomes attached to the creature."""
    host = c.subject(m["subj"])
    equipment = c.subject("each Equipment you control")
    if host is None or equipment is None:
        return None
    every = m["what"].lower().startswith("any number")
    return OneShot("attach", c.resolve(host), c.sentence, other=equipment, every=every)


# Animate Dead: "Return enchanted creature card to the battlefield under your control";
# Dance of the Dead: "Put enchanted creature card onto the battlefield tapped under your
# control": the card the Aura enchants in a graveyard (CR 303.4) enters (614.12).
ENCHANTED_CARD_BACK = re.compile(
    r"^(?:return|put) enchanted (?P<what>creature|artifact|enchantment|permanent) card "
    r"(?:to|onto) the battlefield(?P<t1> tapped)?(?P<yours> under your control)?(?P<t2> tapped)?$",
    re.IGNORECASE,
)


def enchanted_card_back(m: re.Match[str], c: Clause) -> OneShot | None:
    """The card the Aura is attached to in a graveyard is put onto the battlefield, under
    the ability's controller's control for "under your control" (CR 110.2a)."""
    subject = c.subject(f"enchanted {m['what']} card")
    if subject is None or subject.kind != "attached":
        return None
    tapped = bool(m["t1"] or m["t2"])
    if not m["yours"]:
        return OneShot("reanimate", subject, c.sentence, tapped=tapped)
    return OneShot("reanimate", subject, c.sentence, players="you", tapped=tapped)


# "... and attach this Aura to it." (Animate Dead), "... and attach this enchantment to it."
# (Necromancy): the source attached to the card the part before put onto the battlefield.
ATTACH_SELF = re.compile(r"^attach ~ to (?:it|that creature)$", re.IGNORECASE)


def attach_self(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.3a: the source becomes attached to the permanent named before ("it")."""
    host = c.resolve(Subject("antecedent"))
    return OneShot("attach", host, c.sentence, other=Subject("self", words="~"))


# "When this Aura leaves the battlefield, that creature's controller sacrifices it." (Animate
# Dead): the creature put onto the battlefield with the source (CR 607.2a, 701.21a).
SACRIFICES_PUT_WITH = re.compile(
    r"^that creature's controller sacrifices (?:it|that creature)$", re.IGNORECASE
)


def sacrifices_put_with(m: re.Match[str], c: Clause) -> OneShot | None:
    """Its controller sacrifices the creature the source put onto the battlefield, if it is
    still there (a new object is another one, CR 400.7)."""
    subject = Subject("filter", (Filter(types=frozenset({"Creature"}), put_with_source=True),))
    return OneShot("sacrifice", subject, c.sentence)


def owner_puts(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 401.4: the owner puts the permanent on top of or under their library; which of the
    two is the owner's choice as it resolves. Either way it leaves the battlefield and is a
    new object in the library (CR 400.7), which is all the layers see: the board's answer is
    the same for both, and the library's order isn't modelled (the card is put on top)."""
    subject = Subject("antecedent") if m["its"] else c.subject(m["subj"])
    if subject is None:
        return None
    where = "library_bottom" if m["where"].lower() == "bottom" else "library_top"
    return OneShot("move", c.resolve(subject), c.sentence, to_zone=where)


def airbend(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.65a: to airbend a permanent is to exile it; for as long as it stays exiled its
    owner may cast it for {2} rather than its mana cost. The exile is performed (it leaves
    the battlefield, CR 400.7); casting it from exile later is a rule about a card in exile,
    which no board step reaches."""
    subject = c.subject(m["subj"])
    if subject is None:
        return None
    return OneShot("exile", c.resolve(subject), c.sentence)


def designate(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 726.1: the player takes the initiative; 725.1: the player becomes the monarch. The
    game then says so ("as long as you have the initiative" holds for that player). CR 731.1:
    it becomes day or night ("as long as it's night" then holds)."""
    if m["time"]:
        time: Literal["day", "night"] = "day" if m["time"].lower() == "day" else "night"
        return OneShot("designate", None, c.sentence, players="you", designation=time)
    which: Literal["monarch", "initiative"] = "initiative" if m["initiative"] else "monarch"
    return OneShot("designate", None, c.sentence, players="you", designation=which)


# CR 707.2, 111.10: "For each of those creatures, create a token that's a copy of that
# creature." (Hate Mirage): one copy of each creature the text named before.
EACH_COPY = re.compile(
    r"^for each of (?:those creatures|them|those permanents), create (?:a|one) token "
    r"that's a copy of (?:that creature|it|that permanent)(?:, except (?P<exc>.+))?$",
    re.IGNORECASE,
)


def each_copy(m: re.Match[str], c: Clause) -> OneShot | None:
    """One token copying each of the objects the words before named (a copy token's action
    makes one for each object its subject names; its exception is read by the caller)."""
    named = c.resolve(Subject("antecedent"))
    if named.kind not in ("targets", "filter"):
        return None
    return OneShot("copy_token", named, c.sentence, n=1, token=m["exc"] or "")


# CR 708.8, 702.37e: "Turn target face-down creature face up." (Expose the Culprit), "You may
# turn a face-down creature you control face up." (Hustle // Bustle: one of them, chosen as
# it resolves, no target, CR 608.2d).
FACE_UP = re.compile(r"^turn (?P<one>a face-down creature you control|.+?) face up$", re.I)


def face_up(m: re.Match[str], c: Clause) -> OneShot | None:
    """The permanents named turn face up (the chosen one of "a face-down creature you
    control": the step's ``choices.chosen``, by default the first to have entered)."""
    one = bool(m["one"]) and m["one"].lower() == "a face-down creature you control"
    subject = c.subject("each face-down creature you control" if one else m["one"])
    if subject is None:
        return None
    return OneShot("face_up", c.resolve(subject), c.sentence, chosen_one=one)


# "Destroy any of them that are Walls." (Blow Your House Down): the objects the text named
# before, only those of that kind as it happens (CR 608.2c).
ANY_OF_THEM = re.compile(
    r"^(?P<verb>destroy|exile) (?:any|each|all) of (?:them|those creatures) that are "
    r"(?P<what>[\w -]+)$",
    re.IGNORECASE,
)


def any_of_them(m: re.Match[str], c: Clause) -> OneShot | None:
    """The named objects narrowed by a kind ("that are Walls")."""
    named = c.resolve(Subject("antecedent"))
    kind = c.subject(m["what"])
    if named.kind not in ("targets", "filter") or kind is None or len(kind.filters) != 1:
        return None
    if kind.kind != "filter":
        return None
    verb: Literal["destroy", "exile"] = "destroy" if m["verb"].lower() == "destroy" else "exile"
    return OneShot(verb, named, c.sentence, narrow=kind.filters[0])


# CR 301.5: "If it's equipped, you may destroy all Equipment attached to that creature."
# (Awaken the Sleeper), "Exile up to one target Equipment attached to that creature." (Fiery
# Annihilation): the Equipment on the creature the text named before.
ATTACHED_TO_IT = re.compile(
    r"^(?P<verb>destroy|exile) (?P<what>all equipment|(?:up to one )?target equipment) "
    r"attached to (?:that creature|it)$",
    re.IGNORECASE,
)


def attached_to_it(m: re.Match[str], c: Clause) -> OneShot | None:
    """The Equipment (all, or the target) attached to the creature named before."""
    host = c.resolve(Subject("antecedent"))
    what = m["what"].lower()
    subject = c.subject("each Equipment" if what == "all equipment" else m["what"])
    if host.kind not in ("targets", "filter") or subject is None:
        return None
    verb: Literal["destroy", "exile"] = "destroy" if m["verb"].lower() == "destroy" else "exile"
    return OneShot(verb, subject, c.sentence, attached_to=host)


# CR 122.6: "Then for each kind of counter among creatures you control, put a counter of that
# kind on either of those tokens." (Exotic Pets).
COUNTER_KINDS = re.compile(
    r"^for each kind of counter among creatures you control, put a counter of that kind on "
    r"(?:either|one) of those tokens$",
    re.IGNORECASE,
)


def counter_kinds(_m: re.Match[str], c: Clause) -> OneShot | None:
    """A counter of each kind on one of the tokens just created (timeline/counter_kinds.py)."""
    return OneShot("counter_kinds", None, c.sentence, players="you")


# CR 701.3a: "For each of those tokens, you may attach an Equipment you control to it."
# (Goldwardens' Gambit).
EQUIP_EACH = re.compile(
    r"^for each of those tokens, (?:you may )?attach an equipment you control to it$", re.I
)


def equip_each(_m: re.Match[str], c: Clause) -> OneShot | None:
    """An Equipment on each token just created (timeline/new_tokens.py)."""
    equipment = c.subject("each Equipment you control")
    if equipment is None:
        return None
    return OneShot("equip_each", None, c.sentence, other=equipment, players="you")


# CR 122.6, 701.21a: "Each player puts a vow counter on a creature they control and sacrifices
# the rest." (Promise of Loyalty): each keeps the creature they chose, with the counter.
KEEP_ONE = re.compile(
    r"^each player puts an? (?P<kind>\S+) counter on a creature they control and "
    r"sacrifices the rest$",
    re.IGNORECASE,
)


def keep_one(m: re.Match[str], c: Clause) -> OneShot | None:
    """Each player's creature with the counter, the others sacrificed (timeline/keep_one)."""
    creatures = c.subject("each creature")
    if creatures is None:
        return None
    return OneShot(
        "keep_one", creatures, c.sentence, counter_kind=m["kind"], n=1, players="each_player"
    )
