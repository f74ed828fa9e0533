"""The main window: menus, the table, the status line and the dialogs around them."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from PySide6.QtCore import QByteArray, QEvent, QSize, Qt, Slot
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
    QMessageBox,
    QWidget,
)

from ..bots import recommend_bid
from ..controller import HUMAN_SEAT, GameController
from ..engine import (
    Action,
    Bid,
    GameState,
    Phase,
    PlayerView,
    Refusal,
    observe,
)
from ..persistence import (
    LANGUAGES,
    DataPaths,
    Notice,
    Settings,
    save_settings,
)
from . import i18n
from .advice_text import reason_text
from .claim_flow import ClaimFlow
from .coach_flow import CoachFlow
from .dialogs.common import keep_centred
from .dialogs.hand_so_far import HandSoFarDialog
from .hand_so_far_flow import HandSoFarFlow
from .sound import SoundPlayer, SoundSink
from .status_line import StatusLine
from .table.scene import TableScene
from .table.table_input import READING_KEYS
from .texts import card_label, seat_name
from .window_dialogs import WindowDialogs

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


READ_ALOUD = {"read_hand": "hand", "read_table": "table", "read_scores": "scores",
              "read_why": "why"}
"""View ▸ Read aloud: each command's key and what ``TableScene.read_aloud`` reads."""
READ_KEYS = {what: QKeySequence(key).toString() for key, what in READING_KEYS.items()}
"""The letter of each reading (with Shift), from the table's own keys."""

GAME_ACTIONS = ("sheet", "last", "hand", "hint")

SOUND_MESSAGE_MS = 3000
"""How long "Sound on." or "Sound off: …" stays in the status line before the turn's
prompt comes back (ms)."""
"""The menu actions about the game on the table: disabled until a game starts."""


