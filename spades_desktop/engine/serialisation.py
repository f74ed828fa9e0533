"""Text forms of actions and a digest of a position, for saves (docs/rules.md §2, §3).

An action's text is stable across versions: ``"QS"``, ``"bid 4"``, ``"nil"``,
``"blind nil"``, ``"look"``. A save is the game's rules, number and these texts;
:func:`state_digest` detects a save that replays differently, and
:func:`legacy_state_digest` is the digest that saves of autosave format 1 carry.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence

from .actions import LOOK_AT_HAND, Action, LookAtHand
from .cards import Card, Team, parse_card
from .record import finished_scores
from .scoring import Bid, GameResult, HandScore
from .state import GameState

__all__ = ["action_to_str", "legacy_state_digest", "parse_action", "state_digest"]


def action_to_str(action: Action) -> str:
    """A stable text form of an action for saves: ``"QS"``, ``"bid 4"``, ``"nil"``,
    ``"blind nil"``, ``"look"`` (:data:`~.actions.LOOK_AT_HAND`). Raises ``TypeError``
    for anything but a Card, a Bid or LOOK_AT_HAND."""
    if isinstance(action, Card):
        return str(action)
    if isinstance(action, LookAtHand):
        return "look"
    if not isinstance(action, Bid):
        raise TypeError(f"An action is a Card, a Bid or LOOK_AT_HAND, not "
                        f"{type(action).__name__}.")
    if action.blind:
        return "blind nil"
    return "nil" if action.tricks == 0 else f"bid {action.tricks}"


def parse_action(text: str, deck: int = 0) -> Action:
    """Inverse of :func:`action_to_str`, a card read as one of ``deck`` (a ``core.DECK_*``
    number, the standard deck by default: :func:`.cards.parse_card`); raises
    ``ValueError`` on any other text and ``TypeError`` for anything but text."""
    if not isinstance(text, str):
        raise TypeError(f"An action to parse is text, not {type(text).__name__}.")
    t = text.strip().lower()
    if t == "look":
        return LOOK_AT_HAND
    if t == "nil":
        return Bid(0)
    if t == "blind nil":
        return Bid(0, blind=True)
    if t.startswith("bid "):
        num = t[4:].strip()
        if not num.isdigit():
            raise ValueError(f"{text!r} is not a bid.")
        n = int(num)
        if n == 0:
            raise ValueError("A bid of zero is written 'nil'.")
        return Bid(n)
    return parse_card(text, deck)


def state_digest(state: GameState) -> str:
    """A SHA-256 hex digest of the whole position (for detecting a save that replays
    differently; the digest of autosave format 2). Each finished hand's score-sheet rows
    and the result enter as their numbers and names, field by field, so the digest does
    not change with how :class:`~.scoring.HandScore` or :class:`~.scoring.GameResult`
    print. Raises ``TypeError`` for anything but a :class:`GameState`."""
    return _digest(state, _score_sheet_text, _result_text)


def legacy_state_digest(state: GameState) -> str:
    """The digest of :func:`state_digest`'s earlier formula, which autosaves of format 1
    carry: the finished hands' score-sheet rows and the result written as the ``repr``
    of their classes then showed them (``HandScore(contract=40, bags=3, …, made=True)``,
    ``GameResult(winner=<Team.NS: 0>, …)``), reproduced here field by field so that those
    saves still load whatever the classes print now. Raises ``TypeError`` for anything
    but a :class:`GameState`."""
    return _digest(state, _legacy_score_sheet_text, _legacy_result_text)


def _digest(state: GameState,
            score_sheet: Callable[[Sequence[Mapping[Team, HandScore]]], str],
            result: Callable[[GameResult | None], str]) -> str:
    """The SHA-256 hex digest of ``state``'s fields, its finished hands' score-sheet rows
    written by ``score_sheet`` and its result by ``result``."""
    if not isinstance(state, GameState):
        raise TypeError(f"Expected a GameState, not {type(state).__name__}.")
    parts = [
        repr(state.rules.to_dict()), str(state.game_number), str(state.hand_number),
        state.dealer.name, state.phase.value, str(state.current_player),
        ",".join(str(m) for m in state.hand_masks),
        ",".join(action_to_str(b) if b else "-" for b in state.bid_list),
        repr(state.trick_counts), repr([(s.name, str(c)) for s, c in state.current_trick]),
        repr([[(s.name, str(c)) for s, c in t] for t in state.tricks]),
        str(state.spades_broken), repr(state.score_list), repr(state.bag_list),
        score_sheet(finished_scores(state.hand_records)), result(state.result),
    ]
    if any(state.cards_seen):  # absent from positions saved before the look was recorded
        parts.append("seen " + ",".join(str(int(s)) for s in state.cards_seen))
    return hashlib.sha256("|".join(parts).encode()).hexdigest()


_MADE_NAMES = {True: "made", False: "set", None: "no contract"}
""":attr:`~.scoring.HandScore.made` → its name in :func:`state_digest`."""


def _score_sheet_text(rows: Sequence[Mapping[Team, HandScore]]) -> str:
    """The finished hands' rows for :func:`state_digest`: per hand and team (NS, EW) the
    team's name and each field by name and number, e.g. ``NS contract 40 bags 3 nil 0
    bag_penalty 0 total 43 bags_after 3 made``; teams joined by ``,``, hands by ``;``."""
    return ";".join(
        ",".join(f"{team.name} contract {row.contract} bags {row.bags} nil {row.nil} "
                 f"bag_penalty {row.bag_penalty} total {row.total} "
                 f"bags_after {row.bags_after} {_MADE_NAMES[row.made]}"
                 for team, row in ((t, sheet[t]) for t in Team))
        for sheet in rows)


def _result_text(result: GameResult | None) -> str:
    """The result for :func:`state_digest`: ``-`` while the game goes on, else e.g.
    ``winner NS scores 510 -20 hands 12 target`` (``winner -`` for a draw)."""
    if result is None:
        return "-"
    winner = "-" if result.winner is None else result.winner.name
    return (f"winner {winner} scores {result.scores[0]} {result.scores[1]} "
            f"hands {result.hands_played} {result.reason.value}")


def _legacy_score_sheet_text(rows: Sequence[Mapping[Team, HandScore]]) -> str:
    """The finished hands' rows as autosave format 1 wrote them: a list per hand of the
    two teams' (NS, EW) ``HandScore(contract=…, bags=…, nil=…, bag_penalty=…, total=…,
    bags_after=…, made=…)``, ``made`` being ``True``, ``False`` or ``None``."""
    hands = (", ".join(f"HandScore(contract={row.contract}, bags={row.bags}, nil={row.nil}, "
                       f"bag_penalty={row.bag_penalty}, total={row.total}, "
                       f"bags_after={row.bags_after}, made={row.made})"
                       for row in (sheet[t] for t in Team))
             for sheet in rows)
    return "[" + ", ".join(f"[{hand}]" for hand in hands) + "]"


def _legacy_result_text(result: GameResult | None) -> str:
    """The result as autosave format 1 wrote it: ``None`` while the game goes on, else
    ``GameResult(winner=<Team.NS: 0>, scores=(510, -20), hands_played=12,
    reason=<EndReason.TARGET: 'target'>)`` (``winner=None`` for a draw)."""
    if result is None:
        return "None"
    winner = ("None" if result.winner is None
              else f"<Team.{result.winner.name}: {int(result.winner)}>")
    return (f"GameResult(winner={winner}, scores=({result.scores[0]}, {result.scores[1]}), "
            f"hands_played={result.hands_played}, "
            f"reason=<EndReason.{result.reason.name}: '{result.reason.value}'>)")
