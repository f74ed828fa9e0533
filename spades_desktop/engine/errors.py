"""Why the rules refuse an action: a machine-readable code with its arguments.

The engine never words a refusal for the screen: it names the rule by a
:class:`RuleCode` and its arguments (the suit to follow, the card not held, a number of
tricks or spades), and the
user interface translates the code. :attr:`Refusal.message` gives an English sentence
for logs, tests and tools.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .cards import Card, Suit

__all__ = ["NUMBER_CODES", "IllegalActionError", "Refusal", "RuleCode"]


class RuleCode(enum.Enum):
    """The rule an action breaks (docs/rules.md §2, §3). The value is a stable text code."""

    GAME_OVER = "game_over"
    """The game is over: no action is possible (docs/rules.md §5)."""
    NOT_YOUR_TURN = "not_your_turn"
    """Another seat is to act."""
    NOT_AN_ACTION = "not_an_action"
    """The value is neither a bid, a card nor the look at the hand."""
    BID_FIRST = "bid_first"
    """A card while bidding (docs/rules.md §2)."""
    BIDDING_OVER = "bidding_over"
    """A bid (or a look at the hand) after the bidding (docs/rules.md §2)."""
    BLIND_NIL_OFF = "blind_nil_off"
    """Blind Nil (or the look that decides against it) in a game without it (docs/rules.md §2)."""
    BLIND_NIL_NOT_BEHIND = "blind_nil_not_behind"
    """Blind Nil while the team does not trail by 100 points or more (docs/rules.md §2)."""
    BLIND_NIL_CARDS_SEEN = "blind_nil_cards_seen"
    """Blind Nil, or a second look, after the seat has looked at its cards (docs/rules.md §2)."""
    BLIND_NIL_NOT_OFFERED = "blind_nil_not_offered"
    """Blind Nil, or the look that decides against it, under Suicide, Mirror or Whiz
    bidding (docs/rules.md §2)."""
    MIN_TEAM_BID = "min_team_bid"
    """A bid that leaves the team's total below 4 (``Rules.min_team_bid``); argument
    ``number``, the least bid allowed (docs/rules.md §2)."""
    SUICIDE_NIL_OR_FOUR = "suicide_nil_or_four"
    """Under Suicide, a first partner's bid of 1 to 3 (docs/rules.md §2)."""
    SUICIDE_MUST_NIL = "suicide_must_nil"
    """Under Suicide, anything but Nil after the partner's bid; argument ``number``, the
    partner's bid (docs/rules.md §2)."""
    SUICIDE_MUST_BID = "suicide_must_bid"
    """Under Suicide, a bid below 4 after the partner's Nil (docs/rules.md §2)."""
    MIRROR = "mirror"
    """Under Mirror, a bid other than the spades held; argument ``number``, the spades
    held (docs/rules.md §2)."""
    WHIZ = "whiz"
    """Under Whiz, a bid other than Nil or the spades held; argument ``number``, the
    spades held (docs/rules.md §2)."""
    CARD_NOT_HELD = "card_not_held"
    """A card the seat does not hold; argument ``card``."""
    MUST_FOLLOW = "must_follow"
    """A card of another suit while holding the led suit; argument ``suit`` (docs/rules.md §3)."""
    SPADES_NOT_BROKEN = "spades_not_broken"
    """A spade led before spades are broken while holding another suit (docs/rules.md §3)."""


_SUIT_WORDS = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts",
               Suit.SPADES: "spades"}

