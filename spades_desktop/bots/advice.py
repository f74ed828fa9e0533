"""Counting a hand's tricks and the recommended bid with its reason (docs/rules.md §6, §7).

The same counting serves the Normal bot's bids and the bid dialog's advice. The
reason is structured — a :class:`BidReason` holding :class:`ReasonPart` s, each a
``kind`` key plus the cards, suit or count it is about — so the user interface can
translate it part by part; :func:`reason_text_en` gives the English line, e.g.
``"A♠ A♥ sure winners (2 tricks); void in clubs: can trump (1 trick); 3 tricks in all"``.

Counting (estimates in tricks, summed; a fraction of ¾ or more rounds up, less rounds
down; the bid is at least 1 — measured: rounding half up made Normal overbid, the
four bids summing to about 12.5, and lose 174–226 to this rule in mirrored games):

- aces: 1 (½ in a side suit of 7 or more cards, where it is likely trumped: shown apart,
  as "in a long suit");
- a guarded king (another card of its suit): ½ in a suit of 2–4 cards, ¼ if longer;
  with the ace 1 (½ in a suit of 6 or more); a bare king counts nothing;
- a queen with 2+ guards: ¼ in a suit of 3–4 cards (½ with the ace or king), nothing
  if longer;
- spade honours: K♠/Q♠ count 1 when the spades held below them are at least as many
  as the missing higher spades, ½ when one short; each spade beyond 3 is a length trick
  (beyond 5 in a joker deck, :data:`LENGTH_FROM`);
- ruffing: only with spare spades (those not counted above): a void 1 + ½ for a
  second spare spade, a singleton ½, a doubleton ¼.

**Joker decks** (``Rules.deck``, docs/rules.md §1, Deck): the spades are counted by
their place in the deck's order of strength (:func:`spade_rank`): the deck's highest
spade counts as the A♠ above, the second as the K♠, the third as the Q♠, so a Big Joker
is a sure winner, a Little Joker a high spade, and in Joker-Joker-Deuce-Deuce the A♠
(the fifth trump) only a spade among the others; the spades below the deck's 13 highest
are spades held, no honours. The two or three trumps more at the table make length
count from the sixth spade (:data:`LENGTH_FROM`). A side suit there has 12 cards (no
two); it is counted as in the standard deck: a two counts nothing anyway, and the one
card fewer in the suit, which makes a side ace or king a little likelier to be trumped,
is not priced.

Each part of the reason carries the tricks it counts (``ReasonPart.tricks``), and a
last part gives the sum and its rounding (:data:`COUNTED`, when the reason has several
counting parts or the sum is not the bid) or the minimum bid (:data:`FEW_WINNERS`), so
the words add up to the bid: "A♥ sure winner (1 trick); Q♦ guarded queen (¼ trick);
doubleton J♣ 4♣: may trump clubs (¼ trick); 1½ tricks in all, rounded down to 1".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from spades_desktop.engine import Bid, Card, Phase, PlayerView, Suit, sort_hand
from spades_desktop.engine.core import (
    ABOVE,
    DECK_MASK,
    DECK_STANDARD,
    SPADES_MASK,
    TEN_FOR_200_CONTRACT,
    TEN_FOR_200_POINTS,
)

from .legal_bid import nearest_legal_bid

# --- reason kinds (keys for translation) ------------------------------------------------

SURE_WINNERS = "sure_winners"
"""Aces counting a whole trick each: ``cards`` are the aces (A♠ included), or in a joker
deck the side aces and the Big Joker (the highest spade, :func:`spade_rank`)."""
LONG_SUIT_ACE = "long_suit_ace"
"""A side ace in a suit of 7 or more cards (likely trumped, ½): ``cards`` is the ace."""
GUARDED_KING = "guarded_king"
"""Kings with at least one other card of their suit: ``cards``."""
GUARDED_QUEEN = "guarded_queen"
"""Queens with at least two other cards of their suit: ``cards`` (count partially)."""
HIGH_SPADES = "high_spades"
"""K♠ / Q♠ backed by enough lower spades: ``cards`` (in a joker deck the deck's second
and third highest spades, :func:`spade_rank`)."""
LONG_SPADES = "long_spades"
"""Spades beyond three (five in a joker deck, :data:`LENGTH_FROM`): ``cards`` are all the
spades, ``count`` the length tricks."""
VOID_TRUMP = "void_trump"
"""A void side ``suit`` with spare spades to trump it; ``count`` spare spades used."""
SINGLETON_TRUMP = "singleton_trump"
"""A singleton side ``suit`` (``cards`` = the single card) with a spare spade."""
DOUBLETON_TRUMP = "doubleton_trump"
"""A doubleton side ``suit`` (``cards`` = its two cards) with a spare spade."""
NIL_FIT = "nil_fit"
"""The hand fits Nil: no ace, low and few spades, high cards guarded; ``count`` spades."""
PARTNER_NIL = "partner_nil"
"""The partner bid Nil (or Blind Nil), so this seat does not bid Nil too."""
FEW_WINNERS = "few_winners"
"""Almost no winners; ``count`` is the minimum bid made anyway (1)."""
COUNTED = "counted"
"""The sum of the parts before it: ``tricks`` the count, ``count`` the bid it rounds to
(up from a fraction of ¾, else down)."""
HOUSE_RULES_BID = "house_rules_bid"
"""The bidding house rules move the bid: ``count`` is the bid made instead (0: Nil)."""
TEN_FOR_200_BID = "ten_for_200_bid"
"""Under 10 for 200, one trick more makes the team's contract 10 (:func:`stretch_to_ten`):
``count`` is the bid made instead."""

REASON_KINDS: tuple[str, ...] = (
    SURE_WINNERS, LONG_SUIT_ACE, GUARDED_KING, GUARDED_QUEEN, HIGH_SPADES, LONG_SPADES,
    VOID_TRUMP, SINGLETON_TRUMP, DOUBLETON_TRUMP, NIL_FIT, PARTNER_NIL, FEW_WINNERS, COUNTED,
    HOUSE_RULES_BID, TEN_FOR_200_BID,
)
"""Every ``ReasonPart.kind`` this module produces (the translation keys)."""


@dataclass(frozen=True, slots=True)
class ReasonPart:
    """One piece of a bid's reason: a ``kind`` key (one of :data:`REASON_KINDS`) and
    what it refers to — ``cards`` (in display order), a ``suit`` or a ``count`` — and
    ``tricks``, the tricks it counts towards the bid (a multiple of ¼; for
    :data:`COUNTED` the sum; ``None`` for a part that counts none: Nil fit, partner's
    Nil, few winners, the house rules)."""

    kind: str
    cards: tuple[Card, ...] = ()
    suit: Suit | None = None
    count: int = 0
    tricks: float | None = None


@dataclass(frozen=True, slots=True)
class BidReason:
    """Why a bid is recommended: its parts, in the order they are shown (docs/rules.md §7)."""

    parts: tuple[ReasonPart, ...]

    @property
    def kinds(self) -> tuple[str, ...]:
        """The parts' kinds, in order."""
        return tuple(p.kind for p in self.parts)


