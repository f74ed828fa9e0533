"""The status line: one sentence at the foot of the window telling the player what just
happened or what to do next (README, "clicking one says why in the status line")."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal


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
        self._prompt: Callable[[], str] | None = None
        self._showing_prompt = False

    @property
    def text(self) -> str:
        """What the line reads now, in the current language."""
        return self._text

    def say(self, source: Callable[[], str], passing_ms: int | None = None) -> None:
        """Replace the line with the text ``source()`` makes; ``source`` is called again
        by :meth:`retranslate`, so it must translate when called. With ``passing_ms``,
        the prompt comes back (:meth:`restore_prompt`) that many ms later, unless the
        line has been written since."""
        self._source = source
        self._showing_prompt = False
        self._set(source())
        if passing_ms is not None:
            QTimer.singleShot(passing_ms, self, lambda: self._passed(source))

    def _passed(self, source: Callable[[], str]) -> None:
        if self._source is source:
            self.restore_prompt()

    def prompt(self, source: Callable[[], str], replace: bool = True) -> None:
        """Remember what the player is asked to do (or waits for) now, as the function
        that makes the sentence, and show it: always with ``replace``, else only when
        the line is empty or still shows the previous prompt (a passing message, "North
        bids 3.", stays). :meth:`restore_prompt` shows it again after a passing
        message."""
        self._prompt = source
        if replace or self._showing_prompt or not self._text:
            self._source = source
            self._showing_prompt = True
            self._set(source())

    def restore_prompt(self) -> None:
        """Show the current prompt again (a passing message is over); nothing when
        there is none."""
        if self._prompt is not None:
            self.prompt(self._prompt)

    def show_text(self, text: str) -> None:
        """Replace the line with ``text``, already in the current language (it stays as
        it is when the language changes)."""
        self._source = None
        self._showing_prompt = False
        self._set(text)

    def clear(self) -> None:
        """Empty the line and forget the prompt: nothing to tell, nothing to do."""
        self._prompt = None
        self.show_text("")

    def retranslate(self) -> None:
        """Make the current sentence again in the current language."""
        if self._source is not None:
            self._set(self._source())

    def _set(self, text: str) -> None:
        self._text = text
        self.text_changed.emit(text)
