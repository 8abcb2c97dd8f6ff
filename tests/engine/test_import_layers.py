"""The engine's import contract (docs/architecture.md, "Rooms"): every module of
rules_engine/ belongs to one room, a room imports only itself and the rooms below it, and
no imports go round in a cycle, counting the ones written inside functions.

Imports under ``if TYPE_CHECKING:`` never run; one that points up is allowed only where
``TYPING_ONLY`` names it, with the reason.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parent.parent.parent / "rules_engine"

# Bottom to top. A name stands for that module; "name.*" for a package and every module
# in it. A new module goes in the lowest room whose modules it needs.
ROOMS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "foundations: errors, work meters, the fixed words of the game",
        (
            "rules_engine.errors",
            "rules_engine.work",
            "rules_engine.bounds",
            "rules_engine.vocabulary",
            "rules_engine.mana_paid",
            "rules_engine.ids",
            "rules_engine.oracle.cursor",
            "rules_engine.oracle.numbers",
            "rules_engine.oracle.wording",
            # The packages themselves: importing any of their modules runs them first.
            "rules_engine.replacement",
            "rules_engine.replacement.rows",
            "rules_engine.replacement.groups",
        ),
    ),
    (
        "words: Oracle text normalised, sentence templates, the keyword table",
        (
            "rules_engine.oracle.text",
            "rules_engine.ability_lines",
            "rules_engine.oracle.digital",
            "rules_engine.oracle.sentence_kinds",
            "rules_engine.oracle.permissions",
            "rules_engine.oracle.untap_step",
            "rules_engine.oracle.keyword_actions",
            "rules_engine.oracle.sentence_lists",
            "rules_engine.oracle.templates",
            "rules_engine.oracle.line_templates",
            "rules_engine.oracle.keyword_table",
            "rules_engine.oracle.keywords",
            "rules_engine.oracle.ability_lists",
            "rules_engine.card_import",
        ),
    ),
    (
        "cards and steps: cards, tokens, a board's steps, the events of the game",
        (
            "rules_engine.cards",
            "rules_engine.tokens",
            "rules_engine.turn_deeds",
            "rules_engine.steps",
            "rules_engine.replacement.events",
        ),
    ),
    (
        "effect values: continuous, replacement and 'can't' effects as read",
        (
            "rules_engine.affected",
            "rules_engine.effects",
            "rules_engine.one_shot",
            "rules_engine.misreadings",
            "rules_engine.replacement.specs",
            "rules_engine.replacement.in_play",
            "rules_engine.replacement.rows.row",
        ),
    ),
    (
        "reading: Oracle text and board files into values",
        (
            "rules_engine.oracle.modifiers",
            "rules_engine.oracle.subjects",
            "rules_engine.oracle.amounts",
            "rules_engine.oracle.descriptions",
            "rules_engine.oracle.granted_abilities",
            "rules_engine.oracle.predicates",
            "rules_engine.oracle.history",
            "rules_engine.oracle.player_grants",
            # One-shot readers: the words they share, the actions on cards and moves, and
            # the ordered table (oracle/actions.py) that tries them.
            "rules_engine.oracle.action_words",
            "rules_engine.oracle.card_moves",
            "rules_engine.oracle.player_actions",
            "rules_engine.oracle.actions",
            # The layer grammar, bottom to top: what a paragraph's sentences share, copy
            # exceptions, conditions, the general sentence, clauses, the sentences of an
            # ability, and its lines (keywords, level boxes, triggers) in parser.
            "rules_engine.oracle.sentence_state",
            "rules_engine.oracle.copies",
            "rules_engine.oracle.condition_words",
            "rules_engine.oracle.condition_counts",
            "rules_engine.oracle.exiled_conditions",
            "rules_engine.oracle.turn_conditions",
            "rules_engine.oracle.conditions",
            "rules_engine.oracle.per_object",
            "rules_engine.oracle.general",
            "rules_engine.oracle.same_is_true",
            "rules_engine.oracle.static_instead",
            "rules_engine.oracle.oneshot_instead",
            "rules_engine.oracle.clauses",
            "rules_engine.oracle.one_shot_clauses",
            "rules_engine.oracle.sentences",
            "rules_engine.oracle.parser",
            "rules_engine.oracle.die_rows",
            # The replacement grammar: its slots, its rows (one module per family group),
            # the one dispatcher that tries them, the sentences that are two effects, and
            # what spans sentences.
            "rules_engine.replacement.phrases",
            "rules_engine.replacement.rows.damage",
            "rules_engine.replacement.rows.redirect",
            "rules_engine.replacement.rows.prevention",
            "rules_engine.replacement.rows.prevention_mill",
            "rules_engine.replacement.rows.zones",
            "rules_engine.replacement.rows.draw",
            "rules_engine.replacement.rows.life",
            "rules_engine.replacement.rows.tokens",
            "rules_engine.replacement.rows.counters",
            "rules_engine.replacement.rows.entering",
            "rules_engine.replacement.rows.entering_counters",
            "rules_engine.replacement.rows.entering_counted",
            "rules_engine.replacement.rows.entering_reveal",
            "rules_engine.replacement.rows.entering_cast_this_way",
            "rules_engine.replacement.rows.entering_riders",
            "rules_engine.replacement.rows.turns",
            "rules_engine.replacement.rows.cants",
            "rules_engine.replacement.rows.hidden",
            "rules_engine.replacement.rows.game_loss",
            "rules_engine.replacement.sentences",
            "rules_engine.replacement.compounds",
            "rules_engine.replacement.grammar",
            "rules_engine.replacement.choosing",
            "rules_engine.paragraphs",
            "rules_engine.board_deeds",
            "rules_engine.board_turn",
            "rules_engine.board",
        ),
    ),
    (
        "game: objects' printed characteristics, their abilities' effects, the game state",
        (
            "rules_engine.characteristics",
            "rules_engine.replacement.active",
            "rules_engine.game",
            "rules_engine.game_facts",
        ),
    ),
    (
        "layer system (CR 613): selection, layers, dependency, state-based actions",
        (
            "rules_engine.world",
            "rules_engine.filters",
            "rules_engine.selection",
            "rules_engine.apply",
            "rules_engine.active",
            "rules_engine.dependency",
            "rules_engine.layers",
            "rules_engine.lingering",
            "rules_engine.sba",
            "rules_engine.targeting",
        ),
    ),
    (
        "replacement resolver (CR 614-616): the choice tree of an event",
        (
            "rules_engine.replacement.state",
            "rules_engine.replacement.fits",
            "rules_engine.replacement.damage_results",
            "rules_engine.replacement.damage_view",
            "rules_engine.replacement.cants",
            # Effects by the kind of event they watch: what they share, one module per
            # group (docs/architecture.md), and the dispatch over them.
            "rules_engine.replacement.groups.watching",
            "rules_engine.replacement.groups.milling",
            "rules_engine.replacement.groups.game_loss",
            "rules_engine.replacement.groups.damage",
            "rules_engine.replacement.groups.counters",
            "rules_engine.replacement.groups.entering",
            "rules_engine.replacement.families",
            "rules_engine.replacement.words",
            "rules_engine.replacement.tree",
            "rules_engine.replacement.explore",
        ),
    ),
    (
        "performing: events written into the game, what isn't modelled",
        (
            "rules_engine.perform",
            "rules_engine.card_actions",
            "rules_engine.gaps",
        ),
    ),
    (
        "timeline: a board's steps, one module per kind of step",
        ("rules_engine.timeline.*",),
    ),
    (
        "answers: what a board asks (characteristics, order, dependency, an event)",
        (
            "rules_engine.ask.*",
            "rules_engine.explain",
        ),
    ),
    (
        "entry points: the package's evaluate() and the command line",
        (
            "rules_engine",
            "rules_engine.cli",
            "rules_engine.__main__",
        ),
    ),
)

# Annotation-only imports that point up (never run: ``if TYPE_CHECKING:``), with why.
TYPING_ONLY: dict[tuple[str, str], str] = {
    ("rules_engine.affected", "rules_engine.filters"): (
        "a filter caches its compiled checks, whose type filters.py defines"
    ),
    ("rules_engine.game", "rules_engine.replacement.tree"): (
        "an event step's outcomes, kept in the game for the stepper"
    ),
}


@dataclass(frozen=True, slots=True)
class Import:
    """One engine module importing another: where, and how it runs."""

    importer: str
    target: str
    line: int
    kind: str  # "module" (at import time), "function" (when called) or "typing" (never)


def module_name(path: Path, root: Path = ENGINE) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def engine_modules(root: Path = ENGINE) -> dict[str, Path]:
    return {module_name(p, root): p for p in sorted(root.rglob("*.py"))}


def _is_type_checking(node: ast.stmt) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _resolved(node: ast.ImportFrom, importer: str, is_package: bool) -> str:
    """The absolute module a ``from ... import`` names (relative ones included)."""
    if not node.level:
        return node.module or ""
    base = importer.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def imports_of(source: str, importer: str, modules: set[str], is_package: bool) -> list[Import]:
    """Every import of an engine module in ``source``, at any depth: inside functions,
    classes and ``if`` blocks too."""
    found: list[Import] = []

    def visit(node: ast.AST, kind: str) -> None:
        for child in ast.iter_child_nodes(node):
            here = kind
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                here = "function" if kind == "module" else kind
            if isinstance(child, ast.stmt) and _is_type_checking(child):
                here = "typing"
            for target in _targets(child, importer, modules, is_package):
                found.append(Import(importer, target, getattr(child, "lineno", 0), here))
            visit(child, here)

    visit(ast.parse(source), "module")
    return found


def _targets(node: ast.AST, importer: str, modules: set[str], is_package: bool) -> Iterator[str]:
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name in modules:
                yield alias.name
    elif isinstance(node, ast.ImportFrom):
        module = _resolved(node, importer, is_package)
        for alias in node.names:
            full = f"{module}.{alias.name}"
            if full in modules:
                yield full  # ``from rules_engine.timeline import simple``: the module
            elif module in modules:
                yield module


def room_of(module: str) -> int | None:
    """The room a module is in (its place in ROOMS), by its name or its package's."""
    rooms = [
        i
        for i, (_, names) in enumerate(ROOMS)
        for name in names
        if module == name or (name.endswith(".*") and _in_package(module, name[:-2]))
    ]
    return rooms[0] if len(rooms) == 1 else None


