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
"""

from __future__ import annotations

from typing import Any

from rules_engine.errors import BoardError

__all__ = ["BoardError", "evaluate"]


def evaluate(board: Any) -> dict[str, Any]:
    """A board (JSON text or parsed) -> the answer ``python -m rules_engine evaluate`` prints."""
    from rules_engine.ask.characteristics import answer_json, evaluate_board

    return answer_json(evaluate_board(board))
