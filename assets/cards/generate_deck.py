#!/usr/bin/env python3
"""Generate the Spades Desktop card deck and app icon as SVG files.

Stdlib only. Writes 52 faces (``AS.svg``, ``TH.svg``, ``2C.svg`` ...), the
Little and the Big Joker (``LJ.svg``, ``BJ.svg``: the same in both decks), the
backs (``back.svg``, ``back-red.svg``, ``back-green.svg``) next to this script,
the four-colour deck's diamonds and clubs (blue and green) in ``four-colour/``,
plus ``assets/icons/spades-desktop.svg``. The suits' colours are read from
``spades_desktop/looks.py`` (loaded as a file: it imports nothing of the package).
The design is our own: flat shapes, with suit symbols and rank glyphs drawn
as paths (no fonts, so the cards look the same everywhere), using only SVG
Tiny 1.2 features (paths, basic shapes, groups with transforms, a radial
gradient in the icon) so Qt's QSvgRenderer draws it faithfully.

Usage::

    python assets/cards/generate_deck.py [--cards-dir DIR] [--icon PATH]

The output is deterministic: running it twice gives byte-identical files.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import sys
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_ICON = HERE.parent / "icons" / "spades-desktop.svg"


def _load_looks():  # noqa: ANN202 (a module loaded from its file)
    path = HERE.parent.parent / "spades_desktop" / "looks.py"
    spec = importlib.util.spec_from_file_location("_spades_looks", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look the module up while it loads
    spec.loader.exec_module(module)
    return module


LOOKS = _load_looks()

W, H = 250, 350
CX, CY = W / 2, H / 2
RANKS = "23456789TJQKA"
SUITS = "CDHS"

RED = LOOKS.hex_colour(LOOKS.TWO_COLOUR_SUITS["H"])
BLACK = LOOKS.hex_colour(LOOKS.TWO_COLOUR_SUITS["S"])
GOLD = "#e2a72e"
GOLD_DARK = "#9c6b12"
INK = "#3a2a1a"
SKIN = "#f5d6b4"
WHITE = "#ffffff"

SUIT_NAMES = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}
RANK_NAMES = {
    "2": "Two",
    "3": "Three",
    "4": "Four",
    "5": "Five",
    "6": "Six",
    "7": "Seven",
    "8": "Eight",
    "9": "Nine",
    "T": "Ten",
    "J": "Jack",
    "Q": "Queen",
    "K": "King",
    "A": "Ace",
}


def n(value: float) -> str:
    """Format a number compactly and deterministically."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


_suit_colours: Mapping[str, tuple[int, int, int]] = LOOKS.TWO_COLOUR_SUITS


def suit_colour(suit: str) -> str:
    """The colour of ``suit``'s ranks and pips in the deck being written."""
    return LOOKS.hex_colour(_suit_colours[suit])


@contextmanager
def suit_colours(colours: Mapping[str, tuple[int, int, int]]) -> Iterator[None]:
    """Write the faces in ``colours`` (suit letter → red, green, blue) meanwhile."""
    global _suit_colours
    saved, _suit_colours = _suit_colours, colours
    try:
        yield
    finally:
        _suit_colours = saved


# --------------------------------------------------------------------------
# Suit symbols, drawn in a 100 x 100 box centred on the origin.
# --------------------------------------------------------------------------

HEART = (
    "M0 46C-6 36-22 22-34 10C-46-2-50-12-50-22C-50-38-38-48-25-48"
    "C-12-48-4-40 0-30C4-40 12-48 25-48C38-48 50-38 50-22"
    "C50-12 46-2 34 10C22 22 6 36 0 46Z"
)
SPADE = (
    "M0-50C-6-38-22-24-34-12C-46 0-50 8-50 17C-50 31-39 40-26 40"
    "C-16 40-8 35-3 27C-3 38-8 45-16 50L16 50C8 45 3 38 3 27"
    "C8 35 16 40 26 40C39 40 50 31 50 17C50 8 46 0 34-12C22-24 6-38 0-50Z"
)
DIAMOND = "M0-50Q16-20 38 0Q16 20 0 50Q-16 20-38 0Q-16-20 0-50Z"


def _circle_path(cx: float, cy: float, r: float) -> str:
    return (
        f"M{n(cx - r)} {n(cy)}A{n(r)} {n(r)} 0 1 0 {n(cx + r)} {n(cy)}"
        f"A{n(r)} {n(r)} 0 1 0 {n(cx - r)} {n(cy)}Z"
    )


CLUB_PARTS = (
    _circle_path(0, -25, 22.5),
    _circle_path(-25, 11, 22.5),
    _circle_path(25, 11, 22.5),
    "M0-12L-16 18L16 18Z",
    "M-3 10C-3 30-9 42-18 50L18 50C9 42 3 30 3 10Z",
)

SUIT_PATHS: dict[str, tuple[str, ...]] = {
    "C": CLUB_PARTS,
    "D": (DIAMOND,),
    "H": (HEART,),
    "S": (SPADE,),
}


def suit_shape(
    suit: str,
    x: float,
    y: float,
    size: float,
    *,
    fill: str | None = None,
    rotate: bool = False,
    extra: str = "",
) -> str:
    """A suit symbol ``size`` units wide (nominally) centred on ``(x, y)``."""
    fill = fill or suit_colour(suit)
    transform = f"translate({n(x)} {n(y)}) scale({n(size / 100)})"
    if rotate:
        transform += " rotate(180)"
    paths = "".join(f'<path d="{d}"/>' for d in SUIT_PATHS[suit])
    return f'<g transform="{transform}" fill="{fill}"{extra}>{paths}</g>'


