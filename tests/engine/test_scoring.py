"""Golden scoring tables for score_hand and decide_game (docs/rules.md §4, §5).

Every expected value is worked by hand from docs/rules.md; the arithmetic is in the
comment of each row. Rows: contract, bags, nil, bag_penalty, total, bags_after.
"""

from __future__ import annotations

import pytest

from spades_desktop.engine import (
    Bid,
    GameResult,
    HandScore,
    Rules,
    Seat,
    Team,
    decide_game,
    score_hand,
)

NIL = Bid(0)
BNIL = Bid(0, blind=True)
ON = Rules()
OFF = Rules(bag_penalty=False)

# (id, rules, bid of partner A, bid of partner B, tricks A, tricks B, bags_before,
#  expected (contract, bags, nil, bag_penalty, total, bags_after), made)
TEAM_CASES = [
    # 4+3 = contract 7, 4+3 = 7 tricks: made exactly -> +70, 0 bags.
    ("made-exact", ON, Bid(4), Bid(3), 4, 3, 0, (70, 0, 0, 0, 70, 0), True),
    # contract 7, 5+4 = 9 tricks: +70, 2 overtricks = 2 bags (+2) -> 72, 2 bags.
    ("made-overtricks", ON, Bid(4), Bid(3), 5, 4, 0, (70, 2, 0, 0, 72, 2), True),
    # contract 7, 3+3 = 6 tricks: set -> -70, no bags from a set contract.
    ("set", ON, Bid(4), Bid(3), 3, 3, 0, (-70, 0, 0, 0, -70, 0), False),
    # set keeps the bags it had: 5 before, 0 now -> 5 after.
    ("set-keeps-bags", ON, Bid(4), Bid(3), 3, 3, 5, (-70, 0, 0, 0, -70, 5), False),
    # contract 6+3 = 9, 1+7 = 8 tricks: set -> -90 (one partner's surplus doesn't matter).
    ("set-uneven", ON, Bid(6), Bid(3), 1, 7, 0, (-90, 0, 0, 0, -90, 0), False),
    # contract 1+1 = 2, 0 tricks: -20.
    ("set-zero-tricks", ON, Bid(1), Bid(1), 0, 0, 0, (-20, 0, 0, 0, -20, 0), False),
    # Nil made (0 tricks) +100; partner 4 of 4 -> +40. Total 140.
    ("nil-made", ON, NIL, Bid(4), 0, 4, 0, (40, 0, 100, 0, 140, 0), True),
    # Nil failed with 1 trick: -100 and 1 bag; partner bid 4 won 5: +40, 1 overtrick.
    # bags 1+1 = 2; total 40 + 2 - 100 = -58.
    ("nil-failed-partner-made", ON, NIL, Bid(4), 1, 5, 0, (40, 2, -100, 0, -58, 2), True),
    # docs/rules.md §4 example [000]: partner bids 5 wins 4, Nil bidder wins 2.
    # contract 4 < 5 -> -50 (the Nil's 2 tricks do not help); Nil -100; 2 bags +2.
    # total -50 + 2 - 100 = -148, 2 bags.
    ("spec-000-example", ON, NIL, Bid(5), 2, 4, 0, (-50, 2, -100, 0, -148, 2), False),
    # Blind Nil made +200; partner bid 4 won 6: +40 and 2 bags. 40 + 2 + 200 = 242.
    ("blind-nil-made", ON, BNIL, Bid(4), 0, 6, 0, (40, 2, 200, 0, 242, 2), True),
    # Blind Nil failed with 3: -200 and 3 bags; partner 4 of 4: +40. 40 + 3 - 200 = -157.
    ("blind-nil-failed", ON, BNIL, Bid(4), 3, 4, 0, (40, 3, -200, 0, -157, 3), True),
    # Both Nil, both made: contract 0 scores nothing; +100 +100 = 200.
    ("both-nil-made", ON, NIL, NIL, 0, 0, 0, (0, 0, 200, 0, 200, 0), None),
    # Both Nil, one fails with 3: +100 -100 = 0; 3 bags (+3); contract 0 -> total 3.
    ("both-nil-one-fails", ON, NIL, NIL, 3, 0, 0, (0, 3, 0, 0, 3, 3), None),
    # Both Nil, fail with 2 and 5: -200; 7 bags (+7). total -193, 7 bags.
    ("both-nil-both-fail", ON, NIL, NIL, 2, 5, 0, (0, 7, -200, 0, -193, 7), None),
    # Blind Nil + Nil, both made: +200 +100 = 300.
    ("blind-and-nil-made", ON, BNIL, NIL, 0, 0, 0, (0, 0, 300, 0, 300, 0), None),
    # docs/rules.md §4 example [003]: score 337, 7 bags, bid 5 (3+2):
    # take 7: +50, 2 bags -> 9 bags, no penalty; total 52; 337 + 52 = 389 with 9 bags.
    ("spec-003-take-7", ON, Bid(3), Bid(2), 4, 3, 7, (50, 2, 0, 0, 52, 9), True),
    # take 8: +50, 3 bags -> 10 bags -> -100, 0 left; total 50 + 3 - 100 = -47;
    # 337 - 47 = 290 with 0 bags.
    ("spec-003-take-8", ON, Bid(3), Bid(2), 4, 4, 7, (50, 3, 0, -100, -47, 0), True),
    # take 9: +50, 4 bags -> 11 -> -100, 1 left; total -46; 337 - 46 = 291 with 1 bag.
    ("spec-003-take-9", ON, Bid(3), Bid(2), 5, 4, 7, (50, 4, 0, -100, -46, 1), True),
    # Penalty off, same hand: +50 +4 = 54, bags counted past 10: 7 + 4 = 11.
    ("penalty-off-003-take-9", OFF, Bid(3), Bid(2), 5, 4, 7, (50, 4, 0, 0, 54, 11), True),
    # Penalty off, 25 bags before, bid 4 take 7: +40 +3 = 43, 28 bags.
    ("penalty-off-many-bags", OFF, Bid(2), Bid(2), 4, 3, 25, (40, 3, 0, 0, 43, 28), True),
    # Penalty off, failed Nil bags still +1 each and counted: 9 + 2 + 1 = 12 bags;
    # contract 4 made with 5: +40; nil -100; total 40 + 3 - 100 = -57.
    ("penalty-off-failed-nil", OFF, NIL, Bid(4), 2, 5, 9, (40, 3, -100, 0, -57, 12), True),
    # Boston, 7+6 = 13 bid, 13 won: +130, no bonus.
    ("boston-exact", ON, Bid(7), Bid(6), 7, 6, 0, (130, 0, 0, 0, 130, 0), True),
    # Boston with contract 10: +100 and 3 bags, nothing more: 103.
    ("boston-overtricks", ON, Bid(6), Bid(4), 8, 5, 0, (100, 3, 0, 0, 103, 3), True),
    # Boston by one player who bid 13, partner Nil made: +130 +100 = 230.
    ("boston-with-nil", ON, Bid(13), NIL, 13, 0, 0, (130, 0, 100, 0, 230, 0), True),
    # Bags reach 20 in one hand: 9 before; bid 1+1 = 2, take 13 -> 11 bags; 9 + 11 = 20
    # -> two penalties (-200), 0 left. total 20 + 11 - 200 = -169.
    ("bags-reach-20", ON, Bid(1), Bid(1), 6, 7, 9, (20, 11, 0, -200, -169, 0), True),
    # Both Nil fail with 6 and 7 after 9 bags: 13 bags, 22 -> -200, 2 left.
    # total 0 + 13 - 200 - 200 = -387.
    ("bags-pass-20", ON, NIL, NIL, 6, 7, 9, (0, 13, -200, -200, -387, 2), None),
    # A set contract adds no bags, so 9 bags stay 9 with no penalty.
    ("set-with-9-bags", ON, Bid(5), Bid(5), 4, 4, 9, (-100, 0, 0, 0, -100, 9), False),
    # Failed Nil's bags count even though the partner is set, and can trigger the penalty:
    # 8 before; Nil wins 3 (bags 3); partner bid 5 won 2 -> -50; 8 + 3 = 11 -> -100, 1 left.
    # total -50 + 3 - 100 - 100 = -247.
    ("failed-nil-bags-trigger-penalty", ON, NIL, Bid(5), 3, 2, 8,
     (-50, 3, -100, -100, -247, 1), False),
    # Exactly 10 bags from 0 in one hand: bid 1+2 = 3 take 13 -> 10 bags -> -100, 0 left.
    # total 30 + 10 - 100 = -60.
    ("ten-bags-in-one-hand", ON, Bid(1), Bid(2), 6, 7, 0, (30, 10, 0, -100, -60, 0), True),
]


