"""Text forms of actions and a digest of a position, for saves (docs/rules.md §2, §3).

An action's text is stable across versions: ``"QS"``, ``"bid 4"``, ``"nil"``,
``"blind nil"``, ``"look"``. A save is the game's rules, number and these texts;
:func:`state_digest` detects a save that replays differently.
"""

from __future__ import annotations

import hashlib

from .actions import LOOK_AT_HAND, Action, LookAtHand
from .cards import Card, Team, parse_card
from .scoring import Bid
from .state import GameState

__all__ = ["action_to_str", "parse_action", "state_digest"]


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


def parse_action(text: str) -> Action:
    """Inverse of :func:`action_to_str`; raises ``ValueError`` on any other text and
    ``TypeError`` for anything but text."""
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
    return parse_card(text)


def state_digest(state: GameState) -> str:
    """A SHA-256 hex digest of the whole position (for detecting a save that replays
    differently). Raises ``TypeError`` for anything but a :class:`GameState`."""
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
        repr([[h[t] for t in Team] for h in state.hand_history]),
        repr(state.result),
    ]
    if any(state.cards_seen):  # absent from positions saved before the look was recorded
        parts.append("seen " + ",".join(str(int(s)) for s in state.cards_seen))
    return hashlib.sha256("|".join(parts).encode()).hexdigest()
