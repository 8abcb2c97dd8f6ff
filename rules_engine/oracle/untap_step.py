"""Static abilities that work only in an untap step, as a creature is declared an attacker,
while creatures are attacking or blocking, or as combat damage is assigned.

"You may choose not to untap ~ during your untap step." (Endoskeleton), "Untap all
permanents you control during each other player's untap step." (Seedborn Muse): choices
and actions of the untap step (CR 502.3). "You may exert ~ as it attacks. When you do, it
gets +1/+1 ..." (Gust Walker): exerting is an optional cost to attack (508.1g), and the
"When you do" ability is linked to it (607.2): it triggers only if the creature is exerted.
"You may have ~ assign its combat damage as though it weren't blocked." (Thorn Elemental,
Imaryll; Ruxa's "For each creature you control with no abilities, ..."): a choice made only
as combat damage is assigned (510.1). "If ~ is your commander, choose a color before the
game begins." (The Prismatic Piper): a choice made before the game (903.3), which the board
states on the commander's enter step (timeline/enter.py checks it).

A board plays no untap step and has no combat in progress (its attacks are what an earlier
combat left: docs/board-format-extensions.md), and its damage steps name who is dealt
combat damage, so none of these ever applies on a board: each is known inert there, with
its rule, rather than named as a gap. So is an effect
whose own condition or whose affected objects need a combat in progress ("As long as ~ is
attacking, ..." Elturel Survivors; "... as long as it's blocking or blocked by a Goblin or
Orc" Sting, the Glinting Dagger; "Attacking creatures get +X/+0 until end of turn"): every
creature is removed from combat as the combat phase ends (CR 511.3), so on a board no
creature is attacking, blocking or blocked, and such an effect never applies there, whatever
else its words say (they are read only when the engine can read them).

The patterns are linear: literal words around one bounded name.
"""

from __future__ import annotations

import re

_SELF = r"(?:~|it|this (?:creature|artifact|land|permanent|equipment))"
_PRONOUN = r"(?:it|he|she|they)"

_UNTAP_STEP = re.compile(
    # CR 502.3: its controller may leave it tapped (Endoskeleton, Vedalken Shackles).
    rf"^you may choose not to untap {_SELF} during your untap step$|"
    # CR 502.3: untapping in other players' untap steps (Seedborn Muse, Murkfiend Liege,
    # Endbringer).
    r"^untap (?:~|all [\w/ ,-]{1,60}? you control) during each other player's untap step$",
    re.IGNORECASE,
)
UNTAP_STEP_WHY = (
    "works only in an untap step (CR 502.3), which a board doesn't play, so it changes nothing here"
)

_EXERT = re.compile(
    rf"^(?:if ~ hasn't been exerted this turn, )?you may exert {_SELF} as {_PRONOUN} attacks?$",
    re.IGNORECASE,
)
EXERT_WHY = (
    "exerting is an optional cost to attack, chosen only as the creature is declared an "
    "attacker (CR 508.1g); a board has no combat in progress, so it is never exerted here"
)
_WHEN_YOU_DO = re.compile(r"^when you do, ", re.IGNORECASE)
LINKED_WHY = (
    "triggers only when the creature is exerted as it attacks (a linked ability, CR 607.2), "
    "which never happens on a board without combat, so it changes nothing here"
)


def untap_step_only(sentence: str) -> bool:
    """Is this static sentence a choice or action of an untap step (CR 502.3)?"""
    return _UNTAP_STEP.match(sentence.strip().rstrip(".")) is not None


def exert_as_it_attacks(sentence: str) -> bool:
    """Is this static sentence the option to exert its creature as it attacks (508.1g)?"""
    return _EXERT.match(sentence.strip().rstrip(".")) is not None


def after_exert(sentence: str, earlier: list[tuple[str, str]]) -> bool:
    """Is this "When you do, ..." (or a later clause of it) linked to an exert sentence just
    before it (CR 607.2)?"""
    linked = bool(earlier) and earlier[-1][1] in (EXERT_WHY, LINKED_WHY)
    return linked and _WHEN_YOU_DO.match(sentence) is not None


