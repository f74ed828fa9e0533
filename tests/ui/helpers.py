"""Helpers shared by the window tests: click where a player would click, computer
players that move only when told, and prepared positions."""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from typing import TypeVar

from PySide6 import QtGui
from PySide6.QtCore import QCoreApplication, QObject, QPoint, QPointF, Qt, Signal
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QLabel, QProgressBar, QWidget

from spades_desktop.bots.coach import Candidate, Hint, Reason
from spades_desktop.engine import (
    Action,
    Bid,
    Card,
    GameState,
    Phase,
    PlayerView,
    Rules,
    Seat,
    Team,
    apply_action,
    legal_actions,
    new_game,
)
from spades_desktop.ui.main_window import MainWindow
from spades_desktop.ui.review import ReviewWindow
from spades_desktop.ui.table.card_item import CardItem
from spades_desktop.ui.table.snapshot import CardShot


def card_point(window: MainWindow, shot: CardShot) -> QPoint:
    """A viewport point where the card of ``shot`` is the topmost item: where a player
    would click it."""
    view = window.table
    rect = shot.rect
    for fy in (0.5, 0.3, 0.7, 0.15, 0.85):
        for fx in (0.5, 0.35, 0.2, 0.1, 0.65, 0.8, 0.9):
            p = view.mapFromScene(QPointF(rect.left() + fx * rect.width(),
                                          rect.top() + fy * rect.height()))
            top = view.itemAt(p)
            if isinstance(top, CardItem) and top.card == shot.card:
                return p
    raise AssertionError(f"no visible point on {shot.card}")


def click_card(qtbot, window: MainWindow, card: Card) -> None:
    """A real left click on South's ``card`` in the view."""
    shot = window.scene.snapshot().hand[card]
    qtbot.mouseClick(window.table.viewport(), Qt.MouseButton.LeftButton,
                     pos=card_point(window, shot))


def click_embedded(qtbot, window: MainWindow, widget: QWidget) -> None:
    """A real left click, through the view, on a widget shown inside the table."""
    top = widget.window()
    proxy = top.graphicsProxyWidget()
    assert proxy is not None and proxy.isVisible(), f"{widget!r} is not on the table"
    centre = widget.rect().center()
    local = centre if widget is top else widget.mapTo(top, centre)
    p = window.table.mapFromScene(proxy.mapToScene(QPointF(local)))
    assert window.table.itemAt(p) is proxy, "something covers the widget"
    qtbot.mouseClick(window.table.viewport(), Qt.MouseButton.LeftButton, pos=p)


class ManualRunner(QObject):
    """Stands in for ``BotRunner``: a computer player's move arrives only when the test
    calls :meth:`answer`, in the GUI thread, so nothing depends on timing."""

    move_ready = Signal(int, object)
    move_failed = Signal(int, str)

    def __init__(self) -> None:
        super().__init__()
        self.request_view: PlayerView | None = None
        self.request_id: int | None = None

    def request(self, request_id: int, level: str, view: PlayerView) -> None:
        self.request_id, self.request_view = request_id, view

    def cancel(self) -> None:
        self.request_id, self.request_view = None, None

    def shutdown(self) -> None:
        self.cancel()

    def answer(self, action: Action) -> None:
        """The computer player asked last chooses ``action``."""
        assert self.request_id is not None, "no computer player was asked"
        request_id = self.request_id
        self.cancel()
        self.move_ready.emit(request_id, action)


def trailing_position() -> tuple[GameState, list[Action]]:
    """Hand 2 of a Blind Nil game, North–South 240+ behind, South to bid last."""
    rules = Rules(blind_nil=True, floor_score=None)
    state = new_game(rules, 31)
    actions: list[Action] = [Bid(13), Bid(1), Bid(13), Bid(1)]  # N–S cannot make 26
    for a in actions:
        state = apply_action(state, a)
    while state.hand_number == 1:
        a = legal_actions(state)[0]
        actions.append(a)
        state = apply_action(state, a)
    assert state.scores[Team.EW] - state.scores[Team.NS] >= 100
    for a in (Bid(3), Bid(3), Bid(3)):  # West, North, East
        actions.append(a)
        state = apply_action(state, a)
    assert state.phase is Phase.BIDDING and state.current_player == Seat.SOUTH
    return state, actions