@dataclass(frozen=True, slots=True)
class HandEstimate:
    """The counted tricks of a 13-card hand: ``tricks`` (a non-negative float) and the
    parts that contributed, in display order."""

    tricks: float
    parts: tuple[ReasonPart, ...]


LENGTH_FROM: tuple[int, int, int] = (3, 5, 5)
"""Per deck (``core.DECK_*``: standard, Joker-Joker, Joker-Joker-Deuce-Deuce), how many
spades a hand holds before each further spade is a length trick (docs/rules.md §1 Deck,
§7): three in the standard deck, five in a joker deck, whose 15 or 16 trumps leave the
other seats more of them. Measured with Normal against Normal in duplicate single hands
(the arena's ``--hands``, Joker-Joker-Deuce-Deuce first, Joker-Joker in brackets):
with three, the four counts of a deal added up to 14.5 tricks (13.6) on average, 47%
(33%) of the contracts were set, and five won 48 (29) points per hand against it over
6,000 hands; four lost 7 (2) and six 0.5 (0.9) points per hand to five over 8,000; not
counting the spades below the deck's 13 highest did no better."""

ROUND_UP_FROM_FRACTION = 0.25
"""Added before rounding down: a count of 2.75 bids 3, a count of 2.5 bids 2."""

_SIDE_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""Suits in display order (as :func:`sort_hand`)."""


def spade_rank(card: Card, deck: int = DECK_STANDARD) -> int:
    """The rank the counting gives a spade of ``deck`` (a ``core.DECK_*`` number, the
    standard deck by default): its place in the deck's order of strength from the top
    (docs/rules.md §1, Deck), 14 for the deck's highest spade (the A♠ of the standard
    deck, the Big Joker of a joker deck), 13 for the second, 12 for the third…, and
    below 2 for the spades beneath the deck's 13 highest (the 3♠ and 2♠ of Joker-Joker,
    the 5♠ 4♠ 3♠ of Joker-Joker-Deuce-Deuce), which count as length only. In the
    standard deck a spade's own rank. ``card`` should be a spade of ``deck``."""
    return 14 - (DECK_MASK[deck] & SPADES_MASK & ABOVE[card.index]).bit_count()