_COMBAT = r"(?:attacking|blocking|blocked|unblocked)"
_COMBAT_ONLY = re.compile(
    # "As long as ~ is attacking, ..." (Elturel Survivors, Andrios): the whole sentence.
    rf"^as long as (?:~|it|equipped creature|enchanted creature) is {_COMBAT}"
    rf"(?: or {_COMBAT})?, |"
    # "... as long as it's blocking or blocked by a Goblin or Orc" (Sting): a condition
    # after a sentence with no comma (so it governs all of it), on combat words alone and
    # at most the type of creature it fights ("by a Goblin or Orc").
    rf"^[^,]+ as long as (?:it's|it is|~ is|he's|she's) {_COMBAT}(?: or {_COMBAT})?"
    r"(?: by)?(?: an? [a-z][\w-]*(?: or [a-z][\w-]*)?)?$|"
    # "Attacking creatures get +X/+0 until end of turn, where X is ..." (Pack Attack).
    r"^(?:each )?(?:attacking|blocking) creatures?(?: you control)? gets? "
    r"[+-][\dx]+/[+-][\dx]+(?: until end of turn)?(?:, where x is [^.,]+)?$",
    re.IGNORECASE,
)
COMBAT_WHY = (
    "applies only to or while creatures are attacking or blocking; every creature is removed "
    "from combat as the combat phase ends (CR 511.3) and a board has no combat in progress, "
    "so it never applies here"
)


def combat_only(sentence: str) -> bool:
    """Does this sentence's effect apply only while its creature is attacking or blocking,
    or only to attacking or blocking creatures (CR 511.3: none on a board)?"""
    return _COMBAT_ONLY.match(sentence.strip().rstrip(".")) is not None


# CR 510.1: a blocked creature's controller may assign its combat damage as though it
# weren't blocked (Thorn Elemental, Imaryll, Ruxa's "for each creature ... with no
# abilities", Proud Wildbonder's granted "this creature").
_UNBLOCKED = re.compile(
    r"^(?:for each [\w ,+/-]{1,60}?, )?you may have "
    rf"(?:{_SELF}|that creature) assign (?:its|their) combat damage as though "
    r"(?:it|they) weren't blocked$",
    re.IGNORECASE,
)
UNBLOCKED_WHY = (
    "a choice made only as a blocked creature's combat damage is assigned (CR 510.1); a "
    "board has no combat in progress and its damage steps say who is dealt combat damage, "
    "so it changes nothing here"
)


def assigns_as_though_unblocked(sentence: str) -> bool:
    """Is this static sentence the option to assign combat damage as though unblocked?"""
    return _UNBLOCKED.match(sentence.strip().rstrip(".")) is not None


# "If ~ is your commander, choose a color before the game begins." (The Prismatic Piper,
# Faceless One, Clara Oswald): a choice made before the game (CR 903.3: being a commander is
# an attribute of the card), which the board states; the next sentence reads it.
_BEFORE_GAME_COLOR = re.compile(
    r"^if ~ is your commander, choose a color before the game begins$", re.IGNORECASE
)
BEFORE_GAME_WHY = (
    "a color chosen before the game begins, only for a commander (CR 903.3); the board gives "
    "it with the card (its chosen color, on a commander), and the sentence after it makes "
    "the card that color, so the choice itself changes nothing more here"
)


def commander_color_choice(sentence: str) -> bool:
    """Is this static sentence a commander's color chosen before the game begins?"""
    return _BEFORE_GAME_COLOR.match(sentence.strip().rstrip(".")) is not None


# "Until your next turn, creatures your opponents control attack each combat if able." (The
# Akroan War): a requirement checked only as attackers or blockers are declared (CR 508.1d,
# 509.1c), kept as a rule by a static ability (613.11) and inert when a text resolves.
_COMBAT_REQUIREMENT = re.compile(
    r"^(?:until (?:end of turn|your next turn), |this turn, )?[\w ,'-]{1,80}? "
    r"(?:attacks?|blocks?) each combat if able(?: this turn| until your next turn)?$",
    re.IGNORECASE,
)
REQUIREMENT_WHY = (
    "a requirement checked only as attacking or blocking creatures are declared (CR 508.1d, "
    "509.1c); a board has no declare attackers or declare blockers step, so it changes "
    "nothing here"
)


def combat_requirement(sentence: str) -> bool:
    """Is this sentence only a requirement to attack or block each combat if able?"""
    return _COMBAT_REQUIREMENT.match(sentence.strip().rstrip(".")) is not None