class HeldBot:
    """A computer player that answers only once ``release`` is set (or it is cancelled),
    so the test decides when the bots move (the ``release`` fixture of conftest.py)."""

    name = "held"

    def __init__(self, release: threading.Event) -> None:
        self._release = release

    def choose_action(self, view: PlayerView, game_number: int,
                      cancel: threading.Event | None = None) -> Action:
        while not self._release.wait(0.005):
            if cancel is not None and cancel.is_set():
                break
        return view.legal[0]


Q = TypeVar("Q", bound=QObject)
W = TypeVar("W", bound=QWidget)


def child(parent: QObject, kind: type[Q], name: str) -> Q:
    """``parent``'s descendant of class ``kind`` with the object name ``name`` (one its
    class documents); fails, naming what is missing, when there is none."""
    found = parent.findChild(kind, name)
    assert isinstance(found, kind), f"{type(parent).__name__} has no {kind.__name__} {name!r}"
    return found


def shown_child(parent: QWidget, kind: type[W], name: str) -> W | None:
    """``parent``'s visible descendant of class ``kind`` named ``name`` (the latest shown,
    e.g. a question open over it), or None."""
    shown = [w for w in parent.findChildren(kind, name) if w.isVisible()]
    return shown[-1] if shown else None


def plain_text(label: QLabel) -> str:
    """The text ``label`` shows, without markup: a rich-text label's HTML as plain text,
    read as Qt reads it for the screen reader; a plain-text label's text as set."""
    text, kind = label.text(), label.textFormat()
    rich = kind == Qt.TextFormat.RichText or (
        kind == Qt.TextFormat.AutoText and QtGui.Qt.mightBeRichText(text))
    if not rich:
        return text
    document = QTextDocument()
    document.setHtml(text)
    return document.toPlainText()


def analysing(review: ReviewWindow) -> bool:
    """Whether ``review`` shows its analysis running: its progress bar (``progress``)
    shown and its summary line saying so, in the language shown."""
    running = QCoreApplication.translate("ReviewWindow", "The coach is analysing your decisions…")
    return (not child(review, QProgressBar, "progress").isHidden()
            and child(review, QLabel, "summary").text() == running)


def one_card_left(rules: Rules, game_number: int,
                  deal: Mapping[Seat, Sequence[Card]] | None = None,
                  bids: Sequence[Action] = ()) -> tuple[GameState, list[Action]]:
    """Hand 1 (of ``deal`` if given) played with ``bids`` first, then the first legal
    action each time, up to its last card."""
    state = new_game(rules, game_number, deal=deal)
    actions: list[Action] = list(bids)
    for action in actions:
        state = apply_action(state, action)
    while True:
        action = legal_actions(state)[0]
        after = apply_action(state, action)
        if after.hand_number != state.hand_number or after.is_terminal:
            return state, actions
        actions.append(action)
        state = after


def sample_hint(view: PlayerView) -> Hint:
    """A coach's hint for ``view`` (South to bid or play): its first bid or card, with
    a long reason and three candidates' points."""
    best = next(a for a in view.legal
                if isinstance(a, Card) or (isinstance(a, Bid) and not a.blind))
    reason = Reason.BID_STRENGTH if isinstance(best, Bid) else Reason.LEAD_LOW_KEEP_WINNER
    others = [a for a in view.legal if a != best][:2]
    return Hint(best, reason, 3, tuple(Candidate(a, 19.0 - i) for i, a in
                                       enumerate([best, *others])))
