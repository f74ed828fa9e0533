"""The dialogs of the main window: opening them, keeping one of each, and their answers.

:class:`WindowDialogs` opens the score sheet, the game-over dialog, the New game
questions, Statistics, Recent games, Settings, the keyboard shortcuts, the rules and
About. Each dialog deletes itself when closed; while it is open, it is found by its
object name (:data:`OBJECT_NAMES`), as the tests and tools find it. Every game change
a dialog asks for goes through the controller.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QCoreApplication, QObject, Qt, QTimer, Slot
from PySide6.QtWidgets import QMenu, QMessageBox, QWidget

from .. import __version__
from ..bots import LEVELS
from ..controller import HUMAN_SEAT
from ..engine import HOUSE_RULES, GameResult, GameState
from ..persistence import (
    ReplayedGame,
    Stats,
    game_ranking_points,
    load_stats,
    reset_stats,
)
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
from .dialogs.fair_play import FairPlayDialog
from .dialogs.hand_so_far import HandSoFarDialog
from .dialogs.shortcuts import ShortcutsDialog
from .hand_so_far_flow import OBJECT_NAME as HAND_SO_FAR_NAME
from .sound import Cue, game_cue

if TYPE_CHECKING:
    from .main_window import MainWindow

log = logging.getLogger(__name__)

translate = QCoreApplication.translate
"""Strings use the context "MainWindow" (where the player meets them); each call names it
literally for lupdate."""

OBJECT_NAMES = {
    "score_sheet": ScoreSheetDialog, "game_over": GameOverDialog,
    "new_game": NewGameDialog, "confirm_new_game": QMessageBox,
    "statistics": StatisticsDialog, "recent_games": RecentGamesDialog,
    "settings": SettingsDialog, "shortcuts": ShortcutsDialog, "rules": RulesDialog,
    "fair_play": FairPlayDialog,
    "notice": QMessageBox, HAND_SO_FAR_NAME: HandSoFarDialog,
}
"""The object name of each dialog the window opens, with its class ("notice": the boxes
of ``MainWindow.notify``; "hand_so_far": Game ▸ Hand so far, opened by
:class:`~.hand_so_far_flow.HandSoFarFlow`)."""


W = TypeVar("W", bound=QWidget)


def open_dialogs(parent: QWidget, name: str) -> tuple[QWidget, ...]:
    """The dialogs named ``name`` (a key of :data:`OBJECT_NAMES`, or
    ``coach_flow.REVIEW_OBJECT_NAME``) shown now over ``parent`` or over one of its
    dialogs, oldest first. A closed dialog is hidden at once, so it is never among them."""
    return tuple(w for w in parent.findChildren(QWidget, name) if w.isVisible())


def open_dialog(parent: QWidget, name: str) -> QWidget | None:
    """The dialog named ``name`` shown now over ``parent`` (see :func:`open_dialogs`),
    or None. The window opens at most one of each, reviews aside."""
    shown = open_dialogs(parent, name)
    return shown[0] if shown else None


def _named(widget: W, name: str) -> W:
    """``widget`` named ``name`` (one of :data:`OBJECT_NAMES`), deleted when closed."""
    widget.setObjectName(name)
    widget.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    return widget


class WindowDialogs(QObject):
    """The dialogs of ``window`` (see the module docstring)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self._window = window
        self._sheet: ScoreSheetDialog | None = None
        self._game_over: GameOverDialog | None = None
        self._recent: RecentGamesDialog | None = None
        self._stats_dialog: StatisticsDialog | None = None
        self._confirm_new: QMessageBox | None = None
        window.controller.game_over.connect(self._on_game_over)
        window.controller.game_kept.connect(self._on_game_kept)

    # -- the score sheet and the end of a game ---------------------------------------------
    @Slot()
    def show_score_sheet(self) -> None:
        """The score sheet of the game so far, with the chart of the running totals
        (Game ▸ Score sheet, or Score sheet on the end-of-hand summary). Not modal; an
        open sheet is brought up to date and raised."""
        state = self._window.controller.state
        if state is None:
            return
        if self._sheet is not None:
            self._sheet.set_records(state.hand_records, state.rules)
            self._sheet.raise_()
            self._sheet.activateWindow()
            return
        sheet = _named(ScoreSheetDialog(self._window), "score_sheet")
        sheet.set_records(state.hand_records, state.rules)
        records, rules, number = state.hand_records, state.rules, state.game_number
        sheet.review_requested.connect(
            lambda index: self._window.coach.open_review(records, index, rules, number))
        keep_centred(sheet)
        sheet.finished.connect(self._on_sheet_closed)
        sheet.finished.connect(self._window.focus_table)
        self._sheet = sheet
        # not modal: Last trick, the menus and Quit stay at hand while it is open
        sheet.show()

    def update_score_sheet(self, state: GameState) -> None:
        """A hand is over: an open score sheet shows it too."""
        if self._sheet is not None:
            self._sheet.set_records(state.hand_records, state.rules)

    @Slot()
    def _on_sheet_closed(self) -> None:
        self._sheet = None

    @Slot(object)
    def _on_game_over(self, _result: GameResult | None) -> None:
        if self._stats_dialog is not None:  # the game has just been counted
            self._stats_dialog.set_stats(self._load_stats())
        scene = self._window.scene
        if scene.animating:  # wait until the last trick has been collected
            scene.hand_finished.connect(self._show_game_over,
                                        Qt.ConnectionType.SingleShotConnection)
        else:
            QTimer.singleShot(0, self._show_game_over)

    @Slot()
    def _show_game_over(self) -> None:
        window = self._window
        state = window.controller.state
        if state is None or state.result is None:
            return
        result = state.result
        won = result.winner == HUMAN_SEAT.team
        practice = window.controller.practice
        points = game_ranking_points(window.controller.difficulty, won, practice)
        history, bids_and_tricks = records_to_sheet(state.hand_records)
        dialog = _named(GameOverDialog(window, result=result, human_team=HUMAN_SEAT.team,
                                       ranking_points=points, history=history,
                                       bids_and_tricks=bids_and_tricks,
                                       practice=practice), "game_over")
        dialog.new_game_requested.connect(self.new_game)
        dialog.statistics_requested.connect(self.show_statistics)
        dialog.review_requested.connect(
            lambda d=dialog: window.coach.review_last_hand(parent=d))
        dialog.finished.connect(self._on_game_over_closed)
        keep_centred(dialog)
        self._game_over = dialog
        window.say(lambda: translate("MainWindow", "The game is over."))
        window.scene.announcer.announce(dialog.result_text())
        dialog.open()
        cue = game_cue(result.winner, HUMAN_SEAT.team)
        if cue is not None:
            window.sound.play(cue)

    @Slot()
    def _on_game_over_closed(self) -> None:
        self._game_over = None
        self._window.scene.deal()
        self._window.status_line.prompt(lambda: translate(
            "MainWindow", "The game is over: Game ▸ New game (Ctrl+N) starts another."))

    def close_sheets(self) -> None:
        """Close the open score sheet and game-over dialog (a new game starts) without
        their closing handlers: nothing is dealt. Both delete themselves on close."""
        for dialog in (self._sheet, self._game_over):
            if dialog is not None:
                dialog.blockSignals(True)
                dialog.close()
        self._sheet = None
        self._game_over = None

    # -- a new game ------------------------------------------------------------------------
    @Slot()
    def new_game(self) -> None:
        """Ask for the new game's settings, then start it. During a game
        (``controller.in_progress``) first ask whether to abandon it (Yes / No, No by
        default); the game is counted as abandoned only once the new one starts."""
        self._confirm_abandon(self._open_new_game_dialog)

    def _confirm_abandon(self, then: Callable[[], object]) -> None:
        """Run ``then`` (which starts another game) at once when no game is in progress,
        else once the player confirms giving the current game up."""
        window = self._window
        if not window.controller.in_progress:
            then()
            return
        if self._confirm_new is not None:
            self._confirm_new.raise_()
            return
        box = _named(QMessageBox(
            QMessageBox.Icon.Question, translate("MainWindow", "New game"),
            translate("MainWindow", "Abandon the game in progress and start a new one? It "
                                    "counts as an abandoned game in your statistics."),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, window),
            "confirm_new_game")
        box.setDefaultButton(QMessageBox.StandardButton.No)
        box.setEscapeButton(QMessageBox.StandardButton.No)
        box.finished.connect(lambda _result: self._on_confirm_new_closed(box, then))
        self._confirm_new = box
        keep_centred(box)
        box.open()

    def _on_confirm_new_closed(self, box: QMessageBox, then: Callable[[], object]) -> None:
        self._confirm_new = None
        if box.clickedButton() is box.button(QMessageBox.StandardButton.Yes):
            then()
        else:
            self._window.focus_table()

    def _open_new_game_dialog(self) -> None:
        s = self._window.settings
        dialog = _named(NewGameDialog(self._window, levels=LEVELS, difficulty=s.difficulty,
                                      target_score=s.target_score,
                                      floor_enabled=s.floor_enabled,
                                      bag_penalty=s.bag_penalty, blind_nil=s.blind_nil,
                                      house_rules=dict(s.house_rules)),
                        "new_game")
        dialog.accepted.connect(lambda: self.start_game_from(dialog))
        dialog.rejected.connect(self._on_new_game_cancelled)
        dialog.finished.connect(self._window.focus_table)
        dialog.open()

    @Slot()
    def _on_new_game_cancelled(self) -> None:
        if self._window.controller.state is None:
            self._window.say(lambda: translate("MainWindow",
                                               "Choose Game ▸ New game to start playing."))

    def start_game_from(self, dialog: NewGameDialog) -> None:
        """Start the game chosen in ``dialog`` and remember its settings."""
        window = self._window
        options = dialog.options()
        rules = options.rules
        window.remember_settings(window.settings.replace(
            difficulty=options.difficulty, target_score=rules.target_score,
            floor_enabled=rules.floor_score is not None, bag_penalty=rules.bag_penalty,
            blind_nil=rules.blind_nil,
            house_rules=tuple((o.name, getattr(rules, o.name)) for o in HOUSE_RULES)))
        if window.controller.in_progress:
            window.controller.abandon_game()  # the player confirmed giving it up
        window.controller.start_new_game(rules, options.game_number, options.difficulty)

    # -- statistics ------------------------------------------------------------------------
    def _load_stats(self) -> Stats:
        paths = self._window.paths
        if paths is None:
            return Stats()
        stats, notice = load_stats(paths)
        if notice is not None:
            self._window.notify_notice(notice)
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
        parent: QWidget = self._game_over if self._game_over is not None else self._window
        dialog = _named(StatisticsDialog(parent, stats=stats), "statistics")
        dialog.reset_requested.connect(self._on_reset_statistics)
        # closed, or deleted with the game-over dialog it was opened over
        dialog.finished.connect(lambda _r: self._forget_statistics(dialog))
        dialog.destroyed.connect(lambda _o=None: self._forget_statistics(dialog))
        dialog.finished.connect(self._window.focus_table)
        self._stats_dialog = dialog
        keep_centred(dialog)
        dialog.show()

    def _forget_statistics(self, dialog: StatisticsDialog) -> None:
        if self._stats_dialog is dialog:
            self._stats_dialog = None

    @Slot()
    def _on_reset_statistics(self) -> None:
        stats = Stats()
        paths = self._window.paths
        if paths is not None:
            try:
                stats = reset_stats(paths)
            except OSError as exc:
                log.warning("statistics not reset: %s", exc)
                self._window.notify(translate(
                    "MainWindow", "The statistics could not be reset ({0}).").format(
                    exc.strerror or exc))
                return
        if self._stats_dialog is not None:
            self._stats_dialog.set_stats(stats)

    # -- recent games ----------------------------------------------------------------------
    @Slot()
    def show_recent_games(self) -> None:
        """The Recent games window (not modal; raised when already open). Its "Play this
        deal again" starts a new game through the controller; its ``review_requested``
        carries the game to review."""
        if self._recent is not None:
            self._recent.raise_()
            self._recent.activateWindow()
            return
        window = self._window
        dialog = _named(RecentGamesDialog(window, window.paths,
                                          window.settings.game_files_folder), "recent_games")
        dialog.folder_chosen.connect(self._remember_files_folder)
        dialog.play_again_requested.connect(self.play_again)
        dialog.review_requested.connect(self._review_recent)
        dialog.finished.connect(self._on_recent_closed)
        dialog.finished.connect(self._window.focus_table)
        self._recent = dialog
        keep_centred(dialog)
        dialog.show()

    @Slot(str)
    def _remember_files_folder(self, folder: str) -> None:
        """Keep the folder of the last export or import in the settings (a path the
        settings cannot hold, far too long, is not kept)."""
        window = self._window
        try:
            settings = window.settings.replace(game_files_folder=folder)
        except ValueError:
            return
        window.remember_settings(settings)

    @Slot(object)
    def _review_recent(self, game: ReplayedGame) -> None:
        """Review a recent game from its first hand (Page Down goes on to the next)."""
        if not game.hand_records:
            text = translate("MainWindow", "This game ended before its first hand was played "
                                           "out: there is nothing to review.")
            box = QMessageBox(QMessageBox.Icon.Information, translate("MainWindow", "Review"),
                              text, QMessageBox.StandardButton.Ok, self._recent or self._window)
            box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            box.open()
            return
        self._window.coach.open_review(game.hand_records, 0, game.rules,
                                       game.game.game_number)

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
        number (so the same deals, docs/rules.md §6), difficulty and fixed first deal.
        During a game, first ask whether to abandon it (as for a new game)."""
        controller = self._window.controller
        self._confirm_abandon(lambda: controller.start_new_game(
            game.rules, game.game.game_number, game.game.difficulty, game.deal))

    # -- settings and help -----------------------------------------------------------------
    @Slot()
    def show_settings(self) -> None:
        """Display settings that apply at once."""
        window = self._window
        s = window.settings
        dialog = _named(SettingsDialog(window, animation_speed=s.animation_speed,
                                       show_bid_advice=s.show_bid_advice,
                                       one_click_play=s.one_click_play,
                                       play_forced_cards=s.play_forced_cards,
                                       language=s.language, felt=s.felt,
                                       card_back=s.card_back,
                                       four_colour_deck=s.four_colour_deck,
                                       card_size=s.card_size, high_contrast=s.high_contrast,
                                       sound_on=s.sound_on,
                                       sound_volume=s.sound_volume), "settings")
        dialog.sound_changed.connect(self._on_sound)
        dialog.sound_preview_requested.connect(lambda: window.sound.play(Cue.YOUR_TURN))
        dialog.changed.connect(self._on_display_settings)
        dialog.one_click_changed.connect(self._on_one_click)
        dialog.forced_cards_changed.connect(self._on_forced_cards)
        dialog.language_changed.connect(window.set_language)
        dialog.looks_changed.connect(self._on_looks)
        dialog.appearance_changed.connect(self._on_appearance)
        dialog.finished.connect(lambda _r: window.remember_settings(window.settings))
        dialog.finished.connect(window.focus_table)
        dialog.open()

    @Slot(float, bool)
    def _on_display_settings(self, speed: float, advice: bool) -> None:
        window = self._window
        window.apply_display_settings(window.settings.replace(animation_speed=speed,
                                                              show_bid_advice=advice))

    @Slot(bool)
    def _on_one_click(self, on: bool) -> None:
        window = self._window
        window.apply_display_settings(window.settings.replace(one_click_play=on))

    @Slot(bool)
    def _on_forced_cards(self, on: bool) -> None:
        window = self._window
        window.apply_display_settings(window.settings.replace(play_forced_cards=on))

    @Slot(bool, int)
    def _on_sound(self, on: bool, volume: int) -> None:
        window = self._window
        window.apply_display_settings(window.settings.replace(sound_on=on,
                                                              sound_volume=volume))

    @Slot(str, str)
    def _on_looks(self, felt: str, card_back: str) -> None:
        window = self._window
        window.apply_display_settings(window.settings.replace(felt=felt, card_back=card_back))

    @Slot(bool, str, bool)
    def _on_appearance(self, four_colour: bool, card_size: str, high_contrast: bool) -> None:
        window = self._window
        window.apply_display_settings(window.settings.replace(
            four_colour_deck=four_colour, card_size=card_size, high_contrast=high_contrast))

    @Slot()
    def show_shortcuts(self) -> None:
        """Help ▸ Keyboard shortcuts: the menus' shortcuts and the table's keys."""
        window = self._window
        menus = [a.menu() for a in window.menuBar().actions()]
        dialog = _named(ShortcutsDialog(window, [m for m in menus if isinstance(m, QMenu)]),
                        "shortcuts")
        dialog.finished.connect(window.focus_table)
        dialog.show()

    @Slot()
    def show_rules(self) -> None:
        """The rules of the game, in our words."""
        state = self._window.controller.state
        dialog = _named(RulesDialog(self._window, state.rules if state is not None else None),
                        "rules")
        dialog.finished.connect(self._window.focus_table)
        dialog.show()

    @Slot()
    def show_fair_play(self) -> None:
        """Help ▸ Fair play: how the deals follow from the game number and what the
        computer players see, naming the game in progress."""
        state = self._window.controller.state
        dialog = _named(FairPlayDialog(self._window,
                                       state.game_number if state is not None else None),
                        "fair_play")
        dialog.finished.connect(self._window.focus_table)
        dialog.show()

    @Slot()
    def show_about(self) -> None:
        """About the game."""
        show_about(self._window, __version__)
