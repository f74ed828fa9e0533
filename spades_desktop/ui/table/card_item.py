"""Card sprites painted from a pixmap cache rendered from our SVG deck."""

from __future__ import annotations

from PySide6.QtCore import QObject, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import (
    QGraphicsObject,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from ...engine import Card
from ...looks import CARD_BACK_FILES, CARD_EDGE, DEFAULT_CARD_BACK, card_file
from .items import palette_of, qcolour

BACK = CARD_BACK_FILES[DEFAULT_CARD_BACK]
"""The file of the default card back ("back")."""


GLOW_COLOUR = QColor(255, 210, 60)
"""The outline of a raised card and of a trick's winning card (gold; the look's
``glow``, :attr:`spades_desktop.looks.TablePalette.glow`, on a table)."""


class CardRenderer:
    """One ``QSvgRenderer`` per card file, and pixmaps cached by (card, size, device-pixel
    ratio) so cards stay crisp at any size and screen scale.

    :attr:`back_code` is the file every back is drawn from; :meth:`set_back` changes it.
    :attr:`four_colour` says whether faces are drawn from the four-colour deck (diamonds
    blue, clubs green; docs/rules.md §7); :meth:`set_four_colour` changes it.
    """

    def __init__(self, prefix: str = ":/assets/cards/") -> None:
        self._prefix = prefix
        self._renderers: dict[str, QSvgRenderer] = {}
        self._pixmaps: dict[tuple[str, int, int, float], QPixmap] = {}
        self._back = BACK
        self._four_colour = False

    @property
    def four_colour(self) -> bool:
        """Whether faces are drawn from the four-colour deck."""
        return self._four_colour

    def set_four_colour(self, on: bool) -> None:
        """Draw faces from the four-colour deck (``True``) or the standard one; the
        items must repaint."""
        self._four_colour = bool(on)

    def face_code(self, card: Card) -> str:
        """The file ``card``'s face is drawn from now ("QS", "four-colour/TD", …; the
        2♦ that plays as a spade, printed in another suit than it plays in, from its face
        with spade marks)."""
        printed = card.face_suit
        return card_file(str(card), self._four_colour,
                         as_trump=printed is not None and printed is not card.suit)

    @property
    def back_code(self) -> str:
        """The file backs are drawn from ("back", "back-red", …: a value of
        :data:`spades_desktop.looks.CARD_BACK_FILES`)."""
        return self._back

    def set_back(self, back: str) -> None:
        """Draw backs as ``back``, a key of :data:`spades_desktop.looks.CARD_BACKS`
        ("blue", "red", "green"); the items must repaint. Raises ``ValueError`` for
        an unknown key."""
        if back not in CARD_BACK_FILES:
            raise ValueError(f"Unknown card back {back!r}.")
        self._back = CARD_BACK_FILES[back]

    def renderer(self, code: str) -> QSvgRenderer:
        """The SVG renderer of ``code`` ("QS", …, or "back")."""
        r = self._renderers.get(code)
        if r is None:
            r = self._renderers[code] = QSvgRenderer(f"{self._prefix}{code}.svg")
        return r

    def pixmap(self, code: str, width: float, height: float, dpr: float) -> QPixmap:
        """A pixmap of the card at ``width`` × ``height`` logical pixels for ``dpr``."""
        key = (code, round(width), round(height), round(dpr, 2))
        pix = self._pixmaps.get(key)
        if pix is None:
            if len(self._pixmaps) > 400:
                self._pixmaps.clear()
            pix = QPixmap(QSize(max(1, round(width * dpr)), max(1, round(height * dpr))))
            pix.fill(Qt.GlobalColor.transparent)
            p = QPainter(pix)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            self.renderer(code).render(p, QRectF(0, 0, pix.width(), pix.height()))
            p.end()
            pix.setDevicePixelRatio(dpr)
            self._pixmaps[key] = pix
        return pix


class CardItem(QGraphicsObject):
    """One card on the table: face up or as a back (outlined in ``looks.CARD_EDGE``),
    possibly dimmed or highlighted.

    ``pos``, ``rotation`` and ``opacity`` are animatable properties. The item rotates
    around its centre. ``clicked`` is emitted on a left click.
    """

    clicked = Signal(object)

    def __init__(self, renderer: CardRenderer, card: Card | None, face_up: bool,
                 width: float, height: float, parent: QObject | None = None) -> None:
        super().__init__()
        self._renderer = renderer
        self.card = card
        self._face_up = face_up
        self._w = width
        self._h = height
        self._dimmed = False
        self._glow = False
        self._glow_colour: QColor | None = None  # None: the look's
        self.setTransformOriginPoint(width / 2, height / 2)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)

    # -- state -----------------------------------------------------------------------------
    @property
    def face_up(self) -> bool:
        """Whether the face is shown."""
        return self._face_up

    def set_face_up(self, face_up: bool) -> None:
        """Show the face or the back."""
        if face_up != self._face_up:
            self._face_up = face_up
            self.update()

    @property
    def size(self) -> tuple[float, float]:
        """The card's width and height (scene units, before it is turned)."""
        return self._w, self._h

    def set_size(self, width: float, height: float) -> None:
        """Resize (after the window was resized)."""
        if (width, height) != (self._w, self._h):
            self.prepareGeometryChange()
            self._w, self._h = width, height
            self.setTransformOriginPoint(width / 2, height / 2)

    def set_dimmed(self, dimmed: bool) -> None:
        """Dim a card that may not be played."""
        if dimmed != self._dimmed:
            self._dimmed = dimmed
            self.update()

    @property
    def dimmed(self) -> bool:
        """Whether the card is drawn dimmed."""
        return self._dimmed

    @property
    def glowing(self) -> bool:
        """Whether the card is outlined (raised, or the winning card of a trick)."""
        return self._glow

    @property
    def glow_colour(self) -> QColor:
        """The colour of the outline (a copy; the look's ``glow`` unless set)."""
        if self._glow_colour is not None:
            return QColor(self._glow_colour)
        return qcolour(palette_of(self).glow)

    def set_glow(self, glow: bool, colour: QColor | None = None) -> None:
        """Outline the card (selected, or the winning card of a trick) in ``colour``
        (default: the look's ``glow``, gold, yellow in high contrast)."""
        colour = None if colour is None else QColor(colour)
        if glow != self._glow or colour != self._glow_colour:
            self._glow, self._glow_colour = glow, colour
            self.update()

    # -- QGraphicsItem ---------------------------------------------------------------------
    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return QRectF(-3, -3, self._w + 6, self._h + 6)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        dpr = painter.device().devicePixelRatioF() if painter.device() else 1.0
        scale = painter.worldTransform().m11() ** 2 + painter.worldTransform().m12() ** 2
        dpr *= max(1.0, scale ** 0.5)
        face = self._face_up and self.card is not None
        code = (self._renderer.face_code(self.card) if face and self.card is not None
                else self._renderer.back_code)
        # soft shadow
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 60))
        painter.drawRoundedRect(QRectF(1.5, 2.5, self._w, self._h), self._w * 0.06, self._w * 0.06)
        pix = self._renderer.pixmap(code, self._w, self._h, dpr)
        painter.drawPixmap(QRectF(0, 0, self._w, self._h), pix, QRectF(pix.rect()))
        radius = self._w * 0.055
        if not face:
            # a light outline over the deck's dark hairline: a back stands out from
            # every felt, also where its own colour is close to the felt's
            edge = max(1.5, self._w * 0.016)
            painter.setPen(QPen(QColor(*CARD_EDGE), edge))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(edge / 2, edge / 2, self._w - edge, self._h - edge),
                                    radius - edge / 2, radius - edge / 2)
        if self._dimmed:
            path = QPainterPath()
            path.addRoundedRect(QRectF(0, 0, self._w, self._h), radius, radius)
            painter.fillPath(path, QColor(15, 25, 20, 150))
        if self._glow:
            pen = painter.pen()
            pen.setStyle(Qt.PenStyle.SolidLine)
            pen.setColor(self.glow_colour)
            pen.setWidthF(max(2.0, self._w * 0.035))
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(0, 0, self._w, self._h), radius, radius)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            event.accept()
        else:
            super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton and self.boundingRect().contains(
                QPointF(event.pos())):
            self.clicked.emit(self)
        super().mouseReleaseEvent(event)
