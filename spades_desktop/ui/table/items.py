"""Painted table furniture: seat plates, information panels and bid bubbles.

Text is sized in scene units, which are the view's pixels (the scene rect equals the
viewport), and never smaller than :data:`MIN_TEXT_PX`: a small window makes the table's
cards smaller, not its text; the panels grow around their text instead.

Every item paints in the colours of its table's look (:func:`palette_of`: the scene's
``table_palette``, one of :data:`spades_desktop.looks.STANDARD` and ``HIGH_CONTRAST``).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from ...looks import STANDARD, Rgb, Rgba, TablePalette, hex_colour

MIN_TEXT_PX = 12
"""The smallest text on the table, in logical pixels (about 9 pt at 96 dpi)."""

LINE_SCALE = 0.86
"""A panel's detail lines are this fraction of its title's size."""

_FLAGS = Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextDontClip


def palette_of(item: QGraphicsItem) -> TablePalette:
    """The colours of the table ``item`` lies on: its scene's ``table_palette``, else
    (no scene, or a scene without one) :data:`spades_desktop.looks.STANDARD`."""
    palette = getattr(item.scene(), "table_palette", None)
    return palette if isinstance(palette, TablePalette) else STANDARD


def qcolour(colour: Rgb | Rgba) -> QColor:
    """``colour`` (red, green, blue and maybe opacity, 0–255) as a ``QColor``."""
    return QColor(*colour)


def colour_text(colour: Rgb | Rgba) -> str:
    """``colour`` as ``#rrggbb``, or ``#aarrggbb`` with an opacity below 255."""
    if len(colour) == 4 and colour[3] != 255:
        return QColor(*colour).name(QColor.NameFormat.HexArgb)
    return hex_colour(colour[:3])  # type: ignore[arg-type]


def _font(size: float, bold: bool = False) -> QFont:
    f = QFont()
    f.setPixelSize(max(MIN_TEXT_PX, round(size)))
    f.setBold(bold)
    return f


def _text_size(fm: QFontMetricsF, text: str) -> tuple[float, float]:
    """Width and height ``text`` takes in ``fm``'s font, whole pixels, with any
    fallback font's glyphs (Chinese) counted: never less than the font's line height."""
    box = fm.boundingRect(QRectF(0, 0, 1e6, 1e6), int(_FLAGS), text)
    width = max(fm.horizontalAdvance(text), box.width())
    return math.ceil(width) + 2.0, math.ceil(max(fm.height(), box.height()))


