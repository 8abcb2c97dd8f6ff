"""One-shot readers of actions on cards in libraries, hands and graveyards, on players'
counters, and of moving a permanent or ~ itself elsewhere (CR 400.7, 701); listed in
``oracle/actions.py``'s table."""

from __future__ import annotations

import re
from dataclasses import replace

from rules_engine.affected import Filter, Subject, Zone
from rules_engine.one_shot import OneShot, OneShotKind, PlayerRef
from rules_engine.oracle.action_words import WHO, Amount, Clause, Read, players_of, read_amount

# CR 701.17a: "Target player mills eight cards." (the top cards into their graveyard).
MILL = re.compile(rf"^(?:(?P<who>{WHO}) )?mills? (?P<n>\w+) cards?$", re.IGNORECASE)
# CR 701.25a: "Surveil 2." (the player chooses which go to the graveyard).
SURVEIL = re.compile(r"^surveil (?P<n>\w+)$", re.IGNORECASE)
# CR 701.9a-b: "Target player discards a card." (that player chooses which).
DISCARD = re.compile(rf"^(?:(?P<who>{WHO}) )?discards? (?P<n>\w+) cards?$", re.IGNORECASE)
# "Target opponent exiles two cards from their hand." / "... a card from their graveyard."
EXILES_OWN = re.compile(
    rf"^(?:(?P<who>{WHO}) )?exiles? (?P<n>\w+) cards? from (?:their|his or her|your) "
    r"(?P<zone>hand|graveyard)$",
    re.IGNORECASE,
)
# "Target player reveals their hand. You choose a nonland card from it. That player discards
# that card." (CR 701.9b: the player who chooses is the one the text names.)
CHOOSE_FROM = re.compile(
    r"^you choose (?:a|an|one) (?>(?P<what>.*?)card(?= with | from it$))(?P<with> with [^,]+?)? "
    r"from it$",
    re.IGNORECASE,
)
DISCARD_THAT = re.compile(r"^that player discards that card$", re.IGNORECASE)
# CR 701.16a: "Investigate." is "Create a Clue token."; 701.36a: "Populate."
INVESTIGATE = re.compile(rf"^(?:(?P<who>{WHO}) )?investigates?$", re.IGNORECASE)
POPULATE = re.compile(r"^populate$", re.IGNORECASE)
RING_TEMPTS = re.compile(r"^the ring tempts you$", re.IGNORECASE)  # CR 701.54a
# CR 122.1, 107.14: "You get {E}{E}." (energy counters); "Target player loses all poison
# counters."
ENERGY = re.compile(rf"^(?:(?P<who>{WHO}) )?gets? (?P<e>(?:\{{E\}})+)$", re.IGNORECASE)
# CR 122.1: "Each opponent gets a poison counter." (Phyresis Outbreak), "You get two
# experience counters.": counters a player gets, named by kind (energy is ``ENERGY``).
PLAYER_GETS = re.compile(
    rf"^(?:(?P<who>{WHO}) )?gets? (?P<n>\w+) (?P<kind>poison|experience|rad|ticket) counters?$",
    re.IGNORECASE,
)
LOSE_ALL = re.compile(rf"^(?P<who>{WHO}) loses? all (?P<kind>\w+) counters$", re.IGNORECASE)
# CR 122.8: "Remove all -1/-1 counters from it." / "You may remove a -1/-1 counter from it."
REMOVE = re.compile(
    r"^remove (?P<n>all|\w+) (?P<kind>\S+) counters? from (?P<subj>.+)$",
    re.IGNORECASE,
)
# CR 401.4, 400.7: "Put target creature on top of its owner's library.", "Put ~ on the bottom
# of its owner's library.", "Shuffle ~ into its owner's library." (701.24), "Exile ~ with
# three time counters on it." (the counters are on the card in exile, 122.1), "Return ~ from
# your graveyard to your hand."
ONTO_LIBRARY = re.compile(
    r"^put (?P<subj>.+?) on (?P<where>top|the bottom) of (?:its|their) owners?'?s? "
    r"librar(?:y|ies)$",
    re.IGNORECASE,
)
SHUFFLE_INTO = re.compile(
    r"^shuffle (?P<subj>.+?) into (?:its|their) owners?'?s? librar(?:y|ies)$", re.IGNORECASE
)
EXILE_WITH = re.compile(
    r"^exile (?P<subj>~|it) with (?P<n>\w+) (?P<kind>\S+) counters? on it$", re.IGNORECASE
)
# CR 701.6a: "Counter target spell.", "Counter target noncreature spell.", "Counter target
# creature or planeswalker spell.", "Counter target spell unless its controller pays {2}." (a
# spell waiting on the stack; abilities, and a cost counted "for each ...", are other shapes);
# "Counter all other spells." (Reverse the Polarity): every spell on the stack but this one.
COUNTER = re.compile(
    r"^counter (?P<subj>target (?:(?!spells?\b)[\w,-]++ )*+spells?(?: with [\w ,]++)?"
    r"|all (?:other )?spells)"
    r"(?P<unless> unless its controller pays (?:\{\w\})++)?$",
    re.IGNORECASE,
)
# CR 701.60a: "Suspect it.", "Suspect up to one target creature."; 701.15a: "Goad target
# creature.", "Goad all creatures your opponents control." (designations of a creature).
SUSPECT_OR_GOAD = re.compile(r"^(?P<verb>suspect|goad) (?P<subj>.+)$", re.IGNORECASE)
# CR 701.62a: "Manifest dread.", "Its controller manifests dread." (Unwanted Remake).
MANIFEST_DREAD = re.compile(rf"^(?:(?P<who>{WHO}) )?manifests? dread$", re.IGNORECASE)
# CR 701.53a: "Incubate 3.", "Its controller incubates X, where X is its mana value."
INCUBATE = re.compile(rf"^(?:(?P<who>{WHO}) )?incubates? (?P<n>\w+)$", re.IGNORECASE)
INCUBATOR = 'an Incubator artifact token with "{2}: Transform this artifact."'
# CR 406.3: "Exile the top two cards of your library." (Opera Love Song), "Each player exiles
# the top card of their library."; "Exile each opponent's graveyard." (Espers to Magicite),
# "Exile target player's graveyard." (every card there). The cards a board doesn't list are
# unknown cards in exile, so counts there stay right (card_actions.py).
_WHOSE = r"your|target player's|target opponent's|each opponent's|each player's|that player's"
EXILE_TOP = re.compile(
    rf"^(?:(?P<who>{WHO}) exiles?|exile) the top (?:(?P<n>\w+) )?cards? of "
    rf"(?:(?P<whose>{_WHOSE})|their|his or her) library$",
    re.IGNORECASE,
)
EXILE_GRAVEYARD = re.compile(
    rf"^exile (?:(?P<whose>{_WHOSE}) graveyard|(?P<all>all graveyards))$", re.IGNORECASE
)
SELF_BACK = re.compile(r"^return ~ from your graveyard to your hand$", re.IGNORECASE)