def _score_for(team: Team, rules: Rules, bid_a: Bid, bid_b: Bid, won_a: int, won_b: int,
               bags_before: int) -> dict[Team, HandScore]:
    """Put the case on ``team``; the other team bids 1+1 and wins the remaining tricks."""
    a, b = team.seats
    oa, ob = team.other.seats
    rest = max(0, 13 - won_a - won_b)
    bids = {a: bid_a, b: bid_b, oa: Bid(1), ob: Bid(1)}
    tricks = {a: won_a, b: won_b, oa: rest, ob: 0}
    return score_hand(rules, bids, tricks, {team: bags_before, team.other: 0})


@pytest.mark.parametrize("team", [Team.NS, Team.EW], ids=["NS", "EW"])
@pytest.mark.parametrize(
    "rules,bid_a,bid_b,won_a,won_b,bags_before,expected,made",
    [c[1:] for c in TEAM_CASES], ids=[c[0] for c in TEAM_CASES])
def test_score_sheet_golden(team: Team, rules: Rules, bid_a: Bid, bid_b: Bid, won_a: int,
                            won_b: int, bags_before: int,
                            expected: tuple[int, int, int, int, int, int],
                            made: bool | None) -> None:
    row = _score_for(team, rules, bid_a, bid_b, won_a, won_b, bags_before)[team]
    assert (row.contract, row.bags, row.nil, row.bag_penalty, row.total,
            row.bags_after) == expected
    assert row.made is made


