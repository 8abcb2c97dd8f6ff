"""One-shot readers of the newer keyword actions and of a target's owner acting (CR 608.2c,
701); listed in ``oracle/actions.py``'s table.

"Target creature's owner puts it on their choice of the top or bottom of their library."
(Dire Downdraft) and "Airbend target nonland permanent." (CR 701.65a) take a permanent off
the battlefield: performed, so the layers no longer see it (CR 400.7).
"""

from __future__ import annotations

import re
from typing import Literal

from rules_engine.one_shot import OneShot
from rules_engine.oracle.action_words import Clause

# CR 401.4, 400.7: "Target nonland permanent's owner puts it on their choice of the top or
# bottom of their library." At most four words name the target (no repeated wildcard).
OWNER_PUTS = re.compile(
    r"^(?P<subj>target (?:[\w-]+ ){0,3}?[\w-]+)'s owner puts it on (?:their choice of )?"
    r"the (?P<where>top or bottom|top|bottom) of (?:their|his or her) library$",
    re.IGNORECASE,
)
# CR 725.1, 726.1: "You take the initiative.", "You become the monarch."
DESIGNATE = re.compile(
    r"^you (?:(?P<initiative>take the initiative)|become the monarch)$", re.IGNORECASE
)
# CR 701.65a: "Airbend target creature you control.", "Airbend up to two target creatures."
AIRBEND = re.compile(r"^airbend (?P<subj>.+)$", re.IGNORECASE)


def owner_puts(m: re.Match[str], c: Clause) -> OneShot | None:
    """CR 401.4: the owner puts the permanent on top of or under their library; which of the
    two is the owner's choice as it resolves. Either way it leaves the battlefield and is a
    new object in the library (CR 400.7), which is all the layers see: the board's answer is
    the same for both, and the library's order isn't modelled (the card is put on top)."""
    subject = c.subject(m["subj"])
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
    game then says so ("as long as you have the initiative" holds for that player)."""
    which: Literal["monarch", "initiative"] = "initiative" if m["initiative"] else "monarch"
    return OneShot("designate", None, c.sentence, players="you", designation=which)