# --------------------------------------------------------------------------
# Rank glyphs: our own rounded bold letterforms, drawn as stroked centre lines
# in a box 40 units tall (baseline at y = 40), so indices look the same on
# every platform whatever fonts are installed.
# --------------------------------------------------------------------------

GLYPH_STROKE = 7.5


def _ellipse_path(cx: float, cy: float, rx: float, ry: float) -> str:
    return (
        f"M{n(cx - rx)} {n(cy)}A{n(rx)} {n(ry)} 0 1 1 {n(cx + rx)} {n(cy)}"
        f"A{n(rx)} {n(ry)} 0 1 1 {n(cx - rx)} {n(cy)}Z"
    )


SIX = (
    _ellipse_path(13, 26, 9.25, 10.25),
    "M20.5 6.5C18.5 4.75 16 3.75 13.25 3.75C7.5 3.75 3.75 9.5 3.75 18L3.75 26",
)

# char -> (advance width, centre-line paths, optional transform)
GLYPHS: dict[str, tuple[float, tuple[str, ...], str]] = {
    "0": (22, ("M3.75 11A7.25 7.25 0 0 1 18.25 11L18.25 29A7.25 7.25 0 0 1 3.75 29Z",), ""),
    "1": (16, ("M3.75 10L11 3.75L11 36.25",), ""),
    "2": (
        26,
        (
            "M4 11.5C4 6.75 7.75 3.75 13 3.75C18.25 3.75 22 6.75 22 11.75"
            "C22 16.5 18.5 19.75 13.5 23.75L4 36.25L22.5 36.25",
        ),
        "",
    ),
    "3": (
        26,
        (
            "M4.25 8C6 5.25 9 3.75 12.5 3.75C17.5 3.75 21 6.75 21 11.25C21 16 17.5 19 12 19L9.5 19",
            "M12 19C18.5 19 22.25 22.5 22.25 27.5C22.25 32.75 18.25 36.25 12.75 36.25"
            "C8.75 36.25 5.5 34.75 3.75 31.5",
        ),
        "",
    ),
    "4": (26, ("M17.5 36.25L17.5 3.75L3.75 26.5L22.5 26.5",), ""),
    "5": (
        26,
        (
            "M21.5 3.75L6 3.75L4.75 18.5C7 16.5 10 15.75 13 15.75C18.5 15.75 22.25 19.75 "
            "22.25 26C22.25 32.25 18.25 36.25 12.5 36.25C8.5 36.25 5.5 34.5 3.75 31.5",
        ),
        "",
    ),
    "6": (26, SIX, ""),
    "7": (26, ("M3.75 3.75L22.25 3.75C16 13 12 23 11 36.25",), ""),
    "8": (26, (_ellipse_path(13, 11.5, 8, 7.75), _ellipse_path(13, 27.5, 9.25, 8.75)), ""),
    "9": (26, SIX, "rotate(180 13 20)"),
    "A": (30, ("M3.75 36.25L15 3.75L26.25 36.25", "M8.5 25L21.5 25"), ""),
    "K": (27, ("M3.75 3.75L3.75 36.25", "M23.25 3.75L4 23", "M10.5 16.5L23.25 36.25"), ""),
    "Q": (30, (_ellipse_path(15, 20, 11.25, 16.25), "M17.5 27.5L26.5 38"), ""),
    "J": (
        22,
        ("M18.25 3.75L18.25 26.5C18.25 32.5 15 36.25 10.75 36.25C6.75 36.25 3.75 33.5 3.75 29",),
        "",
    ),
    # the other letters of "BIG JOKER" and "LITTLE JOKER", for the jokers' faces
    "B": (
        25,
        (
            "M3.75 36.25L3.75 3.75L12.5 3.75C17.5 3.75 20.5 6.75 20.5 11.25"
            "C20.5 15.75 17.5 19 12.5 19L3.75 19",
            "M12.5 19C18.5 19 21.75 22.5 21.75 27.5C21.75 32.75 18.5 36.25 12.5 36.25"
            "L3.75 36.25",
        ),
        "",
    ),
    "I": (7.5, ("M3.75 3.75L3.75 36.25",), ""),
    "G": (
        29,
        (
            "M24.5 9C22.5 5.5 18.75 3.75 14.5 3.75C8.25 3.75 3.75 10.5 3.75 20"
            "C3.75 29.5 8.25 36.25 14.5 36.25C20.5 36.25 25.25 32 25.25 24L25.25 21.5"
            "L15.5 21.5",
        ),
        "",
    ),
    "L": (21, ("M3.75 3.75L3.75 36.25L18.5 36.25",), ""),
    "T": (25, ("M3.75 3.75L21.25 3.75", "M12.5 3.75L12.5 36.25"), ""),
    " ": (9, (), ""),
    "O": (28, (_ellipse_path(14, 20, 10.25, 16.25),), ""),
    "E": (23, ("M19.5 3.75L3.75 3.75L3.75 36.25L19.5 36.25", "M3.75 20L16.5 20"), ""),
    "R": (
        26,
        (
            "M3.75 36.25L3.75 3.75L12.5 3.75C18.5 3.75 21.75 7.25 21.75 11.75"
            "C21.75 16.25 18.5 19.75 12.5 19.75L3.75 19.75",
            "M12.5 19.75L22.25 36.25",
        ),
        "",
    ),
}
GLYPH_SPACING = 2.5


