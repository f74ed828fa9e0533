"""The coach's words: why a bid or card is best, the candidates with their points, and
the lines of the hand review, in the player's language.

The reasons come from :mod:`spades_desktop.bots.coach` as a ``Reason`` and an optional
integer argument; the words live here, in the translation context "Coach", as
``self.tr`` calls of a small ``QObject`` (pyside6-lupdate recognises a plural only in a
``tr`` call whose count is a variable), as :mod:`.advice_text` does for bid advice.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QObject

from ..bots.coach import Candidate, Reason
from ..engine import Action, Bid, Card, LookAtHand
from .texts import MINUS_SIGN, bid_text, card_label


def action_text(action: Action) -> str:
    """A bid or card as the coach names it: "Q♥", "4", "Nil", "Blind Nil", "Big Joker"
    (:func:`.texts.card_label`)."""
    if isinstance(action, Card):
        return card_label(action)
    if isinstance(action, Bid):
        return bid_text(action)
    if isinstance(action, LookAtHand):
        return _texts().look()
    return str(action)


def points_text(points: float) -> str:
    """Expected points, rounded and always signed: "+32", "−7", "0"."""
    value = round(points)
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"{MINUS_SIGN}{-value}"
    return "0"


def candidates_text(candidates: Iterable[Candidate]) -> str:
    """The candidates with their expected points, best first: "Q♥ +32 · 5♥ +18 · 2♣ +11"."""
    return " \u00b7 ".join(f"{action_text(c.action)}\u00a0{points_text(c.points)}"
                           for c in candidates)


class Coach(QObject):
    """The translation context "Coach"; use the module's functions."""

    def reason(self, reason: Reason, arg: int | None) -> str:  # noqa: C901 (one case each)
        if reason is Reason.ONLY_CHOICE:
            return self.tr("the only choice: every other card is the same or not allowed")
        if reason is Reason.COVER_PARTNER_NIL:
            return self.tr("play high to keep your partner's Nil safe")
        if reason is Reason.PROTECT_OWN_NIL:
            return self.tr("stay under the winning card: your Nil must win no trick")
        if reason is Reason.NIL_CANNOT_STAY_UNDER:
            return self.tr("every card you may play beats the trick so far: your Nil is in "
                           "danger whatever you play")
        if reason is Reason.SET_THEIR_NIL:
            return self.tr("keep low under the Nil bidder so that it has to win a trick")
        if reason is Reason.DRAW_TRUMPS:
            return self.tr("lead a top spade to draw the opponents' trumps")
        if reason is Reason.DUCK_AVOID_BAGS:
            return self.tr("your contract is made: lose the trick rather than take a bag")
        if reason is Reason.CASH_WINNER:
            return self.tr("take a sure trick with the highest card left in its suit")
        if reason is Reason.SURE_WINNER:
            return self.tr("take a sure trick: nobody else holds a higher card of its suit")
        if reason is Reason.SET_THEM:
            if arg is not None:
                return self.tr("win the trick to make their contract fail: they still "
                               "need %n trick(s)", "", arg)
            return self.tr("win the trick to make their contract fail")
        if reason is Reason.MAKE_CONTRACT:
            if arg is not None:
                return self.tr("win the trick: your team still needs %n trick(s) for the "
                               "contract", "", arg)
            return self.tr("win the trick: your team needs it for the contract")
        if reason is Reason.WIN_CHEAPLY:
            return self.tr("win the trick with the lowest card that does it")
        if reason is Reason.TRUMP_IN:
            return self.tr("out of the suit led: trump to win the trick")
        if reason is Reason.PARTNER_WINNING:
            return self.tr("your partner is winning the trick: play low, keep your high "
                           "cards")
        if reason is Reason.DISCARD_LOSER:
            return self.tr("the trick is lost: discard a card that would not win later")
        if reason is Reason.PLAY_LOW:
            return self.tr("the trick cannot be won cheaply: keep your high cards for "
                           "later")
        if reason is Reason.SHED_HIGHER:
            return self.tr("you need not win this trick: give this card and keep your "
                           "lower ones to lose later tricks")
        if reason is Reason.LEAD_SAFE:
            return self.tr("lead a low card that gives nothing away")
        if reason is Reason.LEAD_LOW_KEEP_WINNER:
            return self.tr("lead low and keep your winner of this suit for later")
        if reason is Reason.LEAD_SEQUENCE:
            return self.tr("lead from your sequence: the next higher card is yours too")
        if reason is Reason.LEAD_SINGLETON:
            return self.tr("lead your only card of this suit: once it is gone, you can "
                           "trump the suit")
        if reason is Reason.LEAD_SUIT_GONE:
            return self.tr("nobody else holds this suit: they must trump it or throw a "
                           "card away")
        if reason is Reason.LEAD_DRIVE_OUT:
            return self.tr("lead this card to drive out the higher cards of its suit")
        if reason is Reason.BID_STRENGTH:
            if arg is not None:
                return self.tr("your hand can take about %n trick(s)", "", arg)
            return self.tr("bid what your hand can take")
        if reason is Reason.BID_NIL:
            return self.tr("your hand can lose every trick: bid Nil")
        if reason is Reason.BID_BLIND_NIL:
            return self.tr("far behind: Blind Nil is worth the risk")
        if reason is Reason.LOOK_AT_CARDS:
            return self.tr("Blind Nil would lose more than it wins here: bid with your "
                           "cards seen")
        return self.tr("it scores best on average")

    def hint_line(self, best: Action, reason: str) -> str:
        return self.tr("Hint: {0} \u2014 {1}").format(action_text(best), reason)

    def look(self) -> str:
        return self.tr("look at your cards")

    def thinking(self) -> str:
        return self.tr("Thinking about a hint…")

    def expected(self) -> str:
        return self.tr("Expected points this hand (your side minus theirs):")

    def choice(self, action: Action) -> str:
        if isinstance(action, Bid):
            return self.tr("bid {0}", "a bid among the hint's choices").format(
                bid_text(action))
        return action_text(action)


