"""The progress page's chart: accuracy per concept as an SVG bar chart, drawn on the server.

Every bar carries its number and mastery in text, so the chart reads without colour. Each
concept's name sits on its own line (two for a long one) above its bar, from the left
edge: no name is clipped, and the chart is as narrow as a phone, so its bars are in view
and its text keeps its size there.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from xml.sax.saxutils import escape

from tutor.learn.mastery import ConceptRow

WIDTH, BAR_W, PAD = 340, 150, 10
NAME_LINE, NAME_CHARS, BAR_H, GAP = 18, 38, 20, 12
MARKS = {"new": "", "learning": "learning", "familiar": "familiar ✓", "proficient": "proficient ★"}


def progress_svg(rows: Sequence[ConceptRow]) -> str:
    body: list[str] = []
    y = PAD
    for row in rows:
        for line in textwrap.wrap(row.name, NAME_CHARS) or [""]:
            y += NAME_LINE
            body.append(
                f'<text x="0" y="{y - 4}" font-size="15" fill="currentColor">{escape(line)}</text>'
            )
        share = row.accuracy if row.attempts else 0.0
        body.append(
            f'<rect x="0" y="{y}" width="{BAR_W}" height="{BAR_H}" fill="none" '
            'stroke="currentColor" stroke-opacity="0.4"/>'
        )
        if row.attempts:
            body.append(
                f'<rect x="0" y="{y}" width="{max(2, share * BAR_W):.0f}" height="{BAR_H}" '
                'fill="currentColor" fill-opacity="0.55"/>'
            )
            label = f"{share:.0%} of {row.attempts} {MARKS[row.mastery]}".rstrip()
        else:
            label = "not tried yet"
        body.append(
            f'<text x="{BAR_W + 6}" y="{y + 15}" font-size="14" fill="currentColor">'
            f"{escape(label)}</text>"
        )
        y += BAR_H + GAP
    y += 8
    for tick in (0, 50, 85, 100):
        anchor = "start" if tick == 0 else "end" if tick == 100 else "middle"
        body.append(
            f'<text x="{tick / 100 * BAR_W:.0f}" y="{y}" font-size="14" text-anchor="{anchor}" '
            f'fill="currentColor">{tick}%</text>'
        )
    height = y + PAD
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
        f'width="{WIDTH}" height="{height}" class="progress-chart" role="img" '
        'aria-labelledby="chart-title"><title id="chart-title">Accuracy per concept</title>'
        + "".join(body)
        + "</svg>"
    )
