"""Painted table furniture: seat plates, information panels and bid bubbles."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget


def _font(size: float, bold: bool = False) -> QFont:
    f = QFont()
    f.setPixelSize(max(8, round(size)))
    f.setBold(bold)
    return f


class PanelItem(QGraphicsObject):
    """A rounded translucent panel with lines of text: a title line and detail lines.

    ``anchor`` says how the panel hangs from its position: "above", "below", "left",
    "right", "topleft", "topright" or "center".
    """

    def __init__(self, anchor: str = "center") -> None:
        super().__init__()
        self._anchor = anchor
        self._title = ""
        self._lines: list[str] = []
        self._size = 14.0
        self._active = False
        self._accent: QColor | None = None
        self._rect = QRectF()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_anchor(self, anchor: str) -> None:
        """How the panel hangs from its position from the next :meth:`set_content` on
        (one of the anchors listed in the class docstring)."""
        self._anchor = anchor

    def set_content(self, title: str, lines: list[str], size: float,
                    active: bool = False, accent: QColor | None = None) -> None:
        """Set the text (title in bold, then one row per line), the font size in scene
        units, whether the panel is highlighted (the seat to act), and an accent colour."""
        self.prepareGeometryChange()
        self._title, self._lines, self._size = title, lines, size
        self._active, self._accent = active, accent
        fm_t = QFontMetricsF(_font(size, True))
        fm_l = QFontMetricsF(_font(size * 0.86))
        width = max([fm_t.horizontalAdvance(title)] + [fm_l.horizontalAdvance(x) for x in lines])
        pad = size * 0.55
        height = fm_t.height() + len(lines) * fm_l.height() + pad * 1.2
        w, h = width + 2 * pad, height
        x, y = {
            "above": (-w / 2, -h), "below": (-w / 2, 0.0), "left": (-w, -h / 2),
            "right": (0.0, -h / 2), "topleft": (0.0, 0.0), "topright": (-w, 0.0),
            "center": (-w / 2, -h / 2),
        }[self._anchor]
        self._rect = QRectF(x, y, w, h)
        self.update()

    @property
    def text(self) -> str:
        """All text shown, lines joined with newlines (for tests and accessibility)."""
        return "\n".join([self._title, *self._lines])

    @property
    def active(self) -> bool:
        """Whether the panel is highlighted."""
        return self._active

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self._rect.adjusted(-4, -4, 4, 4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self._rect.isEmpty():
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        radius = self._size * 0.6
        painter.setBrush(QColor(10, 30, 20, 175))
        if self._active:
            painter.setPen(QPen(QColor(255, 205, 70), max(2.0, self._size * 0.16)))
        else:
            painter.setPen(QPen(QColor(255, 255, 255, 40), 1.0))
        painter.drawRoundedRect(self._rect, radius, radius)
        pad = self._size * 0.55
        y = self._rect.top() + pad * 0.6
        painter.setFont(_font(self._size, True))
        fm_t = QFontMetricsF(painter.font())
        painter.setPen(self._accent or QColor(255, 245, 215))
        painter.drawText(QRectF(self._rect.left() + pad, y, self._rect.width() - 2 * pad,
                                fm_t.height()), Qt.AlignmentFlag.AlignHCenter, self._title)
        y += fm_t.height()
        painter.setFont(_font(self._size * 0.86))
        fm_l = QFontMetricsF(painter.font())
        painter.setPen(QColor(225, 235, 225))
        for line in self._lines:
            painter.drawText(QRectF(self._rect.left() + pad, y, self._rect.width() - 2 * pad,
                                    fm_l.height()), Qt.AlignmentFlag.AlignHCenter, line)
            y += fm_l.height()


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
        return fm.horizontalAdvance(text) + size * 1.4, fm.height() + size * 0.7

    @property
    def text(self) -> str:
        """The bubble's text."""
        return self._text

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect.adjusted(-3, -3, 3, 3)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(QColor(255, 250, 235))
        painter.setPen(QPen(QColor(160, 120, 40), 2))
        painter.drawRoundedRect(self._rect, self._rect.height() / 2, self._rect.height() / 2)
        painter.setPen(QColor(40, 30, 10))
        painter.setFont(_font(self._size, True))
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self._text)


class NoteItem(QGraphicsObject):
    """A rounded note with wrapped text: why a card may not be played (beside South's
    hand), or who won the trick shown. ``width`` limits a line in scene units; the text
    wraps at spaces beyond it. Its opacity animates."""

    def __init__(self, text: str, size: float, width: float,
                 border: QColor | None = None) -> None:
        super().__init__()
        self._text = text
        self._size = size
        self._border = border if border is not None else QColor(200, 70, 50)
        fm = QFontMetricsF(_font(size, True))
        pad = size * 0.6
        inner = fm.boundingRect(QRectF(0, 0, max(size * 4, width - 2 * pad), 10_000),
                                int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap),
                                text)
        w, h = inner.width() + 2 * pad, inner.height() + pad * 1.2
        self._rect = QRectF(-w / 2, -h / 2, w, h)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    @property
    def text(self) -> str:
        """The note's text."""
        return self._text

    def rect(self) -> QRectF:
        """The note's outline in item coordinates (centred on the item's position)."""
        return QRectF(self._rect)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect.adjusted(-3, -3, 3, 3)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(QColor(255, 248, 236))
        painter.setPen(QPen(self._border, max(2.0, self._size * 0.15)))
        radius = self._size * 0.6
        painter.drawRoundedRect(self._rect, radius, radius)
        painter.setPen(QColor(50, 25, 15))
        painter.setFont(_font(self._size, True))
        pad = self._size * 0.6
        painter.drawText(self._rect.adjusted(pad, pad * 0.6, -pad, -pad * 0.6),
                         int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap),
                         self._text)