def _by_suit(hand: Sequence[Card], deck: int) -> dict[Suit, list[int]]:
    """Per suit, the ranks held, highest first; the spades by :func:`spade_rank`."""
    ranks: dict[Suit, list[int]] = {s: [] for s in Suit}
    for c in hand:
        ranks[c.suit].append(spade_rank(c, deck) if c.suit is Suit.SPADES else c.rank)
    for r in ranks.values():
        r.sort(reverse=True)
    return ranks


def _spade_honour_value(rank: int, spades: list[int]) -> float:
    held = set(spades)
    missing_higher = sum(1 for r in range(rank + 1, 15) if r not in held)
    lower = sum(1 for r in spades if r < rank)
    if lower >= missing_higher:
        return 1.0
    if lower == missing_higher - 1:
        return 0.5
    return 0.0


def _king_value(n: int, with_ace: bool) -> float:
    if with_ace:
        return 1.0 if n <= 5 else 0.5
    return 0.5 if n <= 4 else 0.25


def _queen_value(n: int, with_honour: bool) -> float:
    if n > 4:
        return 0.0
    return 0.5 if with_honour else 0.25


def estimate_tricks(hand: Sequence[Card], deck: int = DECK_STANDARD) -> HandEstimate:
    """Count the tricks a hand should take as described in the module docstring
    (docs/rules.md §6, §7), in ``deck`` (a ``core.DECK_*`` number, ``Rules.deck_number``;
    the standard deck by default): the spades by their place in the deck's order
    (:func:`spade_rank`, docs/rules.md §1 Deck), so that in a joker deck the Big Joker
    is the sure winner the A♠ is in the standard deck.

    ``hand`` is any collection of distinct cards of ``deck`` (normally 13). Returns a
    :class:`HandEstimate`; never raises for valid cards.

    >>> from spades_desktop.engine import parse_card
    >>> h = [parse_card(t) for t in "AS 5S 3S AH 7H 4H 2H 9C 6C 3C 8D 5D 2D".split()]
    >>> estimate_tricks(h).tricks
    2.0
    """
    ranks = _by_suit(hand, deck)
    total = 0.0
    aces: list[Card] = []
    long_aces: list[Card] = []
    kings: list[Card] = []
    queens: list[Card] = []
    king_tricks = queen_tricks = 0.0
    for suit in (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS):
        rs = ranks[suit]
        n = len(rs)
        if 14 in rs:
            total += 1.0 if n <= 6 else 0.5
            (aces if n <= 6 else long_aces).append(Card(suit, 14))
        if 13 in rs and n >= 2:
            value = _king_value(n, with_ace=14 in rs)
            total += value
            king_tricks += value
            kings.append(Card(suit, 13))
        if 12 in rs and n >= 3:
            value = _queen_value(n, with_honour=14 in rs or 13 in rs)
            if value > 0:
                total += value
                queen_tricks += value
                queens.append(Card(suit, 12))

    spades = ranks[Suit.SPADES]
    n_spades = len(spades)
    # The hand's spades, highest first, as ``spades`` ranks them.
    spade_cards = sorted((c for c in hand if c.suit is Suit.SPADES), key=lambda c: -c.index)
    spade_of = dict(zip(spades, spade_cards, strict=True))
    high_spades: list[Card] = []
    high_tricks = 0.0
    honour_cards = 0
    if 14 in spades:
        total += 1.0
        honour_cards += 1
        aces.insert(0, spade_of[14])
    for rank in (13, 12):
        if rank in spades:
            value = _spade_honour_value(rank, spades)
            if value > 0:
                total += value
                high_tricks += value
                honour_cards += 1
                high_spades.append(spade_of[rank])
    length = max(0, n_spades - LENGTH_FROM[deck])
    total += length
    spare = max(0, n_spades - honour_cards - length)

    parts: list[ReasonPart] = []
    if aces:
        parts.append(ReasonPart(SURE_WINNERS, cards=tuple(sort_hand(aces)),
                                tricks=float(len(aces))))
    if long_aces:
        parts.append(ReasonPart(LONG_SUIT_ACE, cards=tuple(long_aces), tricks=0.5))
    if high_spades:
        parts.append(ReasonPart(HIGH_SPADES, cards=tuple(high_spades), tricks=high_tricks))
    if length:
        parts.append(ReasonPart(LONG_SPADES, cards=tuple(spade_cards),
                                suit=Suit.SPADES, count=length, tricks=float(length)))
    if kings:
        parts.append(ReasonPart(GUARDED_KING, cards=tuple(sort_hand(kings)),
                                tricks=king_tricks))
    if queens:
        parts.append(ReasonPart(GUARDED_QUEEN, cards=tuple(sort_hand(queens)),
                                tricks=queen_tricks))

    # Ruffing tricks from short side suits, shortest first, while spare spades last.
    short = sorted((s for s in (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS) if len(ranks[s]) <= 2),
                   key=lambda s: (len(ranks[s]), _SIDE_SUITS.index(s)))
    for suit in short:
        if spare <= 0:
            break
        n = len(ranks[suit])
        suit_cards = tuple(Card(suit, r) for r in ranks[suit])
        if n == 0:
            used = min(spare, 2)
            value = 1.0 if used == 1 else 1.5
            parts.append(ReasonPart(VOID_TRUMP, suit=suit, count=used, tricks=value))
        elif n == 1:
            used, value = 1, 0.5
            parts.append(ReasonPart(SINGLETON_TRUMP, cards=suit_cards, suit=suit, count=1,
                                    tricks=value))
        else:
            used, value = 1, 0.25
            parts.append(ReasonPart(DOUBLETON_TRUMP, cards=suit_cards, suit=suit, count=1,
                                    tricks=value))
        total += value
        spare -= used
    return HandEstimate(tricks=min(total, 13.0), parts=tuple(parts))