class PanelItem(QGraphicsObject):
    """A rounded translucent panel with lines of text: a title line and detail lines.

    ``anchor`` says how the panel hangs from its position: "above", "below", "left",
    "right", "topleft", "topright" or "center". An ``opaque`` panel (the hint bubble,
    which may lie over cards and plates) hides what is under it; the others let the
    felt show through (unless the look's plates are opaque: high contrast).
    """

    def __init__(self, anchor: str = "center", opaque: bool = False) -> None:
        super().__init__()
        self._anchor = anchor
        self._opaque = opaque
        self._title = ""
        self._lines: list[str] = []
        self._size = 14.0
        self._active = False
        self._accent: QColor | str | None = None
        self._rect = QRectF()
        self._heights: list[float] = []
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_anchor(self, anchor: str) -> None:
        """How the panel hangs from its position from the next :meth:`set_content` on
        (one of the anchors listed in the class docstring)."""
        self._anchor = anchor

    def set_content(self, title: str, lines: list[str], size: float,
                    active: bool = False, accent: QColor | str | None = None) -> None:
        """Set the text (the title in bold, in the accent colour: one row, or one per
        newline in it; then one row per line), the font size in scene units, whether
        the panel is highlighted (the seat to act), and an accent colour: a
        ``QColor``, or the name of a colour of the look (a field of
        :class:`~spades_desktop.looks.TablePalette`, e.g. ``"team_ns"``)."""
        self.prepareGeometryChange()
        self._title, self._lines, self._size = title, lines, size
        self._active, self._accent = active, accent
        fm_t = QFontMetricsF(_font(size, True))
        fm_l = QFontMetricsF(_font(size * LINE_SCALE))
        heads = self.title_rows
        self._heights = ([_text_size(fm_t, x)[1] for x in heads]
                         + [_text_size(fm_l, x)[1] for x in lines])
        width = max([_text_size(fm_t, x)[0] for x in heads]
                    + [_text_size(fm_l, x)[0] for x in lines])
        pad = max(size * 0.55, MIN_TEXT_PX * 0.55)
        w, h = math.ceil(width + 2 * pad), math.ceil(sum(self._heights) + pad * 1.2)
        x, y = {
            "above": (-w / 2, -h), "below": (-w / 2, 0.0), "left": (-w, -h / 2),
            "right": (0.0, -h / 2), "topleft": (0.0, 0.0), "topright": (-w, 0.0),
            "center": (-w / 2, -h / 2),
        }[self._anchor]
        self._rect = QRectF(round(x), round(y), w, h)  # whole pixels: crisp edges
        self.update()

    @property
    def text(self) -> str:
        """All text shown, lines joined with newlines (for tests and accessibility)."""
        return "\n".join([self._title, *self._lines])

    @property
    def title_rows(self) -> list[str]:
        """The rows drawn in the title's font, top to bottom."""
        return self._title.split("\n")

    @property
    def active(self) -> bool:
        """Whether the panel is highlighted."""
        return self._active

    def fonts(self) -> list[QFont]:
        """The fonts the text is drawn in: the title's, then the detail lines' (sizes
        in scene units)."""
        return [_font(self._size, True), _font(self._size * LINE_SCALE)]

    def text_rect(self) -> QRectF:
        """The panel's rectangle in item coordinates (the text lies inside, with a
        margin of about half a line on every side)."""
        return QRectF(self._rect)

    def _fill(self, palette: TablePalette) -> QColor:
        return qcolour(palette.opaque_plate if self._opaque else palette.plate)

    def _title_colour(self, palette: TablePalette) -> QColor:
        if isinstance(self._accent, str):
            return qcolour(getattr(palette, self._accent))
        return QColor(self._accent) if self._accent is not None else qcolour(palette.title)

    def colours(self) -> tuple[tuple[str, str], ...]:
        """The colours its texts are drawn in, each with the panel's fill behind it:
        (text ``#rrggbb``, fill ``#rrggbb`` or ``#aarrggbb`` when the felt shows
        through), the title's first, in the look of its table now."""
        palette = palette_of(self)
        fill = colour_text(self._fill(palette).getRgb())  # type: ignore[arg-type]
        return ((self._title_colour(palette).name(), fill),
                (qcolour(palette.line).name(), fill))

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self._rect.adjusted(-4, -4, 4, 4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self._rect.isEmpty():
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        radius = self._size * 0.6
        palette = palette_of(self)
        painter.setBrush(self._fill(palette))
        if self._active:
            painter.setPen(QPen(qcolour(palette.active_edge), max(2.0, self._size * 0.16)))
        else:
            painter.setPen(QPen(qcolour(palette.plate_edge), 1.0))
        painter.drawRoundedRect(self._rect, radius, radius)
        pad = max(self._size * 0.55, MIN_TEXT_PX * 0.55)
        y = self._rect.top() + pad * 0.6
        left, width = self._rect.left() + pad, self._rect.width() - 2 * pad
        heights = iter(self._heights)
        painter.setFont(_font(self._size, True))
        painter.setPen(self._title_colour(palette))
        for row in self.title_rows:
            height = next(heights, 0.0)
            painter.drawText(QRectF(left, y, width, height), _FLAGS, row)
            y += height
        painter.setFont(_font(self._size * LINE_SCALE))
        painter.setPen(qcolour(palette.line))
        for line in self._lines:
            height = next(heights, 0.0)
            painter.drawText(QRectF(left, y, width, height), _FLAGS, line)
            y += height


class BubbleItem(QGraphicsObject):
    """A speech bubble announcing a bid at a seat; its opacity and scale animate. It is
    centred on its position."""

    def __init__(self, text: str, size: float) -> None:
        super().__init__()
        self._text = text
        self._size = size
        w, h = self.size_for(text, size)
        self._rect = QRectF(-w / 2, -h / 2, w, h)
        self.setZValue(500)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    @staticmethod
    def size_for(text: str, size: float) -> tuple[float, float]:
        """The width and height of a bubble showing ``text`` at font size ``size``."""
        fm = QFontMetricsF(_font(size, True))
        tw, th = _text_size(fm, text)
        size = max(size, MIN_TEXT_PX)
        return math.ceil(tw + size * 1.4), math.ceil(th + size * 0.7)

    @property
    def text(self) -> str:
        """The bubble's text."""
        return self._text

    def fonts(self) -> list[QFont]:
        """The font the text is drawn in (size in scene units)."""
        return [_font(self._size, True)]

    def colours(self) -> tuple[tuple[str, str], ...]:
        """The colour of its text with the bubble's fill behind it (``#rrggbb``)."""
        palette = palette_of(self)
        return ((hex_colour(palette.bubble_text), hex_colour(palette.bubble)),)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect.adjusted(-3, -3, 3, 3)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = palette_of(self)
        painter.setBrush(qcolour(palette.bubble))
        painter.setPen(QPen(qcolour(palette.bubble_edge), 2))
        painter.drawRoundedRect(self._rect, self._rect.height() / 2, self._rect.height() / 2)
        painter.setPen(qcolour(palette.bubble_text))
        painter.setFont(_font(self._size, True))
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextDontClip,
                         self._text)


