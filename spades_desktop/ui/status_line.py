"""The status line: one sentence at the foot of the window telling the player what just
happened or what to do next (README, "clicking one says why in the status line")."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal


class StatusLine(QObject):
    """The one owner of the status line's text.

    Every writer (the table, the window) replaces the whole line, so the latest event
    always wins and no earlier sentence is left behind. A sentence is kept as the
    function that makes it, so :meth:`retranslate` makes it again in a new language.

    Signals:
    - ``text_changed(text)``: the line now reads ``text`` (``""`` when cleared); emitted
      on every write, also when the text happens to be the same.
    """

    text_changed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._source: Callable[[], str] | None = None
        self._text = ""

    @property
    def text(self) -> str:
        """What the line reads now, in the current language."""
        return self._text

    def say(self, source: Callable[[], str]) -> None:
        """Replace the line with the text ``source()`` makes; ``source`` is called again
        by :meth:`retranslate`, so it must translate when called."""
        self._source = source
        self._set(source())

    def show_text(self, text: str) -> None:
        """Replace the line with ``text``, already in the current language (it stays as
        it is when the language changes)."""
        self._source = None
        self._set(text)

    def clear(self) -> None:
        """Empty the line: nothing to tell, nothing to do."""
        self.show_text("")

    def retranslate(self) -> None:
        """Make the current sentence again in the current language."""
        if self._source is not None:
            self._set(self._source())

    def _set(self, text: str) -> None:
        self._text = text
        self.text_changed.emit(text)