def rank_label(rank: str, cx: float, top: float, height: float, colour: str) -> str:
    """The rank ("10" for T) drawn with GLYPHS, centred on ``cx``, ``height`` tall."""
    label = "10" if rank == "T" else rank
    scale = height / 40
    width = sum(GLYPHS[c][0] for c in label) + GLYPH_SPACING * (len(label) - 1)
    x = cx - width * scale / 2
    parts = []
    for char in label:
        advance, paths, transform = GLYPHS[char]
        inner = "".join(f'<path d="{d}"/>' for d in paths)
        if transform:
            inner = f'<g transform="{transform}">{inner}</g>'
        parts.append(f'<g transform="translate({n(x)} {n(top)}) scale({n(scale)})">{inner}</g>')
        x += (advance + GLYPH_SPACING) * scale
    return (
        f'<g fill="none" stroke="{colour}" stroke-width="{GLYPH_STROKE}" '
        f'stroke-linecap="round" stroke-linejoin="round">{"".join(parts)}</g>'
    )


# --------------------------------------------------------------------------
# Card furniture
# --------------------------------------------------------------------------


def svg_document(title: str, body: Iterable[str], width: int = W, height: int = H) -> str:
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.2" baseProfile="tiny" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
        f"<title>{title}</title>",
        *body,
        "</svg>",
        "",
    ]
    return "\n".join(lines)


def card_blank() -> str:
    return (
        f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="14" ry="14" '
        f'fill="{WHITE}" stroke="#4a4a4a" stroke-width="2"/>'
    )


def index_group(rank: str, suit: str) -> str:
    """Rank + small suit symbol for the top-left corner (upright)."""
    colour = suit_colour(suit)
    x = 28
    return rank_label(rank, x, 14, 40, colour) + suit_shape(suit, x, 81, 34)


def corner_indices(rank: str, suit: str) -> list[str]:
    idx = index_group(rank, suit)
    return [idx, f'<g transform="rotate(180 {n(CX)} {n(CY)})">{idx}</g>']


# --------------------------------------------------------------------------
# Pip cards
# --------------------------------------------------------------------------

XL, XC, XR = 79.0, CX, 171.0
YT, YB = 76.0, H - 76.0


def _rows(count: int) -> list[float]:
    return [YT + (YB - YT) * i / (count - 1) for i in range(count)]


def pip_positions(rank: str) -> list[tuple[float, float]]:
    """Classic pip positions for 2..10."""
    r2 = _rows(2)
    r3 = _rows(3)
    r4 = _rows(4)
    count = 10 if rank == "T" else int(rank)
    sides = [(XL, y) for y in r2] + [(XR, y) for y in r2]
    if count == 2:
        return [(XC, y) for y in r2]
    if count == 3:
        return [(XC, y) for y in r3]
    if count == 4:
        return sides
    if count == 5:
        return sides + [(XC, CY)]
    six = [(XL, y) for y in r3] + [(XR, y) for y in r3]
    if count == 6:
        return six
    upper = (r3[0] + r3[1]) / 2
    lower = (r3[1] + r3[2]) / 2
    if count == 7:
        return six + [(XC, upper)]
    if count == 8:
        return six + [(XC, upper), (XC, lower)]
    eight = [(XL, y) for y in r4] + [(XR, y) for y in r4]
    if count == 9:
        return eight + [(XC, CY)]
    return eight + [(XC, (r4[0] + r4[1]) / 2), (XC, (r4[2] + r4[3]) / 2)]


def pip_card(rank: str, suit: str) -> list[str]:
    size = 46 if suit == "D" else 44
    body = []
    for x, y in pip_positions(rank):
        body.append(suit_shape(suit, x, y, size, rotate=y > CY + 0.01))
    return body


def ace_card(suit: str) -> list[str]:
    if suit != "S":
        return [suit_shape(suit, CX, CY, 104)]
    # The ace of spades: a large decorated spade inside an oval cartouche.
    body = [
        f'<ellipse cx="{n(CX)}" cy="{n(CY)}" rx="92" ry="122" fill="none" '
        f'stroke="{BLACK}" stroke-width="2.5"/>',
        f'<ellipse cx="{n(CX)}" cy="{n(CY)}" rx="86" ry="116" fill="none" '
        f'stroke="{GOLD}" stroke-width="1.5"/>',
    ]
    for angle in range(0, 360, 30):
        rad = math.radians(angle)
        px = CX + 89 * math.sin(rad)
        py = CY - 119 * math.cos(rad)
        if angle % 90 == 0:
            body.append(suit_shape("D", px, py, 14, fill=BLACK))
        else:
            body.append(f'<circle cx="{n(px)}" cy="{n(py)}" r="2.6" fill="{GOLD_DARK}"/>')
    body.append(suit_shape("S", CX, CY - 4, 136))
    # Inlaid outline and a small emblem inside the big spade.
    body.append(
        f'<g transform="translate({n(CX)} {n(CY - 4)}) scale(1.08)">'
        f'<path d="{SPADE}" fill="none" stroke="{GOLD}" stroke-width="1.6"/></g>'
    )
    body.append(suit_shape("S", CX, CY - 12, 30, fill=WHITE))
    body.append(
        f'<circle cx="{n(CX)}" cy="{n(CY - 12)}" r="24" fill="none" stroke="{WHITE}" '
        f'stroke-width="2"/>'
    )
    return body


# --------------------------------------------------------------------------
# Court cards
# --------------------------------------------------------------------------

PANEL = (54.0, 22.0, 196.0, H - 22.0)  # x0, y0, x1, y1

COURT_STYLE = {
    # rank: (panel tint, robe, robe trim, accent)
    "K": ("#fbf0d6", "#b01a2e", GOLD, "#1f4f9c"),
    "Q": ("#f3e8f4", "#2456a6", GOLD, "#d23c6e"),
    "J": ("#e4f0ea", "#2f7d50", GOLD, "#b01a2e"),
}


