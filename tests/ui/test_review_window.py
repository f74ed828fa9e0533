"""The review window on a small screen and on every felt: the progress bar's whole text,
cards as large as the room allows, the chosen felt with legible plates."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QRect, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsView, QProgressBar, QStyle, QStyleOptionProgressBar

import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
from spades_desktop.bots.coach import HandReview
from spades_desktop.controller.coach_runner import CoachRunner
from spades_desktop.looks import FELT_COLOURS, FELTS
from spades_desktop.ui.review import ReviewScene, ReviewWindow
from spades_desktop.ui.review.scene import CARD_W
from spades_desktop.ui.table.items import PanelItem

from .helpers import child
from .test_coach_ui import played_game


@pytest.fixture
def stop(qtbot) -> Iterator[threading.Event]:
    """Set to let the stand-in analysis of :func:`open_review` end; at the end of the
    test the reviews opened close and their analyses are waited for."""
    event = threading.Event()
    event.reviews = []  # type: ignore[attr-defined]
    yield event
    event.set()
    for review, gone in event.reviews:  # type: ignore[attr-defined]
        review.close()  # the worker stops, then its runner deletes itself
        qtbot.waitUntil(lambda gone=gone: gone == [True], timeout=10_000)


def open_review(qtbot, stop: threading.Event, hands: int = 1, **kwargs) -> ReviewWindow:
    """A review of the first of ``hands`` played, at 800 × 600, whose analysis stays at
    37 % until ``stop`` is set."""
    records, rules = played_game(hands)

    def analysis(*_args, cancel, progress, **_kwargs) -> HandReview:
        progress(37, 100)
        while not (stop.wait(0.02) or cancel()):
            pass
        raise RuntimeError("stopped")

    review = ReviewWindow(records, 0, rules, review_fn=analysis, **kwargs)
    qtbot.addWidget(review)
    gone: list[bool] = []
    child(review, CoachRunner, "review_worker").destroyed.connect(lambda *_: gone.append(True))
    stop.reviews.append((review, gone))  # type: ignore[attr-defined]
    review.resize(760, 520)  # what an 800×600 screen leaves it
    review.show()
    qtbot.waitExposed(review)
    return review


@pytest.mark.parametrize("font_scale", [1.0, 1.5])
def test_the_progress_bar_shows_its_whole_text(qtbot, stop, font_scale) -> None:
    """At 800 × 600, with the normal font and one half larger (as at a scale of 1.5),
    "Analysing… 100%" fits in the bar's label area on one line."""
    review = open_review(qtbot, stop)
    if font_scale != 1.0:
        font = review.font()
        font.setPixelSize(round(review.fontInfo().pixelSize() * font_scale))
        review.setFont(font)
    bar = child(review, QProgressBar, "progress")
    qtbot.waitUntil(lambda: bar.value() == 37, timeout=5000)
    assert bar.isVisible() and bar.text() == "Analysing… 37%"
    option = QStyleOptionProgressBar()
    bar.initStyleOption(option)
    label = bar.style().subElementRect(QStyle.SubElement.SE_ProgressBarLabel, option, bar)
    fm = bar.fontMetrics()
    assert label.width() >= fm.horizontalAdvance("Analysing… 100%")
    assert label.height() >= fm.height()
    assert review.rect().contains(QRect(bar.mapTo(review, bar.rect().topLeft()), bar.size()))


def test_the_cards_fill_a_wide_low_view(qtbot, stop) -> None:
    """At 800 × 600 the view is wider than the 1100 × 720 scene's shape: the scene grows
    no taller than the view asks (down to 480), so the cards are shown at the view's
    width / 1100 of their size, not at its height / 720, and the whole scene shows."""
    review = open_review(qtbot, stop)
    view = review.findChild(QGraphicsView)
    port = view.viewport().size()
    assert port.width() / port.height() > 1100 / 480 * 0.9  # the case: a wide, low view
    scale = view.transform().m11()
    assert scale == pytest.approx((port.width() - 4) / 1100, rel=0.005)  # fitInView's margin
    assert CARD_W * scale >= 48  # at 720 high: 76 × 340 / 720 ≈ 36 pixels
    shown = view.mapFromScene(view.sceneRect()).boundingRect()
    assert QRect(0, 0, port.width(), port.height()).contains(shown)


def _luminance(c: QColor) -> float:
    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue())


def _contrast(a: QColor, b: QColor) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("felt", FELTS)
def test_the_review_lies_on_the_chosen_felt_with_legible_plates(qtbot, stop, felt) -> None:
    """The felt behind the cards is the chosen one, and on it every plate's letters have
    a contrast of at least 4.5:1 with the plate as drawn (its translucent fill over the
    felt): both colours are read from the scene rendered into an image."""
    review = open_review(qtbot, stop, felt=felt)
    scene = child(review, ReviewScene, "review_scene")
    assert scene.felt == felt
    rect = scene.sceneRect()
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_RGB32)
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    centre, _middle, edge = FELT_COLOURS[felt]
    corner = image.pixelColor(2, 2)  # the felt's edge: nothing lies there
    assert (
        max(
            abs(corner.red() - edge[0]), abs(corner.green() - edge[1]), abs(corner.blue() - edge[2])
        )
        <= 24
    ), corner.name()
    middle = image.pixelColor(int(rect.width() / 2), 4)  # above North's cards
    assert middle != corner and abs(middle.red() - centre[0]) < abs(middle.red() - 255)
    plates = [i for i in scene.items() if isinstance(i, PanelItem)]
    assert len(plates) == 4
    for plate in plates:
        box = plate.mapRectToScene(plate.text_rect()).toRect()
        # the fill: the plate's left margin, halfway down (no letter reaches it)
        fill = image.pixelColor(box.left() + 3, box.center().y())
        letters = [
            image.pixelColor(x, y)
            for y in range(box.top() + 3, box.bottom() - 3)
            for x in range(box.left() + 6, box.right() - 6)
        ]
        brightest = max(letters, key=_luminance)  # a letter's core
        assert _luminance(brightest) > _luminance(fill)
        assert _contrast(brightest, fill) >= 4.5, (felt, plate.text, fill.name(), brightest.name())


def test_the_open_review_follows_a_new_felt(qtbot, make_window) -> None:
    """Settings ▸ felt while a review is open: the review changes at once, and the next
    review opens on it too; an unknown felt is refused."""
    _controller, window = make_window()
    window.coach.review_budget = 4
    records, rules = played_game(1)
    review = window.coach.open_review(records, 0, rules)
    scene = child(review, ReviewScene, "review_scene")
    assert scene.felt == window.settings.felt == "green"
    window.apply_display_settings(window.settings.replace(felt="burgundy"))
    assert scene.felt == "burgundy"
    with pytest.raises(ValueError):
        review.set_felt("purple")
    assert scene.felt == "burgundy"
    with qtbot.waitSignal(review.analysis_finished, timeout=60_000):
        pass
    review.close()
    again = window.coach.open_review(records, 0, rules)  # from the cache: no analysis
    assert child(again, ReviewScene, "review_scene").felt == "burgundy"
    again.close()
