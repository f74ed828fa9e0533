"""Pure table geometry: from the scene size and what is on the table to positions.

No Qt; every function is a plain calculation so it can be unit-tested without a
screen. Coordinates are scene units (the scene rect equals the view's size), origin
top-left, y down. A position is the top-left corner of an unrotated card; cards at
West and East are drawn rotated by 90° around their centre.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...engine import Seat

CARD_RATIO = 1.4
"""Card height / width (poker size, 2.5 × 3.5 in)."""

ROOM_FOR_HAND = 0.5
"""How much the trick's cards and the backs shrink for each step South's cards grow:
a card scale of 1.25 makes them 12.5 % smaller, 1.5 makes them 25 % smaller."""


@dataclass(frozen=True)
class Placement:
    """Where one card goes: top-left ``x, y``, ``rotation`` in degrees, stacking ``z``."""

    x: float
    y: float
    rotation: float = 0.0
    z: float = 0.0


@dataclass(frozen=True)
class TableGeometry:
    """Derived sizes for a scene of ``width`` × ``height`` scene units.

    ``side_top`` and ``side_bottom`` (scene units, None: no limit) bound the band West's
    and East's hands lie in, clear of the corner boxes, North's and South's plates and
    the buttons beside South's hand. With ``plates_above``, West's and East's plates
    hang above their hands (in that band's top) instead of beside them, leaving the
    middle of a narrow table to the trick and the bid panel, ``mark_room`` (scene
    units) above the hands for a plate's thinking mark, and ``trick_room`` (scene
    units) free between the trick and South's raised card, for the hint bubble;
    North's hand lies ``north_shift`` (scene units) right of the middle, to leave its
    plate room on a narrow table. ``card_scale`` is the size of South's cards
    against the normal one (``looks.CARD_SCALES``: 1.0, 1.25, 1.5): South's hand
    (:attr:`hand_w` × :attr:`hand_h`) grows, and the table makes room for it: the
    trick and the other hands' backs give up a little of their size
    (:data:`ROOM_FOR_HAND`), the texts keep theirs.
    """

    width: float
    height: float
    side_top: float | None = None
    side_bottom: float | None = None
    plates_above: bool = False
    mark_room: float = 0.0
    trick_room: float = 0.0
    north_shift: float = 0.0
    card_scale: float = 1.0

    @property
    def text_h(self) -> float:
        """The height of a normal-sized card on this table (scene units): the texts'
        sizes follow it, whatever :attr:`card_scale`. It fits a 13-card fan across and
        hands top and bottom; on a low table (under 640 units) the cards give up a
        little height to the text, which never shrinks."""
        low = min(1.0, max(0.0, (self.height - 460.0) / 180.0))
        share = 0.195 + 0.025 * low
        return max(40.0, min(self.height * share, self.width * 0.13 * CARD_RATIO))

    @property
    def card_h(self) -> float:
        """The height of the cards of the trick and of the backs of West's, North's
        and East's hands: the normal size (:attr:`text_h`), a little smaller when
        South's cards are larger."""
        return self.text_h * (1.0 - ROOM_FOR_HAND * (self.card_scale - 1.0))

    @property
    def hand_h(self) -> float:
        """The height of South's cards: the normal size times :attr:`card_scale`."""
        return self.text_h * self.card_scale

    @property
    def hand_w(self) -> float:
        """The width of South's cards."""
        return self.hand_h / CARD_RATIO

    def card_size(self, seat: Seat) -> tuple[float, float]:
        """The width and height of the cards in ``seat``'s hand."""
        if seat is Seat.SOUTH:
            return self.hand_w, self.hand_h
        return self.card_w, self.card_h

    @property
    def card_w(self) -> float:
        """Card width."""
        return self.card_h / CARD_RATIO

    @property
    def margin(self) -> float:
        """Space kept free at the window's edges."""
        return self.card_h * 0.12

    @property
    def centre(self) -> tuple[float, float]:
        """The middle of the table."""
        return self.width / 2, self.height / 2

    def hand(self, seat: Seat, count: int, raised: int | None = None) -> list[Placement]:
        """Placements for ``count`` cards of ``seat``'s hand, in display order (left to
        right for South and North, top to bottom for West and East), each later card
        stacked above the one before (``z``). ``raised`` is the index of South's
        selected card, drawn lifted and above every other card of the hand, so that all
        of its face takes a click."""
        w, h, cw, ch, m = self.width, self.height, self.card_w, self.card_h, self.margin
        out: list[Placement] = []
        if count <= 0:
            return out
        if seat in (Seat.SOUTH, Seat.NORTH):
            if seat is Seat.SOUTH:
                cw, ch = self.hand_w, self.hand_h
                span = min(w * 0.62, cw * 0.62 * 12 + cw)
                step = (span - cw) / max(1, count - 1) if count > 1 else 0.0
                step = min(step, cw * 0.62)
                y = h - ch - m
            else:
                step = cw * 0.22
                y = m + ch * 0.18
            total = cw + step * (count - 1)
            x0 = (w - total) / 2 + (self.north_shift if seat is Seat.NORTH else 0.0)
            for i in range(count):
                up = raised == i and seat is Seat.SOUTH
                lift = -ch * 0.22 if up else 0.0
                out.append(Placement(x0 + i * step, y + lift, 0.0, 10 + (count if up else i)))
        else:
            step = (min(cw * 0.22, (self.side_room() - cw) / (count - 1)) if count > 1
                    else 0.0)
            total = cw + step * (count - 1)
            y0 = self.side_middle() - total / 2 - (ch - cw) / 2
            x = m + (ch - cw) / 2 if seat is Seat.WEST else w - m - ch + (ch - cw) / 2
            for i in range(count):
                out.append(Placement(x, y0 + i * step, 90.0, 10 + i))
        return out

    def side_band(self) -> tuple[float, float]:
        """The band (top, bottom) West's and East's hands lie in."""
        top = self.margin if self.side_top is None else self.side_top
        bottom = self.height - self.margin if self.side_bottom is None else self.side_bottom
        return top, max(top + self.card_w, bottom)

    def side_middle(self) -> float:
        """The middle of West's and East's full hands: the table's middle when the hand
        fits there in :meth:`side_band`, else the nearest height where it does."""
        top, bottom = self.side_band()
        half = min(self.height * 0.5, bottom - top) / 2
        return min(max(self.height / 2, top + half), bottom - half)

    def side_hand_width(self) -> float:
        """How far West's hand reaches into the table from the window's left edge (and
        East's from the right): the margin and one card's height (the cards lie across)."""
        return self.margin + self.card_h

    def trick_slot(self, seat: Seat, order: int = 0) -> Placement:
        """Where ``seat``'s card lies in a trick (``order`` 0–3 stacks later cards above
        earlier ones). No card lies over the top-left quarter of another, where its
        index is, whatever the stacking: North's card a little right of the middle and
        South's a little left (each index clear of the other card), West's and East's
        beyond both."""
        cx, cy = self.centre
        cw, ch = self.card_w, self.card_h
        dx, dy = {
            Seat.SOUTH: (-cw * 0.17, ch * 0.22),
            Seat.NORTH: (cw * 0.17, -ch * 0.22),
            Seat.WEST: (-cw * 1.2, 0.0),
            Seat.EAST: (cw * 1.2, 0.0),
        }[seat]
        tilt = {Seat.SOUTH: 2.0, Seat.NORTH: -3.0, Seat.WEST: -4.5, Seat.EAST: 4.5}[seat]
        return Placement(cx + dx - cw / 2, self._trick_middle() + dy - ch / 2, tilt,
                         100 + order)

    def _trick_middle(self) -> float:
        """The height of the trick's middle: a little above the table's, higher when
        :attr:`trick_room` needs it, never over North's hand."""
        ch, m = self.card_h, self.margin
        raised_top = self.height - self.hand_h * 1.22 - m
        wanted = raised_top - self.trick_room - ch * 0.55  # West's and East's tilted cards
        highest = m + ch * 1.18 + m + ch * 0.22 + ch / 2  # North's card under North's hand
        return max(highest, min(self.height / 2 - ch * 0.05, wanted))

    def trick_bottom(self) -> float:
        """The lowest point of West's, North's and East's cards in the trick (South's
        slot is empty while South is to play), tilted as they lie."""
        lowest = 0.0
        for seat in (Seat.WEST, Seat.NORTH, Seat.EAST):
            slot = self.trick_slot(seat)
            turn = math.radians(slot.rotation)
            half = (self.card_w * abs(math.sin(turn)) + self.card_h * abs(math.cos(turn))) / 2
            lowest = max(lowest, slot.y + self.card_h / 2 + half)
        return lowest

    def seat_anchor(self, seat: Seat) -> tuple[float, float]:
        """A point inside ``seat``'s hand area (where collected tricks fly, where a
        computer player's card leaves from)."""
        w, h, ch, m = self.width, self.height, self.card_h, self.margin
        return {
            Seat.SOUTH: (w / 2, h - m - self.hand_h / 2),
            Seat.NORTH: (w / 2, m + ch * 0.68),
            Seat.WEST: (m + ch / 2, self.side_middle()),
            Seat.EAST: (w - m - ch / 2, self.side_middle()),
        }[seat]

    def label_anchor(self, seat: Seat) -> tuple[float, float, str]:
        """Where a seat's name plate goes, beside its hand and clear of the trick: a
        point and how the plate hangs from it (``"above"``, ``"below"``, ``"right"``,
        ``"left"``). With :attr:`plates_above`, West's and East's plates hang above
        their hands (the point is the plate's bottom middle)."""
        w, h, ch, cw, m = self.width, self.height, self.card_h, self.card_w, self.margin
        full = self.hand(Seat.SOUTH, 13)
        south_left = full[0].x
        north = self.hand(Seat.NORTH, 13)
        north_left = north[0].x
        if self.plates_above and seat in (Seat.WEST, Seat.EAST):
            first = self.hand(seat, 13)[0]  # drawn rotated about its centre
            top = first.y + (ch - cw) / 2
            x = m + ch / 2 if seat is Seat.WEST else w - m - ch / 2
            return x, top - m * 0.5 - self.mark_room, "above"
        return {
            Seat.SOUTH: (south_left - m, h - m - self.hand_h / 2, "left"),
            Seat.NORTH: (north_left - m, north[0].y + ch / 2, "left"),
            Seat.WEST: (m + ch + cw * 0.15, self.side_middle(), "right"),
            Seat.EAST: (w - m - ch - cw * 0.15, self.side_middle(), "left"),
        }[seat]

    def side_room(self) -> float:
        """The height a full hand of West or East may take."""
        top, bottom = self.side_band()
        return max(self.card_w, min(self.height * 0.5, bottom - top))

    def prompt_band(self) -> tuple[float, float]:
        """The free vertical band between North's and South's hands (top, bottom), where
        the bid panel is shown."""
        north = self.hand(Seat.NORTH, 13)
        top = north[0].y + self.card_h + self.margin
        bottom = self.height - self.margin - self.hand_h * 1.25
        return top, bottom

    def prompt_limits(self) -> tuple[float, float]:
        """How far a prompt taller than :meth:`prompt_band` may grow (top, bottom): up
        over North's backs to the window's margin, down to just above South's cards,
        which must stay in sight while South bids."""
        return self.margin, self.height - self.margin * 1.5 - self.hand_h

    def deal_origin(self, dealer: Seat) -> tuple[float, float]:
        """Where the deck sits while ``dealer`` deals (top-left of a card)."""
        ax, ay = self.seat_anchor(dealer)
        cx, cy = self.centre
        x = ax + (cx - ax) * 0.35
        y = ay + (cy - ay) * 0.35
        return x - self.card_w / 2, y - self.card_h / 2

    @property
    def bid_bubble_px(self) -> float:
        """The font size of a bid bubble's text, in scene units."""
        return self.text_h * 0.16

    def bid_bubble_centre(self, seat: Seat, plate: tuple[float, float, float, float],
                          size: tuple[float, float]) -> tuple[float, float]:
        """Where the centre of the bubble announcing ``seat``'s bid goes: beside the
        seat's plate (``plate`` is its x, y, width, height), toward the table's centre,
        so it never covers a name. West's and East's bubbles hang beside their plates;
        North's and South's (plates beside the hand) go between the hand and the centre.
        ``size`` is the bubble's width and height; the bubble stays inside the table."""
        px, py, pw, ph = plate
        bw, bh = size
        gap = self.margin * 0.6
        if seat is Seat.WEST:
            x, y = px + pw + gap + bw / 2, py + ph / 2
        elif seat is Seat.EAST:
            x, y = px - gap - bw / 2, py + ph / 2
        elif seat is Seat.NORTH:
            north = self.hand(Seat.NORTH, 1)[0]
            x, y = self.width / 2, max(north.y + self.card_h, py + ph) + gap + bh / 2
        else:
            south = self.hand(Seat.SOUTH, 1)[0]
            x, y = self.width / 2, min(south.y, py) - gap - bh / 2
        x = min(max(x, self.margin + bw / 2), self.width - self.margin - bw / 2)
        y = min(max(y, self.margin + bh / 2), self.height - self.margin - bh / 2)
        return x, y

    def refusal_centre(self, size: tuple[float, float], near_x: float,
                       keep_right_of: float, raised_card: bool = True
                       ) -> tuple[float, float]:
        """Where the centre of a note of ``size`` (width, height) explaining a refused
        card goes: above South's hand (clear of a raised card, unless ``raised_card`` is
        false), centred on ``near_x`` when it fits, right of ``keep_right_of`` (South's
        plate) and between West's and East's hands, inside the table."""
        bw, bh = size
        top = self.hand(Seat.SOUTH, 1)[0].y
        if raised_card:
            top -= self.hand_h * 0.22
        else:
            top += self.margin * 0.3  # the note's own margin above the cards
        y = max(self.margin + bh / 2, top - self.margin * 0.6 - bh / 2)
        left, right = self.refusal_room(keep_right_of)
        low, high = left + bw / 2, right - bw / 2
        x = min(max(near_x, low), high) if low <= high else (left + right) / 2
        return x, y

    def refusal_room(self, keep_right_of: float) -> tuple[float, float]:
        """The span (left, right) a refused card's note may take: right of
        ``keep_right_of`` (South's plate), between West's and East's hands."""
        gap = self.margin * 0.5
        side = self.side_hand_width() + gap
        return max(side, keep_right_of + gap), self.width - side