def _head(mouth: bool = True) -> list[str]:
    parts = [
        f'<ellipse cx="125" cy="93" rx="15" ry="17.5" fill="{SKIN}" stroke="{INK}" '
        f'stroke-width="1.4"/>',
        f'<circle cx="119.5" cy="90" r="1.8" fill="{INK}"/>',
        f'<circle cx="130.5" cy="90" r="1.8" fill="{INK}"/>',
        '<circle cx="117.5" cy="99" r="2.6" fill="#f0b4a0"/>',
        '<circle cx="132.5" cy="99" r="2.6" fill="#f0b4a0"/>',
        f'<path d="M125.5 92.5Q128 97 124.5 99" fill="none" stroke="{INK}" stroke-width="1"/>',
    ]
    if mouth:
        parts.append(
            '<path d="M120.5 104Q125 107.5 129.5 104" fill="none" stroke="#b3122e" '
            'stroke-width="1.8"/>'
        )
    return parts


def _robe(robe: str, trim: str, suit: str) -> list[str]:
    colour = suit_colour(suit)
    return [
        # shoulders and body
        f'<path d="M66 175L66 152C68 130 90 118 110 113L140 113C160 118 182 130 184 152'
        f'L184 175Z" fill="{robe}" stroke="{INK}" stroke-width="1.5"/>',
        # central band
        f'<path d="M114 118L136 118L140 175L110 175Z" fill="{trim}" stroke="{INK}" '
        f'stroke-width="1.2"/>',
        # emblem on the chest
        f'<circle cx="125" cy="152" r="13" fill="{WHITE}" stroke="{INK}" stroke-width="1.2"/>',
        suit_shape(suit, 125, 152, 17, fill=colour),
    ]


def _king(suit: str, robe: str, trim: str, accent: str) -> list[str]:
    parts = _robe(robe, trim, suit)
    # ermine collar
    parts.append(
        f'<path d="M102 114Q125 130 148 114L152 124Q125 142 98 124Z" fill="{WHITE}" '
        f'stroke="{INK}" stroke-width="1.2"/>'
    )
    for x, y in ((108, 122), (118, 128), (132, 128), (142, 122)):
        parts.append(f'<path d="M{x} {y}l-2 4h4z" fill="{INK}"/>')
    # hair behind the head
    parts.append(
        f'<path d="M108 86C104 96 105 108 110 114L140 114C145 108 146 96 142 86Z" '
        f'fill="#7a4a24" stroke="{INK}" stroke-width="1.2"/>'
    )
    parts += _head(mouth=False)
    # beard and moustache
    parts.append(
        f'<path d="M110 97C111 113 119 122 125 124C131 122 139 113 140 97'
        f'C135 104 130 103 125 103C120 103 115 104 110 97Z" fill="#7a4a24" '
        f'stroke="{INK}" stroke-width="1.2"/>'
    )
    parts.append('<path d="M117 104Q125 99 133 104Q125 106 117 104Z" fill="#5a3418"/>')
    # crown
    parts.append(
        f'<path d="M105 77L102 50L114 63L125 44L136 63L148 50L145 77Z" fill="{trim}" '
        f'stroke="{GOLD_DARK}" stroke-width="1.5" stroke-linejoin="round"/>'
    )
    parts.append(
        f'<rect x="104" y="70" width="42" height="9" fill="{trim}" stroke="{GOLD_DARK}" '
        f'stroke-width="1.5"/>'
    )
    for x, y in ((102, 50), (125, 44), (148, 50)):
        parts.append(
            f'<circle cx="{x}" cy="{y}" r="3.8" fill="{trim}" stroke="{GOLD_DARK}" '
            f'stroke-width="1.2"/>'
        )
    for x, colour in ((114, accent), (125, RED), (136, accent)):
        parts.append(f'<circle cx="{x}" cy="74.5" r="2.6" fill="{colour}"/>')
    # sword held upright on the right
    parts.append(
        f'<path d="M168 40L172 40L172 142L168 142Z" fill="#d7dbe2" stroke="{INK}" '
        f'stroke-width="1.2"/>'
    )
    parts.append(f'<path d="M170 36L172 40L168 40Z" fill="#d7dbe2" stroke="{INK}"/>')
    parts.append(
        f'<rect x="158" y="140" width="24" height="6" rx="2" fill="{trim}" '
        f'stroke="{GOLD_DARK}" stroke-width="1.2"/>'
    )
    parts.append(f'<rect x="167.5" y="146" width="5" height="14" fill="#6b3f1e" stroke="{INK}"/>')
    parts.append(f'<circle cx="170" cy="164" r="4" fill="{trim}" stroke="{GOLD_DARK}"/>')
    return parts


