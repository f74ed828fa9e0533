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
    FELT_COLOURS,
    FELTS,
    Rgb,
    blend,
    contrast_ratio,
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
