"""The API's OpenAPI 3.1 description, served at /api/openapi.json.

The board schema here is the board format's outline (``docs/board-format.md``):
what any board must have. The engine checks the rest and answers 400 with the
JSON path of a fault, which the description lists as a possible answer.
"""

from __future__ import annotations

from typing import Any

from tutor.boards import limits

LIMITS = (
    f"Every board is held to the site's bounds, the same as for a share link or a puzzle: "
    f"at most {limits.MAX_STEPS} steps, of which at most {limits.MAX_COPIES} copy something; "
    f"any one text at most {limits.MAX_TEXT} characters, with no control characters other "
    f"than line breaks and tabs; at most {limits.MAX_DEPTH} levels of nesting; "
    f"at most {limits.MAX_JSON_BYTES} bytes of JSON; and small enough to fit in a share link "
    f"({limits.MAX_TOKEN_LENGTH} characters compressed). Numbers too: X and every other "
    f"count at most {limits.MAX_X:,}; counters, damage and life at most "
    f"{limits.MAX_AMOUNT:,}; and one event makes at most {limits.MAX_OBJECTS} objects (tokens "
    "created, cards drawn), counting every replacement effect that modifies it, while the "
    "orders of replacement effects share the evaluation's work budget. A board past a bound "
    "is a 400 that names it."
)

CARD = {
    "oneOf": [
        {"type": "string", "description": "the name of a card in the library"},
        {
            "type": "object",
            "description": "an inline card, typed by its name, types and Oracle text",
            "required": ["name"],
            "properties": {
                "name": {"type": "string"},
                "mana_cost": {"type": "string"},
                "colors": {"type": "array", "items": {"type": "string"}},
                "supertypes": {"type": "array", "items": {"type": "string"}},
                "types": {"type": "array", "items": {"type": "string"}},
                "subtypes": {"type": "array", "items": {"type": "string"}},
                "power": {"type": ["integer", "string"]},
                "toughness": {"type": ["integer", "string"]},
                "loyalty": {"type": "integer"},
                "abilities": {"type": "array", "items": {"type": "string"}},
                "token": {"type": "boolean"},
            },
        },
    ]
}

BOARD = {
    "type": "object",
    "description": "A board in the board format (mtg-board/1). " + LIMITS,
    "required": ["format", "players", "steps"],
    "properties": {
        "format": {"const": "mtg-board/1"},
        "title": {"type": "string"},
        "players": {
            "type": "array",
            "items": {"type": "string", "minLength": 1},
            "minItems": 1,
        },
        "active": {"type": "string"},
        "steps": {
            "type": "array",
            "description": "What happened, in order: each step gets the next timestamp.",
            "maxItems": limits.MAX_STEPS,
            "items": {
                "type": "object",
                "properties": {
                    "enter": CARD,
                    "cast": CARD,
                    "as": {"type": "string"},
                    "controller": {"type": "string"},
                    "targets": {"type": "array", "items": {"type": "string"}},
                    "x": {"type": "integer", "minimum": 0, "maximum": limits.MAX_X},
                    "n": {
                        "type": "integer",
                        "minimum": -limits.MAX_AMOUNT,
                        "maximum": limits.MAX_AMOUNT,
                    },
                },
            },
        },
        "ask": {"type": "object"},
    },
}

ERROR = {
    "type": "object",
    "required": ["error"],
    "properties": {
        "error": {"type": "string"},
        "path": {"type": "string", "description": "the JSON path of the fault in the board"},
    },
}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


ERRORS = {
    "400": _json(
        ERROR,
        "The body is not a usable board, or is past one of the site's bounds; the message "
        "names the fault.",
    ),
    "405": _json(ERROR, "Only POST is allowed."),
    "413": _json(ERROR, f"The body is larger than {limits.MAX_JSON_BYTES} bytes."),
    "415": _json(ERROR, "The body is not sent as application/json."),
    "429": _json(ERROR, "Too many requests from this address; see Retry-After."),
    "503": _json(ERROR, "Every engine worker was busy: nothing is wrong with the board."),
}