def _queen(suit: str, robe: str, trim: str, accent: str) -> list[str]:
    parts = _robe(robe, trim, suit)
    # lace collar: a row of scallops
    parts.append(
        f'<path d="M100 116Q125 134 150 116L150 124Q125 144 100 124Z" fill="{WHITE}" '
        f'stroke="{INK}" stroke-width="1.2"/>'
    )
    for x in (106, 115, 125, 135, 144):
        parts.append(
            f'<circle cx="{x}" cy="{126 + (4 if 110 < x < 140 else 0)}" r="1.6" fill="{accent}"/>'
        )
    # long hair behind the head
    parts.append(
        f'<path d="M108 80C100 96 100 118 104 128L116 122C112 108 112 94 116 84Z" '
        f'fill="#8c3f1c" stroke="{INK}" stroke-width="1.2"/>'
    )
    parts.append(
        f'<path d="M142 80C150 96 150 118 146 128L134 122C138 108 138 94 134 84Z" '
        f'fill="#8c3f1c" stroke="{INK}" stroke-width="1.2"/>'
    )
    parts += _head()
    # fringe
    parts.append(
        f'<path d="M110 88C110 76 118 73 125 73C132 73 140 76 140 88'
        f'C134 80 128 80 125 84C122 80 116 80 110 88Z" fill="#8c3f1c" '
        f'stroke="{INK}" stroke-width="1.2"/>'
    )
    # tiara with a flower jewel
    parts.append(
        f'<path d="M106 78Q125 56 144 78L140 81Q125 64 110 81Z" fill="{trim}" '
        f'stroke="{GOLD_DARK}" stroke-width="1.3"/>'
    )
    for i in range(5):
        rad = math.radians(i * 72)
        parts.append(
            f'<circle cx="{n(125 + 4.5 * math.sin(rad))}" cy="{n(63 - 4.5 * math.cos(rad))}" '
            f'r="3.4" fill="{accent}" stroke="{INK}" stroke-width="0.8"/>'
        )
    parts.append(f'<circle cx="125" cy="63" r="2.4" fill="{trim}"/>')
    for x in (113, 137):
        parts.append(f'<circle cx="{x}" cy="{n(71.5)}" r="2.2" fill="{accent}"/>')
    # a flower held on the left
    parts.append(
        '<path d="M86 160C84 140 80 124 80 106" fill="none" stroke="#2f6e3a" stroke-width="2.5"/>'
    )
    parts.append(
        f'<path d="M81 132C72 128 68 120 68 114C76 116 81 122 81 132Z" fill="#3f8f4c" '
        f'stroke="{INK}" stroke-width="0.8"/>'
    )
    for i in range(6):
        rad = math.radians(i * 60)
        parts.append(
            f'<circle cx="{n(80 + 7 * math.sin(rad))}" cy="{n(100 - 7 * math.cos(rad))}" '
            f'r="5" fill="{accent}" stroke="{INK}" stroke-width="0.8"/>'
        )
    parts.append(
        f'<circle cx="80" cy="100" r="4" fill="{trim}" stroke="{INK}" stroke-width="0.8"/>'
    )
    parts.append(
        f'<circle cx="83.5" cy="138" r="5" fill="{SKIN}" stroke="{INK}" stroke-width="1"/>'
    )
    return parts


def _jack(suit: str, robe: str, trim: str, accent: str) -> list[str]:
    colour = suit_colour(suit)
    parts = _robe(robe, trim, suit)
    # striped collar
    parts.append(
        f'<path d="M104 113L146 113L150 123L100 123Z" fill="{accent}" stroke="{INK}" '
        f'stroke-width="1.2"/>'
    )
    for x in (110, 120, 130, 140):
        parts.append(f'<rect x="{x - 1.5}" y="113" width="3" height="10" fill="{trim}"/>')
    # short hair
    parts.append(
        f'<path d="M109 84C104 94 106 106 110 110L140 110C144 106 146 94 141 84Z" '
        f'fill="#c98b2e" stroke="{INK}" stroke-width="1.2"/>'
    )
    parts += _head()
    # feathered cap
    parts.append(
        f'<path d="M140 66C152 50 164 40 182 34C176 46 162 60 146 72Z" fill="{trim}" '
        f'stroke="{GOLD_DARK}" stroke-width="1.2"/>'
    )
    parts.append(f'<path d="M143 69L174 40" fill="none" stroke="{GOLD_DARK}" stroke-width="1"/>')
    parts.append(
        f'<path d="M107 80C106 64 116 58 126 58C137 58 145 65 144 80Z" fill="{accent}" '
        f'stroke="{INK}" stroke-width="1.3"/>'
    )
    parts.append(
        f'<rect x="102" y="77" width="46" height="7" rx="3.5" fill="{robe}" '
        f'stroke="{INK}" stroke-width="1.2"/>'
    )
    parts.append(f'<circle cx="136" cy="71" r="3" fill="{trim}" stroke="{GOLD_DARK}"/>')
    # shield on the left
    parts.append(
        f'<path d="M68 118L102 118L102 140C102 156 92 164 85 168C78 164 68 156 68 140Z" '
        f'fill="{WHITE}" stroke="{INK}" stroke-width="1.6"/>'
    )
    parts.append(
        f'<path d="M72 122L98 122L98 140C98 153 90 160 85 163C80 160 72 153 72 140Z" '
        f'fill="none" stroke="{trim}" stroke-width="2"/>'
    )
    parts.append(suit_shape(suit, 85, 140, 20, fill=colour))
    return parts


def court_card(rank: str, suit: str) -> list[str]:
    tint, robe, trim, accent = COURT_STYLE[rank]
    colour = suit_colour(suit)
    x0, y0, x1, y1 = PANEL
    draw = {"K": _king, "Q": _queen, "J": _jack}[rank]
    figure = "".join(draw(suit, robe, trim, accent))
    half = (
        f"<g>{figure}"
        + suit_shape(suit, x0 + 15, y0 + 18, 18)
        + rank_label(rank, x0 + 15, y0 + 34, 15, colour)
        + "</g>"
    )
    return [
        f'<rect x="{n(x0)}" y="{n(y0)}" width="{n(x1 - x0)}" height="{n(y1 - y0)}" rx="6" '
        f'fill="{tint}" stroke="{colour}" stroke-width="3"/>',
        half,
        f'<g transform="rotate(180 {n(CX)} {n(CY)})">{half}</g>',
        f'<path d="M{n(x0)} {n(CY)}L{n(x1)} {n(CY)}" stroke="{GOLD_DARK}" stroke-width="1.5"/>',
        f'<rect x="{n(x0 + 5)}" y="{n(y0 + 5)}" width="{n(x1 - x0 - 10)}" '
        f'height="{n(y1 - y0 - 10)}" rx="3" fill="none" stroke="{GOLD}" stroke-width="1.2"/>',
        f'<circle cx="{n(CX)}" cy="{n(CY)}" r="6" fill="{GOLD}" stroke="{colour}" '
        f'stroke-width="1.5"/>',
    ]


