"""QR codes for puzzle links, so a class can open a puzzle from the projector."""

from __future__ import annotations

import io

import segno


def qr_svg(url: str) -> bytes:
    """A standalone SVG file: the QR code of ``url``, dark on light."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=8, border=2, light="#fff")
    return buffer.getvalue()
