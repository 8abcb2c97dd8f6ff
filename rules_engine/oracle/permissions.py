"""Is a sentence an effect on the rules of casting, playing, paying or voting (CR 613.11)?

"Until the end of your next turn, you may play those cards." (impulse draw), "Once during
each of your turns, you may cast a permanent spell ... from your graveyard." (Lurrus), "Mana
of any type can be spent to cast those spells.", "You can cast spells only during your turn
...", "While voting, you may vote an additional time.": none of them changes a characteristic
or an event a board holds. They let a player play cards from exile, a graveyard or the top
of a library (CR 601.3, 305.1), pay another cost (118.9), spend mana differently (609.4b)
or vote again (701.38), all about hidden zones and casting, which a board never checks: its
steps say what was cast or played, as a judge's question gives it. The template table
(oracle/templates.py) routes them here, and each is known inert on a board with ``WHY``
(as a cost rule, 601.2f, or "Activate only as a sorcery.", 602.5, already are): recognised,
never refused, never silently dropped.

The patterns are linear: each prefix ends at its own comma, no wildcard repeats another.
"""

from __future__ import annotations

import re

# When or how often the permission holds, written before it ("Until the end of your next
# turn, ...", "Once each turn, ...", "For as long as they remain exiled, ...").
_WHEN = (
    r"until (?:the )?end of (?:your next |this |that )?turn|until your next (?:turn|end step)|"
    r"during (?:your next turn|each of your turns|each player's turn)|"
    r"once (?:each turn|during each of your turns)|for as long as [^,]+|as long as [^,]+|"
    r"through (?:the )?end of (?:your next |this )?turn|"
    # "If you cast a spell this way, mana of any type can be spent to cast it." (only the
    # permission the sentence before gave).
    r"if you cast (?:a spell|it|that card|a card) this way"
)
# Who may play or cast: the spell's controller, the card's owner, a player the text named.
_WHO = r"you|its owner|their owners?|that player|that opponent|they|each player|its controller"
# The permission itself.
_PLAY = rf"(?:{_WHO}) may (?:play|cast)\b"
_ANY_MANA = r"mana of any (?:type|color) can be spent to (?:cast|activate)\b"
_PAY = r"you may (?:pay \{|cast [^.]*? by (?:paying|exiling)\b)"

PERMISSION = re.compile(
    # "Until the end of your next turn, you may play those cards." (and "..., and mana of any
    # type can be spent to cast those spells."); two prefixes: "As long as it's your turn, as
    # long as you've sacrificed ..., you may play ...".
    rf"^(?:(?:{_WHEN}), ){{1,2}}(?:{_PLAY}|{_PAY}|{_ANY_MANA})|"
    # "You may play that card this turn.", "You may cast it for as long as it remains exiled."
    rf"^(?:{_PLAY})(?=[^.]*\b(?:this turn|until (?:the )?end of (?:your next )?turn|"
    r"for as long as)\b)|"
    # CR 609.4b: "Mana of any type can be spent to cast those spells."
    rf"^{_ANY_MANA}|"
    # CR 305.2: "You may play an additional land on each of your turns." (Exploration).
    rf"^(?:{_WHO}) may play (?:an|\w+) additional lands?\b|"
    # "You can cast spells only during your turn and ..." (Fires of Invention).
    r"^(?:you|each player|each opponent) can cast (?:spells only|no more than)\b|"
    # "The first spell each player casts during each of their turns may be cast without
    # paying its mana cost." (Weftwalking).
    r"^the first spell [^.]*? may be cast\b|"
    # CR 701.38: "While voting, you may vote an additional time."
    r"^while voting, (?:you|each player) may vote\b",
    re.IGNORECASE,
)

WHY = (
    "a permission or rule about casting, playing, paying or voting (CR 613.11; 601.3 for "
    "casting a spell from another zone, 305.2 for playing more lands, 601.2f for costs): a "
    "board's steps say what was cast or played and how, and the engine doesn't judge whether "
    "a step was allowed, so on a board this changes no characteristic or event"
)


_PLAYS = re.compile(rf"^{_PLAY}", re.IGNORECASE)


def grants_permission(sentence: str, *, until_eot: bool = False) -> bool:
    """Is this sentence (or clause) a permission or rule about casting, playing, paying or
    voting (CR 613.11), rather than a characteristic or a one-shot? ``until_eot``: the
    sentence's "until end of turn" was taken off before ("Until end of turn, you may play
    those cards.")."""
    text = sentence.strip()
    return PERMISSION.match(text) is not None or (until_eot and _PLAYS.match(text) is not None)


# --- A static ability's permission (no one-shot: CR 604.1) -------------------------------

# Written on a permanent, "you may cast ..." is no instruction performed once (CR 608.2c)
# but a permission that lasts while the object is there (604.1): "You may cast ~ from your
# graveyard" (Gravecrawler), "You may play lands from the top of your library", "You may
# spend mana as though it were mana of any color" (609.4b), "You may pay {0} rather than ...".
_STATIC_PERMISSION = re.compile(
    rf"^(?:{_WHO}) may (?:play|cast)\b|"
    r"^you may look at [^,.]+, and you may (?:play|cast)\b|"
    # "You may spend other mana only as though it were colorless mana." (Celestial Dawn)
    r"^you may spend (?:\w+ )?mana (?:only )?as though\b|^you may pay \{|"
    r"^(?:[\w-]+ )?spells? [^.]*? may be cast\b",
    re.IGNORECASE,
)


def static_permission(sentence: str) -> bool:
    """Is this sentence of a static ability a permission to cast, play or pay (CR 613.11,
    601.3), known inert on a board with ``WHY``, rather than an instruction?"""
    return _STATIC_PERMISSION.match(sentence.strip()) is not None


# Seeing hidden cards: a library is face down and no one may look at it unless a rule lets
# them (CR 401.2); a hand is hidden from other players (402.3); cards exiled face down
# (406.3) and face-down permanents (708.5) the same. A permission to look, or a rule to
# play with a card revealed, moves no card and changes no characteristic or event.
_HIDDEN_LOOK = re.compile(
    r"^you may look at (?:the top card of your library|(?:the )?cards exiled with ~)"
    r"(?: and at face-down creatures[^.]*)?(?: any time)?$|"
    r"^you may look at face-down (?:creatures|permanents)[^.]*$|"
    r"^(?:each player )?plays? with (?:the top card of (?:your|their) library|your hand|"
    r"their hands?) revealed$",
    re.IGNORECASE,
)

HIDDEN_LOOK_WHY = (
    "lets a player see hidden cards (CR 401.2 for a library, 402.3 for a hand, 406.3 for "
    "cards exiled face down, 708.5 for face-down permanents): looking or revealing moves no "
    "card and changes no characteristic or event, so it changes nothing on a board"
)


def sees_hidden_cards(sentence: str) -> bool:
    """Is this static sentence only a permission to look at (or reveal) hidden cards?"""
    return _HIDDEN_LOOK.match(sentence.strip().rstrip(".")) is not None