# --------------------------------------------------------------------------
# Jokers
# --------------------------------------------------------------------------

JOKER_NAMES = {"LJ": "Little Joker", "BJ": "Big Joker"}
JOKER_WORDS = {"LJ": "LITTLE JOKER", "BJ": "BIG JOKER"}  # under the figure

JOKER_STYLE = {
    # code: (panel tint, tunic left, tunic right, cap lobes, bells, skin, cheeks, mouth);
    # the index colour is spades_desktop/looks.py's (JOKER_COLOURS): the Little Joker
    # black and grey only, the Big Joker in colour
    "LJ": ("#f1f1f1", BLACK, WHITE, (BLACK, WHITE, BLACK), "#9a9a9a", WHITE, "#d4d4d4",
           BLACK),
    "BJ": ("#fbf0d6", RED, "#1f4f9c", (RED, GOLD, "#1f4f9c"), GOLD, SKIN, "#f0b4a0",
           "#b3122e"),
}


def joker_colour(code: str) -> str:
    """The colour of a joker's index ("LJ" or "BJ")."""
    return LOOKS.hex_colour(LOOKS.JOKER_COLOURS[code])


def _star_path(cx: float, cy: float, outer: float, inner: float) -> str:
    """A five-pointed star centred on ``(cx, cy)``, a point upwards."""
    points = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        rad = math.radians(i * 36)
        points.append(f"{n(cx + r * math.sin(rad))} {n(cy - r * math.cos(rad))}")
    return "M" + "L".join(points) + "Z"


def word_column(word: str, cx: float, top: float, height: float, gap: float,
                colour: str) -> str:
    """``word`` written downwards, a letter under the other, each ``height`` tall and
    centred on ``cx``."""
    return "".join(rank_label(char, cx, top + i * (height + gap), height, colour)
                   for i, char in enumerate(word))


def joker_index(code: str) -> str:
    """A joker's top-left corner (upright): "JOKER" downwards, and a star under it,
    filled for the Big Joker and hollow for the Little one, so that the two differ in
    shape as well as in colour."""
    colour = joker_colour(code)
    star = _star_path(28, 176, 13, 5.5)
    if code == "BJ":
        mark = f'<path d="{star}" fill="{colour}"/>'
    else:
        mark = (f'<path d="{star}" fill="none" stroke="{colour}" stroke-width="2.6" '
                f'stroke-linejoin="round"/>')
    return word_column("JOKER", 28, 14, 25, 4, colour) + mark


def joker_card(code: str) -> list[str]:
    """A jester in a cap with three bells, on a panel like the court cards'."""
    tint, left, right, lobes, bells, skin, cheeks, mouth = JOKER_STYLE[code]
    colour = joker_colour(code)
    x0, y0, x1, y1 = PANEL
    body = [
        f'<rect x="{n(x0)}" y="{n(y0)}" width="{n(x1 - x0)}" height="{n(y1 - y0)}" rx="6" '
        f'fill="{tint}" stroke="{colour}" stroke-width="3"/>',
    ]
    for x, y, r in ((76, 120, 6), (174, 128, 6), (80, 182, 4.5), (170, 190, 4.5)):
        body.append(f'<path d="{_star_path(x, y, r, r * 0.42)}" fill="{bells}"/>')
    # the tunic, halved in two colours, with diamonds down its middle
    body.append(
        f'<path d="M70 296L70 262C72 232 96 214 112 208L125 208L125 296Z" fill="{left}" '
        f'stroke="{INK}" stroke-width="1.5"/>'
    )
    body.append(
        f'<path d="M180 296L180 262C178 232 154 214 138 208L125 208L125 296Z" '
        f'fill="{right}" stroke="{INK}" stroke-width="1.5"/>'
    )
    for i, y in enumerate((232, 256, 280)):
        fill = bells if i % 2 == 0 else tint
        body.append(f'<path d="M125 {y - 11}L133 {y}L125 {y + 11}L117 {y}Z" fill="{fill}" '
                    f'stroke="{INK}" stroke-width="1.2"/>')
    # a pointed ruff under the chin
    tips = []
    for i in range(9):
        x = 86 + i * 9.75
        tips.append(f"{n(x)} {202 if i % 2 == 0 else 214}")
    body.append(
        f'<path d="M92 186L158 186L{tips[-1]}L' + "L".join(reversed(tips)) + 'Z" '
        f'fill="{WHITE}" stroke="{INK}" stroke-width="1.3" stroke-linejoin="round"/>'
    )
    # the head
    body += [
        f'<ellipse cx="125" cy="158" rx="21" ry="25" fill="{skin}" stroke="{INK}" '
        f'stroke-width="1.6"/>',
        f'<circle cx="117" cy="153" r="2.6" fill="{INK}"/>',
        f'<circle cx="133" cy="153" r="2.6" fill="{INK}"/>',
        f'<path d="M112 146Q117 142 122 146M128 146Q133 142 138 146" fill="none" '
        f'stroke="{INK}" stroke-width="1.3"/>',
        f'<circle cx="113" cy="165" r="3.8" fill="{cheeks}"/>',
        f'<circle cx="137" cy="165" r="3.8" fill="{cheeks}"/>',
        f'<path d="M125.5 154Q129 161 124.5 163" fill="none" stroke="{INK}" '
        f'stroke-width="1.2"/>',
        f'<path d="M115 169Q125 178 135 169" fill="none" stroke="{mouth}" '
        f'stroke-width="2.4" stroke-linecap="round"/>',
    ]
    # the cap: three floppy lobes ending in bells, on a band over the forehead
    cap_left, cap_middle, cap_right = lobes
    for d, fill in (
        ("M104 136C92 112 76 102 66 78C90 86 108 102 121 130Z", cap_left),
        ("M146 136C158 112 174 102 184 78C160 86 142 102 129 130Z", cap_right),
        ("M110 132C110 104 117 80 125 52C133 80 140 104 140 132Z", cap_middle),
    ):
        body.append(f'<path d="{d}" fill="{fill}" stroke="{INK}" stroke-width="1.5" '
                    f'stroke-linejoin="round"/>')
    body.append(
        f'<rect x="101" y="128" width="48" height="11" rx="5.5" fill="{bells}" '
        f'stroke="{INK}" stroke-width="1.3"/>'
    )
    for x, y in ((66, 78), (125, 52), (184, 78)):
        body.append(f'<circle cx="{x}" cy="{y}" r="6.5" fill="{bells}" stroke="{INK}" '
                    f'stroke-width="1.3"/>')
    # the word under the figure, and the inner frame
    body.append(rank_label(JOKER_WORDS[code], CX, 303, 15, colour))
    body.append(
        f'<rect x="{n(x0 + 5)}" y="{n(y0 + 5)}" width="{n(x1 - x0 - 10)}" '
        f'height="{n(y1 - y0 - 10)}" rx="3" fill="none" stroke="{bells}" stroke-width="1.2"/>'
    )
    return body


