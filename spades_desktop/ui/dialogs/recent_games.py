"""The Recent games window: the finished and abandoned games kept in the data folder, to
review, play again, export or import (docs/rules.md §6, §7; docs/architecture.md, Persistence).

The window reads and writes game files only through
:mod:`spades_desktop.persistence.recent_games`; it never starts a game itself. The games are read
and replayed in a worker thread (the global ``QThreadPool``), so the window opens at once
however full the folder; it fills when :attr:`RecentGamesDialog.games_loaded` is
emitted. "Review"
emits :attr:`RecentGamesDialog.review_requested` and "Play this deal again"
:attr:`RecentGamesDialog.play_again_requested`, each with the chosen game replayed
(a :class:`~spades_desktop.persistence.ReplayedGame`: ``hand_records``, ``rules``,
``game.game_number``, ``game.difficulty``, ``deal``); the main window acts on them.
"""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import (
    QCoreApplication,
    QDateTime,
    QEvent,
    QLocale,
    QObject,
    QSize,
    QStandardPaths,
    Qt,
    QThreadPool,
    Signal,
    Slot,
)
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QMessageBox,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from spades_desktop.persistence import (
    DataPaths,
    GameFile,
    GameFileError,
    Notice,
    NoticeCode,
    ReplayedGame,
    export_game,
    import_game,
    keep_import,
    list_games,
    remove_game,
)

from .. import i18n
from ..house_rules_text import house_rules_in_force, preset_name
from ..texts import difficulty_name, signed_number
from .common import NOTE_STYLE, describe_buttons, fit_screen

__all__ = ["RecentGamesDialog", "outcome_name"]

_COLUMNS = 6
_BUTTONS = ("review", "again", "export", "import", "remove")


def outcome_name(outcome: str) -> str:
    """The display name of :attr:`GameFile.outcome` ("won", "lost", "drawn",
    "abandoned"); an unknown one is shown as it is."""
    names = {
        "won": QCoreApplication.translate("RecentGamesDialog", "Won"),
        "lost": QCoreApplication.translate("RecentGamesDialog", "Lost"),
        "drawn": QCoreApplication.translate("RecentGamesDialog", "Drawn"),
        "abandoned": QCoreApplication.translate("RecentGamesDialog", "Abandoned"),
    }
    return names.get(outcome, outcome)


class _ReaderSignals(QObject):
    """Carries a worker's result to the window's thread (a queued connection): the
    reading's number, the games and the notices."""

    read = Signal(int, object, object)


