"""The presets of the house rules (docs/rules.md, House rules): what each sets, and which
preset a game's settings match."""

import pytest

from spades_desktop.engine import CUSTOM_PRESET, PRESETS, Rules, apply_preset, preset_of


def test_the_presets_in_the_order_a_dialog_offers_them():
    assert list(PRESETS) == ["standard", "joker-joker-deuce-deuce", "suicide", "mirror", "whiz",
                             "short"]


def test_each_preset_applied_over_the_standard_game():
    assert apply_preset("standard") == Rules()
    assert apply_preset("suicide") == Rules(bidding="suicide")
    assert apply_preset("mirror") == Rules(bidding="mirror")
    assert apply_preset("whiz") == Rules(bidding="whiz")
    assert apply_preset("short") == Rules(target_score=250, bag_limit=5,
                                          bag_penalty_points=50)


def test_a_preset_resets_every_house_rule_and_keeps_the_other_settings():
    chosen = Rules(target_score=300, floor_score=None, blind_nil=True, nil_points=50,
                   ten_for_200=True, min_team_bid=4)
    assert apply_preset("whiz", chosen) == Rules(target_score=300, floor_score=None,
                                                 blind_nil=True, bidding="whiz")
    # The short game names the target score, so it sets it too.
    assert apply_preset("short", chosen) == Rules(target_score=250, floor_score=None,
                                                  blind_nil=True, bag_limit=5,
                                                  bag_penalty_points=50)


def test_an_unknown_preset_is_refused():
    with pytest.raises(KeyError):
        apply_preset("joker")


@pytest.mark.parametrize("rules, preset", [
    (Rules(), "standard"),
    (Rules(target_score=300, floor_score=None, bag_penalty=False), "standard"),
    (Rules(target_score=250), "standard"),
    (Rules(bidding="suicide"), "suicide"),
    (Rules(bidding="suicide", target_score=1000), "suicide"),
    (Rules(bidding="mirror"), "mirror"),
    (Rules(bidding="whiz"), "whiz"),
    (Rules(target_score=250, bag_limit=5, bag_penalty_points=50), "short"),
    (Rules(target_score=250, bag_limit=5, bag_penalty_points=50, blind_nil=True), "short"),
])
def test_the_preset_a_game_matches(rules, preset):
    assert preset_of(rules) == preset


@pytest.mark.parametrize("rules", [
    Rules(nil_points=50),
    Rules(bidding="suicide", ten_for_200=True),
    # A moot house rule still differs from the preset's value.
    Rules(bidding="suicide", min_team_bid=4),
    # The short game's target is part of it.
    Rules(target_score=500, bag_limit=5, bag_penalty_points=50),
    Rules(target_score=250, bag_limit=7, bag_penalty_points=50),
    Rules(target_score=250, bag_limit=5, bag_penalty_points=50, spades_any_time=True),
])
def test_settings_matching_no_preset_are_custom(rules):
    assert preset_of(rules) == CUSTOM_PRESET == "custom"