@pytest.mark.parametrize(
    "rules,bid_a,bid_b,won_a,won_b,bags_before,expected,made",
    [c[1:] for c in TEAM_CASES], ids=[c[0] for c in TEAM_CASES])
def test_score_sheet_golden_partner_order(rules: Rules, bid_a: Bid, bid_b: Bid, won_a: int,
                                          won_b: int, bags_before: int,
                                          expected: tuple[int, int, int, int, int, int],
                                          made: bool | None) -> None:
    """Which partner made which bid must not matter."""
    row = _score_for(Team.NS, rules, bid_b, bid_a, won_b, won_a, bags_before)[Team.NS]
    assert (row.contract, row.bags, row.nil, row.bag_penalty, row.total,
            row.bags_after) == expected


def test_spec_003_running_totals() -> None:
    """[003]: score 337 with 7 bags, bid 5 -> 389/9, 290/0, 291/1 for 7, 8, 9 tricks."""
    bids = {Seat.SOUTH: Bid(3), Seat.NORTH: Bid(2), Seat.WEST: Bid(4), Seat.EAST: Bid(4)}
    got = []
    for south, north in ((4, 3), (4, 4), (5, 4)):
        rest = 13 - south - north
        tricks = {Seat.SOUTH: south, Seat.NORTH: north, Seat.WEST: rest, Seat.EAST: 0}
        row = score_hand(Rules(), bids, tricks, {Team.NS: 7, Team.EW: 0})[Team.NS]
        got.append((337 + row.total, row.bags_after))
    assert got == [(389, 9), (290, 0), (291, 1)]


