"""The main window: menus, the table, the status line and the dialogs around them."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from PySide6.QtCore import QByteArray, QEvent, QSize, Qt, QTimer, Slot
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QGuiApplication,
    QIcon,
    QKeyEvent,
    QKeySequence,
    QPainter,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsView,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QWidget,
)

from .. import __version__
from ..bots import LEVELS, recommend_bid
from ..bots.coach import Hint
from ..controller import HUMAN_SEAT, GameController
from ..controller.coach_runner import HintRunner
from ..engine import (
    Action,
    Bid,
    GameResult,
    GameState,
    HandRecord,
    Phase,
    PlayerView,
    Refusal,
    Rules,
    TrickRecord,
    observe,
)
from ..persistence import (
    LANGUAGES,
    RANKING_POINTS,
    DataPaths,
    Notice,
    ReplayedGame,
    Settings,
    Stats,
    load_stats,
    reset_stats,
    save_settings,
)
from . import i18n
from .advice_text import reason_text
from .dialogs import (
    GameOverDialog,
    NewGameDialog,
    RecentGamesDialog,
    RulesDialog,
    ScoreSheetDialog,
    SettingsDialog,
    StatisticsDialog,
    records_to_sheet,
    show_about,
)
from .dialogs.common import keep_centred
from .dialogs.shortcuts import ShortcutsDialog
from .review import ReviewCache, ReviewWindow
from .status_line import StatusLine
from .table.scene import TableScene
from .texts import seat_name

log = logging.getLogger(__name__)


class TableView(QGraphicsView):
    """The view of the table: the scene always matches the viewport's size."""

    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self._scene = scene
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform
                            | QPainter.RenderHint.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        # the whole viewport on every change: at a fractional device pixel ratio (1.25,
        # 1.5) the partial update regions left thin lines beside moved or hidden items
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setMinimumSize(640, 460)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return QSize(1100, 760)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        size = self.viewport().size()
        self._scene.set_size(size.width(), size.height())
        self.setSceneRect(self._scene.sceneRect())