NIL_MAX_SPADES = 3
NIL_MAX_HIGH_CARDS = 3
NIL_GUARDS = ((13, 2), (12, 1), (11, 1))
"""(rank, lower cards of its suit needed) for side kings, queens and jacks in a Nil hand."""


def is_nil_fit(hand: Sequence[Card], deck: int = DECK_STANDARD) -> bool:
    """True when a hand is fit for Nil (docs/rules.md §6): no ace (the A♠ included, in
    every deck); at most 3 spades, none above the jack (with 3 spades none above the
    ten); at most 3 cards above 10; every side king guarded by at least 2 lower cards of
    its suit, every side queen or jack by 1. The spades are ranked by their place in
    ``deck`` (:func:`spade_rank`: in a joker deck neither joker fits, nor in
    Joker-Joker-Deuce-Deuce the 2♦; docs/rules.md §1, Deck).

    Measured in 400 mirrored games against the stricter gate (spades ≤ 9, 2 cards above
    10, K/Q/J guarded by 3/2/1): 241–159; Nil then succeeds in about 94% of Normal's
    self-play hands. ``hand`` is a collection of distinct cards of ``deck``. Never
    raises.
    """
    ranks = _by_suit(hand, deck)
    if any(c.rank == 14 for c in hand):
        return False
    spades = ranks[Suit.SPADES]
    if len(spades) > NIL_MAX_SPADES:
        return False
    if spades and spades[0] > (10 if len(spades) == NIL_MAX_SPADES else 11):
        return False
    if sum(1 for rs in ranks.values() for r in rs if r > 10) > NIL_MAX_HIGH_CARDS:
        return False
    for suit in (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS):
        rs = ranks[suit]
        for rank, guards in NIL_GUARDS:
            if rank in rs and sum(1 for r in rs if r < rank) < guards:
                return False
    return True


def _partner_bid_nil(view: PlayerView) -> bool:
    bid = view.bids.get(view.seat.partner)
    return bid is not None and bid.is_nil


TEN_FOR_200_STRETCH = 9.5
"""Under 10 for 200, the team's count (the partner's bid and this seat's estimate of its
tricks) from which Normal stretches a team contract of 9 to 10 (docs/rules.md §4,
10 for 200). Measured over 16,000 duplicate hands (arena, seed 7, fresh deals): +0.2
points per hand against never stretching (95% CI −0.0 to +0.4); stretching from a count
of 9, or on every contract of 9, did worse (−0.6 and −0.8 points per hand against
this rule)."""