def joker_face(code: str) -> str:
    """The SVG of the joker ``code`` ("LJ" or "BJ")."""
    idx = joker_index(code)
    body = [card_blank(), *joker_card(code), idx,
            f'<g transform="rotate(180 {n(CX)} {n(CY)})">{idx}</g>']
    return svg_document(JOKER_NAMES[code], body)


# --------------------------------------------------------------------------
# Back and icon
# --------------------------------------------------------------------------

BACK_BG = "#1c3370"
BACK_LINE = "#3d5ea8"
BACK_LIGHT = "#dfe7f7"

BACK_VARIANTS = {
    # file name: (background, lattice, light lines); the looks are listed in
    # spades_desktop/looks.py (CARD_BACK_FILES)
    "back": (BACK_BG, BACK_LINE, BACK_LIGHT),
    "back-red": ("#701c24", "#a8434d", "#f7dfe2"),
    "back-green": ("#16502e", "#3b8a5a", "#dff5e6"),
}


def back_card(bg: str = BACK_BG, line: str = BACK_LINE, light: str = BACK_LIGHT) -> str:
    BACK_BG, BACK_LINE, BACK_LIGHT = bg, line, light  # noqa: N806 (the palette's names)
    x0, y0, x1, y1 = 20.0, 20.0, W - 20.0, H - 20.0
    body = [
        card_blank(),
        f'<rect x="12" y="12" width="{W - 24}" height="{H - 24}" rx="8" fill="{BACK_BG}"/>',
    ]
    step = 25.0
    lines = []
    s0, d0 = CX + CY, CX - CY  # x + y and x - y through the centre
    for k in range(-20, 21):
        c = s0 + k * step  # x + y = c
        xa, xb = max(x0, c - y1), min(x1, c - y0)
        if xb - xa > 0.5:
            lines.append(f"M{n(xa)} {n(c - xa)}L{n(xb)} {n(c - xb)}")
        c = d0 + k * step  # x - y = c
        xa, xb = max(x0, c + y0), min(x1, c + y1)
        if xb - xa > 0.5:
            lines.append(f"M{n(xa)} {n(xa - c)}L{n(xb)} {n(xb - c)}")
    body.append(f'<path d="{"".join(lines)}" fill="none" stroke="{BACK_LINE}" stroke-width="1.4"/>')
    # small diamonds in every lattice cell and dots on the crossings
    marks = []
    dots = []
    for i in range(-20, 21):
        for j in range(-20, 21):
            a = s0 + (i + 0.5) * step
            b = d0 + (j + 0.5) * step
            x, y = (a + b) / 2, (a - b) / 2
            if x0 + 6 <= x <= x1 - 6 and y0 + 6 <= y <= y1 - 6:
                marks.append(
                    f"M{n(x)} {n(y - 4.5)}L{n(x + 3)} {n(y)}L{n(x)} {n(y + 4.5)}L{n(x - 3)} {n(y)}Z"
                )
            a, b = s0 + i * step, d0 + j * step
            x, y = (a + b) / 2, (a - b) / 2
            if x0 + 2 <= x <= x1 - 2 and y0 + 2 <= y <= y1 - 2:
                dots.append(_circle_path(x, y, 1.6))
    body.append(f'<path d="{"".join(marks)}" fill="{BACK_LINE}"/>')
    body.append(f'<path d="{"".join(dots)}" fill="{BACK_LIGHT}"/>')
    # borders
    body.append(
        f'<rect x="{n(x0)}" y="{n(y0)}" width="{n(x1 - x0)}" height="{n(y1 - y0)}" '
        f'fill="none" stroke="{BACK_LIGHT}" stroke-width="2.5"/>'
    )
    body.append(
        f'<rect x="{n(x0 + 5)}" y="{n(y0 + 5)}" width="{n(x1 - x0 - 10)}" '
        f'height="{n(y1 - y0 - 10)}" fill="none" stroke="{GOLD}" stroke-width="1"/>'
    )
    # central medallion
    body.append(
        f'<ellipse cx="{n(CX)}" cy="{n(CY)}" rx="62" ry="84" fill="{BACK_BG}" '
        f'stroke="{BACK_LIGHT}" stroke-width="3"/>'
    )
    body.append(
        f'<ellipse cx="{n(CX)}" cy="{n(CY)}" rx="54" ry="76" fill="none" '
        f'stroke="{GOLD}" stroke-width="1.5"/>'
    )
    for angle in range(0, 360, 45):
        rad = math.radians(angle)
        px, py = CX + 54 * math.sin(rad), CY - 76 * math.cos(rad)
        body.append(f'<circle cx="{n(px)}" cy="{n(py)}" r="3" fill="{GOLD}"/>')
    body.append(suit_shape("S", CX, CY - 30, 40, fill=BACK_LIGHT))
    body.append(suit_shape("S", CX, CY + 30, 40, fill=BACK_LIGHT, rotate=True))
    body.append(suit_shape("D", CX, CY, 16, fill=GOLD))
    # corner diamonds
    for px, py in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
        body.append(suit_shape("D", px, py, 14, fill=GOLD))
    return svg_document("Card back", body)


