"""What the table says to a screen reader: announcements through Qt's accessibility and
the accessible name and description of the table's view.

:class:`Announcer` delivers one sentence per event the table shows (a bid, a card
played and by whom, the trick's winner, the hand's score, South's turn, why a card is
refused) as a ``QAccessibleAnnouncementEvent`` on the table's view, which AT-SPI
(Linux), UI Automation (Windows) and NSAccessibility (macOS) pass to the screen
reader. The items of a ``QGraphicsScene`` are not seen by screen readers, so the view
itself carries the focus: its accessible name is South's raised card (the arrows move
it), its description South's hand by suit.

The sentences are made here, in the context "Speech", from what the table shows and
the engine's facts (a ``PlayerView``, a ``HandRecord``); nothing here decides a rule.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QWidget

from ...engine import Card, HandRecord, Phase, PlayerView, Seat, Suit, Team
from ..texts import card_label, seat_name, suit_name, suit_word, team_name
from .summary import team_lines

translate = QCoreApplication.translate
"""Spoken strings use the context "Speech"; each call names it literally for lupdate."""

Sink = Callable[[str, bool], None]
"""Takes one announcement: its text and whether it is urgent (assertive)."""


def rank_word(card: Card) -> str:
    """A card's rank as spoken among the cards of its suit: "ace", "king", "queen",
    "jack" or the number ("10"); the trumps a joker deck adds above the ace of spades
    are "Big Joker", "Little Joker", "2 of diamonds" (the two of diamonds that plays as
    a spade) and "2" (the two of spades; docs/rules.md §1, Deck)."""
    if card.is_joker:
        return card_label(card)
    if card.rank == 16:
        return _of(2, Suit.DIAMONDS)
    if card.rank == 14:
        return translate("Speech", "ace")
    if card.rank == 13:
        return translate("Speech", "king")
    if card.rank == 12:
        return translate("Speech", "queen")
    if card.rank == 11:
        return translate("Speech", "jack")
    return "2" if card.rank == 15 else str(card.rank)


def _of(rank: str | int, suit: Suit) -> str:
    """A rank as spoken (``rank``) of ``suit``: "queen of hearts", "2 of diamonds"."""
    return translate("Speech", "{0} of {1}", "rank of suit").format(rank, suit_word(suit))


def card_name(card: Card) -> str:
    """A card as spoken: "queen of hearts", "10 of spades"; a joker by its name ("Big
    Joker"), the two of diamonds that plays as a spade as "2 of diamonds (trump)"
    (docs/rules.md §1, Deck)."""
    if card.is_joker:
        return card_label(card)
    if card.rank == 16:
        return translate("Speech", "{0} (trump)",
                         "a card printed with another suit that plays as a spade").format(
            _of(2, Suit.DIAMONDS))
    return _of(rank_word(card), card.suit)


def card_played_text(seat: Seat, card: Card) -> str:
    """"West plays the queen of hearts." ("You play …" for South)."""
    if seat == Seat.SOUTH:
        return translate("Speech", "You play the {0}.").format(card_name(card))
    return translate("Speech", "{0} plays the {1}.").format(seat_name(seat), card_name(card))


def hand_text(cards: Sequence[Card]) -> str:
    """South's cards by suit, in the order shown: "Spades: ace, 10. Hearts: none. …"
    (every suit named, so a void is heard); "You hold no cards." for an empty hand."""
    if not cards:
        return translate("Speech", "You hold no cards.")
    suits: dict[Suit, list[str]] = {}
    for card in cards:
        suits.setdefault(card.suit, []).append(rank_word(card))
    order = list(suits) + [s for s in (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
                           if s not in suits]
    sep = translate("Speech", ", ", "between the cards of a list")
    parts = [translate("Speech", "{0}: {1}.").format(
        suit_name(s), sep.join(suits[s]) if s in suits else translate("Speech", "none"))
        for s in order]
    return " ".join(parts)


def trick_text(plays: Iterable[tuple[Seat, Card]], to_play: Seat | None) -> str:
    """The cards on the table in the order played, then whose turn it is (``to_play``,
    None: nobody's now): "On the table: West, queen of hearts; North (partner), 2 of
    hearts. East to play." or "No card on the table. You lead." """
    shown = list(plays)
    sep = translate("Speech", "; ", "between the cards on the table")
    if shown:
        text = translate("Speech", "On the table: {0}.").format(sep.join(
            translate("Speech", "{0}, {1}", "seat, card").format(seat_name(s), card_name(c))
            for s, c in shown))
    else:
        text = translate("Speech", "No card on the table.")
    if to_play is None:
        return text
    if to_play == Seat.SOUTH:
        turn = (translate("Speech", "You lead.") if not shown
                else translate("Speech", "Your turn."))
    elif not shown:
        turn = translate("Speech", "{0} leads.").format(seat_name(to_play))
    else:
        turn = translate("Speech", "{0} to play.").format(seat_name(to_play))
    return f"{text} {turn}"


def spoken_panel(text: str) -> str:
    """A plate's or corner panel's text (lines joined with newlines, parts with a middle
    dot, "—" for a bid not made) as one spoken run: lines become sentences."""
    text = text.replace("\u2014", translate("Speech", "none"))
    lines = [re.sub(r"\s*\u00b7\s*", ", ", re.sub(r"\s+", " ", line.strip()))
             for line in text.split("\n") if line.strip()]
    return " ".join(line if line.endswith((".", "。")) else line + "." for line in lines)


def contract_text(view: PlayerView) -> str:
    """Each team's contract and the tricks counting toward it, once all four have bid
    (``PlayerView.contract``, docs/rules.md §4); "" before."""
    if len(view.bids) < 4:
        return ""
    parts = []
    for team in (Team.NS, Team.EW):
        contract, won = view.contract(team)
        if contract:
            parts.append(translate("Speech", "{0}: contract {1}, {2} taken.").format(
                team_name(team), contract, won))
        else:
            parts.append(translate("Speech", "{0}: no contract.").format(team_name(team)))
    return " ".join(parts)


def hand_score_text(record: HandRecord, totals: Mapping[Team, int]) -> str:
    """The finished hand's score as the end-of-hand summary shows it, per team (its
    lines from :func:`.summary.team_lines`, docs/rules.md §4)."""
    parts = [translate("Speech", "Hand {0} is over.").format(record.hand_number)]
    for team in (Team.NS, Team.EW):
        first, second = team_lines(record, team, totals[team])
        parts.append(translate("Speech", "{0}: {1}; {2}.").format(
            team_name(team), re.sub(r"\s*\u00b7\s*", ", ", first),
            re.sub(r"\s*\u00b7\s*", ", ", second)))
    return " ".join(parts)


def turn_text(view: PlayerView, face_down: bool) -> str:
    """South's turn as spoken once the table is still: asked for the Blind Nil answer,
    a bid, or a card (how many may be played: ``view.legal``)."""
    if face_down:
        return translate("Table", "Your turn: bid Blind Nil, or look at your cards first.")
    if view.phase is Phase.BIDDING:
        return translate("Table", "Your turn: make your bid.")
    count = sum(1 for a in view.legal if isinstance(a, Card))
    if count == 1:
        return translate("Speech", "Your turn: one card may be played; the Right arrow "
                                   "raises it.")
    return translate("Speech", "Your turn: {0} cards may be played; the arrow keys "
                               "choose one.").format(count)


class Announcer(QObject):
    """Speaks for the table: :meth:`announce` sends one sentence to the screen reader,
    :meth:`set_focus` names the table's view.

    ``target()`` gives the widget the announcements come from (the table's view; None:
    nothing is sent). ``sink``, when set, takes the announcements instead of Qt's
    accessibility (tests set a fake one).

    Signals:
    - ``announced(text)``: ``text`` was announced (after it went to the sink or Qt).
    """

    announced = Signal(str)

    def __init__(self, target: Callable[[], QWidget | None],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._target = target
        self.sink: Sink | None = None
        self._name = ""
        self._description = ""

    def announce(self, text: str, urgent: bool = False) -> None:
        """Announce ``text`` (translated), politely, or ``urgent`` (assertive: a refused
        card). An empty text is not sent."""
        if not text:
            return
        if self.sink is not None:
            self.sink(text, urgent)
        else:
            target = self._target()
            if target is not None:
                event = QAccessibleAnnouncementEvent(target, text)
                event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive if urgent
                                    else QAccessible.AnnouncementPoliteness.Polite)
                QAccessible.updateAccessibility(event)
        self.announced.emit(text)

    @property
    def focus_name(self) -> str:
        """The table view's accessible name now (:meth:`set_focus`)."""
        return self._name

    @property
    def focus_description(self) -> str:
        """The table view's accessible description now (:meth:`set_focus`)."""
        return self._description

    def set_focus(self, name: str, description: str) -> None:
        """Name and describe the table's view (unchanged ones are not set again, so the
        screen reader hears only a change)."""
        self._name, self._description = name, description
        target = self._target()
        if target is None:
            return
        if target.accessibleName() != name:
            target.setAccessibleName(name)
        if target.accessibleDescription() != description:
            target.setAccessibleDescription(description)