class MainWindow(QMainWindow):
    """The game window. All game changes go through ``controller``; the window only
    shows them and forwards the human's choices."""

    def __init__(self, controller: GameController, settings: Settings,
                 paths: DataPaths | None, sound_sink: SoundSink | None = None) -> None:
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
        self.sound = SoundPlayer(sound_sink, settings.sound_on, settings.sound_volume, self)
        """Plays the table's sounds (``ui/sound.py``); without ``sound_sink``, silently."""
        self.scene.sound_cue.connect(self.sound.play)
        self.table = TableView(self.scene, self)
        self.setCentralWidget(self.table)
        self.setWindowIcon(QIcon(":/assets/icons/spades-desktop.svg"))
        self._actions: dict[str, QAction] = {}
        self.coach = CoachFlow(self, controller, self.scene, self.say, self.focus_table)
        """The Hint command and the hand reviews."""
        self.dialogs = WindowDialogs(self)
        """The dialogs around the table."""
        self.hand_so_far = HandSoFarFlow(self)
        """Game ▸ Hand so far."""
        self._build_menus()
        self.claim = ClaimFlow(self)
        """Game ▸ Claim the rest."""
        self.claim.update()
        self._enable_game_actions(False)
        self._update_undo()
        self.retranslate()
        self.apply_display_settings(settings)
        self._restore_window(settings)

        controller.game_started.connect(self._on_game_started)
        controller.state_changed.connect(self._on_state_changed)
        controller.undone.connect(self._on_undone)
        controller.action_rejected.connect(self._on_action_rejected)
        controller.message.connect(self.notify)
        controller.notice.connect(self.notify_notice)
        controller.bot_thinking.connect(self.scene.set_thinking)
        self.scene.bid_requested.connect(self._on_human_action)
        self.scene.card_play_requested.connect(self._on_human_action)
        self.scene.busy_changed.connect(controller.set_table_busy)
        self.scene.busy_changed.connect(self._update_undo)
        self.scene.hand_finished.connect(self._on_hand_finished)
        self.scene.hand_summary_closed.connect(self._on_next_hand)
        self.scene.score_sheet_requested.connect(self.dialogs.show_score_sheet)
        self.scene.hand_review_requested.connect(lambda: self.coach.review_last_hand())
        self.scene.hint_requested.connect(self.coach.request_hint)
        self.scene.new_game_requested.connect(self.dialogs.new_game)

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
        self._game_menu.addAction(self._add_action("new", self.dialogs.new_game,
                                                   QKeySequence.StandardKey.New))
        self._game_menu.addAction(self._add_action("sheet", self.dialogs.show_score_sheet,
                                                   QKeySequence("Ctrl+S")))
        self._game_menu.addAction(self._add_action("last", self.show_last_trick,
                                                   QKeySequence("Ctrl+L")))
        self._game_menu.addAction(self._add_action("hand", self.hand_so_far.show,
                                                   QKeySequence("Ctrl+H")))
        hint = self._add_action("hint", self.coach.request_hint, QKeySequence("H"))
        # the table's key handler takes H; the menu only shows the key, so typing an H
        # in a dialog (or the game-number field) never asks for a hint
        hint.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self._game_menu.addAction(hint)
        claim = self._add_action("claim", lambda: self.claim.claim(), QKeySequence("C"))
        # as H: the table's key handler takes C (not after a rank, where it is clubs)
        claim.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self._game_menu.addAction(claim)
        self._game_menu.addAction(self._add_action("undo", self.undo, QKeySequence("Ctrl+Z")))
        self._game_menu.addAction(self._add_action("recent", self.dialogs.show_recent_games,
                                                   QKeySequence("Ctrl+R")))
        self._game_menu.addAction(self._add_action("stats", self.dialogs.show_statistics,
                                                   QKeySequence("Ctrl+T")))
        self._game_menu.addSeparator()
        self._game_menu.addAction(self._add_action("settings", self.dialogs.show_settings,
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
            action.setObjectName(f"language_{language}")
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
        # M is no rank, suit or bid key of the table's, so the window takes it anywhere
        sound = self._add_action("sound", self.toggle_sound, QKeySequence(Qt.Key.Key_M))
        sound.setCheckable(True)
        sound.setChecked(self.settings.sound_on)
        self._view_menu.addAction(sound)
        self._read_menu = self._view_menu.addMenu("")
        self._read_menu.setObjectName("readAloudMenu")
        for key, what in READ_ALOUD.items():
            read = self._add_action(key, lambda _checked=False, w=what: self.scene.read_aloud(w),
                                    QKeySequence(f"Shift+{READ_KEYS[what]}"))
            # the table's key handler takes the keys (also while a bid is asked); the
            # menu shows them and reads aloud when chosen
            read.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
            self._read_menu.addAction(read)
        self._help_menu = bar.addMenu("")
        self._help_menu.addAction(self._add_action("rules", self.dialogs.show_rules,
                                                   QKeySequence.StandardKey.HelpContents))
        self._help_menu.addAction(self._add_action("shortcuts", self.dialogs.show_shortcuts))
        self._help_menu.addAction(self._add_action("fair_play", self.dialogs.show_fair_play))
        self._help_menu.addAction(self._add_action("about", self.dialogs.show_about))

    def _fitting(self, wanted: QSize) -> QSize:
        """``wanted``, or less so that the window with its frame and title bar fits in
        the screen's available area (a 800×600 screen, a large scale factor)."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            return wanted
        room = screen.availableGeometry().size()
        return wanted.boundedTo(QSize(max(640, room.width() - 16), max(480, room.height() - 48)))

    def first_size(self) -> QSize:
        """The window's size on a first start: 1100×800, or less so that it fits in the
        screen's available area."""
        return self._fitting(QSize(1100, 800))

    def legible_size(self) -> QSize:
        """The smallest size the window opens at: 800×600 (where the table stays legible),
        or less so that it fits in the screen's available area."""
        return self._fitting(QSize(800, 600))

    def _fit_to_screen(self) -> None:
        """Make a restored window no smaller than :meth:`legible_size` and no larger than
        the screen's available area, and move it inside that area (a size saved on
        another screen, or shrunk by the window manager, never opens clipped)."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            return
        room = screen.availableGeometry()
        frame = self.frameGeometry()
        extra = frame.size() - self.geometry().size()  # the title bar and the borders
        most = QSize(max(640, room.width() - extra.width()),
                     max(460, room.height() - extra.height()))
        size = self.size().expandedTo(self.legible_size()).boundedTo(most)
        if size != self.size():
            self.resize(size)
        frame = self.frameGeometry()
        x = min(max(frame.x(), room.x()), room.right() - frame.width() + 1)
        y = min(max(frame.y(), room.y()), room.bottom() - frame.height() + 1)
        if (x, y) != (frame.x(), frame.y()):
            self.move(max(room.x(), x), max(room.y(), y))

    def _restore_window(self, settings: Settings) -> None:
        """The saved size and position, fitted to this screen (a first start:
        :meth:`first_size`, centred on the screen), then full screen if the window was
        full screen when it closed."""
        if settings.window_geometry:
            self.restoreGeometry(QByteArray.fromBase64(settings.window_geometry.encode()))
            self._fit_to_screen()
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

    def _enable_game_actions(self, on: bool) -> None:
        """Score sheet, Last trick, Hand so far and Hint are offered once there is a game."""
        for key in GAME_ACTIONS:
            self._actions[key].setEnabled(on)

    def action(self, key: str) -> QAction:
        """A menu action by key: new, sheet, last, hand, hint, claim, undo, recent, stats,
        settings, quit, fullscreen, sound, read_hand, read_table, read_scores, read_why,
        rules, shortcuts, fair_play, about."""
        return self._actions[key]

    def retranslate(self) -> None:
        """Set every text in the current language."""
        self.setWindowTitle(self.tr("Spades Desktop"))
        self._game_menu.setTitle(self.tr("&Game"))
        self._help_menu.setTitle(self.tr("&Help"))
        self._view_menu.setTitle(self.tr("&View"))
        texts = {
            "new": self.tr("&New game…"), "sheet": self.tr("&Score sheet"),
            "last": self.tr("&Last trick"), "hand": self.tr("Hand so &far"),
            "hint": self.tr("&Hint"), "claim": self.tr("&Claim the rest"),
            "undo": self.tr("&Undo"),
            "recent": self.tr("&Recent games…"), "stats": self.tr("S&tatistics…"),
            "settings": self.tr("S&ettings…"),
            "quit": self.tr("&Quit"), "rules": self.tr("&Rules"),
            "fullscreen": self.tr("&Full screen"),
            "sound": self.tr("S&ound"),
            "read_hand": self.tr("Read your &hand"), "read_table": self.tr("Read the &table"),
            "read_scores": self.tr("Read the &scores"),
            "read_why": self.tr("Read &why a card was refused"),
            "shortcuts": self.tr("&Keyboard shortcuts"),
            "fair_play": self.tr("&Fair play"),
            "about": self.tr("&About Spades Desktop"),
        }
        for key, text in texts.items():
            self._actions[key].setText(text)
        self._language_menu.setTitle(self.tr("&Language"))
        self._read_menu.setTitle(self.tr("&Read aloud"))
        for language, action in self._language_actions.items():
            if language == "system":
                action.setText(self.tr("&System language"))
            else:
                action.setText(i18n.LANGUAGE_NAMES[language])
        self._describe_actions()
        self.scene.retranslate()
        self.status_line.retranslate()
        if self.table.hasFocus():
            self.scene.focus_prompt()  # the prompts were re-laid out in the new language

    def _describe_actions(self) -> None:
        """Give every menu and menu command its description, in the current language:
        the tooltip shown on the menu (Qt's menu items have no accessible description of
        their own, so a screen reader that reads tooltips reads it there)."""
        tips = {
            "new": self.tr("Choose the target, the difficulty and the rules of a new game."),
            "sheet": self.tr("Every hand's bids, tricks and points so far, with a chart."),
            "last": self.tr("Show the last completed trick on the table again."),
            "hand": self.tr("The tricks of this hand so far and the cards still out."),
            "hint": self.tr("What the Expert would bid or play here, and why."),
            "undo": self.tr("Take back your last move and the computer players' moves "
                            "after it."),
            "claim": self.tr("Claim every remaining trick for your side: granted when the "
                             "real cards prove it, whatever the opponents play."),
            "recent": self.tr("Your finished and abandoned games: review, replay, export "
                              "or import one."),
            "stats": self.tr("Games won and lost, points, bags, contracts and Nil bids."),
            "settings": self.tr("Language, animation speed, bid advice, looks and sound."),
            "quit": self.tr("Close the game; it is saved and resumes at the next start."),
            "fullscreen": self.tr("Show the table on the whole screen (Esc leaves it)."),
            "sound": self.tr("Switch the table's sounds on or off."),
            "read_hand": self.tr("A screen reader says your cards, suit by suit."),
            "read_table": self.tr("A screen reader says the cards on the table and whose "
                                  "turn it is."),
            "read_scores": self.tr("A screen reader says the scores, each player's bid and "
                                   "tricks, and the contracts."),
            "read_why": self.tr("A screen reader says again why your last card or bid was "
                                "refused."),
            "rules": self.tr("How Spades is played and scored here."),
            "shortcuts": self.tr("Every key of the menus and of the table."),
            "fair_play": self.tr("How each deal follows from the game number and what the "
                                 "computer players see."),
            "about": self.tr("The version of Spades Desktop, in a short window."),
        }
        for key, action in self._actions.items():
            tip = tips.get(key)
            if tip is not None:
                action.setToolTip(tip)
        menus = {
            self._game_menu: self.tr("New game, score sheet, last trick, hint, recent "
                                     "games, statistics, settings, language and quit."),
            self._view_menu: self.tr("Full screen, sound and reading the table aloud."),
            self._read_menu: self.tr("What a screen reader says on request: your hand, "
                                     "the table, the scores, why a card was refused."),
            self._help_menu: self.tr("The rules, the keyboard shortcuts and about the "
                                     "game."),
            self._language_menu: self.tr("The language of the game's words."),
        }
        for menu, tip in menus.items():
            menu.setToolTipsVisible(True)
            menu.menuAction().setToolTip(tip)
        for language, action in self._language_actions.items():
            action.setToolTip(self.tr("Follow the system's language.") if language == "system"
                              else self.tr("Show the game in {0}.").format(
                                  i18n.LANGUAGE_NAMES[language]))

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
        """Apply display settings at once (animation speed, bid advice, one-click play,
        forced cards played for South, felt colour and card back, the four-colour deck,
        the card size, the high-contrast look, sound on or off and its volume)."""
        self.settings = settings
        self.sound.set_on(settings.sound_on)
        self.sound.set_volume(settings.sound_volume)
        self._actions["sound"].setChecked(settings.sound_on)
        self.scene.set_looks(settings.felt, settings.card_back, settings.four_colour_deck,
                             settings.high_contrast)
        self.scene.set_card_size(settings.card_size)
        self.coach.set_felt(settings.felt)
        self.coach.set_four_colour(settings.four_colour_deck)
        for dialog in self.findChildren(HandSoFarDialog):
            dialog.set_four_colour(settings.four_colour_deck)
        self.scene.set_speed(settings.animation_speed)
        self.controller.speed = settings.animation_speed
        self.scene.show_advice = settings.show_bid_advice
        self.scene.set_one_click(settings.one_click_play)
        self.controller.set_play_forced_cards(settings.play_forced_cards)

    @Slot()
    def toggle_sound(self) -> None:
        """View ▸ Sound (M): switch the sounds off or on, remember it, and say so in the
        status line (docs/rules.md §7)."""
        on = not self.settings.sound_on
        self.apply_display_settings(self.settings.replace(sound_on=on))
        self.remember_settings(self.settings)
        if on:
            self.say(lambda: self.tr("Sound on."), SOUND_MESSAGE_MS)
        else:
            self.say(lambda: self.tr("Sound off: press M to turn it on again."),
                     SOUND_MESSAGE_MS)

    def set_language(self, language: str) -> None:
        """Switch the interface to ``language`` ("system", "en" or "zh_CN") at once and
        remember it. Every open window retranslates on the ``LanguageChange`` that
        installing the translators sends."""
        if language not in LANGUAGES:
            raise ValueError(f"Unknown language {language!r}.")
        self._language_actions[language].setChecked(True)
        if language != self.settings.language:
            self.remember_settings(self.settings.replace(language=language))
        result = i18n.apply_language(language)
        if result.notice:
            self.notify(result.notice)

    def remember_settings(self, settings: Settings) -> None:
        """Keep ``settings`` as the window's and write them to the data folder (a failed
        write is logged; the game goes on)."""
        self.settings = settings
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

    def say(self, source: Callable[[], str], passing_ms: int | None = None) -> None:
        """Show the text ``source`` makes; it is made again when the language changes.
        With ``passing_ms``, the turn's prompt comes back that many ms later
        (``StatusLine.say``)."""
        self.status_line.say(source, passing_ms)

    @Slot(object)
    def _on_action_rejected(self, refusal: Refusal) -> None:
        """Why the rules refused South's move: in the status line, and beside South's
        hand where the player is looking (near the card, when it was one)."""
        self.say(lambda: i18n.engine_text(refusal))
        self.scene.show_refusal(i18n.engine_text(refusal), refusal.card)

    @Slot(object)
    def notify_notice(self, notice: Notice) -> None:
        """Tell the player a persistence notice (:meth:`notify`, in the current language)."""
        self.notify(i18n.notice_text(notice))

    @Slot(str)
    def notify(self, text: str, then: Callable[[], object] | None = None) -> None:
        """Tell the player something important, once, without blocking the game, in a
        box named "notice" (``window_dialogs.open_dialog``); ``then`` runs once the
        player has closed it."""
        self.show_status(text)
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("Spades Desktop"), text,
                          QMessageBox.StandardButton.Ok, self)
        box.setObjectName("notice")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.finished.connect(self.focus_table)
        if then is not None:
            box.finished.connect(lambda _result: then())
        keep_centred(box)
        box.open()

    def notify_all(self, texts: Sequence[str], then: Callable[[], object] | None = None
                   ) -> None:
        """Tell each of ``texts`` in its own box (the first on top), then run ``then``
        once the player has closed them all: at start, what happened to the data comes
        before the New Game dialog and is never hidden behind it."""
        left = len(texts)
        if left == 0:
            if then is not None:
                then()
            return

        def closed() -> None:
            nonlocal left
            left -= 1
            if left == 0 and then is not None:
                then()

        for text in reversed(texts):  # the last box opened is on top
            self.notify(text, then=closed)

    # -- the game ---------------------------------------------------------------------------
    def _advice(self, view: PlayerView) -> tuple[Bid, str]:
        bid, reason = recommend_bid(view)
        return bid, reason_text(reason)

    def _human_view(self, state: GameState) -> PlayerView:
        return observe(state, HUMAN_SEAT)

    @Slot(object)
    def _on_game_started(self, state: GameState) -> None:
        self._enable_game_actions(True)
        self.coach.drop_hint()
        self.dialogs.close_sheets()
        number = state.game_number
        # the greeting first: the table replaces it when it asks the player to act
        self.say(lambda: self.tr("Game #{0} — good luck!").format(number))
        fresh = state.phase is Phase.BIDDING and not state.bids and not any(state.cards_seen)
        if fresh and state.hand_records:
            # resumed between two hands: the finished hand's summary first, as when the
            # game was left (the autosave does not say whether it had been dismissed)
            self.scene.show_between_hands(self._human_view(state))
            self._on_hand_finished()
        else:
            self.scene.show_view(self._human_view(state), deal=fresh)
        self._update_undo()
        self.focus_table()

    @Slot(object, object, object)
    def _on_state_changed(self, old: GameState, new: GameState, action: Action) -> None:
        actor = old.current_player
        assert actor is not None
        self.coach.drop_hint()
        self.scene.show_transition(self._human_view(old), self._human_view(new), action, actor)
        self._update_undo()

    @Slot(object)
    def _on_undone(self, state: GameState) -> None:
        """Game ▸ Undo took moves back: the earlier position at once, no animation."""
        self.coach.drop_hint()
        self.scene.show_undone(self._human_view(state))
        self._update_undo()
        self.say(lambda: self.tr("Taken back: it is your turn again. A game in which Undo "
                                 "is used is a practice game (no ranking points)."))
        self.focus_table()

    @Slot()
    def undo(self) -> None:
        """Game ▸ Undo (Ctrl+Z): take back South's last bid or card of this hand and what
        the computer players did after it (``GameController.undo``, docs/rules.md §7).
        Offered only when there is one to take back and no hand's summary is shown."""
        if self.scene.waiting_for_deal or not self.controller.undo():
            self._update_undo()

    @Slot()
    def _update_undo(self, *_: object) -> None:
        """Game ▸ Undo is enabled only when there is something to take back in this hand
        (``GameController.can_undo``) and the table is not between two hands."""
        self._actions["undo"].setEnabled(self.controller.can_undo
                                         and not self.scene.waiting_for_deal)

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
        self.dialogs.update_score_sheet(state)  # an open sheet shows this hand too
        self.scene.show_hand_summary(record, state.scores)

    # -- the table's commands -----------------------------------------------------------------
    @Slot()
    def _on_next_hand(self) -> None:
        """Next hand on the end-of-hand summary: deal the next hand (an open score sheet
        stays open)."""
        self.scene.deal()

    @Slot()
    def show_last_trick(self) -> None:
        """Game ▸ Last trick: show the table's last trick (``TableScene.last_trick``) on
        the table (its four cards before the seats that played them, the winner marked,
        until a click or a key) and in the status line; when it is already shown, take
        it away (Ctrl+L again)."""
        if self.scene.last_trick_shown is not None:
            self.scene.dismiss_last_trick()
            return
        trick = self.scene.last_trick()
        if trick is None:
            self.say(lambda: self.tr("No trick has been completed in this hand yet."))
            return
        self.scene.show_last_trick(trick)

        def text() -> str:
            cards = self.tr(", ").join(
                self.tr("{0} {1}", "seat and card").format(seat_name(s), card_label(c))
                for s, c in trick.plays)
            if trick.winner == HUMAN_SEAT:  # "You" does not stand mid-sentence
                return self.tr("Last trick: {0} — you won it.").format(cards)
            return self.tr("Last trick: {0} — won by {1}.").format(cards,
                                                                    seat_name(trick.winner))

        self.say(text)

    # -- closing ----------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        self.remember_settings(self.settings.replace(
            window_geometry=bytes(self.saveGeometry().toBase64().data()).decode(),
            fullscreen=self.fullscreen))
        self.coach.shutdown()
        self.controller.shutdown()
        super().closeEvent(event)

