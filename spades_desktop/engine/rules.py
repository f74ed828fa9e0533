"""Game settings (docs/rules.md §2–§5, Settings and House rules).

:data:`OPTIONS` is the one declarative table of the settings: each :class:`RuleOption`
names a field of :class:`Rules`, its allowed values, its default, a one-line
description and the options whose value makes it moot. ``Rules`` validates and
serialises itself from that table; the New Game dialog, the rules window, the docs and
the tests read it; no layer keeps a list of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from . import core

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


BIDDING_CHOICES: Final = ("standard", "suicide", "mirror", "whiz")
"""The bidding styles of ``Rules.bidding`` (docs/rules.md §2), in the order a dialog offers
them."""

DECK_CHOICES: Final = ("standard", "joker-joker", "joker-joker-deuce-deuce")
"""The decks of ``Rules.deck`` (docs/rules.md, Deck), in the order a dialog offers them;
each is the rules core's deck of the same place (``core.DECK_STANDARD``, ``DECK_JOKERS``,
``DECK_JOKERS_DEUCES``)."""

_BIDDING_STYLES: Final = {"standard": core.BIDDING_STANDARD, "suicide": core.BIDDING_SUICIDE,
                          "mirror": core.BIDDING_MIRROR, "whiz": core.BIDDING_WHIZ}
"""``Rules.bidding`` → the rules core's style number (:func:`.core.legal_bid_mask`)."""


