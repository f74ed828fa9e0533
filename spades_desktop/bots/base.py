"""The computer-player interface and helpers shared by every level (docs/rules.md §6).

A bot sees only a :class:`~spades_desktop.engine.PlayerView`: its own hand and
public information. It never receives a ``GameState``. Bots are deterministic:
the same view and game number always give the same action; any randomness comes
from a ``random.Random`` seeded by :func:`view_seed`, never from the global
``random`` module.
"""

from __future__ import annotations

import random
import threading
from typing import Protocol

from spades_desktop.engine import (
    Action,
    Bid,
    Card,
    PlayerView,
    Seat,
    Suit,
    mix_seed,
    trick_winner,
)


class Bot(Protocol):
    """A computer player of one difficulty level (docs/rules.md §6).

    ``name`` is the level's key (``"easy"``, ``"normal"`` …).
    """

    name: str

    def choose_action(
        self, view: PlayerView, game_number: int, cancel: threading.Event | None = None
    ) -> Action:
        """The bid or card this seat plays now; always one of ``view.legal``.

        ``view`` is the acting seat's :class:`PlayerView`; ``game_number`` is the
        game's number (it seeds any randomness, docs/rules.md §6). ``cancel``, when given, is
        set by the caller to abandon the decision (new game, quit); a searching bot
        polls it and returns any legal action at once, a quick bot may ignore it.
        Raises ``TypeError`` if ``view`` is not a ``PlayerView`` and ``ValueError``
        if it is not this seat's turn (``view.current_player != view.seat`` or no legal action).
        """
        ...


def require_turn(view: object) -> PlayerView:
    """Check that ``view`` is a :class:`PlayerView` of a seat that is to act now.

    Returns the view. Raises ``TypeError`` for anything that is not a
    ``PlayerView`` (a bot must never see a ``GameState``, docs/rules.md §6) and
    ``ValueError`` when it is not the view's seat's turn or there is no legal action.
    """
    if not isinstance(view, PlayerView):
        raise TypeError(
            f"A bot needs a PlayerView (its own hand and public information), "
            f"not {type(view).__name__}."
        )
    if view.current_player != view.seat or not view.legal:
        raise ValueError(f"It is not {view.seat.name.title()}'s turn.")
    return view


def _bid_code(bid: Bid | None) -> int:
    if bid is None:
        return 99
    return bid.tricks + (50 if bid.blind else 0)


def view_seed(view: PlayerView, game_number: int, salt: int = 0) -> int:
    """A 64-bit seed fixed by the public situation of ``view`` (docs/rules.md §6).

    Built only from integers — ``salt`` (one per bot level), game number, hand
    number, seat, the number of cards played in this hand and the bids so far — so
    it is the same in every process (``hash()`` of a string is salted per process).
    """
    bids = [_bid_code(view.bids.get(seat)) for seat in Seat]
    return mix_seed(salt, game_number, view.hand_number, int(view.seat),
                    len(view.played_cards), *bids)


def view_rng(view: PlayerView, game_number: int, salt: int = 0) -> random.Random:
    """A private ``random.Random`` seeded with :func:`view_seed` (never the global one)."""
    return random.Random(view_seed(view, game_number, salt))


# --- reading the table (public information only) --------------------------------------


def known_voids(view: PlayerView) -> dict[Seat, set[Suit]]:
    """Per seat (all four keys), the suits it has shown to be out of: it did not follow
    a led suit in a completed trick or the trick in play (docs/rules.md §3). Public information."""
    voids: dict[Seat, set[Suit]] = {s: set() for s in Seat}
    for trick in (*view.tricks, view.current_trick):
        if not trick:
            continue
        led = trick[0][1].suit
        for seat, card in trick[1:]:
            if card.suit != led:
                voids[seat].add(led)
    return voids


def wins_trick(view: PlayerView, card: Card) -> bool:
    """True when playing ``card`` now would make this seat the current winner of the
    trick in play (docs/rules.md §3); on an empty trick a lead always "wins" so far. ``card``
    should be one of ``view.legal``; it is not checked."""
    trick = (*view.current_trick, (view.seat, card))
    return trick_winner(trick) == view.seat
