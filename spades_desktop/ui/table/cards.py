"""The card items on the table: which item shows which card, and where it rests.

South's hand is face up (face down while the Blind Nil question is open, docs/rules.md §2), the
other three hands are backs, and the trick lies in the middle. Positions come from the
pure functions of :mod:`.layout`; this module only creates, moves and removes items.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtWidgets import QGraphicsScene

from ...engine import Action, Card, PlayerView, Seat, Trick
from .card_item import CardItem, CardRenderer
from .layout import Placement, TableGeometry

GeometrySource = Callable[[], TableGeometry]
"""Gives the table's current geometry (it changes when the view is resized)."""


def place(item: CardItem, p: Placement) -> None:
    """Put ``item`` at ``p`` at once (position, rotation and stacking order)."""
    item.setPos(p.x, p.y)
    item.setRotation(p.rotation)
    item.setZValue(p.z)


class TableCards:
    """The card items of one table, kept in step with South's ``PlayerView``.

    ``raised`` is the card South has lifted (first click); ``face_down`` keeps South's
    cards hidden until the Blind Nil question is answered. ``on_click(item)`` is called
    when the player clicks any card item.
    """

    def __init__(self, scene: QGraphicsScene, renderer: CardRenderer, geometry: GeometrySource,
                 on_click: Callable[[CardItem], None]) -> None:
        self._scene = scene
        self._renderer = renderer
        self._geometry = geometry
        self._on_click = on_click
        self._south: dict[Card, CardItem] = {}
        self._backs: dict[Seat, list[CardItem]] = {s: [] for s in Seat if s != Seat.SOUTH}
        self._trick: dict[Seat, CardItem] = {}
        self.raised: Card | None = None
        self.face_down = False

    # -- what is on the table ----------------------------------------------------------------
    def south_items(self) -> dict[Card, CardItem]:
        """South's card items by card (a copy)."""
        return dict(self._south)

    def south_item(self, card: Card) -> CardItem | None:
        """The item showing ``card`` in South's hand, if it is there."""
        return self._south.get(card)

    def trick_items(self) -> dict[Seat, CardItem]:
        """The items of the trick on the table by seat, in the order played (a copy)."""
        return dict(self._trick)

    def back_items(self, seat: Seat) -> list[CardItem]:
        """The items of ``seat``'s hand drawn face down, in display order (a copy; empty
        for South)."""
        return list(self._backs.get(seat, []))

    # -- creating and removing items -----------------------------------------------------------
    def new_card(self, card: Card | None, face_up: bool, seat: Seat | None = None) -> CardItem:
        """A new item on the scene (``card`` None: a back), at the current size of the
        cards in ``seat``'s hand (None: of the trick)."""
        g = self._geometry()
        w, h = g.card_size(seat) if seat is not None else (g.card_w, g.card_h)
        item = CardItem(self._renderer, card, face_up, w, h)
        item.clicked.connect(self._on_click)
        self._scene.addItem(item)
        return item

    def remove(self, item: CardItem) -> None:
        """Take ``item`` off the scene."""
        # removeItem hands ownership back to Python: dropping the last reference
        # deletes the item (a deleteLater here would delete it twice)
        if item.scene() is self._scene:
            self._scene.removeItem(item)

    def clear_trick(self) -> None:
        """Remove the trick's items."""
        for item in self._trick.values():
            self.remove(item)
        self._trick.clear()

    def release_trick(self) -> dict[Seat, CardItem]:
        """Hand the trick's items over to the caller, who removes them (with
        :meth:`remove`) when they are no longer shown: the table holds no trick then."""
        items, self._trick = self._trick, {}
        return items

    def clear_hands(self) -> None:
        """Remove every hand's items (a finished hand, or before a deal)."""
        for item in self._south.values():
            self.remove(item)
        self._south.clear()
        for items in self._backs.values():
            for item in items:
                self.remove(item)
            items.clear()

    def create_hands(self, view: PlayerView, face_up: bool) -> None:
        """New items for every hand in ``view`` (South's ``face_up`` or not)."""
        for card in view.sorted_hand:
            self._south[card] = self.new_card(card, face_up, Seat.SOUTH)
        for seat in self._backs:
            for _ in range(view.hand_sizes.get(seat, 0)):
                self._backs[seat].append(self.new_card(None, False))

    def take_from_hand(self, actor: Seat, card: Card) -> CardItem:
        """The item that leaves ``actor``'s hand to show ``card``, now face up (a new one
        at the seat when the hand has none left)."""
        if actor == Seat.SOUTH and card in self._south:
            item = self._south.pop(card)
            g = self._geometry()
            item.set_size(g.card_w, g.card_h)  # a trick's card, from a larger hand
        elif actor != Seat.SOUTH and self._backs[actor]:
            item = self._backs[actor].pop(len(self._backs[actor]) // 2)
        else:
            g = self._geometry()
            x, y = g.seat_anchor(actor)
            item = self.new_card(card, True)
            item.setPos(x - g.card_w / 2, y - g.card_h / 2)
        item.card = card
        item.set_face_up(True)
        return item

    def put_in_trick(self, seat: Seat, item: CardItem) -> None:
        """``item`` is now ``seat``'s card in the trick."""
        self._trick[seat] = item

    def trick_item(self, seat: Seat) -> CardItem | None:
        """``seat``'s card item in the trick, if any."""
        return self._trick.get(seat)

    # -- resting places ------------------------------------------------------------------------
    def hand_targets(self, view: PlayerView) -> dict[Seat, list[tuple[CardItem, Placement]]]:
        """Where each hand's items rest for ``view`` (South's raised card lifted)."""
        g = self._geometry()
        out: dict[Seat, list[tuple[CardItem, Placement]]] = {}
        order = [c for c in view.sorted_hand if c in self._south]
        raised = order.index(self.raised) if self.raised in order else None
        out[Seat.SOUTH] = list(zip([self._south[c] for c in order],
                                   g.hand(Seat.SOUTH, len(order), raised), strict=True))
        for seat, items in self._backs.items():
            out[seat] = list(zip(items, g.hand(seat, len(items)), strict=True))
        return out

    def _reconcile_hands(self, view: PlayerView) -> None:
        wanted = set(view.hand)
        for card in [c for c in self._south if c not in wanted]:
            self.remove(self._south.pop(card))
        for card in view.sorted_hand:
            if card not in self._south:
                self._south[card] = self.new_card(card, not self.face_down, Seat.SOUTH)
        for seat, items in self._backs.items():
            n = view.hand_sizes.get(seat, 0)
            while len(items) > n:
                self.remove(items.pop())
            while len(items) < n:
                items.append(self.new_card(None, False))

    def snap_hands(self, view: PlayerView) -> None:
        """Make the hands match ``view`` and put every item at rest at once."""
        self._reconcile_hands(view)
        g = self._geometry()
        for seat, items in self.hand_targets(view).items():
            for item, p in items:
                item.set_size(*g.card_size(seat))
                item.setOpacity(1.0)
                place(item, p)
        for item in self._south.values():
            item.set_face_up(not self.face_down)

    def snap_trick(self, trick: Trick) -> None:
        """Make the trick's items match ``trick`` and put them in their slots at once."""
        wanted = dict(trick)
        for seat in [s for s in self._trick if s not in wanted or self._trick[s].card != wanted[s]]:
            self.remove(self._trick.pop(seat))
        g = self._geometry()
        for order, (seat, card) in enumerate(trick):
            item = self._trick.get(seat)
            if item is None:
                item = self._trick[seat] = self.new_card(card, True)
            item.set_size(g.card_w, g.card_h)
            item.setOpacity(1.0)
            item.set_dimmed(False)
            place(item, g.trick_slot(seat, order))

    def snap_trick_slots(self) -> None:
        """Put the trick's items back in their slots at the current size (a resize while
        a finished hand waits for the next deal)."""
        g = self._geometry()
        for item in self._trick.values():
            item.set_size(g.card_w, g.card_h)
        for order, (seat, item) in enumerate(self._trick.items()):
            place(item, g.trick_slot(seat, order))

    def raise_card(self, view: PlayerView, card: Card) -> None:
        """Lift ``card`` out of South's fan (the first click on it)."""
        self.raised = card
        for item, p in self.hand_targets(view)[Seat.SOUTH]:
            place(item, p)

    def set_back(self, back: str) -> None:
        """Draw every back as ``back`` (a key of :data:`spades_desktop.looks.CARD_BACKS`)
        from now on, the backs on the table at once. Raises ``ValueError`` for an
        unknown key."""
        self._renderer.set_back(back)
        for item in self._scene.items():
            if isinstance(item, CardItem) and not item.face_up:
                item.update()

    @property
    def four_colour(self) -> bool:
        """Whether faces are drawn from the four-colour deck."""
        return self._renderer.four_colour

    def set_four_colour(self, on: bool) -> None:
        """Draw every face from the four-colour deck (diamonds blue, clubs green) or the
        standard one from now on, the faces on the table (the last trick's too) at once."""
        self._renderer.set_four_colour(on)
        for item in self._scene.items():
            if isinstance(item, CardItem) and item.face_up:
                item.update()

    # -- South's cards ---------------------------------------------------------------------------
    def reveal_hand(self) -> None:
        """Turn South's cards face up (the Blind Nil question is answered)."""
        self.face_down = False
        for item in self._south.values():
            item.set_face_up(True)

    def light(self, legal: Iterable[Action] | None) -> None:
        """Dim South's cards that are not in ``legal``; None: none dimmed."""
        lit = None if legal is None else set(legal)
        for card, item in self._south.items():
            item.set_dimmed(lit is not None and card not in lit)