def _in_package(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def all_imports() -> list[Import]:
    modules = engine_modules()
    names = set(modules)
    return [
        found
        for name, path in modules.items()
        for found in imports_of(
            path.read_text(encoding="utf-8"), name, names, path.name == "__init__.py"
        )
        if found.target != name
    ]


def cycles(edges: list[Import]) -> list[list[str]]:
    """The import cycles (strongly connected groups of two or more modules), each as the
    modules in it (Tarjan's algorithm, iterative)."""
    graph: dict[str, set[str]] = {}
    for edge in edges:
        graph.setdefault(edge.importer, set()).add(edge.target)
        graph.setdefault(edge.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return groups


# Modules that must not load another, even through others, with why.
NEVER_LOADS: dict[tuple[str, str], str] = {
    ("rules_engine.game", "rules_engine.replacement.grammar"): (
        "the game holds the effects in play as values (replacement/in_play.py), not the "
        "grammar that reads them from Oracle text (replacement/active.py asks it)"
    ),
    ("rules_engine.game", "rules_engine.replacement.sentences"): (
        "the grammar's rows read Oracle text; the game holds what they built, as values"
    ),
}


def loaded_by(module: str, edges: list[Import]) -> set[str]:
    """Every engine module importing ``module`` loads, directly or through others."""
    graph: dict[str, set[str]] = {}
    for edge in edges:
        graph.setdefault(edge.importer, set()).add(edge.target)
    seen: set[str] = set()
    todo = [module]
    while todo:
        for target in graph.get(todo.pop(), ()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


# --- The contract ----------------------------------------------------------------------


def test_every_engine_module_is_in_exactly_one_room() -> None:
    unplaced = [name for name in engine_modules() if room_of(name) is None]
    assert not unplaced, (
        "each engine module belongs to exactly one room of ROOMS "
        f"(tests/engine/test_import_layers.py, docs/architecture.md): {unplaced}"
    )


def test_no_module_imports_a_room_above_its_own() -> None:
    upward = []
    for found in all_imports():
        mine, theirs = room_of(found.importer), room_of(found.target)
        if mine is None or theirs is None or theirs <= mine:
            continue
        if found.kind == "typing" and (found.importer, found.target) in TYPING_ONLY:
            continue
        upward.append(
            f"{found.importer}:{found.line} ({ROOMS[mine][0].split(':')[0]}) imports "
            f"{found.target} ({ROOMS[theirs][0].split(':')[0]}), a room above it"
            + (" inside a function" if found.kind == "function" else "")
        )
    assert not upward, "a room imports only itself and the rooms below it:\n" + "\n".join(upward)


def test_the_typing_only_exceptions_are_still_needed() -> None:
    typing = {(f.importer, f.target) for f in all_imports() if f.kind == "typing"}
    stale = [pair for pair in TYPING_ONLY if pair not in typing]
    assert not stale, f"no longer imported under TYPE_CHECKING, drop from TYPING_ONLY: {stale}"


def test_no_imports_go_round_in_a_cycle() -> None:
    runtime = [f for f in all_imports() if f.kind != "typing"]
    found = cycles(runtime)
    assert not found, "import cycles (imports inside functions count):\n" + "\n".join(
        " <-> ".join(group) for group in found
    )


def test_modules_never_load_what_they_must_not() -> None:
    runtime = [f for f in all_imports() if f.kind != "typing"]
    loads = [
        f"{module} loads {target}: {why}"
        for (module, target), why in NEVER_LOADS.items()
        if target in loaded_by(module, runtime)
    ]
    assert not loads, "\n".join(loads)


# --- The checker finds what it should --------------------------------------------------

_MODULES = {"pkg", "pkg.a", "pkg.b", "pkg.sub", "pkg.sub.c"}


@pytest.mark.parametrize(
    ("source", "kind"),
    [
        ("from pkg.b import x\n", "module"),
        ("def f():\n    from pkg.b import x\n", "function"),
        ("class K:\n    def f(self):\n        import pkg.b\n", "function"),
        ("if TYPE_CHECKING:\n    from pkg.b import x\n", "typing"),
        ("from . import b\n", "module"),
        ("from .b import x\n", "module"),
    ],
)
def test_imports_are_found_at_any_depth(source: str, kind: str) -> None:
    assert [(f.target, f.kind) for f in imports_of(source, "pkg.a", _MODULES, False)] == [
        ("pkg.b", kind)
    ]


def test_a_relative_import_in_a_package_resolves_inside_it() -> None:
    found = imports_of("from .c import x\nfrom .. import a\n", "pkg.sub", _MODULES, True)
    assert [f.target for f in found] == ["pkg.sub.c", "pkg.a"]


def test_a_cycle_hidden_inside_a_function_is_a_cycle() -> None:
    edges = imports_of("from pkg.b import x\n", "pkg.a", _MODULES, False)
    edges += imports_of("def f():\n    from pkg.a import y\n", "pkg.b", _MODULES, False)
    assert cycles(edges) == [["pkg.a", "pkg.b"]]
