"""The hand review's table: all four hands face up and one trick in the middle.

Drawn with the table's card renderer (:mod:`spades_desktop.ui.table.card_item`) on the
chosen felt (:mod:`spades_desktop.looks`), on a scene 1100 units wide and 480–720 high
(as the view's shape asks, :meth:`ReviewScene.fit_to`) that the view scales to its size.
Display only: the scene shows a :class:`~spades_desktop.engine.HandRecord` at one step
and never decides a rule.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QRadialGradient
from PySide6.QtWidgets import QGraphicsScene

from ...engine import Card, HandRecord, Seat, sort_hand
from ...looks import DEFAULT_FELT, FELT_COLOURS, Rgb
from ..table.card_item import GLOW_COLOUR, CardItem, CardRenderer
from ..table.items import LINE_SCALE, MIN_TEXT_PX, PanelItem
from ..texts import bid_text, seat_name

translate = QCoreApplication.translate
"""Review strings use the context "Review"; each call names it literally for lupdate."""

WIDTH, HEIGHT = 1100.0, 720.0
"""The scene's width and its largest height, in scene units."""
MIN_HEIGHT = 480.0
"""The scene's smallest height: North's fan, the trick and South's fan one above the
other with a small gap (a wide, low view shows this, with larger cards)."""
CARD_W = 76.0
CARD_H = CARD_W * 1.4
STEP = CARD_W * 0.34
"""How far apart the cards of a fan are: enough to read each card's corner."""
MARGIN = 16.0
WINNER_OUTLINE = QColor(GLOW_COLOUR)
"""The outline of the trick's winning card (gold, as on the table)."""
BEST_OUTLINE = QColor(80, 200, 255)
"""The outline of the coach's better card in a hand (light blue)."""
WINNER_Z = 110
"""The trick's winning card lies above the trick's other cards (100–103)."""
LABEL = 15.0
"""The plates' font size in scene units, on a view that shows the scene at full size."""
LABEL_MAX = 34.0
"""The plates' largest font size in scene units (on a small view, see
:meth:`ReviewScene.set_view_scale`)."""

SEAT_ROLE = 0
"""The ``QGraphicsItem.data`` key of every card item of the scene: the number of the
:class:`~spades_desktop.engine.Seat` holding the card or having played it (an ``int``)."""
PLACE_ROLE = 1
"""The ``QGraphicsItem.data`` key of every card item: ``"hand"`` (in its seat's hand) or
``"trick"`` (in the trick shown in the middle)."""
ORDER_ROLE = 2
"""The ``QGraphicsItem.data`` key of every card item: its place, from 0, left to right
in a hand and in play order in the trick."""


def cards_left(record: HandRecord, seat: Seat, step: int) -> tuple[Card, ...]:
    """``seat``'s cards after ``step`` tricks of ``record`` (step 0: the whole deal), in
    the order players arrange them. Raises ``ValueError`` for a record without that
    seat's cards (a hand in progress seen by another seat)."""
    dealt = record.deal[seat]
    if dealt is None:
        raise ValueError(f"The record does not show {seat.name}'s cards.")
    played = {t.card_of(seat) for t in record.tricks[:step]}
    return sort_hand(c for c in dealt if c not in played)


def tricks_won_after(record: HandRecord, step: int) -> dict[Seat, int]:
    """Tricks won by each seat after ``step`` tricks of ``record``."""
    won = dict.fromkeys(Seat, 0)
    for trick in record.tricks[:step]:
        won[trick.winner] += 1
    return won


