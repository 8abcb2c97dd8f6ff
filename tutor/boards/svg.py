"""A layer's dependency graph drawn as server-side SVG (no script needed to see it).

Effects sit in a row in the order they are pending; an arrow from A to B
reads "A depends on B" and carries the reason as its title (read by screen
readers) and a short label.
"""

from __future__ import annotations

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from tutor.boards.presenters import LayerGraph

NODE_WIDTH = 150
NODE_HEIGHT = 40
GAP = 40
TOP = 20


def graph_svg(graph: LayerGraph) -> SafeString:
    count = max(1, len(graph.nodes))
    width = count * NODE_WIDTH + (count - 1) * GAP + 20
    height = TOP + NODE_HEIGHT + 40 + 60 * max(1, len(graph.edges))
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
        parts.append(
            f'<g class="node"><rect x="{x}" y="{TOP}" width="{NODE_WIDTH}" '
            f'height="{NODE_HEIGHT}" rx="6"/>'
            f'<text x="{x + NODE_WIDTH / 2}" y="{TOP + 25}" text-anchor="middle">'
            f"{escape(name[:22])}</text></g>"
        )
    for i, edge in enumerate(graph.edges):
        start = x_of.get(edge.dependent, 10) + NODE_WIDTH / 2
        end = x_of.get(edge.on, 10) + NODE_WIDTH / 2
        depth = TOP + NODE_HEIGHT + 30 + 60 * i
        parts.append(
            f'<g class="edge"><title>{escape(edge.dependent)} depends on {escape(edge.on)}: '
            f"{escape(edge.reason)}</title>"
            f'<path d="M {start} {TOP + NODE_HEIGHT} C {start} {depth}, {end} {depth}, '
            f'{end} {TOP + NODE_HEIGHT}" '
            f'marker-end="url(#{arrow})"/>'
            f'<text x="{(start + end) / 2}" y="{depth - 4}" text-anchor="middle">'
            f"{escape(edge.dependent)} waits for {escape(edge.on)}</text></g>"
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # noqa: S308 - every interpolated value is escaped above