THINKING_CYCLE_MS = 1200
"""One round of the thinking mark's dots: each lights up in turn, left to right."""


class ThinkingMark(QGraphicsObject):
    """The mark by the plate of a computer player still deciding: a small light pill
    with three dark dots that light up in turn (:attr:`moving`), or stand still, all
    lit, when the table's animations are off. ``text`` names it for tests, tooltips
    and accessibility. Its top-left corner is at its position."""

    def __init__(self) -> None:
        super().__init__()
        self._text = ""
        self._rect = QRectF()
        self._phase = 0.0
        self._moving = True
        # the item parents the animation: it lives and dies with the mark
        self._animation = QVariantAnimation(self)
        self._animation.setStartValue(0.0)
        self._animation.setEndValue(1.0)
        self._animation.setDuration(THINKING_CYCLE_MS)
        self._animation.setLoopCount(-1)
        self._animation.valueChanged.connect(self._on_phase)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.set_height(MIN_TEXT_PX + 6)
        self.setVisible(False)

    @property
    def text(self) -> str:
        """What the mark means ("thinking…" in the current language), "" when hidden."""
        return self._text if self.isVisible() else ""

    @property
    def moving(self) -> bool:
        """Whether the dots are animated now (shown, and animations are on)."""
        return self.isVisible() and self._animation.state() == QVariantAnimation.State.Running

    def rect(self) -> QRectF:
        """The pill's outline in item coordinates (top-left at the origin)."""
        return QRectF(self._rect)

    def set_height(self, height: float) -> None:
        """Size the pill ``height`` scene units high (its width follows: 2.4 ×)."""
        self.prepareGeometryChange()
        h = max(float(MIN_TEXT_PX), round(height))
        self._rect = QRectF(0, 0, round(h * 2.4), h)
        self.update()

    def show_mark(self, text: str, moving: bool) -> None:
        """Show the mark meaning ``text``, its dots ``moving`` or still."""
        self._text = text
        self.setToolTip(text)
        self._moving = moving
        self.setVisible(True)
        self._sync()

    def set_moving(self, moving: bool) -> None:
        """Animate the dots (``True``) or hold them still, all lit."""
        self._moving = moving
        self._sync()

    def hide_mark(self) -> None:
        """Take the mark away (its animation stops)."""
        self.setVisible(False)
        self._sync()

    def _sync(self) -> None:
        run = self.isVisible() and self._moving
        if run and self._animation.state() != QVariantAnimation.State.Running:
            self._animation.start()
        elif not run:
            self._animation.stop()
            self._phase = 0.0
        self.update()

    def _on_phase(self, value: object) -> None:
        self._phase = float(value)  # type: ignore[arg-type]
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self._rect
        palette = palette_of(self)
        painter.setBrush(qcolour(palette.bubble))
        painter.setPen(QPen(qcolour(palette.bubble_edge), 1.5))
        painter.drawRoundedRect(r.adjusted(0.75, 0.75, -0.75, -0.75),
                                r.height() / 2, r.height() / 2)
        painter.setPen(Qt.PenStyle.NoPen)
        d = r.height() * 0.3
        step = r.width() / 4
        running = self._animation.state() == QVariantAnimation.State.Running
        for i in range(3):
            if running:
                # each dot brightens for a third of the round, one after the other
                lag = (self._phase - i / 3) % 1.0
                strength = max(0.0, 1.0 - abs(lag - 1 / 6) * 3)
                alpha = round(90 + 165 * strength)
            else:
                alpha = 255
            painter.setBrush(qcolour((*palette.bubble_text, alpha)))
            painter.drawEllipse(QPointF(r.left() + step * (i + 1), r.center().y()), d / 2, d / 2)