def test_spec_000_example_full_table() -> None:
    """[000] with the opponents too: EW bid 3+3 and win 4+3 = 7 -> +60 and 1 bag = 61."""
    bids = {Seat.SOUTH: Bid(5), Seat.NORTH: Bid(0), Seat.WEST: Bid(3), Seat.EAST: Bid(3)}
    tricks = {Seat.SOUTH: 4, Seat.NORTH: 2, Seat.WEST: 4, Seat.EAST: 3}
    r = score_hand(Rules(), bids, tricks, {Team.NS: 0, Team.EW: 0})
    ns, ew = r[Team.NS], r[Team.EW]
    assert (ns.contract, ns.bags, ns.nil, ns.bag_penalty, ns.total, ns.bags_after) == (
        -50, 2, -100, 0, -148, 2)
    assert (ew.contract, ew.bags, ew.nil, ew.bag_penalty, ew.total, ew.bags_after) == (
        60, 1, 0, 0, 61, 1)


def test_teams_scored_independently() -> None:
    """Changing EW's bags and bids leaves NS's row unchanged, and vice versa."""
    tricks = {Seat.SOUTH: 4, Seat.NORTH: 3, Seat.WEST: 3, Seat.EAST: 3}
    a = score_hand(Rules(), {Seat.SOUTH: Bid(4), Seat.NORTH: Bid(3), Seat.WEST: Bid(2),
                             Seat.EAST: Bid(2)}, tricks, {Team.NS: 0, Team.EW: 8})
    b = score_hand(Rules(), {Seat.SOUTH: Bid(4), Seat.NORTH: Bid(3), Seat.WEST: Bid(0),
                             Seat.EAST: Bid(9)}, tricks, {Team.NS: 0, Team.EW: 3})
    assert a[Team.NS] == b[Team.NS]
    # EW in a: contract 4, 6 tricks -> +40 and 2 bags; 8 + 2 = 10 -> -100, 0 left: -58.
    assert (a[Team.EW].total, a[Team.EW].bags_after) == (-58, 0)
    # EW in b: West Nil fails with 3 (-100, 3 bags); East 9 with 3 -> -90; 3 + 3 = 6 bags.
    # total -90 + 3 - 100 = -187.
    assert (b[Team.EW].total, b[Team.EW].bags_after) == (-187, 6)


@pytest.mark.parametrize("bad", [
    {Seat.SOUTH: -1, Seat.NORTH: 7, Seat.WEST: 4, Seat.EAST: 3},
])
def test_negative_tricks_rejected(bad: dict[Seat, int]) -> None:
    bids = {s: Bid(3) for s in Seat}
    with pytest.raises(ValueError):
        score_hand(Rules(), bids, bad, {Team.NS: 0, Team.EW: 0})


def test_missing_seat_rejected() -> None:
    bids = {Seat.SOUTH: Bid(3), Seat.NORTH: Bid(3), Seat.WEST: Bid(3)}
    tricks = {s: 3 for s in Seat}
    with pytest.raises(ValueError):
        score_hand(Rules(), bids, tricks, {Team.NS: 0, Team.EW: 0})


@pytest.mark.parametrize("bad", [
    lambda: Bid(14), lambda: Bid(-1), lambda: Bid(3, blind=True), lambda: Bid(True),
])
def test_bad_bids_rejected(bad) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError):
        bad()


# ---------------------------------------------------------------------------
# decide_game (docs/rules.md §5)
# ---------------------------------------------------------------------------

R500 = Rules()
NOFLOOR = Rules(floor_score=None)
R250 = Rules(target_score=250)
SHORT = Rules(max_hands=10)