# CR 701.23a-b, 701.24a: "Search your library for a basic land card, reveal it, put it into
# your hand, then shuffle.", "Its controller may search their library for a basic land card,
# put it onto the battlefield tapped, then shuffle." The card's words run to the first
# "card" (possessive groups: each word is read once).
# "Search your library and/or graveyard for a creature card with mana value X or less and put
# it onto the battlefield." (Finale of Devastation; "and/or" is read as "or"), "... for a card
# named Oko, the Trickster, reveal it, and put it into your hand." (Oko's Hospitality).
SEARCH = re.compile(
    r"^(?:(?P<who>you|its controller|that player) (?:may )?)?search(?:es)? (?:your|their) "
    r"library(?P<gy> or graveyard)? for (?:(?P<n>a|an|up to (?:one|two|three|four)) "
    r"(?P<what>[\w-]++(?: (?!cards?\b)[\w-]++)*+) cards?"
    r"(?P<mv> with mana value (?:x|\d+) or less)?"
    r"|a card named (?P<named>(?:(?!, reveal |,? (?:and )?put )[\w ,'-])++))"
    r"(?:, reveal (?:it|them))?,? (?:and )?put (?:it|them|that card|those cards) "
    r"(?:(?P<hand>into (?:your|their) hand)|onto the battlefield(?P<tapped> tapped)?"
    # "... with X additional +1/+1 counters on it" (Vision Quest): it enters with them.
    r"(?: with (?P<cn>x|a|an|one|two|three|four) additional (?P<ck>\S+) counters? on it)?)"
    r"(?:,? (?:and|then) shuffle)?$",
    re.IGNORECASE,
)