class RecentGamesDialog(QDialog):
    """The recent games, newest first: date (local time), result (a practice game, one in
    which Undo was used, marked "(practice)", with a tooltip), score, difficulty,
    game number and the house rules' preset ("Standard", "Suicide", … or "Custom"; its
    tooltip names each house rule of the game, the deck among them), with the buttons
    Review, Play this deal again, Export…, Import… and Close. Enter or a double click
    reviews the chosen game.

    ``paths`` is the data folder (None: no folder, nothing listed, import disabled);
    ``folder`` the folder of the last export or import ("" = none yet), where the file
    dialogs open (:meth:`files_folder`).

    Signals:
    - ``review_requested(game)``: review the chosen :class:`ReplayedGame` hand by hand.
    - ``play_again_requested(game)``: start a new game with its rules, game number,
      difficulty (and fixed first deal, if any); the window then closes.
    - ``notice_shown(notice)``: a :class:`Notice` was shown to the player (a recent game
      set aside, an import refused, an export failed).
    - ``games_loaded()``: a reading of the folder (:meth:`reload`) has filled the list.
    - ``folder_chosen(folder)``: a file was chosen in another folder than before to
      export to or import from (an absolute path, as text), to remember.

    Object names (tests and tools may rely on them): the ``QTreeWidget`` ``games_list``
    (the :meth:`table`: a row per game, the columns date, result, score, difficulty,
    game number and rules); the ``QLabel`` ``list_note``, shown while the folder is read ("Reading
    the recent games…") and while no game is listed; the ``QPushButton`` children
    ``review_button``, ``again_button`` ("Play this deal again"), ``export_button``,
    ``import_button``, ``remove_button`` and ``close_button``; ``remove_question``, the
    ``QMessageBox`` of Remove…, while it is open.
    """

    review_requested = Signal(object)
    play_again_requested = Signal(object)
    notice_shown = Signal(object)
    games_loaded = Signal()
    folder_chosen = Signal(str)

    def __init__(self, parent: QWidget | None, paths: DataPaths | None,
                 folder: str = "") -> None:
        super().__init__(parent)
        self._paths = paths
        self._folder = folder
        self._games: list[ReplayedGame] = []
        # The reading under way: its number (a later one supersedes it), the game to
        # select when it is done, and the event that stops its worker between two files.
        self._reading = 0
        self._loading = False
        self._select_id: str | None = None
        self._stop = threading.Event()
        self._signals = _ReaderSignals()
        self._signals.read.connect(self._on_read)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self._stop_reading)

        self._empty = QLabel()
        self._empty.setObjectName("list_note")
        self._empty.setStyleSheet(NOTE_STYLE)
        self._table = QTreeWidget()
        self._table.setObjectName("games_list")
        self._table.setColumnCount(_COLUMNS)
        self._table.setRootIsDecorated(False)
        self._table.setUniformRowHeights(True)
        self._table.setAllColumnsShowFocus(True)
        self._table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self._table.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._table.itemActivated.connect(lambda _item, _column: self.review())
        self._table.currentItemChanged.connect(lambda _new, _old: self._update_buttons())

        box = QDialogButtonBox()
        self._buttons: dict[str, QPushButton] = {}
        for key in _BUTTONS:
            button = box.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
            button.setAutoDefault(False)
            self._buttons[key] = button
        self._buttons["close"] = box.addButton(QDialogButtonBox.StandardButton.Close)
        self._buttons["close"].setAutoDefault(False)
        for key, button in self._buttons.items():
            button.setObjectName(f"{key}_button")
        self._buttons["review"].clicked.connect(self.review)
        self._buttons["again"].clicked.connect(self.play_again)
        self._buttons["export"].clicked.connect(self._export_asked)
        self._buttons["import"].clicked.connect(self._import_asked)
        self._buttons["remove"].clicked.connect(self.ask_remove)
        remove_key = QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self._table)
        remove_key.setContext(Qt.ShortcutContext.WidgetShortcut)
        remove_key.activated.connect(self.ask_remove)
        box.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(self._table, 1)
        layout.addWidget(self._empty)
        layout.addWidget(box)
        self.retranslate()
        fit_screen(self, QSize(720, 460))
        self.reload()

    # -- texts -----------------------------------------------------------------------------
    def retranslate(self) -> None:
        """Set every text in the current language (also on ``LanguageChange``)."""
        self.setWindowTitle(self.tr("Recent games"))
        self._table.setHeaderLabels([self.tr("Date"), self.tr("Result"), self.tr("Score"),
                                     self.tr("Difficulty"), self.tr("Game number"),
                                     self.tr("Rules", "the house rules' preset of a game")])
        self._show_empty_text()
        self._buttons["review"].setText(self.tr("&Review"))
        self._buttons["again"].setText(self.tr("&Play this deal again"))
        self._buttons["export"].setText(self.tr("&Export…"))
        self._buttons["import"].setText(self.tr("&Import…"))
        self._buttons["remove"].setText(self.tr("Re&move…"))
        self._table.setAccessibleName(self.tr("Recent games"))
        self._table.setAccessibleDescription(self.tr(
            "One row per finished or abandoned game: its date, result, score, difficulty, "
            "game number and rules."))
        for key, text in (
                ("review", self.tr("Replay the selected game hand by hand with the coach's "
                                   "comments.")),
                ("again", self.tr("Start a new game with the same rules and game number, "
                                  "so the same deals.")),
                ("export", self.tr("Save the selected game to a file.")),
                ("import", self.tr("Add a game from a file exported before.")),
                ("remove", self.tr("Delete the selected game from the list, after a "
                                   "question."))):
            self._buttons[key].setAccessibleDescription(text)
        describe_buttons(self)
        for row, game in enumerate(self._games):
            item = self._table.topLevelItem(row)
            if item is not None:
                self._fill(item, game)
        self._fit_columns()

    def _show_empty_text(self) -> None:
        self._empty.setText(self.tr("Reading the recent games…") if self._loading
                            else self.tr("No finished or abandoned game yet."))

    def _fit_columns(self) -> None:
        """Each column as wide as its heading and its widest text (a language change can
        lengthen the date or a heading)."""
        for column in range(_COLUMNS):
            self._table.resizeColumnToContents(column)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        self._table.setFocus()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt name)
        self._stop_reading()
        super().closeEvent(event)

    def done(self, result: int) -> None:
        """Close (Close, Escape, or after "Play this deal again"); a reading under way
        stops at its next file."""
        self._stop_reading()
        super().done(result)

    @Slot()
    def _stop_reading(self) -> None:
        self._stop.set()

    @staticmethod
    def _date_text(game: GameFile) -> str:
        """When ``game`` finished, in local time and the locale's short format."""
        moment = QDateTime.fromSecsSinceEpoch(int(game.finished_at.timestamp()))
        return QLocale().toString(moment.toLocalTime(), QLocale.FormatType.ShortFormat)

    def _score_text(self, game: GameFile) -> str:
        """The score column's text: "N–S 212 / E–W 87"."""
        ns, ew = game.scores
        return self.tr("N–S {0} / E–W {1}").format(signed_number(ns), signed_number(ew))

    def _fill(self, item: QTreeWidgetItem, replayed: ReplayedGame) -> None:
        game = replayed.game
        date = self._date_text(game)
        outcome = outcome_name(game.outcome)
        if game.practice:
            outcome = self.tr("{0} (practice)", "a practice game's result").format(outcome)
        texts = (date, outcome, self._score_text(game),
                 difficulty_name(game.difficulty), str(game.game_number),
                 preset_name(replayed.preset))
        for column, text in enumerate(texts):
            item.setText(column, text)
        item.setToolTip(1, self.tr(
            "A practice game: Undo was used in it, so it is counted apart in the "
            "statistics and earned no ranking points.") if game.practice else "")
        house = house_rules_in_force(replayed.rules)
        item.setToolTip(5, self.tr("House rules: {0}").format(", ".join(house)) if house
                        else "")
        item.setTextAlignment(4, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    # -- the list --------------------------------------------------------------------------
    def reload(self, select_id: str | None = None) -> None:
        """Read the recent games again, in a worker thread, then fill the list and select
        the game ``select_id`` (or the one selected before, else the newest);
        ``games_loaded`` is emitted then. Until then the list shown stays, and Import…
        waits. A file set aside is told (``notice_shown``). Without a data folder the
        list is emptied at once (``games_loaded`` too)."""
        if select_id is None:
            chosen = self.selected()
            select_id = None if chosen is None else chosen.game.game_id
        self._select_id = select_id
        self._reading += 1
        if self._paths is None:
            self._on_read(self._reading, [], [])
            return
        self._stop.set()  # a reading under way is superseded
        self._stop = threading.Event()
        self._loading = True
        self._show_empty_text()
        self._empty.setVisible(True)
        self._update_buttons()
        paths, number, stop, signals = self._paths, self._reading, self._stop, self._signals

        def read() -> None:
            # In a worker thread: only persistence, then a signal queued to the window.
            games, notices = list_games(paths, should_stop=stop.is_set)
            if not stop.is_set():
                signals.read.emit(number, games, notices)

        QThreadPool.globalInstance().start(read)

    @Slot(int, object, object)
    def _on_read(self, number: int, games: list[ReplayedGame],
                 notices: list[Notice]) -> None:
        if number != self._reading:
            return  # superseded by a later reading
        self._loading = False
        self._games = list(games)
        self._table.clear()
        items: list[QTreeWidgetItem] = []
        for game in self._games:
            item = QTreeWidgetItem()
            self._fill(item, game)
            self._table.addTopLevelItem(item)
            items.append(item)
        current = next((item for item, game in zip(items, self._games, strict=True)
                        if game.game.game_id == self._select_id),
                       items[0] if items else None)
        self._fit_columns()
        if current is not None:
            self._table.setCurrentItem(current)
        self._show_empty_text()
        self._empty.setVisible(not self._games)
        self._update_buttons()
        for notice in notices:
            self._show_notice(notice)
        self.games_loaded.emit()

    def games(self) -> list[ReplayedGame]:
        """The games listed, in row order (newest first)."""
        return list(self._games)

    def select(self, row: int) -> None:
        """Choose the game in row ``row``."""
        item = self._table.topLevelItem(row)
        if item is not None:
            self._table.setCurrentItem(item)

    def selected(self) -> ReplayedGame | None:
        """The chosen game, or None."""
        item = self._table.currentItem()
        if item is None:
            return None
        row = self._table.indexOfTopLevelItem(item)
        return self._games[row] if 0 <= row < len(self._games) else None

    def table(self) -> QTreeWidget:
        """The list of games."""
        return self._table

    def _update_buttons(self) -> None:
        chosen = self.selected() is not None
        for key in ("review", "again", "export"):
            self._buttons[key].setEnabled(chosen)
        self._buttons["remove"].setEnabled(chosen and not self._loading)
        self._buttons["import"].setEnabled(self._paths is not None and not self._loading)

    # -- commands --------------------------------------------------------------------------
    @Slot()
    def review(self) -> None:
        """Ask for the chosen game's review (``review_requested``)."""
        chosen = self.selected()
        if chosen is not None:
            self.review_requested.emit(chosen)

    @Slot()
    def play_again(self) -> None:
        """Ask for a new game on the chosen game's deal (``play_again_requested``), then
        close."""
        chosen = self.selected()
        if chosen is not None:
            self.play_again_requested.emit(chosen)
            self.accept()

    def export_to(self, path: str | Path) -> bool:
        """Write the chosen game to ``path``; a failure is told. Returns whether it was
        written."""
        chosen = self.selected()
        if chosen is None:
            return False
        try:
            export_game(chosen.game, path)
        except GameFileError as exc:
            self._show_notice(exc.notice)
            return False
        self._inform(self.tr("Game #{0} was exported to {1}.").format(
            chosen.game.game_number, Path(path).name))
        return True

    def import_file(self, path: str | Path) -> bool:
        """Import the game file at ``path``: checked by replaying it through the engine,
        then added to the recent games (:func:`keep_import`), and the list read again with
        it selected. A refused file is told in one form, "<file name> could not be
        imported: <reason>." (a notice of
        :data:`~spades_desktop.persistence.IMPORT_REFUSALS`, also emitted as
        ``notice_shown``), and changes nothing: one that cannot be read, is too large,
        is no game file or a damaged one, of a newer version, against the rules, dated
        before 2000 or after tomorrow, already kept (also a copy under another id: the
        kept game is then named by its date, difficulty and result, and selected), or
        one that would not stay or would push out a game of the player's (the recent
        games are full). Returns whether the game was added."""
        if self._paths is None:
            return False
        try:
            game = import_game(path)
            keep_import(self._paths, game, path)
        except GameFileError as exc:
            kept = exc.kept
            text = i18n.notice_text(exc.notice)
            if exc.notice.code is NoticeCode.IMPORT_ALREADY_KEPT and kept is not None:
                self.reload(select_id=kept.game_id)
                text += " " + self.tr("It is your game of {0} against {1} opponents "
                                      "({2}, {3}).").format(
                    self._date_text(kept), difficulty_name(kept.difficulty),
                    outcome_name(kept.outcome), self._score_text(kept))
            self._warn(text)
            self.notice_shown.emit(exc.notice)
            return False
        self.reload(select_id=game.game_id)
        self._inform(self.tr("Game #{0} was imported.").format(game.game_number))
        return True

    @Slot()
    def ask_remove(self) -> None:
        """Ask whether to remove the chosen game from the recent games (Remove…, or the
        Delete key in the list); Yes removes it (:meth:`remove_chosen`), No (the
        default) keeps it. The question is the message box ``remove_question``."""
        chosen = self.selected()
        if chosen is None or self._loading:
            return
        game = chosen.game
        text = self.tr("Remove game #{0} of {1} from your recent games? This cannot be "
                       "undone.").format(game.game_number, self._date_text(game))
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Remove game"), text,
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                          self)
        box.setObjectName("remove_question")
        box.setDefaultButton(QMessageBox.StandardButton.No)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        yes = box.button(QMessageBox.StandardButton.Yes)
        game_id = game.game_id
        box.buttonClicked.connect(
            lambda clicked: self.remove_chosen(game_id) if clicked is yes else None)
        box.open()

    def remove_chosen(self, game_id: str) -> bool:
        """Remove the game ``game_id`` from the recent games and read the list again; a
        failure is told. Returns whether a file was deleted."""
        if self._paths is None:
            return False
        try:
            removed = remove_game(self._paths, game_id)
        except OSError as exc:
            self._show_notice(Notice(NoticeCode.RECENT_GAME_NOT_REMOVED,
                                     file=Path(exc.filename or self._paths.games_dir),
                                     reason=exc.strerror or str(exc)))
            return False
        self.reload()
        return removed > 0

    def files_folder(self) -> Path:
        """Where Export… and Import… open their file dialogs: the folder of the last
        export or import (this window's, else the ``folder`` it was given), while it is
        still a folder; else the Documents folder, else the home folder."""
        if self._folder:
            remembered = Path(self._folder)
            if remembered.is_dir():
                return remembered
        documents = QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.DocumentsLocation)
        if documents and Path(documents).is_dir():
            return Path(documents)
        return Path.home()

    def _remember_folder(self, path: str | Path) -> None:
        folder = str(Path(path).absolute().parent)
        if folder != self._folder:
            self._folder = folder
            self.folder_chosen.emit(folder)

    @Slot()
    def _export_asked(self) -> None:
        chosen = self.selected()
        if chosen is None:
            return
        name = f"spades-game-{chosen.game.game_number}.json"
        path, _filter = QFileDialog.getSaveFileName(
            self, self.tr("Export game"), str(self.files_folder() / name),
            self.tr("Spades Desktop games (*.json)"))
        if path:
            self._remember_folder(path)
            self.export_to(path)

    @Slot()
    def _import_asked(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self, self.tr("Import game"), str(self.files_folder()),
            self.tr("Spades Desktop games (*.json);;All files (*)"))
        if path:
            self._remember_folder(path)
            self.import_file(path)

    def _inform(self, text: str) -> None:
        """A short confirmation (an export or import done)."""
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("Recent games"), text,
                          QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    def _warn(self, text: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Recent games"), text,
                          QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    def _show_notice(self, notice: Notice) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Recent games"),
                          i18n.notice_text(notice), QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.notice_shown.emit(notice)