def stretch_to_ten(view: PlayerView, bid: Bid, expected: float,
                   threshold: float = TEN_FOR_200_STRETCH) -> Bid:
    """``bid``, or one trick more when that makes the team's contract 10 under 10 for 200
    (``Rules.ten_for_200``: a made contract of 10 or more scores 200, docs/rules.md §4).

    Only for the second partner of a team (the partner's bid is known; a Nil counts 0),
    when ``bid`` (not a Nil) brings the contract to 9 and the partner's bid plus
    ``expected``, this seat's own estimate of its tricks, reaches ``threshold``."""
    partner = view.bids.get(view.seat.partner)
    if not view.rules.ten_for_200 or bid.is_nil or partner is None:
        return bid
    if (partner.tricks + bid.tricks == TEN_FOR_200_CONTRACT - 1
            and partner.tricks + expected >= threshold):
        return Bid(bid.tricks + 1)
    return bid


def recommend_bid(view: PlayerView) -> tuple[Bid, BidReason]:
    """The bid recommended for ``view``'s seat and why (docs/rules.md §6, §7).

    ``view`` must be in the bidding phase with this seat not yet bid and a full hand;
    otherwise raises ``ValueError``. Returns ``(Bid(n), reason)`` with ``n`` in 1..13,
    or ``(Bid(0), reason)`` (Nil) for a Nil-fit hand whose partner has not bid Nil.
    Never recommends Blind Nil (that is decided before the cards are seen).
    Under the bidding house rules the bid is the legal one nearest to that count
    (:func:`~.legal_bid.nearest_legal_bid`); when it is another bid, the reason's last
    part (:data:`HOUSE_RULES_BID`) says so. Under 10 for 200 the second partner of a
    team may bid one trick more, to make the contract 10 (:func:`stretch_to_ten`; the
    part :data:`TEN_FOR_200_BID`).
    The hand is counted in the game's deck (``view.rules.deck_number``: docs/rules.md
    §1, Deck; :func:`estimate_tricks`).
    Depends only on the hand, the partner's bid and the rules, so it is deterministic.
    """
    if view.phase is not Phase.BIDDING:
        raise ValueError("A bid can be recommended only while bidding.")
    if view.seat in view.bids:
        raise ValueError(f"{view.seat.name.title()} has already bid.")
    if len(view.hand) != 13:
        raise ValueError("A bid can be recommended only for a full hand of 13 cards.")
    deck = view.rules.deck_number
    bid, reason = _recommend(view.hand, _partner_bid_nil(view), deck)
    expected = estimate_tricks(view.hand, deck).tricks
    stretched = stretch_to_ten(view, bid, expected)
    if stretched != bid:
        bid = stretched
        reason = BidReason((*reason.parts, ReasonPart(TEN_FOR_200_BID, count=bid.tricks)))
    if view.rules.free_bidding:
        return bid, reason
    legal = nearest_legal_bid(view, bid, expected)
    if legal != bid:
        reason = BidReason((*reason.parts, ReasonPart(HOUSE_RULES_BID, count=legal.tricks)))
    return legal, reason


def _recommend(hand: Sequence[Card], partner_nil: bool, deck: int) -> tuple[Bid, BidReason]:
    estimate = estimate_tricks(hand, deck)
    nil_fit = is_nil_fit(hand, deck)
    n_spades = sum(1 for c in hand if c.suit == Suit.SPADES)
    if nil_fit and not partner_nil:
        return Bid(0), BidReason((ReasonPart(NIL_FIT, count=n_spades),))
    parts = list(estimate.parts)
    if partner_nil and nil_fit:
        parts.insert(0, ReasonPart(PARTNER_NIL))
    tricks = max(1, min(13, math.floor(estimate.tricks + ROUND_UP_FROM_FRACTION)))
    if estimate.tricks < 1 - ROUND_UP_FROM_FRACTION:
        parts.append(ReasonPart(FEW_WINNERS, count=1))
    elif len(estimate.parts) > 1 or estimate.tricks != tricks:
        parts.append(ReasonPart(COUNTED, count=tricks, tricks=estimate.tricks))
    return Bid(tricks), BidReason(tuple(parts))


# --- English text ------------------------------------------------------------------------

_SUIT_NAMES_EN = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts",
                  Suit.SPADES: "spades"}


def card_text(card: Card) -> str:
    """A card as the reason line shows it, as everywhere on the table: rank then suit
    symbol, e.g. ``"A♠"``, ``"10♥"``; the suit printed on the card, so the two of diamonds
    that plays as a spade is ``"2♦"``, and a joker its name alone, ``"BJ"`` or ``"LJ"``
    (:attr:`Card.label`; docs/rules.md §1, Deck)."""
    return card.label


