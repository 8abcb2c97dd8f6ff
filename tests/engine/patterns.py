"""Every regular expression the engine runs, and pumped inputs that would make one slow.

``engine_patterns`` collects them without a list kept by hand: every compiled pattern
a ``rules_engine`` module holds (in a constant, a table or a template's fields) and
every pattern literal passed to ``re.match``, ``re.sub`` and the like in its source,
each with the ways the engine calls it (``match``, ``fullmatch``, ``search``, ``findall``
for ``sub``/``split``/``finditer``; ``search`` when a pattern is handed around, the
costliest). ``pumped`` builds the adversarial inputs: long repetitions of the words
and separators the pattern itself consumes (its literals), after its opening words,
and of common separators. ``cost`` times one call in CPU seconds.

Run ``python -m tests.engine.patterns`` to list the patterns whose cost grows faster
than their input (tests/engine/test_regex_linear.py fails on any).
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import re
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from re import _constants as C  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

ROOT = Path(__file__).resolve().parents[2] / "rules_engine"
CALLS = {
    "match": "match",
    "fullmatch": "fullmatch",
    "search": "search",
    "sub": "findall",
    "subn": "findall",
    "split": "findall",
    "findall": "findall",
    "finditer": "findall",
}
FLAGS = {
    "I": re.I,
    "IGNORECASE": re.I,
    "M": re.M,
    "MULTILINE": re.M,
    "S": re.S,
    "DOTALL": re.S,
    "X": re.X,
    "VERBOSE": re.X,
    "A": re.A,
    "ASCII": re.A,
}
# Separators and words a typed ability can repeat whatever the pattern reads.
COMMON = ("a ", ", ", " ", "x", "{", "(", '"', "target creature ", "1/1 ")


@dataclass(frozen=True)
class Found:
    pattern: re.Pattern[str]
    where: str
    methods: frozenset[str]


def _modules() -> list[tuple[str, Path]]:
    found = []
    for file in sorted(ROOT.rglob("*.py")):
        if file.name == "__main__.py":
            continue
        parts = file.relative_to(ROOT.parent).with_suffix("").parts
        found.append((".".join(parts).removesuffix(".__init__"), file))
    return found


def _walk(value: Any, where: str, out: dict[Any, list[str]], depth: int = 0) -> None:
    if depth > 5:
        return
    if isinstance(value, re.Pattern):
        out[(value.pattern, value.flags)].append(where)
    elif isinstance(value, dict):
        for key, item in value.items():
            _walk(key, f"{where}[key]", out, depth + 1)
            _walk(item, f"{where}[{key!r}]", out, depth + 1)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for i, item in enumerate(value):
            _walk(item, f"{where}[{i}]", out, depth + 1)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            _walk(getattr(value, f.name), f"{where}.{f.name}", out, depth + 1)


def _flags(nodes: list[ast.expr]) -> int:
    total = 0
    for node in nodes:
        for n in ast.walk(node):
            if (
                isinstance(n, ast.Attribute)
                and isinstance(n.value, ast.Name)
                and n.value.id == "re"
                and n.attr in FLAGS
            ):
                total |= FLAGS[n.attr]
    return total


def engine_patterns() -> list[Found]:
    """Every pattern of the engine, with how it is called."""
    held: dict[Any, list[str]] = defaultdict(list)
    inline: dict[Any, set[str]] = defaultdict(set)
    uses: dict[str, set[str]] = defaultdict(set)  # a name -> the methods called on it
    for name, file in _modules():
        module = importlib.import_module(name)
        for attr, value in vars(module).items():
            _walk(value, f"{name}.{attr}", held)
        for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            method, owner = node.func.attr, node.func.value
            if method not in CALLS:
                continue
            if isinstance(owner, ast.Name) and owner.id == "re":
                first = node.args[0] if node.args else None
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    flags = _flags(node.args[1:] + [k.value for k in node.keywords])
                    compiled = re.compile(first.value, flags)
                    key = (compiled.pattern, compiled.flags)
                    inline[key].add(CALLS[method])
                    held.setdefault(key, []).append(f"{name}:{node.lineno}")
            elif isinstance(owner, ast.Name):
                uses[owner.id].add(CALLS[method])
            elif isinstance(owner, ast.Attribute):
                uses[owner.attr].add(CALLS[method])
    found = []
    for (text, flags), wheres in held.items():
        methods = set(inline.get((text, flags), ()))
        for where in wheres:
            if ":" in where:
                continue  # a literal at its call: its own method
            tail = where.rsplit(".", 1)[-1]
            if "[" in tail or not uses.get(tail):
                methods.add("search")  # handed around in a table: the costliest call
            else:
                methods |= uses[tail]
        found.append(Found(re.compile(text, flags), wheres[0], frozenset(methods or {"search"})))
    return found


def literals(pattern: re.Pattern[str]) -> list[str]:
    """The runs of literal characters the pattern consumes, in order, each once."""
    found: list[str] = []
    run: list[str] = []

    def flush() -> None:
        if run:
            found.append("".join(run))
            run.clear()

    def visit(items: Any) -> None:
        for op, av in items:
            if op is C.LITERAL:
                run.append(chr(av))
                continue
            flush()
            if op is C.SUBPATTERN:
                visit(av[-1])
            elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
                visit(av[2])
            elif op is C.BRANCH:
                for alternative in av[1]:
                    visit(alternative)
                    flush()
            elif op is C.ATOMIC_GROUP:
                visit(av)
        flush()

    visit(sre_parse.parse(pattern.pattern, pattern.flags))
    return [text for text in dict.fromkeys(found) if text.strip()]


def _one(items: Any) -> str:
    """A character the set ``items`` allows (a letter where it can)."""
    if any(op is C.NEGATE for op, _ in items):
        excluded = {chr(av) for op, av in items if op is C.LITERAL}
        return next(c for c in "ab1 ,." if c not in excluded)
    for op, av in items:
        if op is C.LITERAL:
            return chr(av)
        if op is C.RANGE:
            return chr(av[0])
        if op is C.CATEGORY:
            return {C.CATEGORY_DIGIT: "1", C.CATEGORY_SPACE: " "}.get(av, "a")
    return "a"


def witnesses(pattern: re.Pattern[str], most: int = 16) -> list[str]:
    """Texts the pattern (about) matches: each choice's first alternative and each optional
    part once, then the same with one choice switched to another alternative, or with no
    optional part. Repeated, such a text offers every wildcard of the pattern every split."""
    parsed = sre_parse.parse(pattern.pattern, pattern.flags)
    branches: list[int] = []  # the number of alternatives of each choice, in order

    def build(items: Any, picks: dict[int, int], optional: int) -> str:
        out = []
        for op, av in items:
            if op is C.LITERAL:
                out.append(chr(av))
            elif op is C.NOT_LITERAL:
                out.append("b" if chr(av) == "a" else "a")
            elif op is C.ANY:
                out.append("a")
            elif op is C.IN:
                out.append(_one(av))
            elif op is C.SUBPATTERN:
                out.append(build(av[-1], picks, optional))
            elif op is C.ATOMIC_GROUP:
                out.append(build(av, picks, optional))
            elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
                low, high, inner = av
                times = low if low or not high else optional
                out.append(build(inner, picks, optional) * max(low, times))
            elif op is C.BRANCH:
                index = len(counted)
                counted.append(len(av[1]))
                out.append(build(av[1][picks.get(index, 0)], picks, optional))
        return "".join(out)

    counted: list[int] = []
    found = [build(parsed, {}, 1)]
    branches = list(counted)
    found.append(build(parsed, {}, 0))
    for index, size in enumerate(branches):
        for pick in range(1, size):
            counted = []
            found.append(build(parsed, {index: pick}, 1))
    return list(dict.fromkeys(found))[:most]


def pumped(pattern: re.Pattern[str], size: int) -> list[str]:
    """Inputs of about ``size`` characters built to make a backtracking pattern work hard:
    a text it matches, and each literal and separator, repeated, alone and after the
    pattern's opening words, ending in a character no pattern expects (so an anchored
    pattern fails at the end)."""
    words = literals(pattern)
    opening = words[0] if words else ""
    units = [*witnesses(pattern), *COMMON]
    units += [" a ".join(words) + " a ", "".join(words)]
    for word in words:
        units += [word, f"{word} a ", f"a {word}"]
    inputs = []
    for unit in dict.fromkeys(u for u in units if u):
        for prefix in ("", opening):
            times = -(-(size - len(prefix)) // len(unit))  # at least ``size`` characters
            inputs.append(prefix + unit * max(1, times) + "§")
    return list(dict.fromkeys(inputs))


def cost(pattern: re.Pattern[str], method: str, text: str, tries: int = 3) -> float:
    """The least CPU time of a few calls (a quick one is not timed again)."""
    call = getattr(pattern, method)
    best = float("inf")
    for _ in range(tries):
        start = time.process_time()
        call(text)
        best = min(best, time.process_time() - start)
        if best < 0.002 or best > 10 * CAP:
            break  # too quick to be judged slow, or far too slow to be noise
    return best


@dataclass(frozen=True)
class Slow:
    found: Found
    method: str
    text: str
    small: float  # seconds on the input of SMALL characters
    large: float  # seconds on the same pumping, LARGE characters

    def __str__(self) -> str:
        return (
            f"{self.found.where} ({self.method}): {self.small * 1000:.1f} ms on {SMALL} "
            f"characters, {self.large * 1000:.1f} ms on {LARGE}; pattern "
            f"{self.found.pattern.pattern[:120]!r}, input {self.text[:60]!r}..."
        )


# The longest text a board may hold (rules_engine.bounds.MAX_TEXT), then four times it.
SMALL = 4_000
LARGE = 16_000
CAP = 0.030  # no call may take longer (a linear pattern takes a few ms at LARGE)
FLOOR = 0.002  # below this at LARGE, growth is not judged (too quick to time)
GROWTH = 10  # four times the input: about 4x the time if linear, 16x if quadratic


def slow_calls(found: Found) -> list[Slow]:
    """Each way of calling the pattern whose time grows faster than its input."""
    slow = []
    for method in sorted(found.methods):
        small_inputs = pumped(found.pattern, SMALL)
        large_inputs = pumped(found.pattern, LARGE)
        for small_text, large_text in zip(small_inputs, large_inputs, strict=True):
            small = cost(found.pattern, method, small_text)
            if small > CAP:
                slow.append(Slow(found, method, small_text, small, float("inf")))
                break
            if small * (LARGE // SMALL) ** 2 < FLOOR:
                continue  # quick enough that even quadratic growth stays under the floor
            large = cost(found.pattern, method, large_text)
            if large > CAP or (large > FLOOR and large > GROWTH * small):
                slow.append(Slow(found, method, large_text, small, large))
                break
    return slow


if __name__ == "__main__":
    everything = engine_patterns()
    print(f"{len(everything)} patterns")
    for found in everything:
        for slow in slow_calls(found):
            print(slow)