# CR 701.24a: "Target player shuffles their graveyard into their library.", "Shuffle your
# graveyard into your library." (every card there moves, then the library is shuffled).
GRAVEYARD_INTO_LIBRARY = re.compile(
    rf"^(?:(?P<who>{WHO}) )?shuffles? (?:their|his or her|your) graveyard into "
    r"(?:their|his or her|your) library$",
    re.IGNORECASE,
)

# --- Cards in libraries, hands and graveyards, players' counters, moves (CR 400.7, 701) ---


def choose_from(m: re.Match[str], c: Clause) -> OneShot | None:
    """ "You choose a nonland card from it.": what a later "that card" is (CR 701.9b)."""
    subject = c.subject(f"{m['what']}cards{m['with'] or ''} in your hand")
    if subject is None or subject.kind != "filter":
        return None
    anyone = tuple(replace(f, owner=None) for f in subject.filters)  # "it": that hand
    return OneShot("choose_card", replace(subject, filters=anyone), c.sentence)


def discard_that(_m: re.Match[str], c: Clause) -> OneShot | None:
    """ "That player discards that card." (CR 701.9b)."""
    players = players_of("that player", c.context)
    if players is None:
        return None
    ref, slot = players
    chosen = c.resolve(Subject("antecedent"))
    if chosen.kind != "filter" or any(f.zone != "hand" for f in chosen.filters):
        return None
    return OneShot("discard", chosen, c.sentence, n=1, players=ref, slot=slot)


def mill_or_discard(kind: OneShotKind) -> Read:
    """CR 701.17a: "Target player mills eight cards."; 701.9a: "... discards a card."."""

    def read(m: re.Match[str], c: Clause) -> OneShot | None:
        amount = read_amount(m["n"])
        players = players_of(m["who"] or "you", c.context)
        if amount is None or players is None:
            return None
        ref, slot = players
        return OneShot(kind, None, c.sentence, n=amount.n, x=amount.x, players=ref, slot=slot)

    return read


def exiles_own(m: re.Match[str], c: Clause) -> OneShot | None:
    """ "Target opponent exiles two cards from their hand."."""
    amount = read_amount(m["n"])
    players = players_of(m["who"] or "you", c.context)
    if amount is None or players is None:
        return None
    ref, slot = players
    return OneShot(
        "discard",
        None,
        c.sentence,
        n=amount.n,
        x=amount.x,
        players=ref,
        slot=slot,
        to_zone="exile",
        from_zone=m["zone"].lower(),
    )