class NoteItem(QGraphicsObject):
    """A rounded note with wrapped text: why a card may not be played (beside South's
    hand), or who won the trick shown. ``width`` limits a line in scene units; the text
    wraps at spaces beyond it. Its opacity animates."""

    def __init__(self, text: str, size: float, width: float,
                 border: str = "refusal_edge") -> None:
        super().__init__()
        self._text = text
        self._size = size
        self._border = border
        """The outline's colour: the name of a colour of the look (``"refusal_edge"``,
        ``"trick_note_edge"``)."""
        fm = QFontMetricsF(_font(size, True))
        pad = size * 0.6
        inner = fm.boundingRect(QRectF(0, 0, max(size * 4, width - 2 * pad), 10_000),
                                int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap),
                                text)
        # Room to spare: the view may draw the letters a few per cent wider than these
        # metrics (font hinting at a scaled or full-screen view), and a line that no
        # longer fits would wrap into a box sized for one line.
        w = inner.width() * 1.08 + 2 * pad + 4
        h = inner.height() + pad * 1.2
        self._rect = QRectF(-w / 2, -h / 2, w, h)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    @property
    def text(self) -> str:
        """The note's text."""
        return self._text

    def rect(self) -> QRectF:
        """The note's outline in item coordinates (centred on the item's position)."""
        return QRectF(self._rect)

    def colours(self) -> tuple[tuple[str, str], ...]:
        """The colour of its text with the note's fill behind it (``#rrggbb``)."""
        palette = palette_of(self)
        return ((hex_colour(palette.note_text), hex_colour(palette.note)),)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect.adjusted(-3, -3, 3, 3)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = palette_of(self)
        painter.setBrush(qcolour(palette.note))
        painter.setPen(QPen(qcolour(getattr(palette, self._border)),
                            max(2.0, self._size * 0.15)))
        radius = self._size * 0.6
        painter.drawRoundedRect(self._rect, radius, radius)
        painter.setPen(qcolour(palette.note_text))
        painter.setFont(_font(self._size, True))
        pad = self._size * 0.6
        painter.drawText(self._rect.adjusted(pad, pad * 0.6, -pad, -pad * 0.6),
                         int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap),
                         self._text)
