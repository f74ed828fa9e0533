"""Pure table geometry: from the scene size and what is on the table to positions.

No Qt; every function is a plain calculation so it can be unit-tested without a
screen. Coordinates are scene units (the scene rect equals the view's size), origin
top-left, y down. A position is the top-left corner of an unrotated card; cards at
West and East are drawn rotated by 90° around their centre.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Seat

CARD_RATIO = 1.4
"""Card height / width (poker size, 2.5 × 3.5 in)."""


@dataclass(frozen=True)
class Placement:
    """Where one card goes: top-left ``x, y``, ``rotation`` in degrees, stacking ``z``."""

    x: float
    y: float
    rotation: float = 0.0
    z: float = 0.0


@dataclass(frozen=True)
class TableGeometry:
    """Derived sizes for a scene of ``width`` × ``height`` scene units."""

    width: float
    height: float

    @property
    def card_h(self) -> float:
        """Card height: fits a 13-card fan across and hands top and bottom."""
        return max(40.0, min(self.height * 0.22, self.width * 0.13 * CARD_RATIO))

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
        right for South and North, top to bottom for West and East). ``raised`` is the
        index of South's selected card, drawn lifted."""
        w, h, cw, ch, m = self.width, self.height, self.card_w, self.card_h, self.margin
        out: list[Placement] = []
        if count <= 0:
            return out
        if seat in (Seat.SOUTH, Seat.NORTH):
            if seat is Seat.SOUTH:
                span = min(w * 0.62, cw * 0.62 * 12 + cw)
                step = (span - cw) / max(1, count - 1) if count > 1 else 0.0
                step = min(step, cw * 0.62)
                y = h - ch - m
            else:
                step = cw * 0.22
                y = m + ch * 0.18
            total = cw + step * (count - 1)
            x0 = (w - total) / 2
            for i in range(count):
                lift = -ch * 0.22 if raised == i and seat is Seat.SOUTH else 0.0
                out.append(Placement(x0 + i * step, y + lift, 0.0, 10 + i))
        else:
            step = min(cw * 0.22, (h * 0.5 - cw) / max(1, count - 1)) if count > 1 else 0.0
            total = cw + step * (count - 1)
            y0 = (h - total) / 2 - (ch - cw) / 2
            x = m + (ch - cw) / 2 if seat is Seat.WEST else w - m - ch + (ch - cw) / 2
            for i in range(count):
                out.append(Placement(x, y0 + i * step, 90.0, 10 + i))
        return out

    def trick_slot(self, seat: Seat, order: int = 0) -> Placement:
        """Where ``seat``'s card lies in the trick in play (``order`` 0–3 stacks later cards
        above earlier ones)."""
        cx, cy = self.centre
        cw, ch = self.card_w, self.card_h
        dx, dy = {
            Seat.SOUTH: (0.0, ch * 0.32),
            Seat.NORTH: (0.0, -ch * 0.32),
            Seat.WEST: (-cw * 0.72, 0.0),
            Seat.EAST: (cw * 0.72, 0.0),
        }[seat]
        tilt = {Seat.SOUTH: 2.0, Seat.NORTH: -3.0, Seat.WEST: -6.0, Seat.EAST: 5.0}[seat]
        return Placement(cx + dx - cw / 2, cy + dy - ch / 2 - ch * 0.05, tilt, 100 + order)

    def seat_anchor(self, seat: Seat) -> tuple[float, float]:
        """A point inside ``seat``'s hand area (where collected tricks fly, where a
        computer player's card leaves from)."""
        w, h, ch, m = self.width, self.height, self.card_h, self.margin
        return {
            Seat.SOUTH: (w / 2, h - m - ch / 2),
            Seat.NORTH: (w / 2, m + ch * 0.68),
            Seat.WEST: (m + ch / 2, h / 2),
            Seat.EAST: (w - m - ch / 2, h / 2),
        }[seat]

    def label_anchor(self, seat: Seat) -> tuple[float, float, str]:
        """Where a seat's name plate goes, beside its hand and clear of the trick: a
        point and how the plate hangs from it (``"above"``, ``"below"``, ``"right"``,
        ``"left"``)."""
        w, h, ch, cw, m = self.width, self.height, self.card_h, self.card_w, self.margin
        full = self.hand(Seat.SOUTH, 13)
        south_left = full[0].x
        north = self.hand(Seat.NORTH, 13)
        north_left = north[0].x
        return {
            Seat.SOUTH: (south_left - m, h - m - ch / 2, "left"),
            Seat.NORTH: (north_left - m, north[0].y + ch / 2, "left"),
            Seat.WEST: (m + ch + cw * 0.15, h / 2, "right"),
            Seat.EAST: (w - m - ch - cw * 0.15, h / 2, "left"),
        }[seat]

    def prompt_band(self) -> tuple[float, float]:
        """The free vertical band between North's and South's hands (top, bottom), where
        the bid panel is shown."""
        north = self.hand(Seat.NORTH, 13)
        top = north[0].y + self.card_h + self.margin
        bottom = self.height - self.margin - self.card_h * 1.25
        return top, bottom

    def prompt_limits(self) -> tuple[float, float]:
        """How far a prompt taller than :meth:`prompt_band` may grow (top, bottom): up
        over North's backs to the window's margin, down to just above South's cards,
        which must stay in sight while South bids."""
        return self.margin, self.height - self.margin * 1.5 - self.card_h

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
        return self.card_h * 0.16

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
                       keep_right_of: float) -> tuple[float, float]:
        """Where the centre of a note of ``size`` (width, height) explaining a refused
        card goes: above South's hand (clear of a raised card), centred on ``near_x``
        when it fits, right of ``keep_right_of`` (South's plate), inside the table."""
        bw, bh = size
        top = self.hand(Seat.SOUTH, 1)[0].y - self.card_h * 0.22
        y = max(self.margin + bh / 2, top - self.margin * 0.6 - bh / 2)
        low = max(self.margin, keep_right_of + self.margin * 0.5) + bw / 2
        high = self.width - self.margin - bw / 2
        x = min(max(near_x, low), high) if low <= high else self.width / 2
        return x, y