def _operation(summary: str, answer: dict[str, Any], answer_text: str) -> dict[str, Any]:
    return {
        "post": {
            "summary": summary,
            "requestBody": {"required": True, "content": {"application/json": {"schema": BOARD}}},
            "responses": {"200": _json(answer, answer_text), **ERRORS},
        }
    }


NOT_MODELLED = {
    "type": "array",
    "description": (
        "Every ability or sentence of the board the engine recognised but does not apply: "
        "the answer ignores them. `object` is the board's label of the card."
    ),
    "items": {
        "type": "object",
        "required": ["object", "ability", "why"],
        "properties": {
            "object": {"type": "string"},
            "ability": {"type": "string"},
            "why": {"type": "string"},
        },
    },
}

EVALUATION = {
    "type": "object",
    "required": ["objects", "trace"],
    "properties": {
        "objects": {"type": "object", "additionalProperties": {"type": "object"}},
        "trace": {"type": "array", "items": {"type": "object"}},
        "state_based_actions": {"type": "array"},
        "not_modelled": NOT_MODELLED,
        "answer": {"type": "object"},
    },
}

EVENT_ANSWER = {
    "type": "object",
    "required": ["tree", "outcomes"],
    "properties": {
        "tree": {"type": "object"},
        "outcomes": {"type": "array", "items": {"type": "object"}},
        "not_modelled": NOT_MODELLED,
    },
}


PUZZLE = {
    "type": "object",
    "description": "A saved puzzle and its question, without the answer.",
    "required": ["id", "title", "description", "url", "board", "question", "themes"],
    "properties": {
        "id": {"type": "string"},
        "title": {"type": "string"},
        "description": {"type": "string"},
        "url": {"type": "string", "format": "uri"},
        "board": BOARD,
        "question": {
            "type": "object",
            "required": ["kind", "prompt", "options"],
            "properties": {
                "kind": {"enum": ["typed", "single", "multiple", "order"]},
                "prompt": {"type": "string"},
                "hint": {"type": "string"},
                "field": {"type": "string"},
                "options": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["key", "text"],
                        "properties": {"key": {"type": "string"}, "text": {"type": "string"}},
                    },
                },
            },
        },
        "themes": {"type": "array", "items": {"type": "string"}},
        "difficulty": {"enum": ["beginner", "intermediate", "advanced", "expert"]},
        "rating": {"type": "number"},
        "attempts": {"type": "integer", "minimum": 0},
        "author": {"type": "string"},
        "created": {"type": "string", "format": "date-time"},
    },
}

PUZZLE_OPERATION = {
    "get": {
        "summary": "A saved puzzle, without its answer",
        "parameters": [
            {
                "name": "id",
                "in": "path",
                "required": True,
                "description": "the puzzle's short id, as in its link /p/<id>",
                "schema": {"type": "string"},
            }
        ],
        "responses": {
            "200": _json(PUZZLE, "The puzzle: its board, question and options, never the answer."),
            "404": _json(ERROR, "No puzzle has this id."),
            "422": _json(ERROR, "The saved board is one this engine can no longer pose."),
            "405": _json(ERROR, "Only GET is allowed."),
            "429": ERRORS["429"],
        },
    }
}


def openapi_document(server: str) -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Layerlab engine API",
            "version": "1.0.0",
            "description": (
                "The rules engine's answers, as `python -m rules_engine` prints them: "
                "characteristics through layers 1-7 (CR 613), and the choices and outcomes "
                "of replacement and prevention effects (CR 614-616). "
                + LIMITS
                + " Requests are limited per client address and minute (429 with Retry-After)."
            ),
        },
        "servers": [{"url": server.rstrip("/")}],
        "paths": {
            "/api/evaluate": _operation(
                "Evaluate a board's characteristics",
                EVALUATION,
                "Every object's characteristics, the trace of applied effects, and the answer "
                "to the board's ask.",
            ),
            "/api/event": _operation(
                "Walk the replacement and prevention choices of the board's event",
                EVENT_ANSWER,
                "The choice tree and the distinct outcomes.",
            ),
            "/api/puzzles/{id}": PUZZLE_OPERATION,
        },
    }
