"""One-shot sentences of resolving spells and abilities -> ``OneShot`` actions (CR 608.2c).

The timeline performs each action as events that replacement and prevention
effects see (damage, destruction, zone changes, counters, tokens, draws,
life). A one-shot sentence that matches none of these shapes is reported by
the caller as not modelled, never dropped silently.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from rules_engine.effects import OneShot, OneShotKind, PlayerRef, Subject
from rules_engine.oracle.cursor import Cursor
from rules_engine.oracle.numbers import read_number
from rules_engine.oracle.subjects import SubjectContext, parse_subject
from rules_engine.oracle.text import tokenize

# The subject "it" / "that creature" refers to (the parser's antecedent).
ResolveSubject = Callable[[Subject], Subject]


@dataclass(frozen=True, slots=True)
class Amount:
    n: int = 0
    x: bool = False


def read_amount(word: str) -> Amount | None:
    """ "three", "3", "a", "an", "X" (CR 107.3: X is the spell's X)."""
    word = word.lower()
    if word == "x":
        return Amount(x=True)
    if word in ("a", "an"):
        return Amount(1)
    value = read_number(word)
    return Amount(value) if value is not None else None


_PLAYERS: dict[str, PlayerRef] = {
    "you": "you",
    "target player": "target",
    "target opponent": "target",
    "each opponent": "each_opponent",
    "each player": "each_player",
    "its controller": "controller",
    "that creature's controller": "controller",
    "that permanent's controller": "controller",
}
# The players a one-shot may name, as one alternation for every pattern below.
_WHO = "|".join(re.escape(words) for words in _PLAYERS)

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
_PUT_COUNTERS = re.compile(
    r"^put (?P<n>\w+) (?P<kind>\S+) counters? on (?P<subj>.+)$", re.IGNORECASE
)
_DOUBLE_COUNTERS = re.compile(
    r"^double the number of (?P<kind>\S+) counters on (?P<subj>.+)$", re.IGNORECASE
)
_LIFE_EQUAL = re.compile(
    rf"^(?P<who>{_WHO}) (?P<verb>gains?|loses?) life equal to "
    r"(?P<whose>its|that creature's|~'s) power$",
    re.IGNORECASE,
)
_TAP = re.compile(r"^(?P<verb>untap|tap) (?P<subj>.+)$", re.IGNORECASE)
_DESTROY = re.compile(r"^destroy (?P<subj>.+)$", re.IGNORECASE)
_EXILE = re.compile(r"^exile (?P<subj>.+)$", re.IGNORECASE)
_BOUNCE = re.compile(r"^return (?P<subj>.+?) to (?:its|their) owners?'s? hands?$", re.IGNORECASE)
_SACRIFICE = re.compile(r"^sacrifice (?P<subj>~|it|that creature|that permanent)$", re.IGNORECASE)
# "Each player sacrifices a creature." (CR 701.21a): each of those players chooses one.
_PLAYERS_SACRIFICE = re.compile(
    rf"^(?P<who>{_WHO}) sacrifices? (?:a|an|one) (?P<what>[\w ,-]+)$",
    re.IGNORECASE,
)
_CREATE = re.compile(r"^create (?P<what>.+ tokens?(?: with [\w ,]+)?)$", re.IGNORECASE)
_DRAW = re.compile(
    rf"^(?:(?P<who>{_WHO}) )?draws? (?P<n>\w+) cards?$",
    re.IGNORECASE,
)
_LIFE = re.compile(
    # The player may be left out where "you may" was taken as chosen ("you may gain 1 life").
    rf"^(?:(?P<who>{_WHO}) )?(?P<verb>gains?|loses?) (?P<n>\w+) life$",
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

# A card returned from a graveyard to the battlefield (an ``Enter`` event, CR 614.12): "Return
# target creature card from your graveyard to the battlefield.", "Put target creature card
# from a graveyard onto the battlefield under your control."
_REANIMATE = re.compile(
    r"^(?:return|put) (?P<subj>.+?) (?:from|in) (?P<gy>your|a|an opponent's) graveyard "
    r"(?:to|onto) the battlefield(?P<yours> under your control)?(?P<tapped> tapped)?$",
    re.IGNORECASE,
)

# "Return target creature card from your graveyard to your hand." (Raise Dead): the card
# moves from a graveyard to its owner's hand, a new object there (CR 400.7).
_RECOVER = re.compile(
    r"^return (?P<subj>.+?) from (?P<gy>your|a|an opponent's) graveyard to "
    r"(?:your|its owner's|their owners?'?) hands?$",
    re.IGNORECASE,
)

# CR 707.2, 111.10: "Create a token that's a copy of target creature you control, except it
# has haste." (Kiki-Jiki): the exception text is read by the copy-exception reader.
_COPY_TOKEN = re.compile(
    r"^create (?P<n>a|an|one|two|three|x) tokens? that(?:'s| are) (?:a )?cop(?:y|ies) of "
    r"(?P<subj>.+?)(?:, except (?P<exc>.+))?$",
    re.IGNORECASE,
)

# CR 701.37a: "Monstrosity N" puts N +1/+1 counters on it and makes it monstrous, once.
_MONSTROSITY = re.compile(r"^monstrosity (?P<n>\w+)$", re.IGNORECASE)


def _subject(words: str, context: SubjectContext) -> Subject | None:
    cursor = Cursor(tokenize(words), sentence=words)
    subject = parse_subject(cursor, context)
    if subject is None or not cursor.at_end():
        return None
    return subject


def _players(words: str, context: SubjectContext) -> tuple[PlayerRef, int | None] | None:
    ref = _PLAYERS.get(words.lower())
    if ref is None:
        return None
    slot = context.take_targets(1)[0] if ref == "target" else None
    return ref, slot


def parse_one_shot(
    body: str, sentence: str, context: SubjectContext, resolve: ResolveSubject
) -> OneShot | None:
    """The action one clause performs, or None when it is no shape the engine performs.

    ``resolve`` turns "it" / "that creature" into the subject it refers to.
    """
    if m := _FOR_EACH.match(body) or _EQUAL_TO_NUMBER.match(body):
        return _counted(m, sentence, context, resolve)
    if m := _PUT_COUNTERS.match(body):
        amount = read_amount(m["n"])
        subject = _subject(m["subj"], context)
        if amount is None or subject is None:
            return None
        return OneShot(
            "counters",
            resolve(subject),
            sentence,
            counter_kind=m["kind"],
            n=amount.n,
            x=amount.x,
        )
    if m := _MONSTROSITY.match(body):
        amount = read_amount(m["n"])
        if amount is None:
            return None
        return OneShot(
            "monstrosity",
            Subject("self", words="~"),
            sentence,
            counter_kind="+1/+1",
            n=amount.n,
            x=amount.x,
        )
    if m := _DOUBLE_COUNTERS.match(body):
        subject = _subject(m["subj"], context)
        if subject is None:
            return None
        return OneShot("counters", resolve(subject), sentence, counter_kind=m["kind"], doubled=True)
    if m := _TAP.match(body):
        subject = _subject(m["subj"], context)
        if subject is None:
            return None
        return OneShot("tap" if m["verb"].lower() == "tap" else "untap", resolve(subject), sentence)
    if m := _COPY_TOKEN.match(body):
        amount = read_amount(m["n"])
        subject = _subject(m["subj"], context)
        if amount is None or subject is None:
            return None
        return OneShot(
            "copy_token", resolve(subject), sentence, n=amount.n, x=amount.x, token=m["exc"] or ""
        )
    if m := _REANIMATE.match(body):
        where = "all graveyards" if m["gy"].lower() == "a" else f"{m['gy']} graveyard"
        subject = _subject(f"{m['subj']} in {where}", context)
        if subject is None:
            return None
        return OneShot(
            "reanimate",
            subject,
            sentence,
            players="you" if m["yours"] else None,
            tapped=bool(m["tapped"]),
        )
    if m := _RECOVER.match(body):
        where = "all graveyards" if m["gy"].lower() == "a" else f"{m['gy']} graveyard"
        subject = _subject(f"{m['subj']} in {where}", context)
        return OneShot("recover", subject, sentence) if subject is not None else None
    if m := _FIGHT.match(body) or _BITE.match(body):
        fighter = _subject(m["a"], context)
        other = _subject(m["b"], context) if fighter is not None else None
        if fighter is None or other is None:
            return None
        kind: OneShotKind = "fight" if " fight" in body.lower() else "bite"
        return OneShot(kind, resolve(fighter), sentence, other=resolve(other))
    if m := _DAMAGE.match(body):
        amount = read_amount(m["n"])
        if amount is None:
            return None
        to = m["to"]
        if to.lower() == "any target" or _PLAYER_OR_OBJECT.fullmatch(to):
            # CR 115.4: "any target" is a creature, player, planeswalker or battle.
            slot: int | None = context.take_targets(1)[0]
            return OneShot("damage", None, sentence, n=amount.n, x=amount.x, slot=slot)
        players = _players(to, context)
        if players is not None:
            ref, slot = players
            return OneShot("damage", None, sentence, n=amount.n, x=amount.x, players=ref, slot=slot)
        subject = _subject(to, context)
        if subject is None:
            return None
        return OneShot("damage", resolve(subject), sentence, n=amount.n, x=amount.x)
    if m := _DESTROY.match(body):
        subject = _subject(m["subj"], context)
        return OneShot("destroy", resolve(subject), sentence) if subject else None
    if m := _EXILE.match(body):
        subject = _subject(m["subj"], context)
        return OneShot("exile", resolve(subject), sentence) if subject else None
    if m := _BOUNCE.match(body):
        subject = _subject(m["subj"], context)
        return OneShot("bounce", resolve(subject), sentence) if subject else None
    if m := _SACRIFICE.match(body):
        subject = _subject(m["subj"], context)
        return OneShot("sacrifice", resolve(subject), sentence) if subject else None
    if m := _PLAYERS_SACRIFICE.match(body):
        players = _players(m["who"], context)
        chosen = _subject(m["what"], context)
        if players is None or chosen is None or chosen.kind != "filter":
            return None
        ref, slot = players
        return OneShot("sacrifice", chosen, sentence, n=1, players=ref, slot=slot)
    if m := _CREATE.match(body):
        what = m["what"]
        first = what.split()[0]
        amount = read_amount(first)
        if amount is None:
            return None
        phrase = "a " + what.split(" ", 1)[1] if amount.n != 1 or amount.x else what
        return OneShot("tokens", None, sentence, n=amount.n, x=amount.x, token=_singular(phrase))
    if m := _DRAW.match(body):
        amount = read_amount(m["n"])
        if amount is None:
            return None
        players = _players(m["who"] or "you", context)
        if players is None:
            return None
        ref, slot = players
        return OneShot("draw", None, sentence, n=amount.n, x=amount.x, players=ref, slot=slot)
    if m := _LIFE_EQUAL.match(body):
        players = _players(m["who"], context)
        if players is None:
            return None
        whose = Subject("self", words="~") if m["whose"] == "~'s" else Subject("antecedent")
        ref, slot = players
        verb: OneShotKind = "gain_life" if m["verb"].lower().startswith("gain") else "lose_life"
        return OneShot(verb, resolve(whose), sentence, players=ref, slot=slot, amount_of="power")
    if m := _LIFE.match(body):
        amount = read_amount(m["n"])
        players = _players(m["who"] or "you", context)
        if amount is None or players is None:
            return None
        ref, slot = players
        life: OneShotKind = "gain_life" if m["verb"].lower().startswith("gain") else "lose_life"
        return OneShot(life, None, sentence, n=amount.n, x=amount.x, players=ref, slot=slot)
    return None


# "You gain 1 life for each creature on the battlefield.", "Draw a card for each creature you
# control with a +1/+1 counter on it.", "~ deals damage to that creature equal to the number
# of Forests you control.": an amount counted as the part happens (CR 608.2h).
_FOR_EACH = re.compile(r"^(?P<main>.+?) for each (?P<per>.+)$", re.IGNORECASE)
_EQUAL_TO_NUMBER = re.compile(
    r"^(?P<who>~|it) deals damage to (?P<to>.+?) equal to the number of (?P<per>.+)$",
    re.IGNORECASE,
)
_COUNTABLE = ("gain_life", "lose_life", "draw", "damage", "tokens", "counters")


def _counted(
    m: re.Match[str], sentence: str, context: SubjectContext, resolve: ResolveSubject
) -> OneShot | None:
    main = m["main"] if "main" in m.groupdict() else f"{m['who']} deals 1 damage to {m['to']}"
    action = parse_one_shot(main, sentence, context, resolve)
    per = _subject(m["per"], context)
    if action is None or per is None or per.kind != "filter" or action.kind not in _COUNTABLE:
        return None
    if action.x or action.amount_of or action.per is not None:
        return None
    return replace(action, per=per)


def _singular(phrase: str) -> str:
    """ "a 1/1 white Soldier creature tokens" -> "... creature token"."""
    return re.sub(r"\btokens\b", "token", phrase)
