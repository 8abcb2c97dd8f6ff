"""Is a sentence an effect on the rules of casting, playing, paying or voting (CR 613.11)?

"Until the end of your next turn, you may play those cards." (impulse draw), "Once during
each of your turns, you may cast a permanent spell ... from your graveyard." (Lurrus), "Mana
of any type can be spent to cast those spells.", "You can cast spells only during your turn
...", "While voting, you may vote an additional time.": none of them changes a characteristic
or an event a board holds. They let a player play cards from exile, a graveyard or the top
of a library (CR 601.3, 305.1), pay another cost (118.9), spend mana differently (609.4b)
or vote again (701.38), all about hidden zones and casting, which the engine doesn't model.
The template table (oracle/templates.py) routes them here, and the answer names each one in
``not_modelled`` with ``WHY``: recognised, never refused, never silently dropped.

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
    "an effect on the rules of casting, playing, paying or voting (CR 613.11; 601.3 for "
    "casting a spell from another zone, 305.1 for playing a land): it concerns cards in "
    "hidden zones and casting, which the engine doesn't model, so the board goes on without it"
)


_PLAYS = re.compile(rf"^{_PLAY}", re.IGNORECASE)


def grants_permission(sentence: str, *, until_eot: bool = False) -> bool:
    """Is this sentence (or clause) a permission or rule about casting, playing, paying or
    voting (CR 613.11), rather than a characteristic or a one-shot? ``until_eot``: the
    sentence's "until end of turn" was taken off before ("Until end of turn, you may play
    those cards.")."""
    text = sentence.strip()
    return PERMISSION.match(text) is not None or (until_eot and _PLAYS.match(text) is not None)
