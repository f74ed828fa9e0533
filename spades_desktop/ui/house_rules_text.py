"""The house rules and their presets in the player's language (docs/rules.md, House rules).

The engine's table (:data:`spades_desktop.engine.HOUSE_RULES`, :data:`~spades_desktop.
engine.PRESETS`) is the one list of the options and presets; this module only words
them: a label and a one-line explanation per option (:func:`house_rule_texts`), the
name of each choice, the short name of a house rule in force, and why an option has no
effect under the other settings. All strings are in the translation context
``"HouseRules"``, each a literal inside a ``translate`` call for pyside6-lupdate.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication

from spades_desktop.engine import CUSTOM_PRESET, HOUSE_RULES, OPTION, Rules
from spades_desktop.engine.core import TEN_FOR_200_CONTRACT, TEN_FOR_200_POINTS

translate = QCoreApplication.translate

__all__ = ["HouseRuleText", "choice_text", "house_rule_texts", "house_rules_in_force",
           "in_force_name", "moot_reason", "preset_name"]


@dataclass(frozen=True, slots=True)
class HouseRuleText:
    """The words of one house rule: ``label`` names its control ("Nil is worth"),
    ``explanation`` says in one line what it does."""

    label: str
    explanation: str


def _ten_for_200() -> str:
    """The name of the house rule ``ten_for_200``: "10 for 200", its numbers from the rules
    core."""
    name = translate("HouseRules", "{0} for {1}", "a contract of {0} or more scores {1}")
    return name.format(TEN_FOR_200_CONTRACT, TEN_FOR_200_POINTS)


def house_rule_texts() -> dict[str, HouseRuleText]:
    """The label and explanation of every house rule, keyed by option name (the names
    of :data:`~spades_desktop.engine.HOUSE_RULES`, no other), in the current language."""
    return {
        "nil_points": HouseRuleText(
            translate("HouseRules", "Nil is worth"),
            translate("HouseRules",
                      "What a Nil wins or loses; Blind Nil is worth twice as much.")),
        "failed_nil_counts": HouseRuleText(
            translate("HouseRules", "A failed Nil's tricks count"),
            translate("HouseRules",
                      "They count toward the partner's contract instead of being bags.")),
        "ten_for_200": HouseRuleText(
            _ten_for_200(),
            translate("HouseRules", "A made contract of {0} or more scores {1}.").format(
                TEN_FOR_200_CONTRACT, TEN_FOR_200_POINTS)),
        "thirteen_wins": HouseRuleText(
            translate("HouseRules", "13 tricks win the game"),
            translate("HouseRules",
                      "A team that bids 13 and takes all 13 tricks wins at once.")),
        "bag_limit": HouseRuleText(
            translate("HouseRules", "Bag limit"),
            translate("HouseRules", "How many bags cost the bag penalty.")),
        "bag_penalty_points": HouseRuleText(
            translate("HouseRules", "Bag penalty"),
            translate("HouseRules", "The points the bag penalty costs.")),
        "spades_any_time": HouseRuleText(
            translate("HouseRules", "Spades may be led any time"),
            translate("HouseRules", "A spade may be led before spades are broken.")),
        "bidding": HouseRuleText(
            translate("HouseRules", "Bidding"),
            translate("HouseRules", "Suicide: one partner bids Nil, the other 4 or more. Mirror: bid the spades held. Whiz: Nil or the spades held.")),  # noqa: E501
        "min_team_bid": HouseRuleText(
            translate("HouseRules", "Least team bid"),
            translate("HouseRules", "The least a team's two bids add up to (Nil counts 0).")),
        "deck": HouseRuleText(
            translate("HouseRules", "Deck"),
            translate("HouseRules", "Joker-Joker: the jokers for the 2♣ and 2♦. Joker-Joker-Deuce-Deuce: the jokers for the 2♣ and 2♥, and the 2♦ and 2♠ rank above the A♠. The jokers are the highest spades.")),  # noqa: E501
    }


def choice_text(name: str, value: Any) -> str:
    """How a choice of the option ``name`` is offered in a list: "50 points",
    "7 bags", "Suicide", "None", "Joker-Joker-Deuce-Deuce"… (an unknown one as it is)."""
    if name in ("nil_points", "bag_penalty_points"):
        return translate("HouseRules", "{0} points").format(value)
    if name == "bag_limit":
        return translate("HouseRules", "{0} bags").format(value)
    if name == "min_team_bid":
        if value == 0:
            return translate("HouseRules", "None", "no least team bid")
        return str(value)
    if name == "bidding":
        return {"standard": translate("HouseRules", "Standard"),
                "suicide": translate("HouseRules", "Suicide"),
                "mirror": translate("HouseRules", "Mirror"),
                "whiz": translate("HouseRules", "Whiz")}.get(value, str(value))
    if name == "deck":
        return {"standard": translate("HouseRules", "Standard"),
                "joker-joker": translate("HouseRules", "Joker-Joker"),
                "joker-joker-deuce-deuce": translate("HouseRules", "Joker-Joker-Deuce-Deuce"),
                }.get(value, str(value))
    return str(value)


def in_force_name(name: str, value: Any) -> str:
    """The short name of the house rule ``name`` at ``value`` (not its default), as
    listed among the rules of a game: "Nil 50", "Suicide", "10 for 200",
    "Joker-Joker"…"""
    if name == "nil_points":
        return translate("HouseRules", "Nil {0}").format(value)
    if name == "bag_limit":
        return translate("HouseRules", "Bag limit {0}").format(value)
    if name == "bag_penalty_points":
        return translate("HouseRules", "Bag penalty {0}").format(value)
    if name == "min_team_bid":
        return translate("HouseRules", "Team bid {0}+").format(value)
    if name in ("bidding", "deck"):
        return choice_text(name, value)
    if name == "failed_nil_counts":
        return translate("HouseRules", "Failed Nil counts")
    if name == "ten_for_200":
        return _ten_for_200()
    if name == "thirteen_wins":
        return translate("HouseRules", "13 tricks win")
    if name == "spades_any_time":
        return translate("HouseRules", "Spades any time")
    return f"{name} {value}"


def house_rules_in_force(rules: Rules) -> list[str]:
    """The short names (:func:`in_force_name`) of the house rules in force under
    ``rules`` (:meth:`~spades_desktop.engine.Rules.house_rules`, in table order);
    empty for the standard game's."""
    house = {o.name for o in HOUSE_RULES}
    return [in_force_name(name, getattr(rules, name)) for name in rules.house_rules()
            if name in house]


def moot_reason(name: str, rules: Rules) -> str:
    """Why the option ``name`` has no effect under ``rules`` (a tooltip), or "" when it
    has one."""
    for other, value in OPTION[name].moot_when:
        if getattr(rules, other) != value:
            continue
        if other == "bidding":
            return translate("HouseRules", "No effect under {0} bidding.").format(
                choice_text(other, value))
        if other == "bag_penalty":
            return translate("HouseRules", "No effect while the bag penalty is off.")
        return translate("HouseRules", "No effect under the other settings.")
    return ""


def preset_name(preset: str) -> str:
    """The name of a preset of :data:`~spades_desktop.engine.PRESETS`, or "Custom" for
    :data:`~spades_desktop.engine.CUSTOM_PRESET`."""
    if preset == "standard":
        return translate("HouseRules", "Standard")
    if preset in ("suicide", "mirror", "whiz"):
        return choice_text("bidding", preset)
    if preset == "joker-joker-deuce-deuce":
        return choice_text("deck", preset)
    if preset == "short":
        return translate("HouseRules", "Short game")
    if preset == CUSTOM_PRESET:
        return translate("HouseRules", "Custom")
    return preset