def icon_svg() -> str:
    body = [
        "<defs>",
        '<radialGradient id="felt" cx="0.5" cy="0.42" r="0.65">',
        '<stop offset="0" stop-color="#2fa060"/>',
        '<stop offset="1" stop-color="#14603a"/>',
        "</radialGradient>",
        "</defs>",
        '<rect x="2" y="2" width="60" height="60" rx="13" ry="13" fill="url(#felt)" '
        'stroke="#0b3d24" stroke-width="2"/>',
        '<g transform="translate(32 32.5) scale(0.47)">'
        f'<path d="{SPADE}" fill="#101010" stroke="#f4f1e6" stroke-width="5" '
        'stroke-linejoin="round"/></g>',
    ]
    return svg_document("Spades Desktop", body, 64, 64)


# --------------------------------------------------------------------------


def trump_marks() -> list[str]:
    """A small spade under each corner index: the two of diamonds of the
    Joker-Joker-Deuce-Deuce deck, which plays as a spade (docs/rules.md §1, Deck)."""
    mark = suit_shape("S", 28, 122, 24)
    return [mark, f'<g transform="rotate(180 {n(CX)} {n(CY)})">{mark}</g>']


def face_card(rank: str, suit: str, as_trump: bool = False) -> str:
    """The SVG of the card ``rank`` of ``suit``; ``as_trump``: with the spade marks of
    :func:`trump_marks` (the two of diamonds as a spade)."""
    body = [card_blank()]
    if rank == "A":
        body += ace_card(suit)
    elif rank in "JQK":
        body += court_card(rank, suit)
    else:
        body += pip_card(rank, suit)
    body += corner_indices(rank, suit)
    title = f"{RANK_NAMES[rank]} of {SUIT_NAMES[suit]}"
    if as_trump:
        body += trump_marks()
        title += ", a spade"
    return svg_document(title, body)


def generate(cards_dir: Path = HERE, icon_path: Path = DEFAULT_ICON) -> list[Path]:
    """Write every card and the icon; return the written paths."""
    cards_dir.mkdir(parents=True, exist_ok=True)
    icon_path.parent.mkdir(parents=True, exist_ok=True)
    written = []
    for suit in SUITS:
        for rank in RANKS:
            path = cards_dir / f"{rank}{suit}.svg"
            path.write_text(face_card(rank, suit), encoding="utf-8", newline="\n")
            written.append(path)
    for code in JOKER_NAMES:
        path = cards_dir / f"{LOOKS.card_file(code)}.svg"
        path.write_text(joker_face(code), encoding="utf-8", newline="\n")
        written.append(path)
    path = cards_dir / f"{LOOKS.card_file(LOOKS.TRUMP_DIAMOND, as_trump=True)}.svg"
    path.write_text(face_card("2", "D", as_trump=True), encoding="utf-8", newline="\n")
    written.append(path)
    four = cards_dir / LOOKS.FOUR_COLOUR_DIR
    four.mkdir(exist_ok=True)
    with suit_colours(LOOKS.FOUR_COLOUR_SUITS):
        for suit in SUITS:
            if LOOKS.card_file(f"A{suit}", True) == f"A{suit}":
                continue  # drawn as in the standard deck
            for rank in RANKS:
                path = cards_dir / f"{LOOKS.card_file(rank + suit, True)}.svg"
                path.write_text(face_card(rank, suit), encoding="utf-8", newline="\n")
                written.append(path)
                if rank + suit == LOOKS.TRUMP_DIAMOND:
                    path = cards_dir / f"{LOOKS.card_file(rank + suit, True, True)}.svg"
                    path.write_text(face_card(rank, suit, as_trump=True), encoding="utf-8",
                                    newline="\n")
                    written.append(path)
    for name, palette in BACK_VARIANTS.items():
        path = cards_dir / f"{name}.svg"
        path.write_text(back_card(*palette), encoding="utf-8", newline="\n")
        written.append(path)
    icon_path.write_text(icon_svg(), encoding="utf-8", newline="\n")
    written.append(icon_path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards-dir", type=Path, default=HERE)
    parser.add_argument("--icon", type=Path, default=DEFAULT_ICON)
    args = parser.parse_args(argv)
    written = generate(args.cards_dir, args.icon)
    print(f"wrote {len(written)} files")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
