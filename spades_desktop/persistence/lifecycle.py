"""The start and the end of a game in the data folder (docs/architecture.md, Persistence).

The end of a game is written in this order, so that a crash at any point neither loses
the result nor counts it twice: the finished game is saved in the autosave (with its
game id, by the caller), kept among the recent games, counted in the statistics (which
remember the id), and only then is the autosave deleted (:func:`end_game`). A finished
game found in the autosave at the next start is ended the same way by
:func:`resume_game`, the one other caller.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from spades_desktop.engine import Action, Card, GameState, Seat, Team, preset_of
from spades_desktop.persistence.atomic import CorruptFileError, NewerFormatError, set_aside
from spades_desktop.persistence.autosave import (
    RESUME_FAILED_NOTICE,
    delete_autosave,
    digest_of,
    finished_game_id,
    load_record,
)
from spades_desktop.persistence.notices import Notice, NoticeCode
from spades_desktop.persistence.paths import DataPaths
from spades_desktop.persistence.recent_games import GameFile, game_from_state, is_kept, save_game
from spades_desktop.persistence.replay import rebuild_game
from spades_desktop.persistence.stats import Counted, GameFigures, count_result

__all__ = ["GameEnd", "ResumeResult", "end_game", "resume_game", "settle_finished_game"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class GameEnd:
    """What :func:`end_game` did: ``kept``, the game's file among the recent games (None
    when it was kept already, not to be kept, or could not be written); ``counted``, what
    counting it did (None when the statistics could not be written: the autosave then
    stays, to be ended at the next start)."""

    kept: GameFile | None
    counted: Counted | None


def end_game(paths: DataPaths, state: GameState, difficulty: str, actions: Sequence[Action],
             *, game_id: str, deal: Mapping[Seat, Sequence[Card]] | None = None,
             started: datetime | None = None, hints: int = 0, keep: bool = True,
             practice: bool = False) -> GameEnd:
    """End the finished game ``state`` (reached by ``actions``, with the fixed first deal
    ``deal``, started at ``started``, None when not known): kept among the
    recent games under ``game_id`` unless ``keep`` is false or a file of that id is kept
    already, then counted and the autosave deleted (:func:`settle_finished_game`).
    ``practice``: Undo was used in the game (docs/rules.md §7); it is kept with that
    mark and counted apart, without ranking points.
    Failures are logged, never raised: a game that cannot be kept is still counted.

    Raises:
        ValueError: ``state`` is not finished.
    """
    if state.result is None:
        raise ValueError("Only a finished game can be ended.")
    kept: GameFile | None = None
    if keep and not is_kept(paths, game_id):
        try:
            game = game_from_state(state, difficulty, actions, game_id=game_id, deal=deal,
                                   started=started, practice=practice)
            save_game(paths, game)
        except (OSError, ValueError) as exc:
            log.warning("recent game not kept: %s", exc)
        else:
            kept = game
    try:
        counted: Counted | None = settle_finished_game(paths, state, difficulty, game_id,
                                                       hints, practice=practice)
    except (OSError, ValueError) as exc:
        log.warning("statistics not saved: %s", exc)
        counted = None
    return GameEnd(kept, counted)


def settle_finished_game(
    paths: DataPaths, state: GameState, difficulty: str, game_id: str, hints: int = 0,
    *, practice: bool = False
) -> Counted:
    """Count the finished game ``state`` in the statistics, then delete the autosave.

    The result counts for the human's team, North–South (docs/rules.md §1): its final
    score against East–West's, won, lost or drawn per ``state.result``, with the
    per-hand figures of ``state.hand_records``
    (:meth:`~spades_desktop.persistence.stats.GameFigures.from_records`) and the
    ``hints`` used in the game; a ``practice`` game (Undo was used, docs/rules.md §7)
    is counted apart (``Stats.practice``) and earns no ranking points. The
    statistics remember ``game_id``, so settling the same game again (after a crash
    before the autosave was deleted) does not count it again. Call it after the
    finished game has been saved with ``game_id`` (or the save is already gone): a
    crash before the statistics are written leaves the finished game in the autosave,
    and :func:`resume_game` settles it at the next start.

    Returns what the counting did (:class:`~spades_desktop.persistence.stats.Counted`:
    the statistics, whether the game was added, and the notice when an unreadable
    statistics file was set aside).

    An autosave that cannot be deleted stays: the game is counted already, so
    settling it again at the next start only deletes it.

    Raises:
        ValueError: ``state`` is not finished, or a bad difficulty, game id or hint
            count (nothing is written).
        OSError: the statistics could not be written; the autosave stays in place.
    """
    result = state.result
    if result is None:
        raise ValueError("Only a finished game can be settled.")
    ns, ew = result.scores[Team.NS], result.scores[Team.EW]
    won = None if result.winner is None else result.winner == Team.NS
    counted = count_result(paths, difficulty, ns, ew, won, game_id,
                           figures=GameFigures.from_records(state.hand_records), hints=hints,
                           practice=practice, preset=preset_of(state.rules))
    with contextlib.suppress(OSError):
        delete_autosave(paths)
    return counted


@dataclass(frozen=True)
class ResumeResult:
    """What :func:`resume_game` found.

    Fields:
        state: the resumed game, or None (no save, a finished game, or a
            save that could not be used).
        difficulty: the bots' difficulty for the resumed game, or None.
        actions: the engine actions leading to ``state`` (empty if None).
        deal: the fixed first-hand deal the game was replayed with, or None.
        notice: what to tell the player (:data:`RESUME_FAILED_NOTICE`), or None
            when there is nothing to say.
        game_id: the resumed game's id, or None (none saved, or no game).
        settled: for a finished game found in the autosave, what counting it did
            (see :func:`settle_finished_game`); else None.
        hints: the hints used so far in the resumed game (0 when none).
        practice: True when the resumed game is a practice game (Undo was used in it,
            docs/rules.md §7; False for a save without the mark).
    """

    state: GameState | None = None
    difficulty: str | None = None
    actions: tuple[Action, ...] = ()
    deal: Mapping[Seat, tuple[Card, ...]] | None = None
    notice: Notice | None = None
    game_id: str | None = None
    settled: Counted | None = None
    hints: int = 0
    practice: bool = False

    @property
    def message(self) -> str | None:
        """The notice as one English sentence (``notice.message``), or None."""
        return None if self.notice is None else self.notice.message


def _discard(paths: DataPaths) -> ResumeResult:
    set_aside(paths.autosave_file)
    return ResumeResult(notice=RESUME_FAILED_NOTICE)


def resume_game(paths: DataPaths) -> ResumeResult:
    """Load the autosave and replay it through the engine.

    * No autosave: an empty result (state None, notice None).
    * A finished game (``state.is_terminal``): kept among the recent games when its
      file is missing (a crash before it was written), then settled by
      :func:`settle_finished_game` under :func:`finished_game_id` (counted in the
      statistics unless it was counted already, then the autosave is deleted), as
      :func:`end_game` does;
      ``settled`` says what it did, None when the statistics could not be written
      (the autosave then stays, to be settled at the next start).
    * A save written by a newer version (a higher ``format``): the file is
      renamed, unchanged, to ``autosave.json.newer-<time>`` (so that no save
      overwrites it) and ``notice`` has code ``AUTOSAVE_NEWER``, naming where the
      file is now.
    * A corrupt file, anything but a regular file (a folder, a FIFO: never opened
      for reading), bad rules, unparsable action or card text, an action the
      engine refuses (``IllegalActionError``/``ValueError``) or a state whose
      digest (by the formula of the save's format,
      :func:`~spades_desktop.persistence.autosave.digest_of`) differs from the saved
      one: the file is renamed to
      ``autosave.json.corrupt-<time>`` and ``notice`` is
      :data:`RESUME_FAILED_NOTICE` (code ``AUTOSAVE_SET_ASIDE``).
    * Otherwise: state, difficulty, actions and deal of the saved game.

    Raises nothing for bad content: a saved game never stops the app.
    """
    try:
        record = load_record(paths)
    except NewerFormatError:
        kept = set_aside(paths.autosave_file, label="newer") or paths.autosave_file
        return ResumeResult(notice=Notice(NoticeCode.AUTOSAVE_NEWER, file=kept))
    except CorruptFileError:
        return _discard(paths)
    if record is None:
        return ResumeResult()
    try:
        state, actions, deal = rebuild_game(
            record.rules, record.game_number, record.actions, record.deal)
        digest = digest_of(state, record.save_format)
    except ValueError:
        return _discard(paths)
    except (ArithmeticError, LookupError, AttributeError, RecursionError, MemoryError):
        # Not expected from any input the checks above let through; should the engine
        # ever fail on one, the save is set aside rather than the start stopped.
        log.exception("the saved game %s could not be replayed", paths.autosave_file)
        return _discard(paths)
    if digest != record.digest:
        return _discard(paths)
    if state.is_terminal:
        # a crash between the finished game's autosave and the end of :func:`end_game`:
        # end it now (a save without a game id is counted, not kept)
        ended = end_game(paths, state, record.difficulty, actions,
                         game_id=finished_game_id(record), deal=deal, hints=record.hints,
                         keep=record.game_id is not None, practice=record.practice)
        return ResumeResult(settled=ended.counted)
    return ResumeResult(
        state=state, difficulty=record.difficulty, actions=actions, deal=deal, notice=None,
        game_id=record.game_id, hints=record.hints, practice=record.practice,
    )
