"""The main window: menus, the table, the status line and the dialogs around them."""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QByteArray, QEvent, QSize, Qt, QTimer, Slot
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QGuiApplication,
    QIcon,
    QKeySequence,
    QPainter,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QGraphicsView,
    QLabel,
    QMainWindow,
    QMessageBox,
    QWidget,
)

from .. import __version__
from ..bots import LEVELS, recommend_bid
from ..controller import HUMAN_SEAT, GameController
from ..engine import (
    Action,
    Bid,
    GameResult,
    GameState,
    Phase,
    PlayerView,
    Refusal,
    TrickRecord,
    observe,
)
from ..persistence import LANGUAGES, RANKING_POINTS, DataPaths, Notice, Settings, save_settings
from . import i18n
from .advice_text import reason_text
from .dialogs import (
    GameOverDialog,
    NewGameDialog,
    RulesDialog,
    ScoreSheetDialog,
    SettingsDialog,
    records_to_sheet,
    show_about,
)
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
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
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
        self._actions: dict[str, QAction] = {}
        self._build_menus()
        self.retranslate()
        self.apply_display_settings(settings)
        if settings.window_geometry:
            self.restoreGeometry(QByteArray.fromBase64(settings.window_geometry.encode()))
        else:
            self.resize(self.first_size())

        controller.game_started.connect(self._on_game_started)
        controller.state_changed.connect(self._on_state_changed)
        controller.action_rejected.connect(self._on_action_rejected)
        controller.message.connect(self.notify)
        controller.notice.connect(self._on_notice)
        controller.game_over.connect(self._on_game_over)
        self.scene.bid_requested.connect(self._on_human_action)
        self.scene.card_play_requested.connect(self._on_human_action)
        self.scene.busy_changed.connect(controller.set_table_busy)
        self.scene.hand_finished.connect(self._on_hand_finished)

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
        self._game_menu.addAction(self._add_action("quit", self.close,
                                                   QKeySequence.StandardKey.Quit))
        self._help_menu = bar.addMenu("")
        self._help_menu.addAction(self._add_action("rules", self.show_rules,
                                                   QKeySequence.StandardKey.HelpContents))
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

    def action(self, key: str) -> QAction:
        """A menu action by key: new, sheet, last, settings, quit, rules, about."""
        return self._actions[key]

    def language_action(self, language: str) -> QAction:
        """The Game ▸ Language entry for a ``Settings.language`` value."""
        return self._language_actions[language]

    @property
    def score_sheet(self) -> ScoreSheetDialog | None:
        """The open score sheet (Game ▸ Score sheet, or the one shown after a hand); None
        once it is closed (a closed dialog is deleted: drop any reference to it)."""
        return self._sheet

    @property
    def game_over_dialog(self) -> GameOverDialog | None:
        """The game-over dialog, from the end of a game until it is closed (then None:
        the closed dialog is deleted)."""
        return self._game_over

    def retranslate(self) -> None:
        """Set every text in the current language."""
        self.setWindowTitle(self.tr("Spades Desktop"))
        self._game_menu.setTitle(self.tr("&Game"))
        self._help_menu.setTitle(self.tr("&Help"))
        texts = {
            "new": self.tr("&New game…"), "sheet": self.tr("&Score sheet"),
            "last": self.tr("&Last trick"), "settings": self.tr("S&ettings…"),
            "quit": self.tr("&Quit"), "rules": self.tr("&Rules"),
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

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # -- settings --------------------------------------------------------------------------
    def apply_display_settings(self, settings: Settings) -> None:
        """Apply display settings at once (animation speed, bid advice)."""
        self.settings = settings
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
        box.open()

    # -- the game ---------------------------------------------------------------------------
    def _advice(self, view: PlayerView) -> tuple[Bid, str]:
        bid, reason = recommend_bid(view)
        return bid, reason_text(reason)

    def _human_view(self, state: GameState) -> PlayerView:
        return observe(state, HUMAN_SEAT)

    @Slot(object)
    def _on_game_started(self, state: GameState) -> None:
        self._close_sheets()
        number = state.game_number
        # the greeting first: the table replaces it when it asks the player to act
        self._say(lambda: self.tr("Game #{0} — good luck!").format(number))
        fresh = state.phase is Phase.BIDDING and not state.bids
        self.scene.show_view(self._human_view(state), deal=fresh)

    @Slot(object, object, object)
    def _on_state_changed(self, old: GameState, new: GameState, action: Action) -> None:
        actor = old.current_player
        assert actor is not None
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
        hand = len(state.hand_history)
        self._say(lambda: self.tr("Hand {0} is over: close the score sheet to deal the "
                                  "next hand.").format(hand))
        self.show_score_sheet(after_hand=True)

    @Slot(object)
    def _on_game_over(self, result: GameResult | None) -> None:
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
        dialog.finished.connect(self._on_game_over_closed)
        self._game_over = dialog
        self._say(lambda: self.tr("The game is over."))
        dialog.open()

    @Slot()
    def _on_game_over_closed(self) -> None:
        self._game_over = None
        self.scene.deal()

    def _close_sheets(self) -> None:
        """Close the open score sheet and game-over dialog (a new game starts) without
        their closing handlers: nothing is dealt. Both delete themselves on close."""
        for dialog in (self._sheet, self._game_over):
            if dialog is not None:
                dialog.blockSignals(True)
                dialog.close()
        self._sheet = None
        self._game_over = None

    # -- menu commands ----------------------------------------------------------------------
    @Slot()
    def new_game_dialog(self) -> None:
        """Ask for the new game's settings, then start it."""
        s = self.settings
        dialog = NewGameDialog(self, levels=LEVELS, difficulty=s.difficulty,
                               target_score=s.target_score, floor_enabled=s.floor_enabled,
                               bag_penalty=s.bag_penalty, blind_nil=s.blind_nil)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.start_game_from(dialog))
        dialog.rejected.connect(self._on_new_game_cancelled)
        dialog.finished.connect(self._on_new_game_closed)
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
        self.controller.start_new_game(rules, options.game_number, options.difficulty)

    @Slot()
    def show_score_sheet(self, after_hand: bool = False) -> None:
        """The score sheet of the game so far; after a hand, closing it deals the next."""
        state = self.controller.state
        if state is None:
            return
        if self._sheet is not None:
            self._sheet.raise_()
            return
        sheet = ScoreSheetDialog(self)
        sheet.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)  # freed once closed
        sheet.set_records(state.hand_records)
        if after_hand:
            # the table waits for the next deal (and holds the game) until it closes
            sheet.set_after_hand(len(state.hand_history))
            sheet.finished.connect(self._on_sheet_closed)
        else:
            sheet.finished.connect(self._on_info_sheet_closed)
        self._sheet = sheet
        # not modal: Last trick, the menus and Quit stay at hand while it is open
        sheet.show()

    @Slot()
    def _on_sheet_closed(self) -> None:
        self._sheet = None
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
            return self.tr("Last trick: {0} — won by {1}.").format(cards,
                                                                    seat_name(trick.winner))

        self._say(text)

    @Slot()
    def settings_dialog(self) -> None:
        """Display settings that apply at once."""
        dialog = SettingsDialog(self, animation_speed=self.settings.animation_speed,
                                show_bid_advice=self.settings.show_bid_advice,
                                language=self.settings.language)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.changed.connect(self._on_display_settings)
        dialog.language_changed.connect(self.set_language)
        dialog.finished.connect(lambda _r: self._save_settings())
        dialog.open()

    @Slot(float, bool)
    def _on_display_settings(self, speed: float, advice: bool) -> None:
        self.apply_display_settings(self.settings.replace(animation_speed=speed,
                                                          show_bid_advice=advice))

    @Slot()
    def show_rules(self) -> None:
        """The rules of the game, in our words."""
        dialog = RulesDialog(self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()

    @Slot()
    def show_about(self) -> None:
        """About the game."""
        show_about(self, __version__)

    # -- closing ----------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        self.settings = self.settings.replace(
            window_geometry=bytes(self.saveGeometry().toBase64().data()).decode())
        self._save_settings()
        self.controller.shutdown()
        super().closeEvent(event)