def _cards_text(cards: tuple[Card, ...]) -> str:
    return " ".join(card_text(c) for c in cards)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


_QUARTERS = ("", "\u00bc", "\u00bd", "\u00be")
"""¼, ½, ¾: the fractions of a trick count."""


def tricks_number(tricks: float) -> str:
    """A count of tricks, a multiple of ¼, as the reason writes it: "1", "¼", "1½",
    "2¾" (rounded to the nearest quarter). Never raises for a finite number."""
    quarters = round(tricks * 4)
    whole, part = divmod(quarters, 4)
    if not part:
        return str(whole)
    return (str(whole) if whole else "") + _QUARTERS[part]


def tricks_phrase_en(tricks: float) -> str:
    """A count of tricks with its noun: "¼ trick", "1 trick", "1½ tricks"."""
    return f"{tricks_number(tricks)} trick{'' if tricks <= 1 else 's'}"


def _bid_en(tricks: int) -> str:
    return "Nil" if tricks == 0 else str(tricks)


def _part_words_en(part: ReasonPart) -> str:  # noqa: C901 (one case each)
    cards = _cards_text(part.cards)
    suit = _SUIT_NAMES_EN[part.suit] if part.suit is not None else ""
    many = len(part.cards) > 1
    if part.kind == SURE_WINNERS:
        return f"{cards} sure winner{'s' if many else ''}"
    if part.kind == LONG_SUIT_ACE:
        return f"{cards} in a long suit: may be trumped"
    if part.kind == GUARDED_KING:
        return f"{cards} guarded king{'s' if many else ''}"
    if part.kind == GUARDED_QUEEN:
        return f"{cards} guarded queen{'s' if many else ''}"
    if part.kind == HIGH_SPADES:
        return f"{cards} high spade{'s' if many else ''}"
    if part.kind == LONG_SPADES:
        return f"{_plural(len(part.cards), 'spade')}: {_plural(part.count, 'length trick')}"
    if part.kind == VOID_TRUMP:
        return f"void in {suit}: can trump"
    if part.kind == SINGLETON_TRUMP:
        return f"singleton {cards}: can trump {suit}"
    if part.kind == DOUBLETON_TRUMP:
        return f"doubleton {cards}: may trump {suit}"
    if part.kind == NIL_FIT:
        spades = _plural(part.count, "low spade") if part.count else "no spades"
        return f"fit for Nil: no aces, {spades}, high cards guarded"
    if part.kind == PARTNER_NIL:
        return "partner bid Nil: no second Nil"
    if part.kind == FEW_WINNERS:
        return f"few winners: bid the minimum of {part.count}"
    if part.kind == COUNTED:
        total = tricks_phrase_en(part.tricks or 0.0)
        if part.tricks is None or part.tricks == part.count:
            return f"{total} in all"
        way = "down" if part.tricks > part.count else "up"
        return f"{total} in all, rounded {way} to {part.count}"
    if part.kind == HOUSE_RULES_BID:
        return f"under the house rules: bid {_bid_en(part.count)}"
    if part.kind == TEN_FOR_200_BID:
        return (f"under {TEN_FOR_200_CONTRACT} for {TEN_FOR_200_POINTS}: bid {part.count} "
                f"to make the contract {TEN_FOR_200_CONTRACT}")
    raise ValueError(f"Unknown reason kind {part.kind!r}.")


def shows_tricks(part: ReasonPart) -> bool:
    """Whether the words of ``part`` end with the tricks it counts, "(¼ trick)": every
    counting part but the long spades, whose words count their length tricks already,
    and the sum, whose words are the count."""
    return part.tricks is not None and part.kind not in (LONG_SPADES, COUNTED)


def part_text_en(part: ReasonPart) -> str:
    """One reason part in English, e.g. ``"doubleton J♣ 4♣: may trump clubs (¼ trick)"``.

    Raises ``ValueError`` for an unknown ``kind``.
    """
    words = _part_words_en(part)
    if shows_tricks(part):
        return f"{words} ({tricks_phrase_en(part.tricks or 0.0)})"
    return words


def reason_text_en(reason: BidReason) -> str:
    """The whole reason as one English line, parts joined by ``"; "`` (docs/rules.md §7), e.g.
    ``"A♠ A♥ sure winners (2 tricks); void in clubs: can trump (1 trick); 3 tricks in
    all"``. Raises ``ValueError`` for an
    unknown part kind."""
    return "; ".join(part_text_en(p) for p in reason.parts)