class ReviewScene(QGraphicsScene):
    """Four face-up hands, a plate for each seat, and the trick of the current step.

    ``show_step(record, step, marked)``: step 0 shows the deal and the bids, step
    ``k`` (1–13) the hands after trick ``k`` with its four cards in front of the players
    who played them, later cards above earlier ones, the winner's card on top of them
    all, outlined in :data:`WINNER_OUTLINE`. ``marked`` cards in the hands (the coach's
    better card) are outlined in :data:`BEST_OUTLINE`.

    Every card is a :class:`~spades_desktop.ui.table.card_item.CardItem` whose item data
    says where it lies: :data:`SEAT_ROLE`, :data:`PLACE_ROLE` and :data:`ORDER_ROLE`
    (tests and tools may rely on them).
    """

    def __init__(self, renderer: CardRenderer | None = None) -> None:
        super().__init__()
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self._height = HEIGHT
        self._felt = DEFAULT_FELT
        self.setSceneRect(0, 0, WIDTH, HEIGHT)
        self._renderer = renderer or CardRenderer()
        self._hands: dict[Seat, list[CardItem]] = {s: [] for s in Seat}
        self._trick: list[tuple[Seat, CardItem]] = []
        self._plates = {s: PanelItem(self._plate_anchor(s)) for s in Seat}
        for plate in self._plates.values():
            plate.setZValue(300)
            self.addItem(plate)
        self._record: HandRecord | None = None
        self._step = 0
        self._marked: frozenset[Card] = frozenset()
        self._label = LABEL

    def fit_to(self, width: float, height: float) -> None:
        """Take the shape of a view ``width`` × ``height`` pixels: the scene stays
        :data:`WIDTH` wide and becomes as high as that shape asks, between
        :data:`MIN_HEIGHT` and :data:`HEIGHT`, so that a wide, low view shows the cards
        larger. Ignored for an empty size."""
        if width <= 0 or height <= 0:
            return
        wanted = min(HEIGHT, max(MIN_HEIGHT, WIDTH * height / width))
        if abs(wanted - self._height) < 0.5:
            return
        self._height = wanted
        self.setSceneRect(0, 0, WIDTH, wanted)
        if self._record is not None:
            self.show_step(self._record, self._step, self._marked)

    def set_felt(self, felt: str) -> None:
        """Paint the felt in ``felt``, a key of :data:`spades_desktop.looks.FELTS`.
        Raises ``ValueError`` for another key (nothing changes)."""
        if felt not in FELT_COLOURS:
            raise ValueError(f"Unknown felt {felt!r}.")
        self._felt = felt
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
        self.update()

    def set_four_colour(self, on: bool) -> None:
        """Draw the faces from the four-colour deck (diamonds blue, clubs green) or the
        standard one, at once."""
        self._renderer.set_four_colour(on)
        self.update()

    @property
    def four_colour(self) -> bool:
        """Whether the faces are drawn from the four-colour deck."""
        return self._renderer.four_colour

    @property
    def felt(self) -> str:
        """The felt painted (a key of :data:`spades_desktop.looks.FELTS`)."""
        return self._felt

    def felt_colours(self) -> tuple[Rgb, Rgb, Rgb]:
        """The felt's colours at the centre, two thirds out and at the edge (red, green,
        blue 0–255), as painted behind the cards and plates."""
        return FELT_COLOURS[self._felt]

    def set_view_scale(self, scale: float) -> None:
        """The view shows the scene scaled by ``scale``: the plates' letters grow so that
        their smaller line stays at least ``MIN_TEXT_PX`` pixels high on the screen (up
        to :data:`LABEL_MAX`), as on the table."""
        if scale <= 0:
            return
        label = min(LABEL_MAX, max(LABEL, MIN_TEXT_PX / (scale * LINE_SCALE)))
        if label != self._label:
            self._label = label
            self.retranslate()

    # -- reading (the window, tests) ---------------------------------------------------------
    def trick_item(self, seat: Seat) -> CardItem | None:
        """``seat``'s card item in the trick shown, if any."""
        for s, item in self._trick:
            if s == seat:
                return item
        return None

    # -- drawing -------------------------------------------------------------------------------
    def show_step(
        self, record: HandRecord, step: int, marked: frozenset[Card] = frozenset()
    ) -> None:
        """Show ``record`` after ``step`` tricks (0–len(record.tricks))."""
        if not 0 <= step <= len(record.tricks):
            raise ValueError(f"Step {step} is outside 0..{len(record.tricks)}.")
        self._record, self._step, self._marked = record, step, marked
        for items in self._hands.values():
            for item in items:
                self.removeItem(item)
            items.clear()
        for _seat, item in self._trick:
            self.removeItem(item)
        self._trick.clear()
        for seat in Seat:
            cards = cards_left(record, seat, step)
            x0, y = self._fan_origin(seat, len(cards))
            for i, card in enumerate(cards):
                item = self._new_card(card, seat, "hand", i)
                item.setPos(x0 + i * STEP, y)
                item.setZValue(10 + i)
                item.set_glow(card in marked, BEST_OUTLINE)
                self._hands[seat].append(item)
        if step > 0:
            trick = record.tricks[step - 1]
            for order, (seat, card) in enumerate(trick.plays):
                item = self._new_card(card, seat, "trick", order)
                x, y, tilt = self._slot(seat)
                item.setPos(x, y)
                item.setRotation(tilt)
                won = seat == trick.winner
                item.setZValue(WINNER_Z if won else 100 + order)
                item.set_glow(won, WINNER_OUTLINE)
                self._trick.append((seat, item))
        self.retranslate()

    def retranslate(self) -> None:
        """Set the plates' texts in the current language."""
        record = self._record
        if record is None:
            return
        won = tricks_won_after(record, self._step)
        for seat in Seat:
            bid = record.bids[seat]
            line = translate("Review", "Bid {0} · won {1}").format(bid_text(bid), won[seat])
            title = seat_name(seat)
            if seat == record.dealer:
                title = translate("Review", "{0} (dealer)").format(title)
            plate = self._plates[seat]
            plate.set_content(title, [line], self._label)
            plate.setPos(*self._plate_pos(seat, len(self._hands[seat])))
            # large letters (a small view) may reach past the edge: keep it on the felt
            r = plate.sceneBoundingRect()
            dx = max(0.0, MARGIN / 2 - r.left()) - max(0.0, r.right() - (WIDTH - MARGIN / 2))
            dy = max(0.0, MARGIN / 2 - r.top()) - max(0.0, r.bottom() - (self._height - MARGIN / 2))
            if dx or dy:
                plate.moveBy(dx, dy)

    def _new_card(self, card: Card, seat: Seat, place: str, order: int) -> CardItem:
        item = CardItem(self._renderer, card, True, CARD_W, CARD_H)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        item.setData(SEAT_ROLE, int(seat))
        item.setData(PLACE_ROLE, place)
        item.setData(ORDER_ROLE, order)
        self.addItem(item)
        return item

    # -- geometry --------------------------------------------------------------------------------
    def _gap(self) -> float:
        """The space above North's fan and below South's: 34 on the tallest scene,
        down to 8 on the lowest."""
        return 8.0 + 26.0 * (self._height - MIN_HEIGHT) / (HEIGHT - MIN_HEIGHT)

    def _fan_origin(self, seat: Seat, count: int) -> tuple[float, float]:
        width = CARD_W + STEP * max(0, count - 1)
        full = CARD_W + STEP * 12
        height, gap = self._height, self._gap()
        if seat == Seat.NORTH:
            return (WIDTH - width) / 2, MARGIN + gap
        if seat == Seat.SOUTH:
            return (WIDTH - width) / 2, height - MARGIN - gap - CARD_H
        y = (height - CARD_H) / 2
        if seat == Seat.WEST:
            return MARGIN + (full - width) / 2, y
        return WIDTH - MARGIN - full + (full - width) / 2, y

    @staticmethod
    def _plate_anchor(seat: Seat) -> str:
        # North's and South's plates beside their fans (the felt has no room above and
        # below them on a small view), West's and East's above theirs
        return "left" if seat in (Seat.NORTH, Seat.SOUTH) else "above"

    def _plate_pos(self, seat: Seat, count: int) -> tuple[float, float]:
        """Where ``seat``'s plate hangs from, its fan holding ``count`` cards."""
        full = CARD_W + STEP * 12
        fan_left = (WIDTH - CARD_W - STEP * max(0, count - 1)) / 2  # North's and South's
        height, gap = self._height, self._gap()
        if seat == Seat.NORTH:
            return fan_left - 12, MARGIN + gap + CARD_H / 2
        if seat == Seat.SOUTH:
            return fan_left - 12, height - MARGIN - gap - CARD_H / 2
        y = (height - CARD_H) / 2 - 6
        if seat == Seat.WEST:
            return MARGIN + full / 2, y
        return WIDTH - MARGIN - full / 2, y

    def _slot(self, seat: Seat) -> tuple[float, float, float]:
        cx, cy = WIDTH / 2, self._height / 2
        dx, dy, tilt = {
            Seat.SOUTH: (0.0, CARD_H * 0.42, 2.0),
            Seat.NORTH: (0.0, -CARD_H * 0.42, -3.0),
            Seat.WEST: (-CARD_W * 0.8, 0.0, -6.0),
            Seat.EAST: (CARD_W * 0.8, 0.0, 5.0),
        }[seat]
        return cx + dx - CARD_W / 2, cy + dy - CARD_H / 2, tilt

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:  # noqa: N802
        centre, middle, edge = self.felt_colours()
        grad = QRadialGradient(QPointF(WIDTH / 2, self._height * 0.45), WIDTH * 0.7)
        grad.setColorAt(0.0, QColor(*centre))
        grad.setColorAt(0.65, QColor(*middle))
        grad.setColorAt(1.0, QColor(*edge))
        painter.fillRect(rect, QBrush(grad))
