"""A layer's dependency graph drawn as server-side SVG (no script needed to see it).

Effects sit in a row in the order they are pending, each named by its card (wrapped onto
up to three lines, never cut); an arrow from A to B reads "A depends on B" and is labelled
in words with the 613.8a clause ("depends on it for what it applies to"). The page puts it
in a sideways-scrolling region and lists the same edges as text beside it.
"""

from __future__ import annotations

import textwrap

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from tutor.boards.presenters import LayerGraph

NODE_WIDTH = 200
LINE = 18
TOP = 20
GAP = 50
EDGE_ROW = 64
WRAP = 22


def _lines(name: str) -> list[str]:
    return textwrap.wrap(name, WRAP) or [""]


def graph_svg(graph: LayerGraph) -> SafeString:
    count = max(1, len(graph.nodes))
    node_height = 16 + LINE * max((len(_lines(n)) for n in graph.nodes), default=1)
    width = count * NODE_WIDTH + (count - 1) * GAP + 20
    bottom = TOP + node_height
    height = bottom + 40 + EDGE_ROW * max(1, len(graph.edges))
    x_of = {name: 10 + i * (NODE_WIDTH + GAP) for i, name in enumerate(graph.nodes)}
    arrow = f"arrow-{escape(graph.layer)}"  # one marker id per layer's graph on the page
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" class="dependency-graph" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'aria-labelledby="graph-{escape(graph.layer)}-title">',
        f'<title id="graph-{escape(graph.layer)}-title">'
        f"Dependencies in layer {escape(graph.layer)}: "
        + escape("; ".join(f"{e.dependent} depends on {e.on}" for e in graph.edges) or "none")
        + "</title>",
        f'<defs><marker id="{arrow}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
        'markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" '
        'class="arrow-head"/></marker></defs>',
    ]
    for name, x in x_of.items():
        lines = "".join(
            f'<tspan x="{x + NODE_WIDTH / 2}" dy="{LINE if i else 0}">{escape(line)}</tspan>'
            for i, line in enumerate(_lines(name))
        )
        parts.append(
            f'<g class="node"><rect x="{x}" y="{TOP}" width="{NODE_WIDTH}" '
            f'height="{node_height}" rx="6"/>'
            f'<text x="{x + NODE_WIDTH / 2}" y="{TOP + 22}" text-anchor="middle">{lines}</text></g>'
        )
    for i, edge in enumerate(graph.edges):
        start = x_of.get(edge.dependent, 10) + NODE_WIDTH / 2
        end = x_of.get(edge.on, 10) + NODE_WIDTH / 2
        depth = bottom + 34 + EDGE_ROW * i
        label = f"{edge.dependent} depends on {edge.on}"
        detail = f"for {edge.clause}" if edge.clause else ""
        middle = (start + end) / 2
        parts.append(
            f'<g class="edge"><title>{escape(label)}: {escape(edge.reason)}</title>'
            f'<path d="M {start} {bottom} C {start} {depth}, {end} {depth}, {end} {bottom}" '
            f'marker-end="url(#{arrow})"/>'
            f'<text x="{middle}" y="{depth + 2}" text-anchor="middle">'
            f'<tspan x="{middle}">{escape(label)}</tspan>'
            f'<tspan x="{middle}" dy="{LINE}" class="edge-clause">{escape(detail)}</tspan>'
            "</text></g>"
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # noqa: S308 - every interpolated value is escaped above