# (id, rules, ns, ew, hands_played, expected winner or "continue" or "draw")
DECIDE_CASES = [
    ("below-target", R500, 490, 480, 3, "continue"),
    ("ns-reaches-target", R500, 500, 480, 3, Team.NS),
    ("ew-reaches-target-ew-higher", R500, 480, 510, 3, Team.EW),
    ("ew-higher-ns-not-first", R500, 130, 505, 7, Team.EW),
    ("both-over-ns-higher", R500, 520, 510, 5, Team.NS),
    ("both-over-ew-higher", R500, 510, 520, 5, Team.EW),
    ("both-over-equal", R500, 510, 510, 5, "continue"),
    ("exactly-target-equal", R500, 500, 500, 8, "continue"),
    ("below-target-equal", R500, 499, 499, 8, "continue"),
    ("hand-limit-ns-higher", R500, 100, 90, 30, Team.NS),
    ("hand-limit-ew-higher", R500, 90, 100, 30, Team.EW),
    ("hand-limit-equal-draw", R500, 90, 90, 30, "draw"),
    ("hand-limit-over-target-equal-draw", R500, 510, 510, 30, "draw"),
    ("hand-29-equal", R500, 90, 90, 29, "continue"),
    ("custom-limit-10", SHORT, 40, 30, 10, Team.NS),
    ("custom-limit-9", SHORT, 40, 30, 9, "continue"),
    ("floor-ns", R500, -200, 50, 4, Team.EW),
    ("floor-ew", R500, 50, -250, 4, Team.NS),
    ("just-above-floor", R500, -199, 50, 4, "continue"),
    ("floor-off", NOFLOOR, -200, 50, 4, "continue"),
    ("floor-off-deep", NOFLOOR, -900, 50, 4, "continue"),
    ("both-below-floor-higher-wins", R500, -250, -300, 4, Team.NS),
    ("both-at-floor-equal", R500, -200, -200, 4, "continue"),
    ("floor-and-target", R500, -210, 500, 4, Team.EW),
    ("quick-target-250", R250, 250, 0, 4, Team.NS),
    ("quick-target-below", R250, 249, 0, 4, "continue"),
]


@pytest.mark.parametrize("rules,ns,ew,hands,expected",
                         [c[1:] for c in DECIDE_CASES], ids=[c[0] for c in DECIDE_CASES])
def test_decide_game_golden(rules: Rules, ns: int, ew: int, hands: int,
                            expected: object) -> None:
    result = decide_game(rules, {Team.NS: ns, Team.EW: ew}, hands)
    if expected == "continue":
        assert result is None
        return
    assert isinstance(result, GameResult)
    assert result.scores == (ns, ew)
    assert result.hands_played == hands
    if expected == "draw":
        assert result.winner is None
    else:
        assert result.winner is expected


def test_defaults_match_spec() -> None:
    r = Rules()
    assert (r.target_score, r.floor_score, r.bag_penalty, r.blind_nil, r.max_hands) == (
        500, -200, True, False, 30)


@pytest.mark.parametrize("target", list(range(100, 1001, 50)))
def test_target_choices_accepted(target: int) -> None:
    assert Rules(target_score=target).target_score == target


@pytest.mark.parametrize("target", [1050, 120, 50, 0, -100, 99, 1001, 525])
def test_target_choices_rejected(target: int) -> None:
    with pytest.raises(ValueError):
        Rules(target_score=target)


def test_floor_setting_on_and_off() -> None:
    # default on: -200 is at the floor -> game over (EW higher).
    on = decide_game(Rules(), {Team.NS: -200, Team.EW: -10}, 2)
    assert on is not None and on.winner is Team.EW
    off = decide_game(Rules(floor_score=None), {Team.NS: -200, Team.EW: -10}, 2)
    assert off is None


def test_bad_input_is_reported_team_by_team_north_south_first() -> None:
    """With several faults, the message names the first one in the order South, North,
    West, East."""
    bids = {Seat.SOUTH: Bid(3), Seat.NORTH: Bid(3), Seat.EAST: Bid(3)}  # West missing
    tricks = {Seat.SOUTH: 4, Seat.WEST: 3, Seat.NORTH: -1, Seat.EAST: 3}
    with pytest.raises(ValueError, match="cannot be negative"):
        score_hand(Rules(), bids, tricks, {Team.NS: 0, Team.EW: 0})
    tricks[Seat.NORTH] = 3
    with pytest.raises(ValueError, match="for West"):
        score_hand(Rules(), bids, tricks, {Team.NS: 0, Team.EW: 0})
