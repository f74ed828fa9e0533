"""Game settings (docs/rules.md §2, §4, §5)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

TARGET_CHOICES = tuple(range(100, 1001, 50))
"""Allowed target scores: 100–1000 in steps of 50 (docs/rules.md §5). The one home of the range:
the settings file, the new-game dialog and the arena take it from here."""

DEFAULT_TARGET_SCORE = 500
"""The standard target score (docs/rules.md §5): the default of :attr:`Rules.target_score`."""

DEFAULT_FLOOR_SCORE = -200
"""The floor (docs/rules.md §5): with the floor rule on, a team at or below it ends the game. The
default of :attr:`Rules.floor_score`, and the floor the new-game dialog switches on."""

_TARGET_RANGE = (f"{TARGET_CHOICES[0]} to {TARGET_CHOICES[-1]} in steps of "
                 f"{TARGET_CHOICES[1] - TARGET_CHOICES[0]}")


@dataclass(frozen=True, slots=True)
class Rules:
    """The settings of one game; stored inside every save.

    - ``target_score``: a team reaching it ends the game (docs/rules.md §5); 100–1000, step 50.
    - ``floor_score``: a team at or below it ends the game (−200 by default);
      ``None`` switches the floor off (docs/rules.md §5).
    - ``bag_penalty``: −100 points and −10 bags per 10 bags (docs/rules.md §4).
    - ``blind_nil``: Blind Nil allowed for a team trailing by 100 or more (docs/rules.md §2).
    - ``max_hands``: the game ends after this many hands; equal scores are a draw
      (docs/rules.md §5).

    Raises ``ValueError`` for values outside those ranges.
    """

    target_score: int = DEFAULT_TARGET_SCORE
    floor_score: int | None = DEFAULT_FLOOR_SCORE
    bag_penalty: bool = True
    blind_nil: bool = False
    max_hands: int = 30

    def __post_init__(self) -> None:
        for name in ("target_score", "max_hands"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"Rule {name!r} must be a whole number, not {value!r}.")
        if self.floor_score is not None and (
                isinstance(self.floor_score, bool) or not isinstance(self.floor_score, int)):
            raise ValueError(f"Rule 'floor_score' must be a whole number or None, "
                             f"not {self.floor_score!r}.")
        for name in ("bag_penalty", "blind_nil"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"Rule {name!r} must be true or false.")
        if self.target_score not in TARGET_CHOICES:
            raise ValueError(
                f"The target score must be {_TARGET_RANGE}, not {self.target_score}."
            )
        if self.floor_score is not None and not -1000 <= self.floor_score <= 0:
            raise ValueError(
                f"The floor score must be between -1000 and 0, not {self.floor_score}."
            )
        if not 1 <= self.max_hands <= 100:
            raise ValueError(f"The hand limit must be 1 to 100, not {self.max_hands}.")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the settings."""
        return {
            "target_score": self.target_score,
            "floor_score": self.floor_score,
            "bag_penalty": self.bag_penalty,
            "blind_nil": self.blind_nil,
            "max_hands": self.max_hands,
        }

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Rules:
        """Settings from :meth:`to_dict` output; raises ``ValueError`` on bad data."""
        if not isinstance(data, Mapping):
            raise ValueError("The rules must be a JSON object.")
        expected = {"target_score", "floor_score", "bag_penalty", "blind_nil", "max_hands"}
        if set(data) != expected:
            raise ValueError(f"The rules must have exactly the keys {sorted(expected)}.")

        def _int(name: str) -> int:
            v = data[name]
            if isinstance(v, bool) or not isinstance(v, int):
                raise ValueError(f"Rule {name!r} must be a whole number.")
            return v

        def _bool(name: str) -> bool:
            v = data[name]
            if not isinstance(v, bool):
                raise ValueError(f"Rule {name!r} must be true or false.")
            return v

        floor = None if data["floor_score"] is None else _int("floor_score")
        return Rules(
            target_score=_int("target_score"),
            floor_score=floor,
            bag_penalty=_bool("bag_penalty"),
            blind_nil=_bool("blind_nil"),
            max_hands=_int("max_hands"),
        )