_MESSAGES = {
    RuleCode.GAME_OVER: "The game is over.",
    RuleCode.NOT_YOUR_TURN: "It is not your turn.",
    RuleCode.NOT_AN_ACTION: "That is neither a bid nor a card.",
    RuleCode.BID_FIRST: "Bidding is not finished: make your bid first.",
    RuleCode.BIDDING_OVER: "Bidding is over: play a card.",
    RuleCode.BLIND_NIL_OFF: "Blind Nil is switched off in this game.",
    RuleCode.BLIND_NIL_NOT_BEHIND:
        "Blind Nil is allowed only when your team trails by 100 points or more.",
    RuleCode.BLIND_NIL_CARDS_SEEN: "You have seen your cards: Blind Nil is no longer open.",
    RuleCode.SPADES_NOT_BROKEN: "Spades have not been broken yet: lead another suit.",
    RuleCode.BLIND_NIL_NOT_OFFERED:
        "Blind Nil is not offered under Suicide, Mirror or Whiz bidding.",
    RuleCode.SUICIDE_NIL_OR_FOUR: "Suicide: bid Nil, or 4 or more.",
    RuleCode.SUICIDE_MUST_BID: "Suicide: your partner bid Nil, so you must bid 4 or more.",
}

_NUMBER_MESSAGES = {
    RuleCode.MIN_TEAM_BID: "Your team must bid at least 4: bid {0} or more.",
    RuleCode.SUICIDE_MUST_NIL: "Suicide: your partner bid {0}, so you must bid Nil.",
    RuleCode.MIRROR: "Mirror: bid the number of spades you hold ({0}).",
    RuleCode.WHIZ: "Whiz: bid Nil or the number of spades you hold ({0}).",
}
"""The sentences of the codes with a ``number`` argument; ``{0}`` is the number."""

NUMBER_CODES = frozenset(_NUMBER_MESSAGES)
"""The codes that take a ``number`` argument (:attr:`Refusal.number`)."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is illegal: ``code`` and, for some codes, one argument.

    ``suit`` is set for :attr:`RuleCode.MUST_FOLLOW` (the led suit), ``card`` for
    :attr:`RuleCode.CARD_NOT_HELD`, ``number`` for the codes of :data:`NUMBER_CODES` (the
    least bid allowed, the partner's bid, the spades held). Raises ``ValueError`` when the
    argument a code needs is missing or one is given that it does not take.

    >>> Refusal(RuleCode.MUST_FOLLOW, suit=Suit.HEARTS).message
    'You must follow hearts.'
    >>> Refusal(RuleCode.MUST_FOLLOW, suit=Suit.HEARTS).args
    {'suit': 'hearts'}
    """

    code: RuleCode
    suit: Suit | None = None
    card: Card | None = None
    number: int | None = None

    def __post_init__(self) -> None:
        if (self.code is RuleCode.MUST_FOLLOW) != (self.suit is not None):
            raise ValueError("A suit is given exactly with the code must_follow.")
        if (self.code is RuleCode.CARD_NOT_HELD) != (self.card is not None):
            raise ValueError("A card is given exactly with the code card_not_held.")
        if (self.code in NUMBER_CODES) != (self.number is not None):
            raise ValueError("A number is given exactly with the codes that take one.")

    @property
    def args(self) -> dict[str, str]:
        """The arguments as text: ``{"suit": "hearts"}``, ``{"card": "QS"}``,
        ``{"number": "3"}`` or ``{}``."""
        if self.suit is not None:
            return {"suit": _SUIT_WORDS[self.suit]}
        if self.card is not None:
            return {"card": str(self.card)}
        if self.number is not None:
            return {"number": str(self.number)}
        return {}

    @property
    def message(self) -> str:
        """The refusal as an English sentence (for logs and tools; the UI translates
        :attr:`code`)."""
        if self.suit is not None:
            return f"You must follow {_SUIT_WORDS[self.suit]}."
        if self.card is not None:
            return f"You don't hold the {self.card.label}."
        if self.number is not None:
            return _NUMBER_MESSAGES[self.code].format(self.number)
        return _MESSAGES[self.code]

    def __str__(self) -> str:
        return self.message


class IllegalActionError(ValueError):
    """An action that the rules do not allow now.

    ``refusal`` (also ``code``) says which rule in a machine-readable form; the message
    is :attr:`Refusal.message`, e.g. "You must follow hearts."
    """

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.message)
        self.refusal = refusal

    @property
    def code(self) -> RuleCode:
        """The rule broken."""
        return self.refusal.code
