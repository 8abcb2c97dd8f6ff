"""The progress page's chart: accuracy per concept as an SVG bar chart, drawn on the server.

Every bar carries its number and mastery in text, so the chart reads without colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from tutor.learn.mastery import ConceptRow

ROW, LABEL_W, BAR_W, PAD = 28, 300, 360, 10
MARKS = {"new": "", "learning": "learning", "familiar": "familiar ✓", "proficient": "proficient ★"}


def progress_svg(rows: Sequence[ConceptRow]) -> str:
    height = ROW * len(rows) + 2 * PAD + 20
    width = LABEL_W + BAR_W + 200
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-labelledby="chart-title">',
        '<title id="chart-title">Accuracy per concept</title>',
        f'<line x1="{LABEL_W}" y1="{PAD}" x2="{LABEL_W}" y2="{height - PAD - 16}" '
        'stroke="currentColor"/>',
    ]
    for i, row in enumerate(rows):
        y = PAD + i * ROW
        share = row.accuracy if row.attempts else 0.0
        parts.append(
            f'<text x="{LABEL_W - 8}" y="{y + 18}" text-anchor="end" font-size="16" '
            f'fill="currentColor">{escape(row.name)}</text>'
        )
        if row.attempts:
            parts.append(
                f'<rect x="{LABEL_W + 1}" y="{y + 5}" width="{max(2, share * BAR_W):.0f}" '
                f'height="{ROW - 10}" fill="currentColor" fill-opacity="0.55"/>'
            )
            label = f"{share:.0%} of {row.attempts} {MARKS[row.mastery]}".rstrip()
        else:
            label = "not tried yet"
        parts.append(
            f'<text x="{LABEL_W + 8 + (share * BAR_W if row.attempts else 0):.0f}" y="{y + 18}" '
            f'font-size="15" fill="currentColor">{escape(label)}</text>'
        )
    axis = height - PAD - 2
    for tick in (0, 50, 85, 100):
        x = LABEL_W + tick / 100 * BAR_W
        parts.append(
            f'<text x="{x:.0f}" y="{axis}" font-size="14" text-anchor="middle" '
            f'fill="currentColor">{tick}%</text>'
        )
    parts.append("</svg>")
    return "".join(parts)
