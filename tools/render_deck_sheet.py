#!/usr/bin/env python3
"""Render a contact sheet of the deck (the 52 faces, the back, the Little and the Big
Joker, the 2♦ that plays as a spade, a hand of overlapping cards and the app icon) to a
PNG.

Usage::

    python tools/render_deck_sheet.py [--out docs/deck.png] [--width 100]
    python tools/render_deck_sheet.py --card AS --width 500 --out /tmp/AS.png

Runs offscreen; reads the SVG files straight from ``assets/``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QRectF, Qt  # noqa: E402
from PySide6.QtGui import QColor, QFont, QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "assets" / "cards"
ICON = ROOT / "assets" / "icons" / "spades-desktop.svg"
RANKS = "23456789TJQKA"
SUITS = "SHCD"
FELT = QColor("#1d6b40")


def render_svg(path: Path, painter: QPainter, rect: QRectF) -> None:
    renderer = QSvgRenderer(str(path))
    if not renderer.isValid():
        raise SystemExit(f"invalid SVG: {path}")
    renderer.render(painter, rect)


def render_sheet(out: Path, card_w: int) -> None:
    card_h = round(card_w * 1.4)
    gap = max(4, card_w // 12)
    cols, rows = len(RANKS), len(SUITS) + 1
    image = QImage(
        cols * (card_w + gap) + gap, rows * (card_h + gap) + gap, QImage.Format.Format_ARGB32
    )
    image.fill(FELT)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    for row, suit in enumerate(SUITS):
        for col, rank in enumerate(RANKS):
            rect = QRectF(gap + col * (card_w + gap), gap + row * (card_h + gap), card_w, card_h)
            render_svg(CARDS / f"{rank}{suit}.svg", painter, rect)
    y = gap + len(SUITS) * (card_h + gap)
    for col, name in enumerate(("back", "LJ", "BJ", "2D-trump")):
        render_svg(CARDS / f"{name}.svg", painter,
                   QRectF(gap + col * (card_w + gap), y, card_w, card_h))
    # A hand of overlapping cards as the table would show them, and the icon.
    x = gap + (card_w + gap) * 4.4
    for i, name in enumerate(["BJ", "AS", "KS", "QH", "JD", "TC", "9H", "7S", "2D"]):
        render_svg(CARDS / f"{name}.svg", painter, QRectF(x + i * 0.32 * card_w, y, card_w, card_h))
    x = gap + (card_w + gap) * 8.4
    for size in (s for s in (16, 24, 32, 48, 64, 128) if s <= card_h):
        render_svg(ICON, painter, QRectF(x, y + card_h - size, size, size))
        x += size + gap
    painter.setPen(QColor("#e8f0e8"))
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(10, card_w // 8))
    painter.setFont(font)
    painter.drawText(
        QRectF(x + gap, y, image.width() - x - 2 * gap, card_h),
        int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom | Qt.TextFlag.TextWordWrap),
        "Spades Desktop deck",
    )
    painter.end()
    out.parent.mkdir(parents=True, exist_ok=True)
    if not image.save(str(out)):
        raise SystemExit(f"could not write {out}")


def render_card(name: str, out: Path, card_w: int) -> None:
    path = ICON if name == "icon" else CARDS / f"{name}.svg"
    card_h = card_w if name == "icon" else round(card_w * 1.4)
    image = QImage(card_w + 20, card_h + 20, QImage.Format.Format_ARGB32)
    image.fill(FELT)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    render_svg(path, painter, QRectF(10, 10, card_w, card_h))
    painter.end()
    out.parent.mkdir(parents=True, exist_ok=True)
    if not image.save(str(out)):
        raise SystemExit(f"could not write {out}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render the deck contact sheet.")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "deck.png")
    parser.add_argument("--width", type=int, default=100, help="card width in pixels")
    parser.add_argument("--card", help="render a single card (e.g. AS, back, icon) instead")
    args = parser.parse_args(argv)
    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    if args.card:
        render_card(args.card, args.out, args.width)
    else:
        render_sheet(args.out, args.width)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
