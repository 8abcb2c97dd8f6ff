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
from rules_engine.oracle.numbers import NUMBER_WORDS, read_number
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
    "that player": "target",  # the player a target just before named (its slot)
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
_PLAYERS_SACRIFICE = re.compile(
    rf"^(?P<who>{_WHO}) sacrifices? (?:a|an|one) (?P<what>[\w ,-]+)$",
    re.IGNORECASE,
)
_OF_THEIR_CHOICE = re.compile(r" of (?:their|his or her) choice$", re.IGNORECASE)
_CREATE = re.compile(
    # What follows "with" stops at the next "token" (a run is scanned once: linear time).
    rf"^(?:(?P<who>{_WHO}) )?creates? "
    rf"(?P<what>.+ tokens?(?: with (?:(?! tokens?\b)[\w ,])++| named \w++)?)$",
    re.IGNORECASE,
)
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
    r"^(?:return|put) (?:a|an) (?P<what>[\w ]+?) card from (?P<where>your hand|your graveyard|"
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

# CR 707.2, 111.10: "Create a token that's a copy of target creature you control, except it
# has haste." (Kiki-Jiki): the exception text is read by the copy-exception reader.
_COPY_TOKEN = re.compile(
    r"^create (?P<n>a|an|one|two|three|x) tokens? that(?:'s| are) (?:a )?cop(?:y|ies) of "
    r"(?P<subj>.+?)(?:, except (?P<exc>.+))?$",
    re.IGNORECASE,
)

_YOU_MAY = re.compile(r"^you may (?P<rest>(?!have\b|choose\b|cast\b|play\b).+)$", re.IGNORECASE)
# CR 701.17a: "Target player mills eight cards." (the top cards into their graveyard).
_MILL = re.compile(rf"^(?:(?P<who>{_WHO}) )?mills? (?P<n>\w+) cards?$", re.IGNORECASE)
# CR 701.25a: "Surveil 2." (the player chooses which go to the graveyard).
_SURVEIL = re.compile(r"^surveil (?P<n>\w+)$", re.IGNORECASE)
# CR 701.9a-b: "Target player discards a card." (that player chooses which).
_DISCARD = re.compile(rf"^(?:(?P<who>{_WHO}) )?discards? (?P<n>\w+) cards?$", re.IGNORECASE)
# "Target opponent exiles two cards from their hand." / "... a card from their graveyard."
_EXILES_OWN = re.compile(
    rf"^(?:(?P<who>{_WHO}) )?exiles? (?P<n>\w+) cards? from (?:their|his or her|your) "
    r"(?P<zone>hand|graveyard)$",
    re.IGNORECASE,
)
# "Target player reveals their hand. You choose a nonland card from it. That player discards
# that card." (CR 701.9b: the player who chooses is the one the text names.)
_CHOOSE_FROM = re.compile(
    r"^you choose (?:a|an|one) (?>(?P<what>.*?)card(?= with | from it$))(?P<with> with [^,]+?)? "
    r"from it$",
    re.IGNORECASE,
)
_DISCARD_THAT = re.compile(r"^that player discards that card$", re.IGNORECASE)
# CR 701.16a: "Investigate." is "Create a Clue token."; 701.36a: "Populate."
_INVESTIGATE = re.compile(r"^investigate$", re.IGNORECASE)
_POPULATE = re.compile(r"^populate$", re.IGNORECASE)
# CR 122.1, 107.14: "You get {E}{E}." (energy counters); "Target player loses all poison
# counters."
_ENERGY = re.compile(rf"^(?:(?P<who>{_WHO}) )?gets? (?P<e>(?:\{{E\}})+)$", re.IGNORECASE)
_LOSE_ALL = re.compile(rf"^(?P<who>{_WHO}) loses? all (?P<kind>\w+) counters$", re.IGNORECASE)
# CR 122.8: "Remove all -1/-1 counters from it." / "You may remove a -1/-1 counter from it."
_REMOVE = re.compile(
    r"^remove (?P<n>all|\w+) (?P<kind>\S+) counters? from (?P<subj>.+)$",
    re.IGNORECASE,
)
# CR 401.4, 400.7: "Put target creature on top of its owner's library.", "Put ~ on the bottom
# of its owner's library.", "Shuffle ~ into its owner's library." (701.24), "Exile ~ with
# three time counters on it." (the counters are on the card in exile, 122.1), "Return ~ from
# your graveyard to your hand."
_ONTO_LIBRARY = re.compile(
    r"^put (?P<subj>.+?) on (?P<where>top|the bottom) of (?:its|their) owners?'?s? "
    r"librar(?:y|ies)$",
    re.IGNORECASE,
)
_SHUFFLE_INTO = re.compile(
    r"^shuffle (?P<subj>.+?) into (?:its|their) owners?'?s? librar(?:y|ies)$", re.IGNORECASE
)
_EXILE_WITH = re.compile(
    r"^exile (?P<subj>~|it) with (?P<n>\w+) (?P<kind>\S+) counters? on it$", re.IGNORECASE
)
_SELF_BACK = re.compile(r"^return ~ from your graveyard to your hand$", re.IGNORECASE)
# "..., where X is the number of creatures you control." (CR 107.3a: X defined by the text):
# the amount counted as the part happens (608.2h); "... the number of colors of mana spent
# to cast ~" is converge (the step's ``colors_spent``, 702.44a's count).
_WHERE_X = re.compile(r"^(?P<main>.+), where x is the number of (?P<per>.+)$", re.IGNORECASE)
_COLORS_SPENT = re.compile(r"^colors of mana spent to cast ~$", re.IGNORECASE)