@dataclass(frozen=True, slots=True)
class RuleOption:
    """One setting of :class:`Rules` (docs/rules.md, Settings and House rules).

    - ``name``: the :class:`Rules` field and the key in a save;
    - ``kind``: ``bool``, ``int`` (an ``int`` option may also allow ``None``) or ``str``;
    - ``choices``: every allowed value, in the order a dialog offers them;
    - ``default``: the standard game's value (a save without the key has it);
    - ``description``: one line in English for docs and dialogs (translated there);
    - ``moot_when``: ``(option name, value)`` pairs under which this option has no
      effect (a dialog greys it out); its value is kept.
    - ``always_saved``: whether a save always holds the key; the house rules are saved
      only when they differ from the default, so that a save of the standard game is
      the same as before they existed.
    """

    name: str
    kind: type
    choices: tuple[Any, ...]
    default: Any
    description: str
    moot_when: tuple[tuple[str, Any], ...] = ()
    always_saved: bool = False
    _allowed: frozenset[Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # A set of the choices, so that checking a value costs the same for the floor's
        # thousand scores as for a switch's two (a Rules is checked at every new game).
        object.__setattr__(self, "_allowed", frozenset(self.choices))

    def allows(self, value: object) -> bool:
        """Whether ``value`` is one of :attr:`choices` and of the option's type (``True``
        is not the whole number 1, nor 1 a truth value, nor ``"1"`` a number)."""
        if value is None:
            return None in self._allowed
        if isinstance(value, bool) is not (self.kind is bool):
            return False
        return isinstance(value, self.kind) and value in self._allowed


OPTIONS: Final[tuple[RuleOption, ...]] = (
    RuleOption("target_score", int, TARGET_CHOICES, DEFAULT_TARGET_SCORE,
               "A team reaching this score wins the game.", always_saved=True),
    RuleOption("floor_score", int, (None, *range(-1000, 1)), DEFAULT_FLOOR_SCORE,
               "A team at or below this score loses the game (None: no floor).",
               always_saved=True),
    RuleOption("bag_penalty", bool, (True, False), True,
               "Bags cost points each time a team's bag count reaches the bag limit.",
               always_saved=True),
    RuleOption("blind_nil", bool, (False, True), False,
               "A team trailing by 100 or more may bid Blind Nil.",
               moot_when=tuple(("bidding", style) for style in ("suicide", "mirror", "whiz")),
               always_saved=True),
    RuleOption("max_hands", int, tuple(range(1, 101)), 30,
               "The game ends after this many hands.", always_saved=True),
    RuleOption("nil_points", int, (100, 50), 100,
               "What a Nil wins or loses; Blind Nil is worth twice as much."),
    RuleOption("failed_nil_counts", bool, (False, True), False,
               "A failed Nil's tricks count toward the partner's contract."),
    RuleOption("ten_for_200", bool, (False, True), False,
               "A made team contract of 10 or more scores 200."),
    RuleOption("thirteen_wins", bool, (False, True), False,
               "A team that bids 13 and takes all 13 tricks wins the game at once."),
    RuleOption("bag_limit", int, (10, 7, 5), 10,
               "How many bags cost the bag penalty.", moot_when=(("bag_penalty", False),)),
    RuleOption("bag_penalty_points", int, (100, 50), 100,
               "The points the bag penalty costs.", moot_when=(("bag_penalty", False),)),
    RuleOption("spades_any_time", bool, (False, True), False,
               "Spades may be led at any time, before they are broken."),
    RuleOption("bidding", str, BIDDING_CHOICES, "standard",
               "How players bid: standard, Suicide (one partner Nil, the other 4 or more), "
               "Mirror (the spades held) or Whiz (Nil or the spades held)."),
    RuleOption("min_team_bid", int, (0, 4), 0,
               "The least a team's two bids add up to (Nil counts 0).",
               moot_when=tuple(("bidding", style) for style in ("suicide", "mirror", "whiz"))),
    RuleOption("deck", str, DECK_CHOICES, "standard",
               "The cards: standard, Joker-Joker (both jokers for the twos of clubs and "
               "diamonds) or Joker-Joker-Deuce-Deuce (both jokers for the twos of clubs and "
               "hearts; the two of diamonds is a spade)."),
)
"""Every setting of a game, in the order of :class:`Rules`' fields (docs/rules.md, Settings
and House rules)."""

OPTION: Final[Mapping[str, RuleOption]] = {o.name: o for o in OPTIONS}
""":data:`OPTIONS` by name."""

HOUSE_RULES: Final[tuple[RuleOption, ...]] = tuple(o for o in OPTIONS if not o.always_saved)
"""The house rules: the options beyond the standard game's settings (docs/rules.md, House
rules), saved only when they differ from their default."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The settings of one game; stored inside every save. Each field is described by its
    :class:`RuleOption` in :data:`OPTIONS`:

    - ``target_score``: a team reaching it ends the game (docs/rules.md §5); 100–1000, step 50.
    - ``floor_score``: a team at or below it ends the game (−200 by default);
      ``None`` switches the floor off (docs/rules.md §5).
    - ``bag_penalty``: −``bag_penalty_points`` points and −``bag_limit`` bags each time the
      bag count reaches ``bag_limit`` (docs/rules.md §4).
    - ``blind_nil``: Blind Nil allowed for a team trailing by 100 or more (docs/rules.md §2).
    - ``max_hands``: the game ends after this many hands; equal scores are a draw
      (docs/rules.md §5).
    - ``nil_points``: a Nil's value, 100 or 50; Blind Nil is twice it (docs/rules.md §4).
    - ``failed_nil_counts``: a failed Nil's tricks count toward the partner's contract
      (docs/rules.md §4).
    - ``ten_for_200``: a made contract of 10 or more scores 200 (docs/rules.md §4).
    - ``thirteen_wins``: a contract of 13 taking all 13 tricks wins the game
      (docs/rules.md §5).
    - ``bag_limit`` (10, 7 or 5) and ``bag_penalty_points`` (100 or 50): the bag penalty
      (docs/rules.md §4).
    - ``spades_any_time``: spades may be led from the first trick on; spades count as
      broken from the deal (docs/rules.md §3).
    - ``bidding``: ``"standard"``, ``"suicide"``, ``"mirror"`` or ``"whiz"``; only
      standard bidding offers Blind Nil (docs/rules.md §2).
    - ``min_team_bid``: 0 or 4, the least total of a team's two bids under standard
      bidding (docs/rules.md §2).
    - ``deck``: ``"standard"``, ``"joker-joker"`` or ``"joker-joker-deuce-deuce"``
      (docs/rules.md, Deck); :attr:`deck_number` is its rules-core number.

    Raises ``ValueError`` for a value outside its option's choices.
    """

    target_score: int = DEFAULT_TARGET_SCORE
    floor_score: int | None = DEFAULT_FLOOR_SCORE
    bag_penalty: bool = True
    blind_nil: bool = False
    max_hands: int = 30
    nil_points: int = 100
    failed_nil_counts: bool = False
    ten_for_200: bool = False
    thirteen_wins: bool = False
    bag_limit: int = 10
    bag_penalty_points: int = 100
    spades_any_time: bool = False
    bidding: str = "standard"
    min_team_bid: int = 0
    deck: str = "standard"

    def __post_init__(self) -> None:
        for option in OPTIONS:
            value = getattr(self, option.name)
            if not option.allows(value):
                raise ValueError(_refusal(option, value))

    @property
    def blind_nil_points(self) -> int:
        """What a Blind Nil wins or loses: twice :attr:`nil_points` (docs/rules.md §4)."""
        return 2 * self.nil_points

    @property
    def score_terms(self) -> tuple[int, int, int, bool, bool]:
        """The scoring options as :func:`.core.score_team` takes them after the bag count:
        ``(bag_limit, bag_penalty_points, nil_points, failed_nil_counts, ten_for_200)``,
        with a bag limit of 0 when the bag penalty is off (docs/rules.md §4)."""
        return (self.bag_limit if self.bag_penalty else 0, self.bag_penalty_points,
                self.nil_points, self.failed_nil_counts, self.ten_for_200)

    @property
    def bid_terms(self) -> tuple[int, int]:
        """The bidding options as :func:`.core.legal_bid_mask` takes them:
        ``(style, min_team_bid)``, the style a ``core.BIDDING_*`` number (docs/rules.md
        §2)."""
        return _BIDDING_STYLES[self.bidding], self.min_team_bid

    @property
    def deck_number(self) -> int:
        """The deck as the rules core numbers it: ``core.DECK_STANDARD``, ``DECK_JOKERS``
        or ``DECK_JOKERS_DEUCES`` (docs/rules.md, Deck)."""
        return DECK_CHOICES.index(self.deck)

    @property
    def deck_mask(self) -> int:
        """The mask of the deck's 52 cards (``core.DECK_MASK``; docs/rules.md, Deck)."""
        return core.DECK_MASK[self.deck_number]

    @property
    def free_bidding(self) -> bool:
        """Whether every bid from Nil to 13 is open to every seat (standard bidding
        without a minimum team bid): the standard game's bidding (docs/rules.md §2)."""
        return self.bidding == "standard" and self.min_team_bid == 0

    def house_rules(self) -> tuple[str, ...]:
        """The names of the options (:data:`OPTIONS`) that are not at their default and
        not moot, in table order: what differs from the standard game."""
        return tuple(o.name for o in OPTIONS
                     if getattr(self, o.name) != o.default and not self.is_moot(o.name))

    def is_moot(self, name: str) -> bool:
        """Whether the option ``name`` has no effect under these rules (its
        :attr:`RuleOption.moot_when`). Raises ``KeyError`` for an unknown name."""
        return any(getattr(self, other) == value for other, value in OPTION[name].moot_when)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the settings: every :attr:`RuleOption.always_saved` option,
        and the others where they differ from their default."""
        return {o.name: getattr(self, o.name) for o in OPTIONS
                if o.always_saved or getattr(self, o.name) != o.default}

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Rules:
        """Settings from :meth:`to_dict` output; an option that is not always saved and is
        absent takes its default (a save from before it existed). Raises ``ValueError`` for
        a missing option that is always saved, an unknown option or a bad value."""
        if not isinstance(data, Mapping):
            raise ValueError("The rules must be a JSON object.")
        unknown = sorted(str(k) for k in data if k not in OPTION)
        if unknown:
            raise ValueError(f"Unknown rule option: {', '.join(unknown)}.")
        missing = [o.name for o in OPTIONS if o.always_saved and o.name not in data]
        if missing:
            raise ValueError(f"The rules must have the keys {sorted(missing)}.")
        values = {}
        for option in OPTIONS:
            value = data.get(option.name, option.default)
            if not option.allows(value):
                raise ValueError(_refusal(option, value))
            values[option.name] = value
        return Rules(**values)


PRESETS: Final[Mapping[str, Mapping[str, Any]]] = {
    "standard": {},
    "joker-joker-deuce-deuce": {"deck": "joker-joker-deuce-deuce"},
    "suicide": {"bidding": "suicide"},
    "mirror": {"bidding": "mirror"},
    "whiz": {"bidding": "whiz"},
    "short": {"target_score": 250, "bag_limit": 5, "bag_penalty_points": 50},
}
"""The named presets of the house rules, in the order a dialog offers them (docs/rules.md,
House rules): each maps option names to values applied over the defaults. A preset
sets every house rule (:data:`HOUSE_RULES`) and the other options it names; the rest of a
game's settings stay as chosen (:func:`apply_preset`)."""

CUSTOM_PRESET: Final = "custom"
"""What :func:`preset_of` answers for settings that match no preset."""


def apply_preset(name: str, rules: Rules | None = None) -> Rules:
    """``rules`` (default the standard game) with the preset ``name`` of :data:`PRESETS`
    applied: every house rule at its default, then the preset's values. Raises
    ``KeyError`` for an unknown preset."""
    values = {**(rules or Rules()).to_dict(), **{o.name: o.default for o in HOUSE_RULES}}
    return Rules.from_dict({**values, **PRESETS[name]})


def preset_of(rules: Rules) -> str:
    """The first preset of :data:`PRESETS` that ``rules`` match exactly, else
    :data:`CUSTOM_PRESET`. Settings match a preset when every house rule and every other
    option the preset names has the preset's value (the default where it names none);
    the settings a preset does not name (the target score of the standard game, the
    floor, …) may be anything."""
    return next((name for name in PRESETS if apply_preset(name, rules) == rules),
                CUSTOM_PRESET)


def parse_option(text: str) -> tuple[str, Any]:
    """``NAME=VALUE`` (a command line's form of one option) as ``(name, value)``: VALUE is
    ``on``/``off`` (or ``true``/``false``) for a yes-or-no option, a whole number or
    ``none`` for a number, a word for a choice of words (``bidding=whiz``). Raises
    ``ValueError`` for an unknown name or a value not in the option's
    :attr:`RuleOption.choices`."""
    name, sep, raw = text.partition("=")
    name, raw = name.strip().replace("-", "_"), raw.strip().lower()
    if not sep or name not in OPTION:
        raise ValueError(f"Unknown rule option {name!r}; expected NAME=VALUE with NAME one "
                         f"of {', '.join(OPTION)}.")
    option = OPTION[name]
    value: Any
    if option.kind is bool:
        value = {"on": True, "true": True, "off": False, "false": False}.get(raw, raw)
    elif option.kind is str:
        value = raw
    elif raw == "none":
        value = None
    else:
        try:
            value = int(raw)
        except ValueError:
            value = raw
    if not option.allows(value):
        raise ValueError(_refusal(option, value))
    return name, value


def _refusal(option: RuleOption, value: object) -> str:
    """The message for a value outside ``option``'s choices."""
    if option.name == "target_score":
        if isinstance(value, int) and not isinstance(value, bool):
            return f"The target score must be {_TARGET_RANGE}, not {value}."
        return f"Rule 'target_score' must be a whole number, not {value!r}."
    if option.name == "floor_score":
        if isinstance(value, int) and not isinstance(value, bool):
            return f"The floor score must be between -1000 and 0, not {value}."
        return f"Rule 'floor_score' must be a whole number or None, not {value!r}."
    if option.name == "max_hands" and isinstance(value, int) and not isinstance(value, bool):
        return f"The hand limit must be 1 to 100, not {value}."
    if option.kind is bool:
        return f"Rule {option.name!r} must be true or false."
    if option.kind is str:
        allowed = ", ".join(option.choices)
        return f"Rule {option.name!r} must be one of {allowed}, not {value!r}."
    if not isinstance(value, int) or isinstance(value, bool):
        return f"Rule {option.name!r} must be a whole number, not {value!r}."
    allowed = ", ".join(str(c) for c in option.choices)
    return f"Rule {option.name!r} must be one of {allowed}, not {value}."