class MainWindow(QMainWindow):
    """The game window. All game changes go through ``controller``; the window only
    shows them and forwards the human's choices."""

    def __init__(self, controller: GameController, settings: Settings,
                 paths: DataPaths | None) -> None:
        super().__init__()
        self.controller = controller
        self.settings = settings
        self.paths = paths
        self.status_line = StatusLine(self)
        self.status = QLabel()
        self.status_line.text_changed.connect(self.status.setText)
        self.statusBar().addWidget(self.status, 1)
        self.scene = TableScene(status_line=self.status_line)
        self.scene.setParent(self)
        self.scene.advice = self._advice
        self.table = TableView(self.scene, self)
        self.setCentralWidget(self.table)
        self.setWindowIcon(QIcon(":/assets/icons/spades-desktop.svg"))
        self._sheet: ScoreSheetDialog | None = None
        self._game_over: GameOverDialog | None = None
        self._new_game_dialog: NewGameDialog | None = None
        self._recent: RecentGamesDialog | None = None
        self._stats_dialog: StatisticsDialog | None = None
        self._confirm_new: QMessageBox | None = None
        self._actions: dict[str, QAction] = {}
        self.hints = HintRunner(parent=self)
        """The Hint command's search (its ``budget`` sets the depth)."""
        self.hints.hint_ready.connect(self._on_hint_ready)
        self.hints.hint_failed.connect(self._on_hint_failed)
        self._shown_hint: tuple[GameState, Hint] | None = None
        self.review_budget: int | None = None
        """Deals per decision in a hand review (None: the coach's default)."""
        self._reviews: list[ReviewWindow] = []
        self._review_cache = ReviewCache()
        self._build_menus()
        self.retranslate()
        self.apply_display_settings(settings)
        self._restore_window(settings)

        controller.game_started.connect(self._on_game_started)
        controller.state_changed.connect(self._on_state_changed)
        controller.action_rejected.connect(self._on_action_rejected)
        controller.message.connect(self.notify)
        controller.notice.connect(self._on_notice)
        controller.game_over.connect(self._on_game_over)
        controller.game_kept.connect(self._on_game_kept)
        controller.bot_thinking.connect(self.scene.set_thinking)
        self.scene.bid_requested.connect(self._on_human_action)
        self.scene.card_play_requested.connect(self._on_human_action)
        self.scene.busy_changed.connect(controller.set_table_busy)
        self.scene.hand_finished.connect(self._on_hand_finished)
        self.scene.hand_summary_closed.connect(self._on_sheet_closed)
        self.scene.score_sheet_requested.connect(self.show_score_sheet)
        self.scene.hand_review_requested.connect(lambda: self.review_last_hand())
        self.scene.hint_requested.connect(self.request_hint)

    # -- menus ---------------------------------------------------------------------------
    def _add_action(self, key: str, slot: Callable[[], object],
                    shortcut: QKeySequence | QKeySequence.StandardKey | None = None) -> QAction:
        action = QAction(self)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(slot)
        self._actions[key] = action
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        self._game_menu = bar.addMenu("")
        self._game_menu.addAction(self._add_action("new", self.new_game_dialog,
                                                   QKeySequence.StandardKey.New))
        self._game_menu.addAction(self._add_action("sheet", self.show_score_sheet,
                                                   QKeySequence("Ctrl+S")))
        self._game_menu.addAction(self._add_action("last", self.show_last_trick,
                                                   QKeySequence("Ctrl+L")))
        hint = self._add_action("hint", self.request_hint, QKeySequence("H"))
        # the table's key handler takes H; the menu only shows the key, so typing an H
        # in a dialog (or the game-number field) never asks for a hint
        hint.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self._game_menu.addAction(hint)
        self._game_menu.addAction(self._add_action("recent", self.show_recent_games,
                                                   QKeySequence("Ctrl+R")))
        self._game_menu.addAction(self._add_action("stats", self.show_statistics,
                                                   QKeySequence("Ctrl+T")))
        self._game_menu.addSeparator()
        self._game_menu.addAction(self._add_action("settings", self.settings_dialog,
                                                   QKeySequence("Ctrl+,")))
        self._language_menu = self._game_menu.addMenu("")
        self._language_menu.setObjectName("languageMenu")
        self._language_group = QActionGroup(self)
        self._language_group.setExclusive(True)
        self._language_actions: dict[str, QAction] = {}
        for language in LANGUAGES:
            action = QAction(self._language_group)
            action.setCheckable(True)
            action.setChecked(language == self.settings.language)
            action.setData(language)
            action.triggered.connect(lambda _checked=False, lang=language:
                                     self.set_language(lang))
            self._language_menu.addAction(action)
            self._language_actions[language] = action
        self._game_menu.addSeparator()
        # Ctrl+Q everywhere (the standard Quit key is empty on some desktops)
        self._game_menu.addAction(self._add_action("quit", self.close, QKeySequence("Ctrl+Q")))
        self._view_menu = bar.addMenu("")
        fullscreen = self._add_action("fullscreen", self.toggle_fullscreen,
                                      QKeySequence(Qt.Key.Key_F11))
        fullscreen.setCheckable(True)
        self._view_menu.addAction(fullscreen)
        self._help_menu = bar.addMenu("")
        self._help_menu.addAction(self._add_action("rules", self.show_rules,
                                                   QKeySequence.StandardKey.HelpContents))
        self._help_menu.addAction(self._add_action("shortcuts", self.show_shortcuts))
        self._help_menu.addAction(self._add_action("about", self.show_about))

    def first_size(self) -> QSize:
        """The window's size on a first start: 1100×800, or less so that it fits in the
        screen's available area (a 800×600 screen, a large scale factor)."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        wanted = QSize(1100, 800)
        if screen is None:
            return wanted
        room = screen.availableGeometry().size()
        # leave room for the window's frame and title bar
        return wanted.boundedTo(QSize(max(640, room.width() - 16), max(480, room.height() - 48)))

    def _restore_window(self, settings: Settings) -> None:
        """The saved size and position (a first start: :meth:`first_size`, centred on
        the screen), then full screen if the window was full screen when it closed."""
        if settings.window_geometry:
            self.restoreGeometry(QByteArray.fromBase64(settings.window_geometry.encode()))
        else:
            self.resize(self.first_size())
            screen = self.screen() or QGuiApplication.primaryScreen()
            if screen is not None:  # centred: the first dialogs open over a known place
                frame = self.frameGeometry()
                frame.moveCenter(screen.availableGeometry().center())
                self.move(frame.topLeft())
        self.set_fullscreen(settings.fullscreen)

    def set_fullscreen(self, on: bool) -> None:
        """Show the window full screen or not (View ▸ Full screen, F11; Esc leaves it);
        before the window is shown, it opens so."""
        state = self.windowState()
        if on:
            state |= Qt.WindowState.WindowFullScreen
        else:
            state &= ~Qt.WindowState.WindowFullScreen
        self.setWindowState(state)
        self._actions["fullscreen"].setChecked(on)

    @property
    def fullscreen(self) -> bool:
        """Whether the window is (or opens) full screen."""
        return bool(self.windowState() & Qt.WindowState.WindowFullScreen)

    @Slot()
    def toggle_fullscreen(self) -> None:
        """View ▸ Full screen: switch full screen on or off."""
        self.set_fullscreen(not self.fullscreen)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt name)
        if event.key() == Qt.Key.Key_Escape and self.fullscreen:
            self.set_fullscreen(False)
            event.accept()
            return
        super().keyPressEvent(event)

    def action(self, key: str) -> QAction:
        """A menu action by key: new, sheet, last, hint, recent, stats, settings, quit,
        fullscreen, rules, shortcuts, about."""
        return self._actions[key]

    def language_action(self, language: str) -> QAction:
        """The Game ▸ Language entry for a ``Settings.language`` value."""
        return self._language_actions[language]

    @property
    def score_sheet(self) -> ScoreSheetDialog | None:
        """The open score sheet (Game ▸ Score sheet, or the summary's Score sheet button);
        None once it is closed (a closed dialog is deleted: drop any reference to it)."""
        return self._sheet

    @property
    def recent_games_dialog(self) -> RecentGamesDialog | None:
        """The open Recent games window (Game ▸ Recent games), or None once it is closed
        (a closed window is deleted)."""
        return self._recent

    @property
    def game_over_dialog(self) -> GameOverDialog | None:
        """The game-over dialog, from the end of a game until it is closed (then None:
        the closed dialog is deleted)."""
        return self._game_over

    @property
    def statistics_dialog(self) -> StatisticsDialog | None:
        """The open Statistics window (Game ▸ Statistics, or the game-over dialog's
        button); None once it is closed (it is deleted then)."""
        return self._stats_dialog

    @property
    def new_game_confirm(self) -> QMessageBox | None:
        """The open question "Abandon the game in progress?" (New game during a game),
        or None."""
        return self._confirm_new

    def retranslate(self) -> None:
        """Set every text in the current language."""
        self.setWindowTitle(self.tr("Spades Desktop"))
        self._game_menu.setTitle(self.tr("&Game"))
        self._help_menu.setTitle(self.tr("&Help"))
        self._view_menu.setTitle(self.tr("&View"))
        texts = {
            "new": self.tr("&New game…"), "sheet": self.tr("&Score sheet"),
            "last": self.tr("&Last trick"), "hint": self.tr("&Hint"),
            "recent": self.tr("&Recent games…"), "stats": self.tr("S&tatistics…"),
            "settings": self.tr("S&ettings…"),
            "quit": self.tr("&Quit"), "rules": self.tr("&Rules"),
            "fullscreen": self.tr("&Full screen"),
            "shortcuts": self.tr("&Keyboard shortcuts"),
            "about": self.tr("&About Spades Desktop"),
        }
        for key, text in texts.items():
            self._actions[key].setText(text)
        self._language_menu.setTitle(self.tr("&Language"))
        for language, action in self._language_actions.items():
            if language == "system":
                action.setText(self.tr("&System language"))
            else:
                action.setText(i18n.LANGUAGE_NAMES[language])
        self.scene.retranslate()
        self.status_line.retranslate()
        if self.table.hasFocus():
            self.scene.focus_prompt()  # the prompts were re-laid out in the new language

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        elif event.type() == QEvent.Type.WindowStateChange:
            self._actions["fullscreen"].setChecked(self.fullscreen)
        elif event.type() == QEvent.Type.ActivationChange and self.isActiveWindow():
            # back from a dialog or another window: the table's prompt takes the keys
            # again (a prompt shown while the window was inactive never got them)
            focus = QApplication.focusWidget()
            if focus is None or focus is self.table or focus is self:
                self.focus_table()
        super().changeEvent(event)

    @Slot()
    def focus_table(self) -> None:
        """Give the keyboard focus to the table and, on it, to what South is asked
        (the bid panel, the Blind Nil question, the hand): called after every dialog
        closes and when a game starts, so the keys work without a click or Tab."""
        if QApplication.activeModalWidget() is not None:
            return  # a modal dialog still has the keys; its closing calls this again
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        self.scene.focus_prompt()

    # -- settings --------------------------------------------------------------------------
    def apply_display_settings(self, settings: Settings) -> None:
        """Apply display settings at once (animation speed, bid advice, felt colour and
        card back)."""
        self.settings = settings
        self.scene.set_looks(settings.felt, settings.card_back)
        self.scene.set_speed(settings.animation_speed)
        self.controller.speed = settings.animation_speed
        self.scene.show_advice = settings.show_bid_advice

    def set_language(self, language: str) -> None:
        """Switch the interface to ``language`` ("system", "en" or "zh_CN") at once and
        remember it. Every open window retranslates on the ``LanguageChange`` that
        installing the translators sends."""
        if language not in LANGUAGES:
            raise ValueError(f"Unknown language {language!r}.")
        self._language_actions[language].setChecked(True)
        if language != self.settings.language:
            self.settings = self.settings.replace(language=language)
            self._save_settings()
        result = i18n.apply_language(language)
        if result.notice:
            self.notify(result.notice)

    def _save_settings(self) -> None:
        if self.paths is None:
            return
        try:
            save_settings(self.paths, self.settings)
        except OSError as exc:
            log.warning("settings not saved: %s", exc)

    # -- status and messages ---------------------------------------------------------------
    @Slot(str)
    def show_status(self, text: str) -> None:
        """Show ``text`` (already translated) in the status line."""
        self.status_line.show_text(text)

    def _say(self, source: Callable[[], str]) -> None:
        """Show the text ``source`` makes; it is made again when the language changes."""
        self.status_line.say(source)

    @Slot(object)
    def _on_action_rejected(self, refusal: Refusal) -> None:
        """Why the rules refused South's move: in the status line, and beside South's
        hand where the player is looking (near the card, when it was one)."""
        self._say(lambda: i18n.engine_text(refusal))
        self.scene.show_refusal(i18n.engine_text(refusal), refusal.card)

    @Slot(object)
    def _on_notice(self, notice: Notice) -> None:
        self.notify(i18n.notice_text(notice))

    @Slot(str)
    def notify(self, text: str) -> None:
        """Tell the player something important, once, without blocking the game."""
        self.show_status(text)
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("Spades Desktop"), text,
                          QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.finished.connect(self.focus_table)
        keep_centred(box)
        box.open()

    # -- the game ---------------------------------------------------------------------------
    def _advice(self, view: PlayerView) -> tuple[Bid, str]:
        bid, reason = recommend_bid(view)
        return bid, reason_text(reason)

    def _human_view(self, state: GameState) -> PlayerView:
        return observe(state, HUMAN_SEAT)

    @Slot(object)
    def _on_game_started(self, state: GameState) -> None:
        self._drop_hint()
        self._close_sheets()
        number = state.game_number
        # the greeting first: the table replaces it when it asks the player to act
        self._say(lambda: self.tr("Game #{0} — good luck!").format(number))
        fresh = state.phase is Phase.BIDDING and not state.bids
        self.scene.show_view(self._human_view(state), deal=fresh)
        self.focus_table()

    @Slot(object, object, object)
    def _on_state_changed(self, old: GameState, new: GameState, action: Action) -> None:
        actor = old.current_player
        assert actor is not None
        self._drop_hint()
        self.scene.show_transition(self._human_view(old), self._human_view(new), action, actor)

    @Slot(object)
    def _on_human_action(self, action: Action) -> None:
        self.controller.submit_human(action)

    @Slot()
    def _on_hand_finished(self) -> None:
        state = self.controller.state
        if state is None:
            return
        if state.is_terminal:
            return  # the game-over dialog takes over
        record = state.hand_records[-1]
        hand = record.hand_number
        self.status_line.prompt(lambda: self.tr("Hand {0} is over: choose Next hand to "
                                                 "deal the next hand.").format(hand))
        if self._sheet is not None:  # a sheet opened during the hand shows this hand too
            self._sheet.set_records(state.hand_records, state.rules)
        self.scene.show_hand_summary(record, state.scores)

    @Slot(object)
    def _on_game_over(self, result: GameResult | None) -> None:
        if self._stats_dialog is not None:  # the game has just been counted
            self._stats_dialog.set_stats(self._load_stats())
        # wait until the last trick has been collected
        if self.scene.animating:
            self.scene.hand_finished.connect(self._show_game_over,
                                             Qt.ConnectionType.SingleShotConnection)
        else:
            QTimer.singleShot(0, self._show_game_over)

    @Slot()
    def _show_game_over(self) -> None:
        state = self.controller.state
        if state is None or state.result is None:
            return
        result = state.result
        won = result.winner == HUMAN_SEAT.team
        points = RANKING_POINTS.get(self.controller.difficulty, 0) if won else 0
        history, bids_and_tricks = records_to_sheet(state.hand_records)
        dialog = GameOverDialog(self, result=result, human_team=HUMAN_SEAT.team,
                                ranking_points=points, history=history,
                                bids_and_tricks=bids_and_tricks)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)  # freed once closed
        dialog.new_game_requested.connect(self.new_game_dialog)
        dialog.statistics_requested.connect(self.show_statistics)
        dialog.review_requested.connect(
            lambda d=dialog: self.review_last_hand(parent=d))
        dialog.finished.connect(self._on_game_over_closed)
        keep_centred(dialog)
        self._game_over = dialog
        self._say(lambda: self.tr("The game is over."))
        dialog.open()

    @Slot()
    def _on_game_over_closed(self) -> None:
        self._game_over = None
        self.scene.deal()
        self.status_line.prompt(lambda: self.tr(
            "The game is over: Game ▸ New game (Ctrl+N) starts another."))

    def _close_sheets(self) -> None:
        """Close the open score sheet and game-over dialog (a new game starts) without
        their closing handlers: nothing is dealt. Both delete themselves on close."""
        for dialog in (self._sheet, self._game_over):
            if dialog is not None:
                dialog.blockSignals(True)
                dialog.close()
        self._sheet = None
        self._game_over = None

    # -- the coach ------------------------------------------------------------------------
    @Slot()
    def request_hint(self) -> None:
        """Game ▸ Hint, the Hint button or H on the table: ask the coach for South's best
        bid or card. Returns at once; the search runs on a worker thread and the answer
        is shown on the table (``hints.hint_ready``). Outside South's turn the status
        line says when a hint can be had."""
        state = self.controller.state
        if (state is None or state.current_player != HUMAN_SEAT
                or HUMAN_SEAT in self.controller.bot_seats or not self.scene.hint_offered):
            self._say(lambda: self.tr("A hint can be had when it is your turn to bid or "
                                      "play."))
            return
        shown = self._shown_hint
        if shown is not None and shown[0] is state:  # asked again: show it again
            self.scene.show_hint(self._human_view(state), shown[1])
            return
        view = self._human_view(state)
        if self.hints.pending_view == view:
            return  # already searching this position
        self.controller.record_hint()  # counted in the statistics with the game
        self.scene.show_hint_pending()
        self.hints.request(view)

    @Slot(object, object)
    def _on_hint_ready(self, view: PlayerView, hint: Hint) -> None:
        state = self.controller.state
        if state is None or self._human_view(state) != view:
            return  # the game moved on
        if self.scene.show_hint(view, hint):
            self._shown_hint = (state, hint)

    @Slot(str)
    def _on_hint_failed(self, message: str) -> None:
        self.scene.clear_hint()
        self._say(lambda: self.tr("No hint could be found ({0}).").format(message))

    def _drop_hint(self) -> None:
        """The position changed: cancel a pending hint and forget the shown one."""
        self.hints.cancel()
        self._shown_hint = None
        self.scene.clear_hint()

    def open_review(self, records: Sequence[HandRecord], index: int,
                    rules: Rules, game_number: int = 0, *,
                    parent: QWidget | None = None) -> ReviewWindow:
        """Open the review of hand ``records[index]`` (0-based) of a game played with
        ``rules`` and numbered ``game_number`` (it seeds the coach as the hints were
        seeded): the current game's ``state.hand_records`` or those of any finished
        game. The window analyses the hand in the background and changes neither the
        game nor the statistics; it is deleted when closed. A hand analysed before in
        this session (same game, records and budget) is shown at once. Raises
        ``ValueError`` for a hand that is not there or not finished. ``parent``: the
        window it opens over (the main window by default; the game-over dialog, which
        is modal, when asked from there)."""
        window = ReviewWindow(records, index, rules, parent or self,
                              budget=self.review_budget,
                              game_number=game_number, cache=self._review_cache)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._reviews.append(window)
        window.finished.connect(lambda _result, w=window: self._forget_review(w))
        window.finished.connect(self.focus_table)
        keep_centred(window)
        window.show()
        return window

    def review_last_hand(self, parent: QWidget | None = None) -> ReviewWindow | None:
        """The review of the hand just finished ("Review hand" on the end-of-hand
        summary or on the game-over dialog, ``parent``); None before the first hand is
        over."""
        state = self.controller.state
        if state is None or not state.hand_records:
            return None
        return self.open_review(state.hand_records, len(state.hand_records) - 1,
                                state.rules, state.game_number, parent=parent)

    @property
    def reviews(self) -> tuple[ReviewWindow, ...]:
        """The hand review windows open now."""
        return tuple(self._reviews)

    def _forget_review(self, window: ReviewWindow) -> None:
        if window in self._reviews:
            self._reviews.remove(window)

    # -- menu commands ----------------------------------------------------------------------
    @Slot()
    def new_game_dialog(self) -> None:
        """Ask for the new game's settings, then start it. During a game
        (``controller.in_progress``) first ask whether to abandon it (Yes / No, No by
        default); the game is counted as abandoned only once the new one starts."""
        self._confirm_abandon(self._open_new_game_dialog)

    def _confirm_abandon(self, then: Callable[[], object]) -> None:
        """Run ``then`` (which starts another game) at once when no game is in progress,
        else once the player confirms giving the current game up."""
        if not self.controller.in_progress:
            then()
            return
        if self._confirm_new is not None:
            self._confirm_new.raise_()
            return
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("New game"),
                          self.tr("Abandon the game in progress and start a new one? It "
                                  "counts as an abandoned game in your statistics."),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                          self)
        box.setDefaultButton(QMessageBox.StandardButton.No)
        box.setEscapeButton(QMessageBox.StandardButton.No)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.finished.connect(lambda _result: self._on_confirm_new_closed(box, then))
        self._confirm_new = box
        keep_centred(box)
        box.open()

    def _on_confirm_new_closed(self, box: QMessageBox, then: Callable[[], object]) -> None:
        self._confirm_new = None
        if box.clickedButton() is box.button(QMessageBox.StandardButton.Yes):
            then()
        else:
            self.focus_table()

    def _open_new_game_dialog(self) -> None:
        s = self.settings
        dialog = NewGameDialog(self, levels=LEVELS, difficulty=s.difficulty,
                               target_score=s.target_score, floor_enabled=s.floor_enabled,
                               bag_penalty=s.bag_penalty, blind_nil=s.blind_nil)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.start_game_from(dialog))
        dialog.rejected.connect(self._on_new_game_cancelled)
        dialog.finished.connect(self._on_new_game_closed)
        dialog.finished.connect(self.focus_table)
        self._new_game_dialog = dialog
        dialog.open()

    @Slot()
    def _on_new_game_closed(self) -> None:
        self._new_game_dialog = None  # the dialog deletes itself: drop the wrapper

    @Slot()
    def _on_new_game_cancelled(self) -> None:
        if self.controller.state is None:
            self._say(lambda: self.tr("Choose Game ▸ New game to start playing."))

    def start_game_from(self, dialog: NewGameDialog) -> None:
        """Start the game chosen in ``dialog`` and remember its settings."""
        options = dialog.options()
        rules = options.rules
        self.settings = self.settings.replace(
            difficulty=options.difficulty, target_score=rules.target_score,
            floor_enabled=rules.floor_score is not None, bag_penalty=rules.bag_penalty,
            blind_nil=rules.blind_nil)
        self._save_settings()
        if self.controller.in_progress:
            self.controller.abandon_game()  # the player confirmed giving it up
        self.controller.start_new_game(rules, options.game_number, options.difficulty)

    @Slot()
    def show_score_sheet(self) -> None:
        """The score sheet of the game so far, with the chart of the running totals
        (Game ▸ Score sheet, or Score sheet on the end-of-hand summary). Not modal; an
        open sheet is brought up to date and raised."""
        state = self.controller.state
        if state is None:
            return
        if self._sheet is not None:
            self._sheet.set_records(state.hand_records, state.rules)
            self._sheet.raise_()
            self._sheet.activateWindow()
            return
        sheet = ScoreSheetDialog(self)
        sheet.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)  # freed once closed
        sheet.set_records(state.hand_records, state.rules)
        records, rules, number = state.hand_records, state.rules, state.game_number
        sheet.review_requested.connect(
            lambda index: self.open_review(records, index, rules, number))
        keep_centred(sheet)
        sheet.finished.connect(self._on_info_sheet_closed)
        sheet.finished.connect(self.focus_table)
        self._sheet = sheet
        # not modal: Last trick, the menus and Quit stay at hand while it is open
        sheet.show()

    @Slot()
    def _on_sheet_closed(self) -> None:
        """Next hand on the end-of-hand summary: deal the next hand (an open score sheet
        stays open)."""
        self.scene.deal()

    @Slot()
    def _on_info_sheet_closed(self) -> None:
        self._sheet = None

    def last_trick(self) -> TrickRecord | None:
        """The trick Game ▸ Last trick shows: the last completed trick of this hand, from
        the engine's record; after the 13th trick, the finished hand's last trick until
        the table deals the next hand (or for good, once the game is over)."""
        state = self.controller.state
        if state is None:
            return None
        trick = state.hand_record.last_trick
        if trick is None and self.scene.waiting_for_deal and state.hand_records:
            trick = state.hand_records[-1].last_trick
        return trick

    @Slot()
    def show_last_trick(self) -> None:
        """Show :meth:`last_trick` on the table (its four cards before the seats that
        played them, the winner marked, until a click or a key) and in the status line;
        when it is already shown, take it away (Ctrl+L again)."""
        if self.scene.last_trick_shown is not None:
            self.scene.dismiss_last_trick()
            return
        trick = self.last_trick()
        if trick is None:
            self._say(lambda: self.tr("No trick has been completed in this hand yet."))
            return
        self.scene.show_last_trick(trick)

        def text() -> str:
            cards = self.tr(", ").join(
                self.tr("{0} {1}", "seat and card").format(seat_name(s), c.label)
                for s, c in trick.plays)
            if trick.winner == HUMAN_SEAT:  # "You" does not stand mid-sentence
                return self.tr("Last trick: {0} — you won it.").format(cards)
            return self.tr("Last trick: {0} — won by {1}.").format(cards,
                                                                    seat_name(trick.winner))

        self._say(text)

    def _load_stats(self) -> Stats:
        if self.paths is None:
            return Stats()
        stats, notice = load_stats(self.paths)
        if notice is not None:
            self._on_notice(notice)
        return stats

    @Slot()
    def show_statistics(self) -> None:
        """The Statistics window (not modal), read afresh from the file; over the
        game-over dialog when that is open (so that it is not blocked by it)."""
        stats = self._load_stats()
        if self._stats_dialog is not None:
            self._stats_dialog.set_stats(stats)
            self._stats_dialog.raise_()
            self._stats_dialog.activateWindow()
            return
        parent: QWidget = self._game_over if self._game_over is not None else self
        dialog = StatisticsDialog(parent, stats=stats)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.reset_requested.connect(self._on_reset_statistics)
        # closed, or deleted with the game-over dialog it was opened over
        dialog.finished.connect(lambda _r: self._forget_statistics(dialog))
        dialog.destroyed.connect(lambda _o=None: self._forget_statistics(dialog))
        dialog.finished.connect(self.focus_table)
        self._stats_dialog = dialog
        keep_centred(dialog)
        dialog.show()

    def _forget_statistics(self, dialog: StatisticsDialog) -> None:
        if self._stats_dialog is dialog:
            self._stats_dialog = None

    @Slot()
    def _on_reset_statistics(self) -> None:
        stats = Stats()
        if self.paths is not None:
            try:
                stats = reset_stats(self.paths)
            except OSError as exc:
                log.warning("statistics not reset: %s", exc)
                self.notify(self.tr("The statistics could not be reset ({0}).").format(
                    exc.strerror or exc))
                return
        if self._stats_dialog is not None:
            self._stats_dialog.set_stats(stats)

    @Slot()
    def show_recent_games(self) -> None:
        """The Recent games window (not modal; raised when already open). Its "Play this
        deal again" starts a new game through the controller; its ``review_requested``
        carries the game to review."""
        if self._recent is not None:
            self._recent.raise_()
            self._recent.activateWindow()
            return
        dialog = RecentGamesDialog(self, self.paths)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.play_again_requested.connect(self.play_again)
        dialog.review_requested.connect(self._review_recent)
        dialog.finished.connect(self._on_recent_closed)
        dialog.finished.connect(self.focus_table)
        self._recent = dialog
        keep_centred(dialog)
        dialog.show()

    @Slot(object)
    def _review_recent(self, game: ReplayedGame) -> None:
        """Review a recent game from its first hand (Page Down goes on to the next)."""
        if not game.hand_records:
            text = self.tr("This game ended before its first hand was played out: there "
                           "is nothing to review.")
            box = QMessageBox(QMessageBox.Icon.Information, self.tr("Review"), text,
                              QMessageBox.StandardButton.Ok, self._recent or self)
            box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            box.open()
            return
        self.open_review(game.hand_records, 0, game.rules, game.game.game_number)

    @Slot()
    def _on_recent_closed(self) -> None:
        self._recent = None

    @Slot(object)
    def _on_game_kept(self, _game: object) -> None:
        if self._recent is not None:
            self._recent.reload()

    @Slot(object)
    def play_again(self, game: ReplayedGame) -> None:
        """Start a new game on the deal of ``game`` (a recent game): the same rules, game
        number (so the same deals, docs/rules.md §6), difficulty and fixed first deal. During a
        game, first ask whether to abandon it (as for a new game)."""
        self._confirm_abandon(lambda: self.controller.start_new_game(
            game.rules, game.game.game_number, game.game.difficulty, game.deal))

    @Slot()
    def settings_dialog(self) -> None:
        """Display settings that apply at once."""
        dialog = SettingsDialog(self, animation_speed=self.settings.animation_speed,
                                show_bid_advice=self.settings.show_bid_advice,
                                language=self.settings.language, felt=self.settings.felt,
                                card_back=self.settings.card_back)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.changed.connect(self._on_display_settings)
        dialog.language_changed.connect(self.set_language)
        dialog.looks_changed.connect(self._on_looks)
        dialog.finished.connect(lambda _r: self._save_settings())
        dialog.finished.connect(self.focus_table)
        dialog.open()

    @Slot(float, bool)
    def _on_display_settings(self, speed: float, advice: bool) -> None:
        self.apply_display_settings(self.settings.replace(animation_speed=speed,
                                                          show_bid_advice=advice))

    @Slot(str, str)
    def _on_looks(self, felt: str, card_back: str) -> None:
        self.apply_display_settings(self.settings.replace(felt=felt, card_back=card_back))

    @Slot()
    def show_shortcuts(self) -> None:
        """Help ▸ Keyboard shortcuts: the menus' shortcuts and the table's keys."""
        menus = [a.menu() for a in self.menuBar().actions()]
        dialog = ShortcutsDialog(self, [m for m in menus if isinstance(m, QMenu)])
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.finished.connect(self.focus_table)
        dialog.show()

    @Slot()
    def show_rules(self) -> None:
        """The rules of the game, in our words."""
        dialog = RulesDialog(self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.finished.connect(self.focus_table)
        dialog.show()

    @Slot()
    def show_about(self) -> None:
        """About the game."""
        show_about(self, __version__)

    # -- closing ----------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        self.settings = self.settings.replace(
            window_geometry=bytes(self.saveGeometry().toBase64().data()).decode(),
            fullscreen=self.fullscreen)
        self._save_settings()
        self.hints.shutdown()
        for review in list(self._reviews):
            review.close()
        self.controller.shutdown()
        super().closeEvent(event)

