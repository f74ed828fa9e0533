"""Bid reasons in the player's language, built part by part from translatable
templates (no concatenated English)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ..bots import advice as a
from .texts import suit_name


def _t(text: str, n: int = -1) -> str:
    return QCoreApplication.translate("BidReason", text, "", n)


def _cards(part: a.ReasonPart) -> str:
    return " ".join(a.card_text(c) for c in part.cards)


def part_text(part: a.ReasonPart) -> str:
    """One reason part, translated, e.g. "void in clubs: can trump"."""
    n = len(part.cards)
    suit = suit_name(part.suit) if part.suit is not None else ""
    one = n == 1
    if part.kind == a.SURE_WINNERS:
        text = _t("%1 sure winner") if one else _t("%1 sure winners")
        return text.replace("%1", _cards(part))
    if part.kind == a.GUARDED_KING:
        text = _t("%1 guarded king") if one else _t("%1 guarded kings")
        return text.replace("%1", _cards(part))
    if part.kind == a.GUARDED_QUEEN:
        text = _t("%1 guarded queen") if one else _t("%1 guarded queens")
        return text.replace("%1", _cards(part))
    if part.kind == a.HIGH_SPADES:
        text = _t("%1 high spade") if one else _t("%1 high spades")
        return text.replace("%1", _cards(part))
    if part.kind == a.LONG_SPADES:
        return _t("%1 spades: extra tricks from length").replace("%1", str(n))
    if part.kind == a.VOID_TRUMP:
        return _t("void in %1: can trump").replace("%1", suit)
    if part.kind == a.SINGLETON_TRUMP:
        return _t("singleton %1: can trump %2").replace("%1", _cards(part)).replace("%2", suit)
    if part.kind == a.DOUBLETON_TRUMP:
        return _t("doubleton %1: may trump %2").replace("%1", _cards(part)).replace("%2", suit)
    if part.kind == a.NIL_FIT:
        return _t("fit for Nil: no aces, few low spades, high cards guarded")
    if part.kind == a.PARTNER_NIL:
        return _t("partner bid Nil: no second Nil")
    if part.kind == a.FEW_WINNERS:
        return _t("few winners: bid the minimum")
    return a.part_text_en(part)


def reason_text(reason: a.BidReason) -> str:
    """The whole reason on one line, parts separated by the language's separator."""
    return _t("; ").join(part_text(p) for p in reason.parts)
