"""Bid reasons in the player's language, built part by part from translatable
templates (no concatenated English).

The templates live in the translation context "BidReason". Counts use Qt's plural
forms (``%n``); the cards and suit of a part are filled into ``%1`` / ``%2``, so a
language may put them where its word order wants them ("void in clubs: can trump" →
"缺梅花可将吃"). The texts are ``self.tr`` calls of a small ``QObject`` named
``BidReason``: pyside6-lupdate recognises a plural only in a ``tr`` call whose count
is a variable.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from ..bots import advice as a
from ..engine import Bid
from ..engine.core import TEN_FOR_200_CONTRACT
from .house_rules_text import house_rule_texts
from .texts import bid_text, card_label, suit_word


def _cards(part: a.ReasonPart) -> str:
    # no-break spaces: a wrapped line never splits a group of cards ("Q♥ Q♣"); a joker
    # by its short name in the player's language
    return "\u00a0".join(card_label(c, short=True) if c.is_joker else a.card_text(c)
                          for c in part.cards)


def _fill(template: str, *values: str) -> str:
    for i, value in enumerate(values, start=1):
        template = template.replace(f"%{i}", value)
    return template


class BidReason(QObject):
    """The translation context of bid reasons; use :func:`part_text` / :func:`reason_text`."""

    def part_text(self, part: a.ReasonPart) -> str:
        n = len(part.cards)
        cards = _cards(part)
        suit = suit_word(part.suit) if part.suit is not None else ""
        if part.kind == a.SURE_WINNERS:
            return _fill(self.tr("%1 sure winner(s)", "", n), cards)
        if part.kind == a.LONG_SUIT_ACE:
            return _fill(self.tr("%1 in a long suit: may be trumped"), cards)
        if part.kind == a.GUARDED_KING:
            return _fill(self.tr("%1 guarded king(s)", "", n), cards)
        if part.kind == a.GUARDED_QUEEN:
            return _fill(self.tr("%1 guarded queen(s)", "", n), cards)
        if part.kind == a.HIGH_SPADES:
            return _fill(self.tr("%1 high spade(s)", "", n), cards)
        if part.kind == a.LONG_SPADES:
            spades = self.tr("%n spade(s)", "", n)
            extra = self.tr("%n length trick(s)", "", part.count)
            return _fill(self.tr("%1: %2", "long spades: the number of spades, then the "
                                           "extra tricks"), spades, extra)
        if part.kind == a.VOID_TRUMP:
            return _fill(self.tr("void in %1: can trump"), suit)
        if part.kind == a.SINGLETON_TRUMP:
            return _fill(self.tr("singleton %1: can trump %2"), cards, suit)
        if part.kind == a.DOUBLETON_TRUMP:
            return _fill(self.tr("doubleton %1: may trump %2"), cards, suit)
        if part.kind == a.NIL_FIT:
            if part.count == 0:
                return self.tr("fit for Nil: no aces, no spades, high cards guarded")
            return self.tr("fit for Nil: no aces, %n low spade(s), high cards guarded", "",
                           part.count)
        if part.kind == a.PARTNER_NIL:
            return self.tr("partner bid Nil: no second Nil")
        if part.kind == a.FEW_WINNERS:
            return _fill(self.tr("few winners: bid the minimum of %1"), str(part.count))
        if part.kind == a.COUNTED:
            total = self.tricks_phrase(part.tricks or 0.0)
            if part.tricks is None or part.tricks == part.count:
                return _fill(self.tr("%1 in all", "the sum of a bid reason's tricks"), total)
            if part.tricks > part.count:
                return _fill(self.tr("%1 in all, rounded down to %2"), total, str(part.count))
            return _fill(self.tr("%1 in all, rounded up to %2"), total, str(part.count))
        if part.kind == a.HOUSE_RULES_BID:
            return _fill(self.tr("under the house rules: bid %1"), bid_text(Bid(part.count)))
        if part.kind == a.TEN_FOR_200_BID:
            return _fill(self.tr("under %1: bid %2 to make the contract %3"),
                         house_rule_texts()["ten_for_200"].label, str(part.count),
                         str(TEN_FOR_200_CONTRACT))
        return a.part_text_en(part)

    def tricks_phrase(self, tricks: float) -> str:
        number = a.tricks_number(tricks)
        if tricks <= 1:
            return _fill(self.tr("%1 trick", "a count of at most one trick: ¼, ½, 1"), number)
        return _fill(self.tr("%1 tricks", "a count of more than one trick: 1½, 2"), number)

    def with_tricks(self, part: a.ReasonPart) -> str:
        words = self.part_text(part)
        if not a.shows_tricks(part):
            return words
        return _fill(self.tr("%1 (%2)", "a bid reason's part, then the tricks it counts"),
                     words, self.tricks_phrase(part.tricks or 0.0))

    def separator(self) -> str:
        return self.tr("; ", "separator between the parts of a bid reason")


_TEXTS: BidReason | None = None


def _texts() -> BidReason:
    global _TEXTS
    if _TEXTS is None:
        _TEXTS = BidReason()
    return _TEXTS


def part_text(part: a.ReasonPart) -> str:
    """One reason part, translated, with the tricks it counts, e.g. "void in clubs: can
    trump (1 trick)"."""
    return _texts().with_tricks(part)


def reason_text(reason: a.BidReason) -> str:
    """The whole reason on one line, parts separated by the language's separator."""
    texts = _texts()
    return texts.separator().join(texts.with_tricks(p) for p in reason.parts)
