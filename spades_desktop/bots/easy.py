"""The Easy computer player: rough bids, random legal cards (docs/rules.md §6).

Randomness comes from a private ``random.Random`` seeded by
:func:`~spades_desktop.bots.base.view_seed`, so the same view and game number always
give the same action.
"""

from __future__ import annotations

import threading

from spades_desktop.engine import Action, Bid, Card, Phase, PlayerView, Suit
from spades_desktop.engine.core import DECK_STANDARD

from .advice import spade_rank
from .base import require_turn, view_rng
from .legal_bid import nearest_legal_bid

EASY_SALT = 1
"""Mixed into Easy's seeds so that its choices differ from other levels' draws."""


def rough_bid(hand: tuple[Card, ...], jitter: int, deck: int = DECK_STANDARD) -> int:
    """Easy's rough count (docs/rules.md §6): side aces and kings, and the spades among
    the four highest of ``deck`` (a ``core.DECK_*`` number, the standard deck by default:
    A♠ K♠ Q♠ J♠; in a joker deck the jokers first, docs/rules.md §1 Deck, by
    :func:`~.advice.spade_rank`), plus ``jitter`` (−1, 0 or +1), clamped to 1..13. Never
    0 (Nil)."""
    count = sum(1 for c in hand if c.suit != Suit.SPADES and c.rank >= 13)
    count += sum(1 for c in hand if c.suit == Suit.SPADES and spade_rank(c, deck) > 10)
    return max(1, min(13, count + jitter))


class EasyBot:
    """Easy level (docs/rules.md §6): a rough bid (high cards ± a seeded jitter) and a random
    legal card. Stateless; one instance may serve several seats."""

    name = "easy"

    def choose_action(
        self, view: PlayerView, game_number: int, cancel: threading.Event | None = None
    ) -> Action:
        """Easy's bid or card for ``view``'s seat; always one of ``view.legal``.

        Raises ``TypeError`` if ``view`` is not a ``PlayerView`` and ``ValueError`` if it
        is not this seat's turn (docs/rules.md §6).
        """
        view = require_turn(view)
        rng = view_rng(view, game_number, EASY_SALT)
        if view.phase is Phase.BIDDING:
            bid = Bid(rough_bid(view.hand, rng.choice((-1, 0, 0, 1)), view.rules.deck_number))
            return nearest_legal_bid(view, bid, bid.tricks)
        return rng.choice(view.legal)