_TEXTS: Coach | None = None


def _texts() -> Coach:
    global _TEXTS
    if _TEXTS is None:
        _TEXTS = Coach()
    return _TEXTS


def reason_text(reason: Reason, arg: int | None = None) -> str:
    """One line saying why the coach's choice is best, e.g. "draws the opponents'
    trumps"; ``arg`` is the reason's number when it has one (e.g. the tricks a hand
    should win for ``BID_STRENGTH``)."""
    return _texts().reason(reason, arg)


def hint_title(best: Action, reason: Reason, arg: int | None) -> str:
    """The hint's first line: "Hint: Q♥ — draws the opponents' trumps"."""
    return _texts().hint_line(best, reason_text(reason, arg))


def thinking_text() -> str:
    """Shown while a hint is being searched."""
    return _texts().thinking()


def hint_candidates_text(candidates: Iterable[Candidate]) -> str:
    """The hint's candidates with their expected points, best first, each bid named as a
    bid: "Q♥: +32, 5♥: +18", "bid 3: +4, bid 2: +3" (a no-break space after each colon)."""
    texts = _texts()
    return ", ".join(f"{texts.choice(c.action)}:\u00a0{points_text(c.points)}"
                     for c in candidates)


def expected_points_text(candidates: Iterable[Candidate]) -> str:
    """The hint's line of candidates, named and explained: "Expected points this hand
    (your side minus theirs): Q♥: +32, 5♥: +18": the points your team is expected to
    score in this hand minus the other team's, the bags charged as the coach charges
    them (so "0" is a value, not a missing one; "−32": about 32 points behind the other
    team in this hand)."""
    return " ".join(expected_points_lines(candidates))


def expected_points_lines(candidates: Iterable[Candidate]) -> tuple[str, str]:
    """:func:`expected_points_text` as its two parts: the label and the candidates (for
    a narrow bubble, one line each)."""
    return _texts().expected(), hint_candidates_text(candidates)