# CR 701.41a: "Support N" on a spell puts a +1/+1 counter on each of up to N target creatures
# (on a permanent, other ones); 701.39a: "Bolster N" puts N on the creature you control with
# the least toughness.
_SUPPORT = re.compile(r"^support (?P<n>\w+)$", re.IGNORECASE)
_BOLSTER = re.compile(r"^bolster (?P<n>\w+)$", re.IGNORECASE)
# "Exile target creature you control, then return that card to the battlefield under its
# owner's control." (CR 400.7: the card it exiled, found by the same effect.)
_RETURN_EXILED = re.compile(
    r"^return (?:that card|it|them|those cards) to the battlefield under (?:its|their) "
    r"owners?'?s? control$",
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
    if words.lower() == "that player":
        return (ref, context.next_target - 1) if context.next_target else None
    slot = context.take_targets(1)[0] if ref == "target" else None
    return ref, slot


_LIFE_BECOMES = re.compile(r"^each player's life total becomes (?P<what>.+)$", re.IGNORECASE)


def _life_becomes(m: re.Match[str], sentence: str) -> OneShot | None:
    """ "Each player's life total becomes 7 / the number of creatures they control / the
    lowest life total among all players" (CR 119.5: each gains or loses the difference)."""
    what = m["what"].lower()
    if what == "the number of creatures they control":
        return OneShot("set_life", None, sentence, players="each_player", life_becomes="creatures")
    if what == "the lowest life total among all players":
        return OneShot("set_life", None, sentence, players="each_player", life_becomes="lowest")
    if what.isdigit() or what in NUMBER_WORDS:
        n = int(what) if what.isdigit() else NUMBER_WORDS[what]
        return OneShot("set_life", None, sentence, n=n, players="each_player")
    return None


def parse_one_shot(
    body: str, sentence: str, context: SubjectContext, resolve: ResolveSubject
) -> OneShot | None:
    """The action one clause performs, or None when it is no shape the engine performs.

    ``resolve`` turns "it" / "that creature" into the subject it refers to.
    """
    if m := _LIFE_BECOMES.match(body):
        return _life_becomes(m, sentence)
    if m := _YOU_MAY.match(body):
        # "You may return up to one target creature card ...": a choice the player makes as
        # it resolves (CR 608.2d), taken as chosen, as in a triggered ability (603.5).
        return parse_one_shot(m["rest"], sentence, context, resolve)
    if m := _WHERE_X.match(body):
        return _where_x(m, sentence, context, resolve)
    if m := _FOR_EACH.match(body) or _EQUAL_TO_NUMBER.match(body):
        return _counted(m, sentence, context, resolve)
    if (action := _card_action(body, sentence, context, resolve)) is not None:
        return action
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
    if m := _SUPPORT.match(body):
        n = read_amount(m["n"])
        word = next((w for w, v in NUMBER_WORDS.items() if n and v == n.n and len(w) > 2), None)
        subject = _subject(f"up to {word} target creatures", context) if word else None
        if n is None or n.x or subject is None:
            return None
        others = tuple(replace(f, not_source=True) for f in subject.filters)  # "other"
        return OneShot(
            "counters", replace(subject, filters=others), sentence, counter_kind="+1/+1", n=1
        )
    if m := _BOLSTER.match(body):
        amount = read_amount(m["n"])
        subject = _subject("creatures you control", context)
        if amount is None or subject is None:
            return None
        return OneShot(
            "counters",
            subject,
            sentence,
            counter_kind="+1/+1",
            n=amount.n,
            x=amount.x,
            least_toughness=True,
        )
    if _RETURN_EXILED.match(body):
        exiled = resolve(Subject("antecedent"))
        if exiled.kind not in ("targets", "self"):
            return None
        return OneShot("reanimate", exiled, sentence, from_zone="exile")
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
    if m := _PUT_ONE.match(body):
        where = {"a graveyard": "all graveyards"}.get(m["where"].lower(), m["where"])
        subject = _subject(f"{m['what']} cards in {where}", context)
        if subject is None:
            return None
        return OneShot(
            "reanimate",
            subject,
            sentence,
            n=1,
            every=True,  # one card of the player's choice (``choices.chosen``)
            players="you" if m["yours"] else None,
            tapped=bool(m["tapped"]),
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
    if m := _TOP_OF_GRAVEYARD.match(body):
        subject = _subject(f"{m['what']} cards in your graveyard", context)
        return OneShot("reanimate", subject, sentence, n=1) if subject is not None else None
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
    if m := _THAT_MUCH_DAMAGE.match(body):
        return _that_much(m["to"], sentence, context)
    if m := _DAMAGE.match(body):
        amount = read_amount(m["n"])
        if amount is None:
            return None
        # "each of up to two target creatures" (Sparkmage's Gambit): each target is dealt it.
        to = re.sub(r"^each of (?=(?:up to )?\w+ target)", "", m["to"], flags=re.IGNORECASE)
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
        if subject is not None and subject.kind == "self":
            # "Return ~ to its owner's hand": the spell itself as it resolves (Pulse of the
            # Fields, CR 608.2n: it goes there instead of the graveyard), or the permanent.
            return OneShot("move", subject, sentence, to_zone="hand")
        return OneShot("bounce", resolve(subject), sentence) if subject else None
    if m := _SACRIFICE.match(body):
        subject = _subject(m["subj"], context)
        return OneShot("sacrifice", resolve(subject), sentence) if subject else None
    if m := _PLAYERS_SACRIFICE.match(body):
        players = _players(m["who"], context)
        # Today's "sacrifices a creature of their choice" (the player chose anyway).
        chosen = _subject(_OF_THEIR_CHOICE.sub("", m["what"]), context)
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
        players = _players(m["who"] or "you", context)
        if players is None:
            return None
        ref, slot = players
        phrase = "a " + what.split(" ", 1)[1] if amount.n != 1 or amount.x else what
        return OneShot(
            "tokens",
            None,
            sentence,
            n=amount.n,
            x=amount.x,
            token=_singular(phrase),
            players=ref,
            slot=slot,
        )
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
        whose_words = m["whose"].lower()
        whose: Subject | None = Subject("antecedent")
        if whose_words == "~'s":
            whose = Subject("self", words="~")
        elif whose_words.startswith("target"):
            whose = _subject(m["whose"][: -len("'s")], context)
        if whose is None:
            return None
        its = whose_words in ("its", "that card's")
        if m["stat"].lower() != "power" and resolve(whose).kind == "self" and its:
            return None  # "its" with nothing before it to name (a card revealed, not ~)
        ref, slot = players
        verb: OneShotKind = "gain_life" if m["verb"].lower().startswith("gain") else "lose_life"
        return OneShot(
            verb, resolve(whose), sentence, players=ref, slot=slot, amount_of=m["stat"].lower()
        )
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
_DESTROYED_THIS_WAY = re.compile(r"^creatures? destroyed this way$", re.IGNORECASE)
# "Leeches deals that much damage to that player.": the number of counters just removed.
_THAT_MUCH_DAMAGE = re.compile(r"^(?:~|it) deals that much damage to (?P<to>.+)$", re.IGNORECASE)
_COUNTABLE = ("gain_life", "lose_life", "draw", "damage", "tokens", "counters")


def _counted(
    m: re.Match[str], sentence: str, context: SubjectContext, resolve: ResolveSubject
) -> OneShot | None:
    main = m["main"] if "main" in m.groupdict() else f"{m['who']} deals 1 damage to {m['to']}"
    if "per" in m.groupdict() and _DESTROYED_THIS_WAY.match(m["per"]):
        # "Draw a card for each creature destroyed this way." (Decree of Pain): counted from
        # what the destruction before it did (CR 608.2c).
        action = parse_one_shot(main, sentence, context, resolve)
        if action is None or action.kind not in _COUNTABLE or action.x:
            return None
        return replace(action, amount_of="destroyed_this_way")
    action = parse_one_shot(main, sentence, context, resolve)
    per = _subject(m["per"], context)
    if action is None or per is None or per.kind != "filter" or action.kind not in _COUNTABLE:
        return None
    if action.x or action.amount_of or action.per is not None:
        return None
    return replace(action, per=per)


def _that_much(to: str, sentence: str, context: SubjectContext) -> OneShot | None:
    players = _players(to, context)
    if players is None:
        return None
    ref, slot = players
    return OneShot("damage", None, sentence, players=ref, slot=slot, amount_of="that_much")


def _where_x(
    m: re.Match[str], sentence: str, context: SubjectContext, resolve: ResolveSubject
) -> OneShot | None:
    """ "You gain X life, where X is the number of creatures you control": X counted as the
    part happens (CR 608.2h); "... colors of mana spent to cast ~": the step's count."""
    action = parse_one_shot(m["main"], sentence, context, resolve)
    if action is None or not action.x or action.per is not None or action.amount_of:
        return None
    if _COLORS_SPENT.match(m["per"]):
        return replace(action, x=False, n=1, amount_of="colors_spent")
    per = _subject(m["per"], context)
    if per is None or per.kind != "filter" or action.kind not in _COUNTABLE:
        return None
    return replace(action, x=False, n=1, per=per)


def _card_action(
    body: str, sentence: str, context: SubjectContext, resolve: ResolveSubject
) -> OneShot | None:
    """Actions on cards in libraries, hands and graveyards, on a player's counters, and
    moving a permanent or ~ itself elsewhere (CR 400.7, 701)."""
    if m := _CHOOSE_FROM.match(body):
        subject = _subject(f"{m['what']}cards{m['with'] or ''} in your hand", context)
        if subject is None or subject.kind != "filter":
            return None
        anyone = tuple(replace(f, owner=None) for f in subject.filters)  # "it": that hand
        return OneShot("choose_card", replace(subject, filters=anyone), sentence)
    if _DISCARD_THAT.match(body):
        players = _players("that player", context)
        if players is None:
            return None
        ref, slot = players
        chosen = resolve(Subject("antecedent"))
        if chosen.kind != "filter" or any(f.zone != "hand" for f in chosen.filters):
            return None
        return OneShot("discard", chosen, sentence, n=1, players=ref, slot=slot)
    if m := _MILL.match(body) or _DISCARD.match(body):
        amount = read_amount(m["n"])
        players = _players(m["who"] or "you", context)
        if amount is None or players is None:
            return None
        ref, slot = players
        kind: OneShotKind = "mill" if "mill" in body.lower() else "discard"
        return OneShot(kind, None, sentence, n=amount.n, x=amount.x, players=ref, slot=slot)
    if m := _EXILES_OWN.match(body):
        amount = read_amount(m["n"])
        players = _players(m["who"] or "you", context)
        if amount is None or players is None:
            return None
        ref, slot = players
        return OneShot(
            "discard",
            None,
            sentence,
            n=amount.n,
            x=amount.x,
            players=ref,
            slot=slot,
            to_zone="exile",
            from_zone=m["zone"].lower(),
        )
    if m := _SURVEIL.match(body):
        amount = read_amount(m["n"])
        if amount is None:
            return None
        return OneShot("surveil", None, sentence, n=amount.n, x=amount.x, players="you")
    if _INVESTIGATE.match(body):
        return OneShot("tokens", None, sentence, n=1, token="a Clue token", players="you")
    if _POPULATE.match(body):
        return OneShot("populate", None, sentence, n=1, players="you")
    if m := _ENERGY.match(body):
        players = _players(m["who"] or "you", context)
        if players is None:
            return None
        ref, slot = players
        n = m["e"].upper().count("{E}")
        return OneShot(
            "player_counters", None, sentence, counter_kind="energy", n=n, players=ref, slot=slot
        )
    if m := _LOSE_ALL.match(body):
        players = _players(m["who"], context)
        if players is None:
            return None
        ref, slot = players
        kind_word = m["kind"].lower()
        return OneShot(
            "player_counters",
            None,
            sentence,
            counter_kind=kind_word,
            every=True,
            players=ref,
            slot=slot,
        )
    if m := _REMOVE.match(body):
        every = m["n"].lower() == "all"
        amount = Amount(0) if every else read_amount(m["n"])
        subject = _subject(m["subj"], context)
        if amount is None or subject is None or amount.x:
            return None
        return OneShot(
            "remove_counters",
            resolve(subject),
            sentence,
            counter_kind=m["kind"],
            n=amount.n,
            every=every,
        )
    return _moved(body, sentence, context, resolve)


def _moved(
    body: str, sentence: str, context: SubjectContext, resolve: ResolveSubject
) -> OneShot | None:
    """A permanent or ~ put on top of or under its owner's library, shuffled into it, exiled
    with counters, or ~ returned from a graveyard to its owner's hand (CR 400.7)."""
    counter_kind, n = "", 0
    if m := _ONTO_LIBRARY.match(body):
        words = m["subj"]
        to_zone = "library_top" if m["where"].lower() == "top" else "library_bottom"
    elif m := _SHUFFLE_INTO.match(body):
        words, to_zone = m["subj"], "library"
    elif m := _EXILE_WITH.match(body):
        amount = read_amount(m["n"])
        if amount is None or amount.x:
            return None
        words, to_zone, counter_kind, n = m["subj"], "exile", m["kind"], amount.n
    elif _SELF_BACK.match(body):
        self_ = Subject("self", words="~")
        return OneShot("move", self_, sentence, to_zone="hand", from_zone="graveyard")
    else:
        return None
    subject = _subject(words, context)
    if subject is None:
        return None
    return OneShot(
        "move", resolve(subject), sentence, to_zone=to_zone, counter_kind=counter_kind, n=n
    )


def _singular(phrase: str) -> str:
    """ "a 1/1 white Soldier creature tokens" -> "... creature token"."""
    return re.sub(r"\btokens\b", "token", phrase)
