"""House rules of the scoring and the end of the game (docs/rules.md, House rules).

Every expected value below is worked out by hand from the rules as docs/rules.md writes
them, next to the case.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from spades_desktop.engine import (
    DECK,
    Bid,
    EndReason,
    GameState,
    Phase,
    RuleCode,
    Rules,
    Seat,
    Suit,
    Team,
    apply_action,
    decide_game,
    legal_actions,
    new_game,
    observe,
    score_hand,
)
from spades_desktop.engine.rules import OPTION, OPTIONS
from spades_desktop.engine.scoring import thirteen_winner

NO_BAGS = {Team.NS: 0, Team.EW: 0}


def _ns(rules: Rules, south: Bid, north: Bid, won_s: int, won_n: int,
        bags: int = 0) -> tuple[int, int, int, int, int, int, bool | None]:
    """North–South's rows when South and North bid and win as given (East–West bid 1
    each and take the rest)."""
    rest = 13 - won_s - won_n
    sheet = score_hand(rules, {Seat.SOUTH: south, Seat.NORTH: north,
                               Seat.WEST: Bid(1), Seat.EAST: Bid(1)},
                       {Seat.SOUTH: won_s, Seat.NORTH: won_n,
                        Seat.WEST: rest // 2, Seat.EAST: rest - rest // 2},
                       {Team.NS: bags, Team.EW: 0})
    s = sheet[Team.NS]
    return s.contract, s.bags, s.nil, s.bag_penalty, s.total, s.bags_after, s.made


def test_nil_worth_50() -> None:
    rules = Rules(nil_points=50)
    # South Nil takes none (+50); North bids 4, takes 5: +40 and a bag. 50 + 40 + 1 = 91.
    assert _ns(rules, Bid(0), Bid(4), 0, 5) == (40, 1, 50, 0, 91, 1, True)
    # South Nil takes 1 (−50, 1 bag); North 4 of 4: +40. −50 + 40 + 1 = −9.
    assert _ns(rules, Bid(0), Bid(4), 1, 4) == (40, 1, -50, 0, -9, 1, True)
    # Blind Nil is twice the Nil: made +100, failed −100.
    assert _ns(rules, Bid(0, blind=True), Bid(4), 0, 4)[2] == 100
    assert _ns(rules, Bid(0, blind=True), Bid(4), 2, 4)[2] == -100
    assert rules.blind_nil_points == 100 and Rules().blind_nil_points == 200


def test_failed_nil_tricks_count_toward_the_contract() -> None:
    # docs/rules.md §4 example [000]: South bids 5, takes 4; North Nil takes 2.
    # Standard: set −50, 2 bags, Nil −100: −148.
    assert _ns(Rules(), Bid(5), Bid(0), 4, 2) == (-50, 2, -100, 0, -148, 2, False)
    # Counting: 4 + 2 = 6 tricks toward 5: made +50, one overtrick (1 bag), Nil −100: −49.
    counting = Rules(failed_nil_counts=True)
    assert _ns(counting, Bid(5), Bid(0), 4, 2) == (50, 1, -100, 0, -49, 1, True)
    # 3 + 1 = 4 of 5: still set, no bags at all: −50 − 100 = −150.
    assert _ns(counting, Bid(5), Bid(0), 3, 1) == (-50, 0, -100, 0, -150, 0, False)
    # Both Nil (no contract): the failed Nil's 3 tricks are bags as usual: +100 − 100 + 3.
    assert _ns(counting, Bid(0), Bid(0), 3, 0) == (0, 3, 0, 0, 3, 3, None)


def test_ten_for_200() -> None:
    rules = Rules(ten_for_200=True)
    # Bid 6 + 4 = 10, take 11: 200 instead of 100, plus one bag: 201.
    assert _ns(rules, Bid(6), Bid(4), 6, 5) == (200, 1, 0, 0, 201, 1, True)
    # Bid 13 (7 + 6), take 13: 200, not 130.
    assert _ns(rules, Bid(7), Bid(6), 7, 6)[0] == 200
    # A set of 10 scores as usual: −100.
    assert _ns(rules, Bid(6), Bid(4), 5, 4)[0] == -100
    # A contract of 9 made is 90 and a bag: 91.
    assert _ns(rules, Bid(5), Bid(4), 6, 4)[4] == 91
    # Standard rules: 10 made with 11 tricks is 100 + 1.
    assert _ns(Rules(), Bid(6), Bid(4), 6, 5)[4] == 101


def test_bag_limit_and_penalty() -> None:
    # 7 bags cost 50: 5 bags held, bid 4, take 7 (3 bags) → 8 bags: −50, 1 left.
    # 40 + 3 − 50 = −7.
    rules = Rules(bag_limit=7, bag_penalty_points=50)
    assert _ns(rules, Bid(2), Bid(2), 4, 3, bags=5) == (40, 3, 0, -50, -7, 1, True)
    # 5 bags cost 100: 4 held, bid 1 + 1 take 4 + 4 (6 bags) → 10: two penalties, 0 left.
    # 20 + 6 − 200 = −174.
    five = Rules(bag_limit=5)
    assert _ns(five, Bid(1), Bid(1), 4, 4, bags=4) == (20, 6, 0, -200, -174, 0, True)
    # (penalty, total, bags after): 2 held, bid 2 + 2 take 6 → 4 bags, under the limit
    # of 5: no penalty, 40 + 2 = 42.
    assert _ns(five, Bid(2), Bid(2), 3, 3, bags=2)[3:6] == (0, 42, 4)
    # The bag penalty off: the limit is moot, bags only count.
    off = Rules(bag_penalty=False, bag_limit=5)
    assert _ns(off, Bid(1), Bid(1), 4, 4, bags=4)[3:6] == (0, 26, 10)
    assert off.is_moot("bag_limit") and not five.is_moot("bag_limit")


def test_thirteen_winner() -> None:
    on = Rules(thirteen_wins=True)
    assert thirteen_winner(on, (13, 0), (13, 0)) is Team.NS
    assert thirteen_winner(on, (0, 13), (0, 13)) is Team.EW
    assert thirteen_winner(on, (13, 0), (12, 1)) is None     # one trick short
    assert thirteen_winner(on, (12, 1), (13, 0)) is None     # all tricks, bid 12
    assert thirteen_winner(Rules(), (13, 0), (13, 0)) is None
    result = decide_game(on, {Team.NS: 230, Team.EW: 400}, 4, thirteen=Team.NS)
    assert result is not None and result.reason is EndReason.THIRTEEN
    assert result.winner is Team.NS and result.scores == (230, 400)


def _thirteen_hand(rules: Rules) -> GameState:
    """Hand 1 with South holding every spade: South bids 13, West 1, North Nil, East 1;
    South leads a spade to every trick and the others play their first legal card."""
    hands = {Seat.SOUTH: [c for c in DECK if c.suit is Suit.SPADES]}
    others = [c for c in DECK if c.suit is not Suit.SPADES]
    for i, seat in enumerate((Seat.WEST, Seat.NORTH, Seat.EAST)):
        hands[seat] = others[13 * i:13 * (i + 1)]
    state = new_game(rules, 1, deal=hands)
    for tricks in (13, 1, 0, 1):
        state = apply_action(state, Bid(tricks))
    while state.phase is Phase.PLAYING:
        state = apply_action(state, legal_actions(state)[0])
    return state


def test_thirteen_tricks_win_the_game_in_play() -> None:
    # North–South: contract 13 made +130, North's Nil +100: 230, far from 500.
    won = _thirteen_hand(Rules(thirteen_wins=True))
    assert won.result is not None
    assert won.result.reason is EndReason.THIRTEEN and won.result.winner is Team.NS
    assert won.score_list == (230, -20)             # East–West set: bid 2, took none
    # Without the house rule the game goes on to hand 2.
    on = _thirteen_hand(Rules())
    assert on.result is None and on.hand_number == 2 and on.score_list == (230, -20)


def test_options_table_is_the_rules() -> None:
    names = [o.name for o in OPTIONS]
    assert names == list(Rules.__slots__)
    standard = Rules()
    for option in OPTIONS:
        assert getattr(standard, option.name) == option.default
        assert option.allows(option.default)
        assert option.description and option.description.endswith(".")
        for other, _value in option.moot_when:
            assert other in OPTION


def test_standard_save_keeps_its_keys_and_old_saves_load() -> None:
    # A standard game's rules are saved with the keys they had before the house rules.
    assert set(Rules().to_dict()) == {"target_score", "floor_score", "bag_penalty",
                                      "blind_nil", "max_hands"}
    old = {"target_score": 250, "floor_score": None, "bag_penalty": False,
           "blind_nil": True, "max_hands": 30}
    assert Rules.from_dict(old) == Rules(target_score=250, floor_score=None,
                                         bag_penalty=False, blind_nil=True)
    house = Rules(nil_points=50, ten_for_200=True, bag_limit=7)
    saved = house.to_dict()
    assert saved["nil_points"] == 50 and saved["ten_for_200"] is True
    assert "failed_nil_counts" not in saved
    assert Rules.from_dict(saved) == house
    assert house.house_rules() == ("nil_points", "ten_for_200", "bag_limit")


@pytest.mark.parametrize(("data", "message"), [
    ({"spades_led_any_time": True}, "Unknown rule option: spades_led_any_time."),
    ({"nil_points": 75}, "Rule 'nil_points' must be one of 100, 50, not 75."),
    ({"bag_limit": True}, "Rule 'bag_limit' must be a whole number, not True."),
    ({"ten_for_200": 1}, "Rule 'ten_for_200' must be true or false."),
])
def test_bad_rules_are_refused(data: dict[str, object], message: str) -> None:
    base = Rules().to_dict()
    with pytest.raises(ValueError) as caught:
        Rules.from_dict({**base, **data})
    assert str(caught.value) == message
    key, value = next(iter(data.items()))
    if key in OPTION:
        with pytest.raises(ValueError):
            Rules(**{key: value})  # type: ignore[arg-type]


def test_the_docs_settings_table_lists_every_option() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text("utf-8")
    settings = text.split("## Settings", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1].strip().strip("`") for line in settings.splitlines()
            if line.startswith("| `")]
    assert rows == [o.name for o in OPTIONS]


def test_spades_may_be_led_at_any_time() -> None:
    # South (first to lead in hand 1) holds a spade and other suits: the first lead
    # may not be the spade in the standard game (docs/rules.md §3), may under the rule.
    south = [c for c in DECK if c.suit is Suit.SPADES][:1] + \
        [c for c in DECK if c.suit is Suit.HEARTS][:12]
    rest = [c for c in DECK if c not in south]
    hands = {Seat.SOUTH: south, Seat.WEST: rest[:13], Seat.NORTH: rest[13:26],
             Seat.EAST: rest[26:]}
    spade = south[0]
    for rules, allowed in ((Rules(), False), (Rules(spades_any_time=True), True)):
        state = new_game(rules, 1, deal=hands)
        for _ in range(4):
            state = apply_action(state, Bid(3))
        assert state.current_player is Seat.SOUTH
        assert (spade in legal_actions(state)) is allowed
        assert state.spades_broken is allowed
        view = observe(state, Seat.SOUTH)
        refusal = view.explain(spade)
        assert (refusal is None) is allowed
        if refusal is not None:
            assert refusal.code is RuleCode.SPADES_NOT_BROKEN
        after = apply_action(state, legal_actions(state)[-1])
        assert observe(after, Seat.WEST).spades_broken_at_leads == (allowed,)
