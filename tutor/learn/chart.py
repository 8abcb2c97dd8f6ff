"""The progress page's chart: accuracy per concept as an SVG bar chart, drawn on the server.

Every bar carries its number and mastery in text, so the chart reads without colour. Each
concept's name sits on its own line above its bar, from the left edge: a long name is
never clipped, and on a phone the bars start in view (the chart is narrow enough to fit).
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from tutor.learn.mastery import ConceptRow

ROW, LABEL_H, BAR_W, PAD, WIDTH = 50, 20, 200, 10, 420
MARKS = {"new": "", "learning": "learning", "familiar": "familiar ✓", "proficient": "proficient ★"}


def progress_svg(rows: Sequence[ConceptRow]) -> str:
    height = ROW * len(rows) + 2 * PAD + 20
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
        f'width="{WIDTH}" height="{height}" class="progress-chart" role="img" '
        'aria-labelledby="chart-title">',
        '<title id="chart-title">Accuracy per concept</title>',
    ]
    for i, row in enumerate(rows):
        y = PAD + i * ROW
        share = row.accuracy if row.attempts else 0.0
        parts.append(
            f'<text x="0" y="{y + 15}" font-size="15" fill="currentColor">{escape(row.name)}</text>'
        )
        bar_y = y + LABEL_H
        parts.append(
            f'<rect x="0" y="{bar_y}" width="{BAR_W}" height="{ROW - LABEL_H - 8}" '
            'fill="none" stroke="currentColor" stroke-opacity="0.4"/>'
        )
        if row.attempts:
            parts.append(
                f'<rect x="0" y="{bar_y}" width="{max(2, share * BAR_W):.0f}" '
                f'height="{ROW - LABEL_H - 8}" fill="currentColor" fill-opacity="0.55"/>'
            )
            label = f"{share:.0%} of {row.attempts} {MARKS[row.mastery]}".rstrip()
        else:
            label = "not tried yet"
        parts.append(
            f'<text x="{BAR_W + 6}" y="{bar_y + 16}" font-size="14" fill="currentColor">'
            f"{escape(label)}</text>"
        )
    axis = height - PAD - 2
    for tick in (0, 50, 85, 100):
        x = tick / 100 * BAR_W
        anchor = "start" if tick == 0 else "end" if tick == 100 else "middle"
        parts.append(
            f'<text x="{x:.0f}" y="{axis}" font-size="13" text-anchor="{anchor}" '
            f'fill="currentColor">{tick}%</text>'
        )
    parts.append("</svg>")
    return "".join(parts)
