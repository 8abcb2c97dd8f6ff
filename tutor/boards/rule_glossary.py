"""Every rule number the site cites, with its gist in the project's own words (never the
Comprehensive Rules' text): the entries of the rules page (``/rules/``).

A test collects the numbers the lessons, puzzles, templates and learner-facing strings of
the site and the engine cite, and fails on one without an entry here. The keyword rules
the engine names when it doesn't apply a keyword are added from its keyword table
(``keyword_entries``).
"""

from __future__ import annotations

from rules_engine import Category, Keyword

GLOSSARY: dict[str, str] = {
    # --- Game concepts ---------------------------------------------------------------
    "101.2": (
        "When one effect lets or makes something happen and another says it can't, the "
        "“can't” wins."
    ),
    "101.4": (
        "When several players act or choose at the same time, the active player goes first, "
        "then the others in turn order (APNAP order)."
    ),
    "107.1b": (
        "A power or toughness can be below zero, but a number worked out for an effect is "
        "never below zero: a creature at -2 power that gets +X/+X, where X is its power, gets "
        "+0/+0. Only effects that set or double a value may use a negative number."
    ),
    "109.3": (
        "The characteristics of an object: name, mana cost, color, color indicator, card type, "
        "subtype, supertype, rules text, abilities, power, toughness, loyalty, defense, hand "
        "and life modifiers. Counters, tapped status and control are not among them."
    ),
    "109.5": (
        "“You” and “your” in an object's text mean its current controller (or its owner, "
        "for a card that has no controller): a stolen lord helps its new controller's "
        "creatures."
    ),
    "110.1": (
        "A permanent is a card or token on the battlefield. It is never a spell: a spell is "
        "what a card is while it waits on the stack."
    ),
    "113.7a": (
        "The source of an ability is the object that made it. When a card's own triggered "
        "ability deals damage (a cycled card's “when you cycle” trigger), the card "
        "is the source, not a spell."
    ),
    "111.3": (
        "The spell or ability that creates a token says what it is: its name, types, color, "
        "power and toughness, and abilities, those in quotation marks included."
    ),
    "118.3": (
        "A player can pay a cost only with what they have: 2 life can't be paid from 1, "
        "and a tapped permanent can't be tapped again to pay."
    ),
    "119.3": (
        "Damage to a player, paying life and effects that say so make that player lose life; "
        "the game remembers how much was lost this turn."
    ),
    "119.7": (
        "A player who can't gain life gains none: a replacement effect that would change "
        "that life gain does nothing, and a cost that includes gaining it can't be paid."
    ),
    "120.2a": "In combat, each attacking or blocking creature deals damage equal to its power.",
    "205.1b": (
        "Some type changes keep the old types: “in addition to its other types”, "
        "“still a ...”, and “becomes an artifact creature” (a “[creature type] "
        "artifact creature” keeps them too but replaces the old creature types)."
    ),
    "305.7": (
        "Setting a land's basic land type wipes its old land types and the abilities of its "
        "own text, and gives it that type's mana ability."
    ),
    # --- Casting, resolving, abilities ------------------------------------------------
    "601.2c": "Targets are chosen as a spell is cast.",
    "601.2d": ("A spell that divides damage or counters among its targets says how as it is cast."),
    "601.2h": (
        "The whole cost of a spell, extra costs such as sacrificing a creature included, is "
        "paid as it is cast."
    ),
    "604.1": (
        "A static ability does its work all the time while its object is where it works; it "
        "is never carried out once like a spell's instruction."
    ),
    "608.2c": (
        "A resolving spell or ability follows its instructions one by one, in the order they "
        "are written."
    ),
    "608.3b": (
        "A permanent spell that resolves but can't enter the battlefield goes to its owner's "
        "graveyard instead."
    ),
    "401.2": (
        "A library is a face-down pile: nobody looks at its cards or changes their order "
        "unless an effect allows it."
    ),
    "402.3": (
        "A player may look at their own hand whenever they like, but not at another "
        "player's hand (they may count it)."
    ),
    "406.3": ("A card exiled face down can't be looked at by a player unless an effect lets them."),
    "406.6": (
        "Cards exiled with an object are linked to that object only; once it changes zones, "
        "the new object it becomes has no cards exiled with it."
    ),
    "607.2a": (
        'Linked abilities: an ability that exiles cards and one that refers to "cards '
        'exiled with" the object, or to "the exiled card", are linked; the second means '
        "only the cards the first exiled."
    ),
    "708.5": (
        "A player may look at face-down spells and permanents they control, but not at "
        "others' unless an effect lets them."
    ),
    "604.3": (
        "A characteristic-defining ability supplies a value normally printed elsewhere on the "
        "card (its colors, subtypes, power or toughness) and works in every zone."
    ),
    "604.3a": (
        "What makes a characteristic-defining ability: it defines colors, subtypes, power or "
        "toughness, it is the object's own (printed, given to a token, or gained by a copy or "
        "text change), it touches no other object, it isn't granted by the object to itself, "
        "and it has no condition."
    ),
    "606.4": (
        "A loyalty ability's cost is putting loyalty counters on its planeswalker or removing them."
    ),
    "608.2d": (
        "Choices a spell leaves open until it resolves (a creature type, a mode of its "
        "effect) are made as it resolves."
    ),
    # --- Continuous effects -----------------------------------------------------------
    "611": (
        "Continuous effects change objects or the game for a time: from resolved spells and "
        "abilities, or from static abilities."
    ),
    "611.2c": (
        "An effect from a resolved spell or ability that changes objects' characteristics or "
        "control affects only the objects it found as it resolved; one that changes the rules "
        "instead also covers objects that turn up later."
    ),
    "611.3a": (
        "A static ability's effect is never locked in: it applies to whatever fits its words "
        "at each moment."
    ),
    "611.3b": (
        "A static ability's effect applies for as long as its source is where the ability works"
        ", usually the battlefield."
    ),
    "611.3c": ("A static ability already applies to a permanent as it enters, not a moment later."),
    # --- Text-changing effects --------------------------------------------------------
    "612": (
        "Text-changing effects rewrite words on an object: usually its rules text and type line."
    ),
    "612.1": (
        "A text-changing effect changes words or symbols on an object, generally in its rules "
        "text and type line; it is applied in layer 3."
    ),
    "612.2": (
        "Only words used in that sense change: a color word where it means a color, a subtype "
        "where it means that type. A change of a color word or a subtype never changes a card's "
        "name, even a name containing the word."
    ),
    "612.3": (
        "An ability another effect grants isn't part of the object's own text, so a text "
        "change on the object can't reach it; change the source that grants it."
    ),
    "612.5": (
        "Exchange of Words swaps the rules text of two objects: only the text boxes trade "
        "places, and each keeps its own name."
    ),
    "612.6": (
        "An object with another card's “full text” takes that card's name, mana cost, "
        "color indicator, type line, rules text, power and toughness."
    ),
    "612.7": (
        "Spy Kit gives an object all names of nonlegendary creature cards, on top of its own."
    ),
    "612.8": "An effect that sets an object's name replaces the names it had.",
    "612.9": "A name sticker changes the name of the object it is on.",
    # --- The layers -------------------------------------------------------------------
    "613": (
        "The layer system: how the continuous effects on an object combine into its current values."
    ),
    "613.1": (
        "Start from the object itself (the printed card, or what made a token) and apply the "
        "continuous effects layer by layer: copy, control, text, type, color, abilities, "
        "power and toughness."
    ),
    "613.1a": "Layer 1: copy effects and face-down status.",
    "613.1b": "Layer 2: who controls the object.",
    "613.1c": "Layer 3: changes to the words on the card.",
    "613.1d": "Layer 4: card types, subtypes and supertypes.",
    "613.1e": "Layer 5: colors.",
    "613.1f": "Layer 6: gaining and losing abilities.",
    "613.1g": "Layer 7: power and toughness, in four sublayers.",
    "613.2": "Layer 1 has two sublayers: copy effects first, then face-down status.",
    "613.2a": "Layer 1a: copy effects decide what the object is a copy of.",
    "613.2b": (
        "Layer 1b: a face-down object has only the values its face-down rule lists (usually "
        "a nameless 2/2 creature)."
    ),
    "613.2c": (
        "Whatever the object is after layer 1 is its set of copiable values: what a copy of "
        "it gets."
    ),
    "613.3": (
        "Within layers 2 to 6, characteristic-defining abilities go first, then the other "
        "effects in timestamp order (dependency aside)."
    ),
    "613.4": (
        "Layer 7 has four sublayers, each in timestamp order: defined, set, modified, switched."
    ),
    "613.4a": "Layer 7a: power and toughness from characteristic-defining abilities.",
    "613.4b": (
        "Layer 7b: effects that set power and toughness to a number or give a new base power "
        "and toughness."
    ),
    "613.4c": ("Layer 7c: effects and counters that raise or lower power and toughness."),
    "613.4d": "Layer 7d: effects that switch power and toughness, after everything else.",
    "613.5": (
        "The layers are worked out again from the start whenever anything changes, all at "
        "once; nothing is replayed in order."
    ),
    "613.6": (
        "An effect that works in several layers applies each part in its own layer, and once "
        "it has started it keeps applying to the same objects in the later layers, even if "
        "its source loses the ability on the way."
    ),
    "613.7": "Inside a layer, older effects apply before newer ones (timestamp order).",
    "613.7a": (
        "A static ability's effect takes the timestamp of its object, or of the effect that "
        "granted the ability if that is later; re-stamped together, they keep their order."
    ),
    "613.7b": "An effect from a resolved spell or ability is stamped as it is created.",
    "613.7c": (
        "Counters get a timestamp when they are put on; a new counter re-stamps the ones of "
        "its kind already there."
    ),
    "613.7d": "An object gets a timestamp when it enters a zone.",
    "613.7e": "An Aura, Equipment or Fortification gets a new timestamp each time it is attached.",
    "613.7f": "Turning a permanent face up or face down gives it a new timestamp.",
    "613.7m": (
        "Objects stamped at the same moment are ordered the APNAP way: the active player's "
        "first, in the order that player picks, then each other player's."
    ),
    "613.8": (
        "Dependency: inside one layer, an effect that depends on another waits until just "
        "after it, whatever their timestamps."
    ),
    "613.8a": (
        "One effect depends on another if both are in the same layer, applying the other "
        "would change its text, its existence, what it applies to or what it does, and both "
        "or neither come from characteristic-defining abilities."
    ),
    "613.8b": (
        "An effect that depends on others waits until just after them; effects that depend on "
        "each other in a loop fall back to timestamp order."
    ),
    "613.8c": "After each effect applies, dependencies are worked out again.",
    "613.9": (
        "One effect can override another: of “has flying” and “loses flying”, the "
        "one applied last decides."
    ),
    "613.10": (
        "Effects on players are applied after every object's characteristics are known, in "
        "timestamp order."
    ),
    "613.11": (
        "Effects on the rules of the game are applied last of all, after the effects on "
        "objects and players."
    ),
    # --- Replacement and prevention ---------------------------------------------------
    "614": "A replacement effect changes an event before it happens.",
    "614.1": (
        "A replacement effect watches for an event and swaps it for another before it happens."
    ),
    "614.1a": "Effects that say “instead” are replacement effects.",
    "614.1b": "Effects that make a player skip something are replacement effects.",
    "614.1c": (
        "Effects that make a permanent enter with counters, as a copy, or with a choice made "
        "as it enters are replacement effects."
    ),
    "614.1d": (
        "Effects that say how a permanent enters, such as “enter tapped”, are replacement effects."
    ),
    "614.1e": (
        "Effects that say what happens as a permanent is turned face up are replacement effects."
    ),
    "614.4": (
        "A replacement effect must exist before its event: it can't reach back to one that "
        "already happened."
    ),
    "614.5": "A replacement effect gets one chance at an event, and at what that event becomes.",
    "614.6": (
        "A replaced event never happens; only the modified one does, and only it can trigger "
        "abilities."
    ),
    "614.7": "A replacement effect whose event never happens does nothing.",
    "614.8": (
        "Regeneration is a replacement effect: instead of being destroyed, the permanent is "
        "tapped, its damage is removed and it is taken out of combat."
    ),
    "614.9": (
        "A redirection effect makes damage about to be dealt to one player or permanent be "
        "dealt to another instead; it is a replacement effect."
    ),
    "614.10a": (
        "A skipped step, phase or turn takes with it everything planned for it. Two effects "
        "that each skip your next one make you skip two: one uses up the first, the other "
        "waits for the next."
    ),
    "614.12": (
        "Effects on how a permanent enters look at it as it would be on the battlefield, with "
        "the effects already there and its own abilities."
    ),
    "614.15": (
        "A spell's or ability's own “instead” (a self-replacement effect) applies before "
        "any other replacement effect."
    ),
    "614.17": (
        "A “can't” effect isn't a replacement effect: the forbidden event simply doesn't happen."
    ),
    "614.17c": (
        "An event that can't happen can't be replaced or prevented, except by the spell's own "
        "self-replacement effect."
    ),
    "615": "A prevention effect stops some or all damage before it is dealt.",
    "615.1": "Prevention effects watch for damage about to be dealt and stop some or all of it.",
    "615.1a": "Effects that say “prevent” are prevention effects.",
    "615.4": (
        "A prevention effect must be in place before the damage: it can't undo damage already "
        "dealt."
    ),
    "615.5": (
        "A prevention effect may do something more, often counting the damage it stopped: "
        "the prevention happens when the damage would have, the rest right after."
    ),
    "615.6": (
        "Prevented damage is never dealt: no life is lost and nothing that looks for damage "
        "sees it."
    ),
    "615.7": (
        "A shield that prevents the next N damage is used up point by point; against damage "
        "from several sources at once, the protected player (or the permanent's controller) "
        "decides which damage it stops."
    ),
    "615.8": (
        "A shield for the next time a source would deal damage stops that whole next "
        "instance, however large."
    ),
    "615.9": (
        "A shield against a source of some quality checks that quality again when the damage "
        "comes; if it no longer fits, it prevents nothing and stays."
    ),
    "615.12": (
        "Damage that can't be prevented is dealt in full, and a prevention shield it meets "
        "isn't used up."
    ),
    "120.4b": (
        "Once damage is dealt it is turned into its results, such as life lost or counters, "
        "and replacement effects that change those results apply at that point."
    ),
    "510.2": (
        "All combat damage in a combat damage step is dealt at the same time, whichever "
        "creatures deal it."
    ),
    "616": (
        "When several replacement and prevention effects could change one event, they are "
        "applied one at a time."
    ),
    "616.1": (
        "When several replacement or prevention effects could change one event, the affected "
        "player (or the affected object's controller) applies them one at a time."
    ),
    "616.1a": "A self-replacement effect must be chosen first.",
    "616.1b": "Effects changing who controls an entering permanent go next.",
    "616.1c": "Then effects making a permanent enter as a copy.",
    "616.1d": "Then effects making a card enter with its back face up.",
    "616.1e": (
        "Otherwise the affected player (or the affected object's controller) picks any of them."
    ),
    "616.1f": (
        "After each one applies, look at the event again: only effects that still apply, "
        "and haven't applied yet, are offered."
    ),
    # --- Keyword actions and abilities ------------------------------------------------
    "701.19a": (
        "To regenerate a permanent is to replace its next destruction this turn: it stays on "
        "the battlefield, tapped, with its damage removed."
    ),
    "701.19c": (
        "Making a regeneration shield isn't regenerating. “Can't be regenerated” doesn't "
        "stop shields from being made; it stops them from being used."
    ),
    "701.21a": "To sacrifice a permanent, its controller moves it to its owner's graveyard.",
    "701.24a": "Shuffling puts a library in a random order.",
    "303.7a": (
        "A permanent keeps only one Role from each player: of the Roles one player controls "
        "attached to it, all but the newest go to the graveyard."
    ),
    "111.5": (
        "A token that a rule or effect keeps from entering the battlefield is never created."
    ),
    "111.10": (
        "Some tokens are predefined: Treasure, Food, Clue, the Role Auras and others each "
        "come with the types and abilities the rules give them."
    ),
    "701.23a": (
        "To search a zone is to look through every card there, even a hidden one, and find "
        "the cards that fit what the instruction describes."
    ),
    "701.48a": (
        "To learn, a player may put a Lesson card they own from outside the game into their "
        "hand, or discard a card and then draw one, or do neither."
    ),
    "106.4": (
        "Mana a player adds waits in their mana pool until it is spent or the step or phase "
        "ends, when it is lost."
    ),
    "700.2": (
        "A modal spell's player chooses its modes as it is cast, as many as it says; only "
        "the chosen modes happen."
    ),
    "700.2d": (
        "A modal spell may choose the same mode more than once only if it says so; each "
        "time, that mode happens again, with its own targets."
    ),
    "701.34a": (
        "Proliferate: choose any number of permanents and players; each gets another counter "
        "of each kind it already has."
    ),
    "701.47a": (
        "Amass: if you control no Army creature, create a 0/0 black Army token of the named "
        "kind first; then put the counters on an Army you control, which also becomes that "
        "kind."
    ),
    "514.2": (
        "In the cleanup step, damage marked on permanents is removed and effects that last "
        "until end of turn end."
    ),
    "702.11b": "Hexproof: the permanent can't be the target of an opponent's spells or abilities.",
    "702.11d": "A player with hexproof can't be the target of opponents' spells or abilities.",
    "702.11e": (
        "“Hexproof from [quality]”: only opponents' spells and abilities of that quality "
        "can't target it."
    ),
    "702.12b": "Indestructible: the permanent can't be destroyed.",
    "702.16b": (
        "Protection: the permanent or player can't be the target of spells or abilities of "
        "that quality."
    ),
    "702.16e": "Protection: damage from sources of that quality is prevented.",
    "702.16j": (
        "A player can have protection too: spells and abilities of that quality can't target "
        "them, and damage from sources of that quality is prevented."
    ),
    "702.18a": "Shroud: the permanent or player can't be the target of any spell or ability.",
    "702.26g": (
        "Auras and Equipment attached to a permanent that phases out phase out with it, and "
        "phase back in still attached to it."
    ),
    "702.33d": (
        "A kicked spell's text that says “if it was kicked” does its part only when the "
        "kicker cost was paid; with two kickers, the text names which one."
    ),
    "702.73a": (
        "Changeling: the object is every creature type, in every zone (a characteristic-"
        "defining ability)."
    ),
    "702.95a": (
        "Soulbond pairs two creatures their controller controls; only creatures can be paired."
    ),
    "702.138b": (
        "A spell escaped if it was cast from a graveyard with an escape ability's "
        "permission; the permanent it becomes escaped too."
    ),
    "702.138c": (
        "“Escapes with” counters: the permanent enters with them only if it escaped; put "
        "onto the battlefield any other way, it gets none."
    ),
    "701.58a": (
        "Cloak: the card is put onto the battlefield face down as a nameless 2/2 creature with "
        "ward {2}, no subtypes and no mana cost, for as long as it stays face down."
    ),
    "702.168a": (
        "Disguise: the card can be cast face down as a nameless 2/2 creature with ward {2}, no "
        "subtypes and no mana cost."
    ),
    "702.169": ("Solved: an ability of a Case that works only once the Case is solved."),
    "702.178": (
        "Max speed: an ability that works only while its controller's speed is at its highest."
    ),
    "702.194": (
        "Teamwork: an optional additional cost of tapping your creatures with enough total "
        "power; the spell's text may then do more if it was cast using teamwork."
    ),
    "702.186": "∞: an ability that works only while its condition holds.",
    "702.145": (
        "Daybound and nightbound: a game is neither day nor night until something makes it "
        "day; then it goes back and forth between day and night. Day and night are not "
        "characteristics of any permanent."
    ),
    # --- State-based actions ----------------------------------------------------------
    "704.3": (
        "State-based actions are checked whenever a player would get priority, and all that "
        "apply are performed at once."
    ),
    "704.5a": "A player with 0 or less life loses the game.",
    "704.5b": "A player who had to draw from an empty library loses the game.",
    "704.5c": "A player with ten or more poison counters loses the game.",
    "704.5f": "A creature with toughness 0 or less goes to its owner's graveyard.",
    "704.5g": "A creature with lethal damage marked on it is destroyed.",
    "704.5h": "A creature dealt damage by a source with deathtouch is destroyed.",
    "704.5i": "A planeswalker with no loyalty goes to the graveyard.",
    "704.5j": "A player keeps one of two legendary permanents with the same name.",
    "704.5k": "Of two world permanents, only the newest stays.",
    "704.5m": "An Aura attached illegally, or to nothing, goes to the graveyard.",
    "704.5n": "An Equipment attached illegally becomes unattached.",
    "704.5p": (
        "A permanent that is not an Aura, Equipment or Fortification (a creature, say) "
        "can't stay attached to anything: it becomes unattached and stays on the battlefield."
    ),
    "704.5q": "+1/+1 and -1/-1 counters on the same permanent cancel out in pairs.",
    # --- Copying and face-down ---------------------------------------------------------
    "707.2": (
        "A copy takes only the copiable values: what is printed, changed by other copy "
        "effects, face-down status and “as ... enters” choices that set power and "
        "toughness. Counters, other effects and status stay behind."
    ),
    "707.3": "A copy's values are those it copied, then changed by the effects that apply to it.",
    "707.4": (
        "A permanent that becomes a copy keeps its counters and the other effects on it; only "
        "its starting values change."
    ),
    "707.9": "A copy effect can list exceptions: changes it makes as it copies.",
    "707.9b": (
        "A copy effect's exceptions become part of the copy's copiable values, so anything "
        "copying the copy gets them too."
    ),
    "708.2": (
        "A face-down permanent has only the characteristics the rule or ability that turned it "
        "face down lists; those are its copiable values."
    ),
    "708.2a": (
        "Unless its ability says otherwise, a face-down permanent is a 2/2 creature with no "
        "name, no text, no subtypes and no mana cost (so it is colorless)."
    ),
    "709.4": (
        "Outside the stack, a split card has both halves' characteristics at once: both names, "
        "both mana costs added together, the colors and types of either half."
    ),
    "712.8e": (
        "A transforming double-faced permanent with its back face up still has the mana value "
        "of its front face; something copying that back face has mana value 0."
    ),
    "711.2": "A leveler's level boxes give it abilities and a size while it has enough level "
    "counters.",
    "714.2b": (
        "A Saga's chapter abilities are triggered abilities: each triggers when lore counters "
        "reach its chapter number."
    ),
    "714.2d": "A Saga's final chapter number is the greatest among its chapter abilities.",
    "714.4": (
        "A Saga whose lore counters reach its final chapter number is sacrificed once that "
        "chapter's ability has left the stack; a Saga with no chapter abilities is not."
    ),
    "714.3a": (
        "A Saga without read ahead gets one lore counter as it enters. The game's rules put it "
        "there, not an effect, so counter doublers don't change it."
    ),
    # --- Designations of the game ------------------------------------------------------
    "731.1": (
        "Day and night are designations of the game itself. A game starts as neither; once "
        "it has become day or night, it is always exactly one of the two."
    ),
    "701.54a": (
        "As the Ring tempts you, you choose a creature you control. It becomes your "
        "Ring-bearer until another creature does or another player gains control of it."
    ),
    "701.54c": (
        "The first time the Ring tempts you, you get an emblem named The Ring; each time, it "
        "gains its next ability, the first being: your Ring-bearer is legendary and can't be "
        "blocked by creatures with greater power."
    ),
    "702.178a": (
        "Max speed: the ability after the dash exists only as long as its controller's speed is 4."
    ),
    "702.169c": ("A Case's Solved triggered ability triggers only if the Case is solved."),
    "702.169d": ("A Case's Solved activated ability can be activated only if the Case is solved."),
    "702.179f": ("A player who has no speed has speed 0 for any effect that refers to speed."),
    "716.2a": (
        'A Class\'s line "{cost}: Level N" is an ability you activate as a sorcery when the '
        "Class is one level lower; the abilities written after it work only while the Class "
        "is at level N or higher."
    ),
    "716.2d": (
        "A permanent that has never gained a class level counts as level 1, so a Class "
        "starts at level 1."
    ),
    "719.3a": (
        "To solve: at the beginning of your end step, if the condition holds and the Case "
        "isn't solved, it becomes solved."
    ),
    "719.3b": (
        "Solved is a designation of the permanent, not an ability and not copied; it lasts "
        "until the Case leaves the battlefield."
    ),
    "722.3": (
        "A creature with a prepare spell can become prepared: a designation, not a "
        "characteristic and not copied, that lets its controller cast a copy of that spell."
    ),
    # --- Rules the newer cards brought (issue 27) ---------------------------------------
    "303.4f": (
        "An Aura put onto the battlefield without being cast, with nothing saying what it "
        "enchants: its controller chooses what it enchants as it enters."
    ),
    "303.4": (
        "An Aura is attached to what its enchant ability allows, and stays attached only "
        "while it still allows it; Animate Dead's allows a creature card in a graveyard."
    ),
    "702.5a": (
        "Enchant is the keyword on an Aura that limits what it may target as a spell and "
        "what it may be attached to on the battlefield."
    ),
    "400.7": (
        "A card that changes zones becomes a new object that remembers nothing of its old "
        "self: its counters, attachments and the effects that named it are gone."
    ),
    "106.12": (
        "Tapping a permanent for mana means activating one of its mana abilities whose cost "
        "includes the tap symbol."
    ),
    "305.1": (
        "Playing a land is a special action in your main phase with an empty stack: it goes "
        "straight onto the battlefield and is never a spell."
    ),
    "305.2": (
        "A player normally plays one land a turn; an effect may let them play more, and each "
        "extra land is still played as the special action."
    ),
    "601.2f": (
        "While casting a spell its player works out the total cost: mana cost or an "
        "alternative cost, plus additional costs and increases, less reductions."
    ),
    "500.4": "Mana nobody spent is lost as each step and phase ends.",
    "502.3": (
        "In the untap step the active player untaps their permanents; effects may let them "
        "leave one tapped, keep one from untapping, or untap permanents in other players' "
        "untap steps."
    ),
    "511.3": (
        "As the end of combat step ends, every creature is removed from combat: between "
        "combats no creature is attacking, blocking or blocked."
    ),
    "407.1": (
        "Ante is an optional way to play for keeps; cards that mention it are removed from "
        "a deck before a game that isn't played for ante."
    ),
    "903.3": (
        "In Commander each deck has a commander; being one is an attribute of the card, not "
        "a characteristic, and the card keeps it as it changes zones."
    ),
    "510.1": (
        "As combat damage is assigned, a blocked creature's controller divides its damage "
        "among the creatures blocking it, unless an ability lets it be assigned as though "
        "the creature weren't blocked."
    ),
    "508.1g": (
        "As attackers are declared, their controller chooses whether to pay any optional "
        "cost to attack, such as exerting a creature."
    ),
    "508.1d": (
        "As attackers are declared, the active player checks each requirement to attack "
        "(“attacks each combat if able”) and obeys as many as possible without breaking a "
        "restriction; no requirement makes a player pay a cost to attack."
    ),
    "509.1c": (
        "As blockers are declared, the defending player checks each requirement to block and "
        "obeys as many as possible without breaking a restriction."
    ),
    "607.2": (
        "Two abilities printed to work together are linked: one refers only to what the other "
        "did, such as a “When you do” that triggers only when its creature is exerted."
    ),
    "601.3": (
        "A spell can be cast only if a rule or effect lets its player cast it and nothing "
        "forbids it: effects that let you cast from exile or a graveyard are such permissions."
    ),
    "603.12": (
        'A reflexive trigger ("When you do, ...") is made by a resolving spell or ability '
        "and triggers right away if the player did what it asks."
    ),
    "700.2h": (
        "A mode with a cost written before it adds that cost to the spell when the mode is "
        "chosen; choosing several such modes adds all their costs."
    ),
    "700.2i": (
        "Pawprint modes: you choose modes whose pawprint symbols add up to no more than the "
        "number the spell gives, and a mode may be chosen more than once if the spell says so."
    ),
    "701.17a": "To mill N, a player moves the top N cards of their library to their graveyard.",
    "701.22a": (
        "To scry N, you look at the top N cards of your library and put any of them on the "
        "bottom, the rest back on top, in any order."
    ),
    "701.60c": (
        'A suspected creature has menace and "This creature can\'t block" for as long as it '
        "stays suspected."
    ),
    "702.1": (
        "A keyword is a name that stands for an ability the rules define, so the card need "
        "not spell it out."
    ),
    "705.1": "Flipping a coin gives heads or tails, each as likely as the other.",
    "706.1": "An instruction to roll dice says which kind of die to roll and how many.",
    "706.2": (
        "To roll a die is to get a random result from 1 to the number of its sides; a board "
        "states the result it got."
    ),
    "706.3a": (
        "A results table lists ranges of results; each row means 'if the result was in this "
        "range, do this', so only the row for the result happens."
    ),
    "721.2": (
        "A station symbol (N+) is a static ability: while the permanent has N or more charge "
        "counters, it has the abilities in its band, and a power/toughness box there makes it "
        "a creature with that base power and toughness."
    ),
    "726.2": (
        "Having the initiative brings triggered abilities that make its player venture into "
        "Undercity, as they take it and at the start of their upkeep."
    ),
    "701.44a": (
        "To explore, a permanent's controller reveals the top card of their library: a land "
        "goes to their hand; otherwise the permanent gets a +1/+1 counter and the card may go "
        "to the graveyard."
    ),
    "701.50a": (
        "To connive, a permanent's controller draws a card, then discards one; if a nonland "
        "card was discarded, the permanent gets a +1/+1 counter."
    ),
    "701.31a": "A player may planeswalk only in a Planechase game, moving to a new plane.",
    "707.10": (
        "To copy a spell or ability is to put a copy of it on the stack; the copy has the "
        "same choices and may get new targets only if the effect says so."
    ),
    "500.7": (
        "Some effects give a player an extra turn, taken right after the current one; an "
        "extra turn is a turn like any other."
    ),
    "500.8": (
        "Some effects add phases or steps to a turn, such as an additional combat phase; "
        "they are added right after the phase or step the effect names."
    ),
    "614.10": (
        "An effect that makes a player skip a step, phase or turn replaces it: the skipped "
        "part doesn't happen at all."
    ),
    "104.3": (
        "A player loses the game by conceding, by a state-based action (no life, drawing from "
        "an empty library, ten poison counters) or by an effect; a replacement effect may "
        "replace the loss."
    ),
    "119.4": (
        "A player pays life only with a life total at least as large as the payment; paying "
        "life is losing that much life."
    ),
    "119.5": (
        "An effect that sets a player's life total to a number makes them gain or lose the "
        "life needed to reach it."
    ),
    "701.17b": (
        "A player can't mill more cards than their library holds; told to, they mill as many "
        "as they can."
    ),
    "603.2": (
        "A triggered ability triggers when its event happens; it is put on the stack the next "
        "time a player would receive priority, and does what it says only when it resolves."
    ),
}


def keyword_entries() -> dict[str, str]:
    """The keyword rules the engine names when it doesn't apply a keyword ("the engine
    doesn't apply fading (702.32a: ...)"), each with what the keyword does, from its table."""
    found: dict[str, str] = {}
    for keyword in Keyword:
        info = keyword.info
        if info.category not in (Category.REPLACEMENT, Category.CONTINUOUS) or not info.effect:
            continue
        gist = f"{keyword.title}: {info.effect}."
        found.setdefault(info.rule + info.subrule, gist)
        found.setdefault(info.rule, gist)
    return found
