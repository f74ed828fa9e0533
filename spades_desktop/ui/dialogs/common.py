"""What the dialogs share: the felt colours, the style of a note, fitting a window's
height, opening centred over the main window and fitting in the screen."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QWidget

__all__ = [
    "FELT_GREEN",
    "FELT_GREEN_DARK",
    "NOTE_STYLE",
    "centre_over_parent",
    "describe_buttons",
    "fit_height",
    "fit_screen",
    "keep_centred",
]

FELT_GREEN = "#1d5c3a"
"""The table's felt: the score sheet's team rows, the game-over banner, the rules' headings."""
FELT_GREEN_DARK = "#123f27"
"""The bottom of the game-over banner's gradient."""

NOTE_STYLE = "color: palette(placeholder-text); font-style: italic;"
"""Style sheet of a quiet note under a control (grey italic)."""


def describe_buttons(dialog: QWidget) -> None:
    """Give the Close and Cancel buttons of ``dialog``'s button boxes their accessible
    description, in the current language (a screen reader says it after the name); call
    it again on a language change."""
    for box in dialog.findChildren(QDialogButtonBox):
        for button in box.buttons():
            which = box.standardButton(button)
            if which == QDialogButtonBox.StandardButton.Close:
                button.setAccessibleDescription(QCoreApplication.translate(
                    "Accessible", "Close this window."))
            elif which == QDialogButtonBox.StandardButton.Cancel:
                button.setAccessibleDescription(QCoreApplication.translate(
                    "Accessible", "Close this window without changing anything."))


def fit_height(dialog: QDialog) -> None:
    """Once shown (the score sheet now knows its real width), drop spare height."""
    layout = dialog.layout()
    if layout is not None:
        layout.activate()
    height = dialog.heightForWidth(dialog.width()) if dialog.hasHeightForWidth() else -1
    height = height if height > 0 else dialog.sizeHint().height()
    room = _available(dialog)
    if room is not None:  # an 800×600 screen: never taller than the screen
        height = min(height, max(200, room.height() - 80))
    dialog.resize(dialog.width(), height)
    centre_over_parent(dialog)


def hold_wrapped_lines(window: QWidget) -> None:
    """Give each word-wrapped label of ``window`` the height of its lines at its width
    now, so that no line is cut off: a window's layout does not grow by itself for text
    that wraps into more lines than its size hint assumed (a narrow column). Call it
    when the window is about to be shown (laid out at its size: :func:`lay_out_wrapped`)
    or resized, and when its texts change."""
    from PySide6.QtWidgets import QLabel

    for label in window.findChildren(QLabel):
        if label.wordWrap() and not label.isHidden():
            need = label.heightForWidth(label.width())
            if need > 0 and label.minimumHeight() != need:
                label.setMinimumHeight(need)


def lay_out_wrapped(window: QWidget) -> None:
    """Before ``window`` is shown: lay it out at its width, give its wrapped labels the
    height of their lines (:func:`hold_wrapped_lines`) and take the height that needs,
    so that it is centred at its real size when it opens."""
    layout = window.layout()
    if layout is None:
        return
    window.resize(max(window.width(), window.minimumWidth(), window.sizeHint().width()),
                  window.height())
    layout.activate()
    hold_wrapped_lines(window)
    layout.activate()
    window.resize(window.width(), max(window.minimumHeight(), window.sizeHint().height()))


def _available(window: QWidget) -> QRect | None:
    screen = window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else None


def centre_over_parent(window: QWidget) -> None:
    """Move ``window`` (a dialog) so that its centre is over its parent window's centre,
    kept inside the screen's available area; over the screen's centre without a parent.
    Coordinates are the windows' frames, in logical pixels."""
    room = _available(window)
    parent = window.parentWidget()
    if parent is not None and parent.isVisible():
        centre = parent.window().frameGeometry().center()
    elif room is not None:
        centre = room.center()
    else:
        return
    frame = window.frameGeometry()
    frame.moveCenter(centre)
    if room is not None:
        frame.moveLeft(max(room.left(), min(frame.left(), room.right() - frame.width() + 1)))
        frame.moveTop(max(room.top(), min(frame.top(), room.bottom() - frame.height() + 1)))
    window.move(frame.topLeft())


class _Centrer(QObject):
    """Centres the watched window over its parent each time it is shown, and again
    when it changes size while still where it was put (a message box sizes itself
    once shown); a window the player moved stays where it is."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self._placed: QPoint | None = None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if not isinstance(watched, QWidget):
            return False
        kind = event.type()
        if kind == QEvent.Type.Show or (kind == QEvent.Type.Resize and watched.isVisible()
                                        and watched.pos() == self._placed):
            centre_over_parent(watched)
            self._placed = watched.pos()
        return False


def keep_centred(dialog: QWidget) -> None:
    """Open ``dialog`` centred over its parent (the main window) every time it is shown,
    whatever its size (call once, before ``show``/``open``/``exec``). Every dialog of
    the game uses it; a dialog that changes its height once shown re-centres itself
    (:func:`fit_height` does)."""
    if dialog.findChild(_Centrer, "centrer") is None:
        centrer = _Centrer(dialog)
        centrer.setObjectName("centrer")
        dialog.installEventFilter(centrer)


def fit_screen(window: QWidget, wanted: QSize) -> None:
    """Resize ``window`` to ``wanted``, or less so that it fits in the screen's available
    area with room for the window frame (a 800×600 screen, a large scale factor)."""
    room = _available(window)
    if room is not None:
        wanted = wanted.boundedTo(QSize(max(200, room.width() - 40),
                                        max(200, room.height() - 80)))
    window.resize(wanted)
