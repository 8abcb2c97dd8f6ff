"""A puzzle's link-preview image: the battlefield as printed and the question.

Drawn as SVG on the server (1200×630, the size link unfurls expect), and turned
into PNG when a rasterizer (CairoSVG with the system's cairo) is installed, since
most unfurlers don't read SVG. It never shows the answer.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from functools import cache
from types import ModuleType
from xml.sax.saxutils import escape

from tutor.boards.presenters import CardView

WIDTH, HEIGHT = 1200, 630
MAX_CARDS = 6
CARD_W, CARD_H, GAP = 360, 150, 30
TALL_CARD_H = 290
INK = "#1b1f24"


# Characters XML 1.0 forbids (control characters other than tab, newline, return).
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _xml(text: str) -> str:
    return escape(NOT_XML.sub("", text), {'"': "&quot;"})


def _text(x: int, y: int, text: str, size: int, weight: str = "normal", fill: str = INK) -> str:
    return (
        f'<text x="{x}" y="{y}" font-family="DejaVu Sans, Verdana, sans-serif" '
        f'font-size="{size}" font-weight="{weight}" fill="{fill}">{_xml(text)}</text>'
    )


def _lines(text: str, width: int, most: int) -> list[str]:
    lines = textwrap.wrap(text, width) or [""]
    if len(lines) > most:
        lines = lines[:most]
        lines[-1] = lines[-1][: width - 1].rstrip() + "…"
    return lines


def _owner_line(card: CardView) -> str:
    """Who controls it, after its name for learners when that tells it apart."""
    if card.known_as and card.known_as != card.name:
        return f"{card.known_as} · {card.controller}"
    return card.controller


def state_words(card: CardView) -> str:
    """What the board put on the card (counters, damage, tapped, attached): what a puzzle
    often hinges on, so the preview says it as the page does."""
    said = [f"{n} {kind} counter{'s' if n != 1 else ''}" for kind, n in card.counters.items()]
    if card.damage:
        said.append(f"{card.damage} damage")
    if card.tapped:
        said.append("tapped")
    if card.attached_to:
        said.append(f"attached to {card.attached_to}")
    return ", ".join(said)


def _card(card: CardView, x: int, y: int, height: int = CARD_H) -> str:
    parts = [
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{height}" rx="14" '
        'fill="#fbfaf5" stroke="#4a5563" stroke-width="3"/>',
        _text(x + 18, y + 40, _lines(card.name, 24, 1)[0], 26, "bold"),
        _text(x + 18, y + 78, _lines(card.type_line, 30, 1)[0], 20, fill="#3d4650"),
        _text(x + 18, y + 112, _owner_line(card), 18, fill="#5b6570"),
    ]
    state = state_words(card)
    if state:
        # On a tall card under the owner; on a short one beside the power/toughness.
        lines = _lines(state, 30, 2) if height > CARD_H else _lines(state, 22, 1)
        for i, line in enumerate(lines):
            parts.append(_text(x + 18, y + 140 + 28 * i, line, 20, "bold", "#7a2e0e"))
    if height > CARD_H and card.abilities:
        # A tall card has room for its rules text (as printed: never the answer).
        top = y + 148 + (28 * len(_lines(state, 30, 2)) if state else 0)
        room = max(0, (y + height - 50 - top) // 24)
        for i, line in enumerate(_lines("; ".join(card.abilities), 34, room)):
            parts.append(_text(x + 18, top + 24 * i, line, 18, fill="#3d4650"))
    if card.pt:
        parts.append(_text(x + CARD_W - 90, y + height - 18, card.pt, 30, "bold"))
    return "".join(parts)


# The question in the space under the cards: as large as fits, whole words on each line.
PROMPT_FITS = ((26, 66, 2), (22, 78, 3), (18, 96, 4))


def _prompt_lines(prompt: str) -> tuple[int, list[str]]:
    """The font size and lines that show the whole question (smaller type for a longer
    one); past the smallest, it ends at a whole word with "…"."""
    for size, width, most in PROMPT_FITS:
        lines = textwrap.wrap(prompt, width) or [""]
        if len(lines) <= most:
            return size, lines
    size, width, most = PROMPT_FITS[-1]
    lines = textwrap.wrap(prompt, width)[:most]
    lines[-1] = textwrap.shorten(lines[-1] + " …", width, placeholder=" …")
    return size, lines


def preview_svg(title: str, cards: Sequence[CardView], prompt: str) -> str:
    shown = list(cards)[:MAX_CARDS]
    body = [
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#e9eef3"/>',
        f'<rect width="{WIDTH}" height="72" fill="#23395b"/>',
        _text(40, 48, "Layerlab puzzle", 30, "bold", "#ffffff"),
    ]
    for i, line in enumerate(_lines(title, 60, 1)):
        body.append(_text(40, 128 + 40 * i, line, 36, "bold"))
    # One row of cards: taller ones, filling the image, room for what is on them.
    height = CARD_H if len(shown) > 3 else TALL_CARD_H
    for i, card in enumerate(shown):
        row, col = divmod(i, 3)
        body.append(_card(card, 40 + col * (CARD_W + GAP), 160 + row * (height + GAP), height))
    if len(cards) > MAX_CARDS:
        body.append(_text(40, 520, f"and {len(cards) - MAX_CARDS} more permanents", 20))
    size, lines = _prompt_lines(prompt)
    top = HEIGHT - 22 - (len(lines) - 1) * round(size * 1.3)
    for i, line in enumerate(lines):
        body.append(_text(40, top + round(size * 1.3) * i, line, size, "bold", "#23395b"))
    label = _xml(title)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{label}">'
        + "".join(body)
        + "</svg>"
    )


@cache
def _rasterizer() -> ModuleType | None:
    try:
        import cairosvg  # the system's cairo library may be missing: then no PNG
    except (ImportError, OSError):
        return None
    module: ModuleType = cairosvg
    return module


def png_available() -> bool:
    return _rasterizer() is not None


def preview_png(svg: str) -> bytes | None:
    cairosvg = _rasterizer()
    if cairosvg is None:
        return None
    try:
        png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"))
        return png
    except Exception:  # whatever the rasterizer trips on, the SVG preview remains
        return None
