"""Layerlab's rules engine: continuous effects (CR 611-613) and replacement and
prevention effects (CR 614-616), explained step by step.

Framework-free on purpose: the site, the command line and the tests all call
the same pure functions, so the answer a learner is checked against is the
answer the engine computes.

>>> from rules_engine import evaluate
>>> board = {
...     "format": "mtg-board/1",
...     "players": ["Alice", "Bob"],
...     "steps": [
...         {"enter": "Gray Ogre", "as": "ogre", "controller": "Alice"},
...         {"enter": "Glorious Anthem", "as": "anthem", "controller": "Alice"},
...         {"cast": "Twisted Image", "as": "twist", "controller": "Bob", "targets": ["ogre"]},
...     ],
...     "ask": {"characteristics": "ogre"},
... }
>>> ogre = evaluate(board)["answer"]["characteristics"]
>>> ogre["power"], ogre["toughness"]
(3, 3)
>>> [(step["layer"], step["effect"], step["rule"]) for step in evaluate(board)["trace"]]
[('7c', 'anthem', '613.4c'), ('7d', 'twist', '613.4d')]

A malformed board raises ``BoardError`` naming the JSON path of the fault:

>>> try:
...     evaluate({"steps": [{"counters": "+1/+1", "on": "ogre"}]})
... except BoardError as error:
...     print(error.path)
steps[0].on

The site (``tutor/``) imports only from here, ``from rules_engine import ...``: the names
in ``__all__`` are the engine's surface, grouped below by purpose (a test walks tutor/ and
names any import of an engine module). They load when first used, so ``import rules_engine``
stays cheap and the command line and the engine workers load only what they call.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from rules_engine.errors import BoardError, UnknownCard, UnknownLabel

if TYPE_CHECKING:
    from rules_engine import bounds
    from rules_engine.ability_lines import printed_line, shown_ability
    from rules_engine.affected import Filter
    from rules_engine.ask.characteristics import (
        Result,
        answer_json,
        depends_answer,
        display_ids,
        evaluate_board,
        resolve_effect_id,
    )
    from rules_engine.ask.event import (
        EventExploration,
        PreparedEvent,
        event_answer,
        explore_event,
        prepare_event,
    )
    from rules_engine.board import Board, parse_board
    from rules_engine.cards import (
        CardDef,
        CardRecord,
        card_from_record,
        library_card,
        library_record,
        load_card_library,
        mana_value,
        missing_face_of,
        search_library,
    )
    from rules_engine.characteristics import (
        Characteristics,
        characteristics_json,
        initial_characteristics,
    )
    from rules_engine.dependency import describe_edge
    from rules_engine.effects import (
        LAYER_TITLES,
        LAYERS,
        AbilityChange,
        Const,
        ModifyPT,
        SetController,
        SetPT,
    )
    from rules_engine.game import Game, StepChoice
    from rules_engine.gaps import AbilityReport, Status, card_report
    from rules_engine.ids import EffectId, StepName
    from rules_engine.layers import Evaluation, compute, rules_evaluation
    from rules_engine.misreadings import (
        CORRECT_LAYERS,
        CORRECT_REPLACEMENT,
        MISCONCEPTION_BY_SLUG,
        MISCONCEPTIONS,
        LayerMisreading,
        Misconception,
        ReplacementMisreading,
    )
    from rules_engine.oracle.cursor import OracleParseError
    from rules_engine.oracle.keyword_table import Category, Keyword
    from rules_engine.oracle.parser import parse_ability_text
    from rules_engine.replacement.active import ability_specs
    from rules_engine.replacement.events import (
        CreateTokens,
        Damage,
        DamageLoss,
        Destroy,
        Draw,
        Enter,
        Event,
        GainLife,
        GainsUntilEndOfTurn,
        LookAndSort,
        LoseGame,
        LoseLife,
        Nothing,
        Prevented,
        PutCounters,
        Regenerate,
        RemoveDamage,
        ReturnFromGraveyard,
        Skip,
        StepHappens,
        WinGame,
        ZoneMove,
    )
    from rules_engine.replacement.grammar import read_replacements
    from rules_engine.replacement.specs import CantSpec, ReplacementSpec
    from rules_engine.replacement.tree import (
        CardChoice,
        CardOption,
        ChoiceNode,
        Decline,
        Done,
        Draws,
        Happens,
        Node,
        Option,
        Outcome,
        Shown,
        Stopped,
        fold_draws,
        nodes,
        outcome_results,
        shown_json,
        shown_results,
    )
    from rules_engine.replacement.words import (
        CANT_ENTER_SPELL,
        CANT_ENTER_STAYS,
        CANT_ENTER_TOKEN,
        ONLY_CARD,
        TIER_WORDS,
        WHY_CHOOSER,
        alongside_words,
        not_to_apply,
    )
    from rules_engine.sba import state_based_actions
    from rules_engine.timeline import replay
    from rules_engine.vocabulary import (
        BASIC_LAND_TYPES,
        CARD_TYPES,
        COLOR_LETTERS,
        COLOR_NAMES,
        CREATURE_TYPES,
    )

__all__ = [
    # The one call: a board in, the printed answer out.
    "evaluate",
    # Answers: what a board asks (CR 613 characteristics, dependency, an event's outcomes).
    "Result",
    "answer_json",
    "depends_answer",
    "display_ids",
    "evaluate_board",
    "resolve_effect_id",
    "EventExploration",
    "PreparedEvent",
    "event_answer",
    "explore_event",
    "prepare_event",
    # Misreadings: the wrong ways of applying the rules a learner is shown side by side.
    "CORRECT_LAYERS",
    "CORRECT_REPLACEMENT",
    "MISCONCEPTIONS",
    "MISCONCEPTION_BY_SLUG",
    "LayerMisreading",
    "Misconception",
    "ReplacementMisreading",
    # Boards and the game: a board read, its steps replayed, the layers applied (CR 613).
    "Board",
    "parse_board",
    "Game",
    "StepChoice",
    "replay",
    "state_based_actions",
    "Evaluation",
    "compute",
    "rules_evaluation",
    "Characteristics",
    "characteristics_json",
    "initial_characteristics",
    "describe_edge",
    "shown_ability",
    "printed_line",
    # Continuous effects and their layers (CR 613.1).
    "LAYERS",
    "LAYER_TITLES",
    "AbilityChange",
    "Const",
    "Filter",
    "ModifyPT",
    "SetController",
    "SetPT",
    # Cards: the card library, Oracle text read into abilities, what isn't modelled.
    "CardDef",
    "CardRecord",
    "card_from_record",
    "library_card",
    "library_record",
    "load_card_library",
    "mana_value",
    "missing_face_of",
    "search_library",
    "AbilityReport",
    "Status",
    "card_report",
    "parse_ability_text",
    "OracleParseError",
    "read_replacements",
    "CantSpec",
    "ReplacementSpec",
    "ability_specs",
    # Events that replacement and prevention effects modify (CR 614-616).
    "CreateTokens",
    "Damage",
    "DamageLoss",
    "Destroy",
    "Draw",
    "Enter",
    "Event",
    "GainLife",
    "LookAndSort",
    "LoseGame",
    "LoseLife",
    "Nothing",
    "Prevented",
    "PutCounters",
    "Regenerate",
    "RemoveDamage",
    "ReturnFromGraveyard",
    "GainsUntilEndOfTurn",
    "Skip",
    "StepHappens",
    "WinGame",
    "ZoneMove",
    # Effect ids and choice-tree step names as values (tests/boards/README.md).
    "EffectId",
    "StepName",
    # An event's choice tree (CR 616.1) and the words that explain it.
    "CardChoice",
    "CardOption",
    "ChoiceNode",
    "Decline",
    "Done",
    "Draws",
    "Happens",
    "Node",
    "Option",
    "Outcome",
    "Shown",
    "Stopped",
    "fold_draws",
    "nodes",
    "outcome_results",
    "shown_json",
    "shown_results",
    "CANT_ENTER_SPELL",
    "CANT_ENTER_STAYS",
    "CANT_ENTER_TOKEN",
    "ONLY_CARD",
    "TIER_WORDS",
    "WHY_CHOOSER",
    "alongside_words",
    "not_to_apply",
    # Errors: a malformed board; a label or card name it uses that isn't there.
    "BoardError",
    "UnknownCard",
    "UnknownLabel",
    # Vocabulary: the fixed words of the game, the keyword table, the bounds of a board.
    "BASIC_LAND_TYPES",
    "CARD_TYPES",
    "COLOR_LETTERS",
    "COLOR_NAMES",
    "CREATURE_TYPES",
    "Category",
    "Keyword",
    "bounds",  # the module: MAX_TEXT, MAX_X, ..., summary()
]

_HOME: dict[str, tuple[str, ...]] = {
    "rules_engine.ask.characteristics": (
        "Result",
        "answer_json",
        "depends_answer",
        "display_ids",
        "evaluate_board",
        "resolve_effect_id",
    ),
    "rules_engine.ask.event": (
        "EventExploration",
        "PreparedEvent",
        "event_answer",
        "explore_event",
        "prepare_event",
    ),
    "rules_engine.misreadings": (
        "CORRECT_LAYERS",
        "CORRECT_REPLACEMENT",
        "MISCONCEPTIONS",
        "MISCONCEPTION_BY_SLUG",
        "LayerMisreading",
        "Misconception",
        "ReplacementMisreading",
    ),
    "rules_engine.board": (
        "Board",
        "parse_board",
    ),
    "rules_engine.game": (
        "Game",
        "StepChoice",
    ),
    "rules_engine.ids": (
        "EffectId",
        "StepName",
    ),
    "rules_engine.timeline": ("replay",),
    "rules_engine.sba": ("state_based_actions",),
    "rules_engine.layers": (
        "Evaluation",
        "compute",
        "rules_evaluation",
    ),
    "rules_engine.characteristics": (
        "Characteristics",
        "characteristics_json",
        "initial_characteristics",
    ),
    "rules_engine.dependency": ("describe_edge",),
    "rules_engine.ability_lines": ("shown_ability", "printed_line"),
    "rules_engine.affected": ("Filter",),
    "rules_engine.effects": (
        "LAYERS",
        "LAYER_TITLES",
        "AbilityChange",
        "Const",
        "ModifyPT",
        "SetController",
        "SetPT",
    ),
    "rules_engine.cards": (
        "CardDef",
        "CardRecord",
        "card_from_record",
        "library_card",
        "library_record",
        "load_card_library",
        "mana_value",
        "missing_face_of",
        "search_library",
    ),
    "rules_engine.gaps": (
        "AbilityReport",
        "Status",
        "card_report",
    ),
    "rules_engine.oracle.parser": ("parse_ability_text",),
    "rules_engine.oracle.cursor": ("OracleParseError",),
    "rules_engine.replacement.grammar": ("read_replacements",),
    "rules_engine.replacement.specs": (
        "CantSpec",
        "ReplacementSpec",
    ),
    "rules_engine.replacement.active": ("ability_specs",),
    "rules_engine.replacement.events": (
        "CreateTokens",
        "Damage",
        "DamageLoss",
        "Destroy",
        "Draw",
        "Enter",
        "Event",
        "GainLife",
        "LookAndSort",
        "LoseGame",
        "LoseLife",
        "Nothing",
        "Prevented",
        "PutCounters",
        "Regenerate",
        "RemoveDamage",
        "ReturnFromGraveyard",
        "GainsUntilEndOfTurn",
        "Skip",
        "StepHappens",
        "WinGame",
        "ZoneMove",
    ),
    "rules_engine.replacement.tree": (
        "CardChoice",
        "CardOption",
        "ChoiceNode",
        "Decline",
        "Done",
        "Draws",
        "Happens",
        "Node",
        "Option",
        "Outcome",
        "Shown",
        "Stopped",
        "fold_draws",
        "nodes",
        "outcome_results",
        "shown_json",
        "shown_results",
    ),
    "rules_engine.replacement.words": (
        "CANT_ENTER_SPELL",
        "CANT_ENTER_STAYS",
        "CANT_ENTER_TOKEN",
        "ONLY_CARD",
        "TIER_WORDS",
        "WHY_CHOOSER",
        "alongside_words",
        "not_to_apply",
    ),
    "rules_engine.vocabulary": (
        "BASIC_LAND_TYPES",
        "CARD_TYPES",
        "COLOR_LETTERS",
        "COLOR_NAMES",
        "CREATURE_TYPES",
    ),
    "rules_engine.oracle.keyword_table": (
        "Category",
        "Keyword",
    ),
}


def evaluate(board: Any) -> dict[str, Any]:
    """A board (JSON text or parsed) -> the answer ``python -m rules_engine evaluate`` prints."""
    from rules_engine.ask.characteristics import answer_json, evaluate_board

    return answer_json(evaluate_board(board))


_WHERE = {name: module for module, names in _HOME.items() for name in names}


def __getattr__(name: str) -> Any:
    """A name of the surface, imported from its module the first time it is asked for
    (PEP 562); the engine's modules (``rules_engine.bounds``) import as usual."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