def surveil(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.25a: the player chooses which go to the graveyard."""
    amount = read_amount(m["n"])
    if amount is None:
        return None
    return OneShot("surveil", None, c.sentence, n=amount.n, x=amount.x, players="you")


def investigate(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.16a: "Investigate." is "Create a Clue token."; "Target player investigates."."""
    players = players_of(m["who"] or "you", c.context)
    if players is None:
        return None
    ref, slot = players
    return OneShot("tokens", None, c.sentence, n=1, token="a Clue token", players=ref, slot=slot)


def ring_tempts(_m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.54a: "The Ring tempts you." (the step's ``choices.ring_bearer``)."""
    return OneShot("ring_tempts", None, c.sentence, players="you")


def populate(_m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.36a: a copy of a creature token you control."""
    return OneShot("populate", None, c.sentence, n=1, players="you")


def energy(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 122.1, 107.14: "You get {E}{E}."."""
    players = players_of(m["who"] or "you", c.context)
    if players is None:
        return None
    ref, slot = players
    n = m["e"].upper().count("{E}")
    return OneShot(
        "player_counters", None, c.sentence, counter_kind="energy", n=n, players=ref, slot=slot
    )


def player_gets(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 122.1: "Each opponent gets a poison counter." (each an event, 122.6)."""
    players = players_of(m["who"] or "you", c.context)
    amount = read_amount(m["n"])
    if players is None or amount is None or amount.x:
        return None
    ref, slot = players
    kind = m["kind"].lower()
    return OneShot(
        "player_counters", None, c.sentence, counter_kind=kind, n=amount.n, players=ref, slot=slot
    )


def lose_all(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 122.1: "Target player loses all poison counters."."""
    players = players_of(m["who"], c.context)
    if players is None:
        return None
    ref, slot = players
    return OneShot(
        "player_counters",
        None,
        c.sentence,
        counter_kind=m["kind"].lower(),
        every=True,
        players=ref,
        slot=slot,
    )


def remove(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 122.8: "Remove all -1/-1 counters from it."."""
    every = m["n"].lower() == "all"
    amount = Amount(0) if every else read_amount(m["n"])
    subject = c.subject(m["subj"])
    if amount is None or subject is None or amount.x:
        return None
    return OneShot(
        "remove_counters",
        c.resolve(subject),
        c.sentence,
        counter_kind=m["kind"],
        n=amount.n,
        every=every,
    )


def moved(m: re.Match[str], c: Clause) -> OneShot | None:
    """A permanent or ~ put on top of or under its owner's library (CR 401.4), shuffled into
    it (701.24), or exiled with counters on it (122.1) (CR 400.7)."""
    counter_kind, n = "", 0
    if m.re is ONTO_LIBRARY:
        to_zone = "library_top" if m["where"].lower() == "top" else "library_bottom"
    elif m.re is SHUFFLE_INTO:
        to_zone = "library"
    else:  # EXILE_WITH
        amount = read_amount(m["n"])
        if amount is None or amount.x:
            return None
        to_zone, counter_kind, n = "exile", m["kind"], amount.n
    subject = c.subject(m["subj"])
    if subject is None:
        return None
    return OneShot(
        "move", c.resolve(subject), c.sentence, to_zone=to_zone, counter_kind=counter_kind, n=n
    )


def self_back(_m: re.Match[str], c: Clause) -> OneShot | None:
    """ "Return ~ from your graveyard to your hand." (CR 400.7)."""
    self_ = Subject("self", words="~")
    return OneShot("move", self_, c.sentence, to_zone="hand", from_zone="graveyard")


def counter(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.6a: the spell is removed from the stack, never resolves, and goes to its
    owner's graveyard; only words that name spells, each kind on the stack."""
    subject = c.subject(m["subj"])
    if subject is None or any(f.zone != "stack" for f in subject.filters):
        return None
    return OneShot("counter", c.resolve(subject), c.sentence, unless_paid=bool(m["unless"]))


def suspect_or_goad(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.60a: suspected; 701.15a: goaded (each a designation of the creature)."""
    subject = c.subject(m["subj"])
    if subject is None:
        return None
    kind: OneShotKind = "suspect" if m["verb"].lower() == "suspect" else "goad"
    return OneShot(kind, c.resolve(subject), c.sentence)


# "If any of them are suspected, they're no longer suspected." (Eliminate the Impossible).
UNSUSPECT = re.compile(
    r"^(?P<subj>they|it|that creature|those creatures)(?:'re| are|'s| is) no longer suspected$",
    re.IGNORECASE,
)


def unsuspect(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.60: a creature stays suspected until it leaves the battlefield or an effect
    says it no longer is (Gatherer ruling on suspect, 2024-02-02)."""
    subject = c.subject(m["subj"])
    if subject is None:
        return None
    return OneShot("unsuspect", c.resolve(subject), c.sentence)


def manifest_dread(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.62a: one of the top two cards face down as a 2/2 creature, the other into the
    graveyard."""
    players = players_of(m["who"] or "you", c.context)
    if players is None:
        return None
    ref, slot = players
    return OneShot("manifest_dread", None, c.sentence, players=ref, slot=slot)


def incubate(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.53a: an Incubator token with N +1/+1 counters on it."""
    amount = read_amount(m["n"])
    players = players_of(m["who"] or "you", c.context)
    if amount is None or players is None:
        return None
    ref, slot = players
    return OneShot(
        "incubate",
        None,
        c.sentence,
        counter_kind="+1/+1",
        n=amount.n,
        x=amount.x,
        token=INCUBATOR,
        players=ref,
        slot=slot,
    )


def search(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.23a: the player looks through their library for cards that fit the words and
    puts them into their hand or onto the battlefield; 701.24a: then the library is shuffled,
    its order unknown. Whose library: the searching player's (any owner the words give is
    theirs, set as it is performed)."""
    amount = read_amount((m["n"] or "a").lower().removeprefix("up to "))
    counted = read_amount(m["cn"]) if m["cn"] else None
    players = players_of(m["who"] or "you", c.context)
    if m["named"]:
        # CR 201.2: a card with that name, whatever else it is.
        subject: Subject | None = Subject("filter", (Filter(name=m["named"]),), words="it")
    else:
        subject = c.subject(f"{m['what']} cards{m['mv'] or ''} in your hand")
    if amount is None or amount.x or not amount.n or players is None:
        return None
    if subject is None or subject.kind != "filter" or (m["gy"] and amount.n != 1):
        return None
    zones: tuple[Zone, ...] = ("library", "graveyard") if m["gy"] else ("library",)
    where = tuple(replace(f, zone=z, owner=None) for f in subject.filters for z in zones)
    ref, slot = players
    return OneShot(
        "search",
        replace(subject, filters=where),
        c.sentence,
        n=amount.n,
        players=ref,
        slot=slot,
        to_zone="hand" if m["hand"] else "battlefield",
        tapped=bool(m["tapped"]),
        # "your library and/or graveyard": the graveyard may be searched too (``from_zone``).
        from_zone="graveyard" if m["gy"] else "",
        # CR 614.1c: the counters it enters with; X is the spell's (``x``, 107.3a).
        enter_counters=((m["ck"], counted.n),) if m["ck"] and counted else (),
        x=bool(counted and counted.x),
    )


def graveyard_into_library(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 701.24a: each card in the player's graveyard is put into their library, which is
    then shuffled."""
    players = players_of(m["who"] or "you", c.context)
    if players is None:
        return None
    ref, slot = players
    return OneShot("graveyard_into_library", None, c.sentence, players=ref, slot=slot)


def _whose(m: re.Match[str], c: Clause) -> tuple[PlayerRef, int | None] | None:
    """The player a possessive or an actor names ("each opponent's", "Target player exiles")."""
    if m.groupdict().get("all"):
        return players_of("each player", c.context)
    whose = (m["whose"] or "").lower()
    if m.groupdict().get("who"):
        if whose:
            return None  # "Target player exiles the top card of your library": not this shape
        return players_of(m["who"], c.context)
    who = "you" if whose in ("", "your") else whose.removesuffix("'s")
    return players_of(who, c.context)


def exile_top(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 406.3, 401.1: the top N cards of each named player's library into exile."""
    amount = read_amount(m["n"] or "one")
    players = _whose(m, c)
    if amount is None or players is None:
        return None
    ref, slot = players
    return OneShot("exile_top", None, c.sentence, n=amount.n, x=amount.x, players=ref, slot=slot)


def exile_graveyard(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 406.3: every card in each named player's graveyard into exile."""
    players = _whose(m, c)
    if players is None:
        return None
    ref, slot = players
    return OneShot("exile_graveyard", None, c.sentence, players=ref, slot=slot)
