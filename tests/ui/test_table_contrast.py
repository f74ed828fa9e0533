"""The table's colours against every felt (docs/rules.md §7): the end-of-hand summary is
opaque, drawn in a shade of the chosen felt, and its texts keep a contrast of at least
4.5:1 (WCAG 2's figure for text); a card back's outer edge keeps at least 3:1 (WCAG's
figure for other graphics) against every felt, whatever the back's colour."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath
from PySide6.QtWidgets import QStyleOptionGraphicsItem

import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
from spades_desktop.engine import Bid, HandRecord, HandScore, Seat, Team, TeamScores
from spades_desktop.looks import (
    CARD_BACKS,
    CARD_EDGE,
    CARD_FACE,
    FELT_COLOURS,
    FELTS,
    FOUR_COLOUR_SUITS,
    HIGH_CONTRAST,
    STANDARD,
    TWO_COLOUR_SUITS,
    Rgb,
    blend,
    contrast_ratio,
    hex_colour,
    relative_luminance,
)
from spades_desktop.ui.table.card_item import CardItem, CardRenderer
from spades_desktop.ui.table.layout import TableGeometry
from spades_desktop.ui.table.scene import TableScene
from spades_desktop.ui.table.summary import HandSummary


def rgb(name: str) -> Rgb:
    c = QColor(name)
    return c.red(), c.green(), c.blue()


# -- the measure -----------------------------------------------------------------------------
def test_the_contrast_ratio_is_wcag_s() -> None:
    # worked by hand from WCAG 2: L = 0.2126 R + 0.7152 G + 0.0722 B of the linearised
    # channels, ratio (L1 + 0.05) / (L2 + 0.05)
    assert relative_luminance((255, 0, 0)) == pytest.approx(0.2126)
    assert relative_luminance((0, 255, 0)) == pytest.approx(0.7152)
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast_ratio((90, 90, 90), (90, 90, 90)) == pytest.approx(1.0)
    # #777777: channel 0.4667 → ((0.4667 + 0.055) / 1.055) ** 2.4 = 0.1845; 1.05 / 0.2345
    assert contrast_ratio((255, 255, 255), (119, 119, 119)) == pytest.approx(4.48, abs=0.01)
    assert contrast_ratio((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)
    assert blend((255, 255, 255), (0, 0, 0), 0.25) == (64, 64, 64)
    assert blend((10, 20, 30), (200, 100, 0), 1.0) == (10, 20, 30)


# -- the end-of-hand summary -------------------------------------------------------------------
def _record() -> HandRecord:
    """A hand with a Nil made, a Blind Nil failed, a contract set and a bag penalty: every
    colour the summary writes in (good, bad, muted, plain, both teams')."""
    bids = {
        Seat.SOUTH: Bid(4),
        Seat.WEST: Bid(0, blind=True),
        Seat.NORTH: Bid(0),
        Seat.EAST: Bid(7),
    }
    won = {Seat.SOUTH: 5, Seat.WEST: 2, Seat.NORTH: 0, Seat.EAST: 6}
    return HandRecord(
        hand_number=4,
        dealer=Seat.EAST,
        deal=(None, None, None, None),
        bids=tuple(bids[s] for s in Seat),
        tricks=(),
        tricks_won=tuple(won[s] for s in Seat),
        score=TeamScores(
            HandScore(
                contract=40, bags=1, nil=100, bag_penalty=-100, total=41, bags_after=0, made=True
            ),
            HandScore(
                contract=-70, bags=2, nil=-200, bag_penalty=0, total=-268, bags_after=5, made=False
            ),
        ),
    )


TOTALS = {Team.NS: 341, Team.EW: -118}


@pytest.mark.parametrize("felt", FELTS)
def test_every_summary_text_is_legible_on_every_felt(qtbot, felt: str) -> None:
    scene = TableScene()
    scene.set_size(1100, 760)
    scene.set_looks(felt, CARD_BACKS[0])
    scene.show_hand_summary(_record(), TOTALS)
    summary = scene.snapshot().summary
    assert summary.visible
    assert QColor.fromString(summary.fill).alpha() == 255  # opaque
    # good, bad, muted and plain text, both teams' colours, the buttons' texts
    assert len({text for text, _behind in summary.text_colours}) >= 7
    for text, behind in summary.text_colours:
        ratio = contrast_ratio(rgb(text), rgb(behind))
        assert ratio >= 4.5, (felt, text, behind, round(ratio, 2))


def test_the_summary_takes_the_felt_s_colour(qtbot) -> None:
    scene = TableScene()
    scene.set_size(1100, 760)
    scene.show_hand_summary(_record(), TOTALS)
    fills: dict[str, Rgb] = {}
    for felt in FELTS:
        scene.set_looks(felt, CARD_BACKS[0])
        fills[felt] = rgb(scene.snapshot().summary.fill)
    assert len(set(fills.values())) == len(FELTS)
    for felt, fill in fills.items():
        # nearer to its own felt's edge colour than to any other felt's
        nearest = min(FELTS, key=lambda f: math.dist(fill, FELT_COLOURS[f][2]))
        assert nearest == felt, (felt, fill)


def _painted(summary: HandSummary, background: QColor) -> tuple[QImage, QPointF]:
    """The summary painted alone over ``background``, and where its origin lies."""
    box = summary.boundingRect()
    image = QImage(
        math.ceil(box.width()) + 8, math.ceil(box.height()) + 8, QImage.Format.Format_ARGB32
    )
    image.fill(background)
    offset = QPointF(4 - box.left(), 4 - box.top())
    painter = QPainter(image)
    painter.translate(offset)
    summary.paint(painter, QStyleOptionGraphicsItem(), None)
    painter.end()
    return image, offset


@pytest.mark.parametrize("felt", ["green", "burgundy"])
def test_the_summary_is_opaque_up_to_its_rounded_edge(qtbot, felt: str) -> None:
    """Painted over magenta and over cyan, every pixel inside the panel's rounded outline
    (one pixel in from its edge, the corners included) comes out the same: nothing
    under the panel shows through, neither its fill nor its border band."""
    summary = HandSummary()
    summary.set_felt(felt)
    summary.show_hand(_record(), TOTALS, TableGeometry(1100, 760))
    rect = summary.snapshot().rect.adjusted(3, 3, -3, -3)  # the panel, without the margin
    assert not rect.isEmpty()
    over_magenta, offset = _painted(summary, QColor(255, 0, 255))
    over_cyan, _ = _painted(summary, QColor(0, 255, 255))
    local = rect.translated(-summary.pos()).translated(offset)
    inside = QPainterPath()
    # the corners are rounded by 0.8 × the body text's size: a radius of the whole size
    # keeps the check off the antialiased curve
    radius = summary.snapshot().fonts[2].pixelSize()
    inside.addRoundedRect(local.adjusted(1, 1, -1, -1), radius, radius)
    checked = differ = 0
    for y in range(math.floor(local.top()), math.ceil(local.bottom())):
        for x in range(math.floor(local.left()), math.ceil(local.right())):
            if not inside.contains(QRectF(x, y, 1, 1)):
                continue
            checked += 1
            if over_magenta.pixel(x, y) != over_cyan.pixel(x, y):
                differ += 1
    assert checked > rect.width() * rect.height() * 0.9
    assert differ == 0


# -- card backs ------------------------------------------------------------------------------
def _edge_colours(back: str, felt: str, width: float) -> list[Rgb]:
    """The outermost pixel at the middle of each side of a back ``width`` wide, painted
    at whole pixels over the felt's centre colour."""
    renderer = CardRenderer()
    renderer.set_back(back)
    w, h = width, width * 1.4
    item = CardItem(renderer, None, False, w, h)
    image = QImage(math.ceil(w) + 12, math.ceil(h) + 12, QImage.Format.Format_ARGB32)
    image.fill(QColor(*FELT_COLOURS[felt][0]))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.translate(6, 6)
    item.paint(painter, QStyleOptionGraphicsItem(), None)
    painter.end()
    right, bottom = 6 + math.floor(w) - 1, 6 + math.floor(h) - 1
    mid_x, mid_y = 6 + round(w / 2), 6 + round(h / 2)
    return [
        rgb(image.pixelColor(x, y).name())
        for x, y in ((mid_x, 6), (mid_x, bottom), (6, mid_y), (right, mid_y))
    ]


@pytest.mark.parametrize("back", CARD_BACKS)
@pytest.mark.parametrize("felt", FELTS)
def test_every_back_stands_out_from_every_felt(qtbot, felt: str, back: str) -> None:
    # the backs' widths at 640×460, 800×600 and 1600×1000
    for width in (57.0, 88.0, 150.0):
        for edge in _edge_colours(back, felt, width):
            for felt_colour in FELT_COLOURS[felt]:  # its centre, middle and edge
                ratio = contrast_ratio(edge, felt_colour)
                assert ratio >= 3.0, (width, edge, felt_colour, round(ratio, 2))


# -- the high-contrast look (docs/rules.md §7) -------------------------------------------------
def _solid(colour: str, felt: Rgb) -> Rgb:
    """``colour`` (``#rrggbb`` or ``#aarrggbb``) as it shows over ``felt``."""
    c = QColor.fromString(colour)
    return blend((c.red(), c.green(), c.blue()), felt, c.alpha() / 255)


def _palette_solid(colour: tuple[int, ...], felt: Rgb) -> Rgb:
    alpha = colour[3] / 255 if len(colour) == 4 else 1.0
    return blend((colour[0], colour[1], colour[2]), felt, alpha)


def _high_contrast_table(felt: str) -> TableScene:
    """A table in the high-contrast look: South to play with a hint shown, a note on a
    refused card, a computer player thinking."""
    from tests.ui.helpers import sample_hint
    from tests.ui.test_table_fit import _playing

    view = _playing()
    scene = TableScene()
    scene.set_speed(0)
    scene.set_looks(felt, CARD_BACKS[0], high_contrast=True)
    scene.set_size(1100, 760)
    scene.show_view(view)
    assert scene.show_hint(view, sample_hint(view))
    card = next(c for c in view.hand if c not in view.legal)
    scene.show_refusal("You must follow suit: you have a spade.", card)
    return scene


@pytest.mark.parametrize("felt", FELTS)
def test_every_text_on_the_table_meets_aa_in_high_contrast(qtbot, felt: str) -> None:
    """The plates, boxes, hint bubble and notes as drawn, the bid panel's and buttons'
    colours of the look, and the summary: every text at least 4.5:1 against what lies
    behind it, the felt under any see-through fill (its centre, middle and edge)."""
    scene = _high_contrast_table(felt)
    shot = scene.snapshot()
    assert shot.high_contrast
    assert shot.felt_colours == HIGH_CONTRAST.felt  # its own felt, whatever the choice
    pairs = [(t.kind, text, fill) for t in shot.texts if t.visible for text, fill in t.colours]
    assert {kind for kind, _t, _f in pairs} >= {"plate", "panel", "hint"}
    pairs += [("note", text, fill) for text, fill in shot.note_colours]
    assert any(kind == "note" for kind, _t, _f in pairs)
    for kind, text, fill in pairs:
        for felt_colour in shot.felt_colours:
            ratio = contrast_ratio(rgb(text), _solid(fill, felt_colour))
            assert ratio >= 4.5, (kind, text, fill, round(ratio, 2))
    # the widgets' style sheets are written from these pairs (bid panel, buttons)
    for what, text_colour, fill_colour in HIGH_CONTRAST.text_pairs():
        for felt_colour in shot.felt_colours:
            ratio = contrast_ratio(text_colour, _palette_solid(fill_colour, felt_colour))
            assert ratio >= 4.5, (what, round(ratio, 2))
    scene.show_hand_summary(_record(), TOTALS)
    for text, behind in scene.snapshot().summary.text_colours:
        assert contrast_ratio(rgb(text), rgb(behind)) >= 4.5, (text, behind)


def test_the_widgets_draw_in_the_look_s_colours(qtbot) -> None:
    """The bid panel's and the buttons' style sheets name the look's colours: the
    pairs measured above are the ones drawn."""
    scene = TableScene()
    scene.set_looks(FELTS[0], CARD_BACKS[0], high_contrast=True)
    hc = HIGH_CONTRAST
    sheet = scene.bid_panel.styleSheet()
    for colour in (hc.button, hc.button_text, hc.focus_ring, hc.panel_text, hc.advice_text):
        assert hex_colour(colour) in sheet
    for button in (scene.play_button, scene.new_game_button):
        assert hex_colour(hc.primary_text) in button.styleSheet()
        assert f"{hc.focus_width}px solid {hex_colour(hc.focus_ring)}" in button.styleSheet()
    scene.set_looks(FELTS[0], CARD_BACKS[0])  # back to the usual look
    assert hex_colour(hc.focus_ring) not in scene.bid_panel.styleSheet()
    assert hex_colour(STANDARD.focus_ring) in scene.play_button.styleSheet()


def test_the_focus_ring_and_outlines_stand_out_in_high_contrast(qtbot) -> None:
    """At least 3:1 (WCAG's figure for graphics): the focus ring against the buttons'
    fills beside it and the felt; the card faces, the backs' light edge, the raised
    card's outline and the plates' outline against the felt."""
    hc = HIGH_CONTRAST
    felt = hc.felt_colours(FELTS[0])
    for what, ring, beside in hc.focus_pairs():
        assert contrast_ratio(ring, beside[:3]) >= 3.0, what
    for felt_colour in felt:
        for what, colour in (("focus ring", hc.focus_ring), ("card face", CARD_FACE),
                             ("back edge", CARD_EDGE), ("raised card", hc.glow),
                             ("plate outline", hc.plate_edge[:3]),
                             ("active plate", hc.active_edge)):
            assert contrast_ratio(colour, felt_colour) >= 3.0, what
    scene = _high_contrast_table(FELTS[0])
    view = scene.snapshot().view
    assert view is not None
    card = view.hand[0]
    item_colour = CardItem(CardRenderer(), card, True, 60, 84)
    scene.addItem(item_colour)
    item_colour.set_glow(True)
    assert item_colour.glow_colour.name() == hex_colour(hc.glow)  # the look's, on its table


# -- the four-colour deck ----------------------------------------------------------------------
def test_the_four_suit_colours_are_legible_and_distinct() -> None:
    for suit, colour in FOUR_COLOUR_SUITS.items():
        assert contrast_ratio(colour, CARD_FACE) >= 4.5, suit
    assert len(set(FOUR_COLOUR_SUITS.values())) == 4


def _face_colours(renderer: CardRenderer, card: str) -> set[Rgb]:
    """The colours of the card's index corner (rank and small pip), painted large."""
    from spades_desktop.engine import parse_card

    item = CardItem(renderer, parse_card(card), True, 250, 350)
    image = QImage(250, 350, QImage.Format.Format_ARGB32)
    image.fill(QColor(255, 255, 255))
    painter = QPainter(image)
    item.paint(painter, QStyleOptionGraphicsItem(), None)
    painter.end()
    return {rgb(image.pixelColor(x, y).name()) for x in range(10, 50) for y in range(14, 100)}


@pytest.mark.parametrize(("card", "suit"), [("TD", "D"), ("QC", "C"), ("7H", "H"),
                                             ("AS", "S")])
def test_the_four_colour_deck_draws_each_suit_in_its_colour(qtbot, card: str,
                                                            suit: str) -> None:
    renderer = CardRenderer()
    two = _face_colours(renderer, card)
    renderer.set_four_colour(True)
    four = _face_colours(renderer, card)
    assert FOUR_COLOUR_SUITS[suit] in four
    assert TWO_COLOUR_SUITS[suit] in two
    if FOUR_COLOUR_SUITS[suit] != TWO_COLOUR_SUITS[suit]:
        assert TWO_COLOUR_SUITS[suit] not in four
