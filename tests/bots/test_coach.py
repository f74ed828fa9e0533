"""The coach: hints and hand reviews on positions built by hand, where the right card
is known from the rules (docs/rules.md §2–§4), the double-dummy count against a plain
minimax, determinism, cancellation and the view-only hint.

Positions: the first tricks of the hand are "filler" in clubs, diamonds and hearts,
everyone following suit, each won by a chosen seat; the last four or five tricks hold
the situation under test. Every card is played through the engine, which checks it.
Small budgets keep the tests fast; the positions are chosen so that the right card is
better by tens of points.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence

import pytest

from spades_desktop.bots import make_bot
from spades_desktop.bots.coach import (
    Cancelled,
    Decision,
    Reason,
    hint,
    review_hand,
)
from spades_desktop.bots.sim import double_dummy
from spades_desktop.engine import (
    DECK,
    DECK_CARDS,
    LOOK_AT_HAND,
    Action,
    Bid,
    Card,
    GameState,
    HandRecord,
    HandScore,
    Phase,
    Rules,
    Seat,
    Suit,
    Team,
    TeamScores,
    apply_action,
    decision_views,
    new_game,
    observe,
    parse_card,
)
from spades_desktop.engine.core import LED_MASK, legal_mask, trick_winner_seat

S, W, N, E = Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST
BUDGET = 48


def _cards(text: str, deck: int = 0) -> list[Card]:
    return [parse_card(t, deck) for t in text.split()]


def _finish_hand(state: GameState) -> GameState:
    """Play on with Normal bots until the hand in play is scored."""
    bots = {seat: make_bot("normal") for seat in Seat}
    finished = len(state.hand_records)
    while len(state.hand_records) == finished:
        seat = state.current_player
        assert seat is not None
        state = apply_action(state, bots[seat].choose_action(observe(state, seat), 1))
    return state


def _earlier_hand(ns_bags: int = 0, ns_total: int = 49, ew_total: int = 50) -> HandRecord:
    """A finished first hand (played by Normal bots) whose score sheet gives
    North–South ``ns_total`` points and ``ns_bags`` bags, East–West ``ew_total`` points:
    the game's past, as the review receives it."""
    state = _finish_hand(new_game(Rules(), 77))
    record = state.hand_records[0]
    ns = HandScore(contract=ns_total - ns_bags, bags=ns_bags, nil=0, bag_penalty=0,
                   total=ns_total, bags_after=ns_bags, made=True)
    ew = HandScore(contract=ew_total, bags=0, nil=0, bag_penalty=0, total=ew_total,
                   bags_after=0, made=True)
    return dataclasses.replace(record, score=TeamScores(ns, ew))


def _second_hand(state: GameState, earlier: HandRecord) -> GameState:
    """``state`` (a new game) turned into the start of its second hand, South dealing,
    after the hand ``earlier``."""
    assert earlier.score is not None
    sheet = earlier.score
    return state.replace(
        hand_number=2, dealer=S, current_player=W, hand_records=(earlier,),
        score_list=(sheet[Team.NS].total, sheet[Team.EW].total),
        bag_list=(sheet[Team.NS].bags_after, sheet[Team.EW].bags_after))


def _scenario(final: Mapping[Seat, str], winners: Sequence[Seat], bids: Mapping[Seat, int],
              script: str = "", earlier: HandRecord | None = None,
              rules: Rules | None = None) -> GameState:
    """The position after the filler tricks (won by ``winners`` in turn) and the cards
    of ``script``; ``final`` holds each seat's cards left after the filler (spades and
    the side cards not used by it). With ``earlier``, the hand is the game's second
    (South deals) after that first hand. The game is played under ``rules`` (standard
    when ``None``), whose deck the cards are read in."""
    rules = rules or Rules()
    deck = rules.deck_number
    hands = {seat: _cards(final[seat], deck) for seat in Seat}
    used = {c for cs in hands.values() for c in cs}
    rest = [c for c in DECK_CARDS[deck] if c not in used]
    assert all(c.suit != Suit.SPADES for c in rest), "the filler has no spades"
    chunks: list[list[Card]] = []
    for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS):
        of_suit = sorted(c for c in rest if c.suit == suit)
        assert len(of_suit) % 4 == 0
        chunks += [of_suit[i:i + 4] for i in range(0, len(of_suit), 4)]
    assert len(chunks) == len(winners)
    plan: list[dict[Seat, Card]] = []
    for chunk, winner in zip(chunks, winners, strict=True):
        losers = [seat for seat in Seat if seat != winner]
        trick = {winner: chunk[3]} | dict(zip(losers, chunk[:3], strict=True))
        plan.append(trick)
        for seat, card in trick.items():
            hands[seat].append(card)
    state = new_game(rules, 1, deal=hands)
    if earlier is not None:
        state = _second_hand(state, earlier)
    while state.phase is Phase.BIDDING:
        seat = state.current_player
        assert seat is not None
        state = apply_action(state, Bid(bids[seat]))
    for trick, winner in zip(plan, winners, strict=True):
        leader = state.current_player
        assert leader is not None
        for k in range(4):
            state = apply_action(state, trick[Seat((leader + k) & 3)])
        assert state.trick_winners[-1] == winner
    for text in script.split():
        state = apply_action(state, parse_card(text, deck))
    return state


# -- the four situations -----------------------------------------------------------------

# A forced set: East–West bid 11 and have 8 after ten tricks; West leads 2H, North and
# East trump (3S, JS); only South's Q♠ beats the J♠, and it is South's last chance: the
# A♠ K♠ are West's. North–South have made their 2.
FORCED_SET = dict(
    final={S: "2C QS 5S 4S", W: "TS 2H AS KS", N: "2S 3S 6S 7S", E: "2D JS 8S 9S"},
    winners=[W, E, W, E, W, E, W, N, S], bids={S: 1, W: 6, N: 1, E: 5},
    script="2C TS 2S 2D 2H 3S JS", trick=11, right="QS", wrong="4S",
    reason=Reason.SET_THEM, arg=3)

# Cover partner's Nil, second seat: East leads 6♠ to trick 12. Every spade below it
# is gone or South's; North must follow with a spade if it has one, and West plays
# low against the Nil: only South's A♠, played now, keeps North from winning the trick
# (North holds 8♠ 2♥, West 7♠ 10♠). South has made its 4, so the A♠ costs a bag.
COVER_NIL = dict(
    final={S: "5S QS AS 2S", W: "2C JS 7S TS", N: "2D 3S 8S 2H", E: "4S KS 6S 9S"},
    winners=[S, W, E, S, W, E, S, E, W], bids={S: 4, W: 3, N: 0, E: 4},
    script="2C 2D 4S 5S  QS JS 3S KS  6S", trick=12, right="AS", wrong="2S",
    reason=Reason.COVER_PARTNER_NIL, arg=None)

# Duck at 9 bags: North–South have made their 4 and hold 9 bags; West leads 6♠, North
# 7♠, East 8♠: the 9♠ would take a bag (−100), a low spade loses, and every later trick
# holds a higher East spade, so South need take no trick at all.
DUCK_BAGS = dict(
    final={S: "9S 4S 3S 2S", W: "5S 6S QS KS", N: "7S 2C 2D 2H", E: "8S TS JS AS"},
    winners=[S, W, N, E, S, W, N, E, W], bids={W: 3, N: 2, E: 2, S: 2},
    script="6S 7S 8S", trick=10, right="2S", wrong="9S",
    reason=Reason.DUCK_AVOID_BAGS, arg=None, ns_bags=9)

# Cash the winner the contract needs: North–South need one more trick and South leads
# to trick 12 with A♥ 3♥. Every spade is out, so nothing can trump; the six hidden
# cards are three hearts (all above the 3♥) and three clubs. The A♥ led now takes the
# trick; after the 3♥ the seat that wins it may lead a club, and South, out of clubs,
# must throw the A♥ away.
CASH_WINNER = dict(
    final={S: "AH 3H JS QS KS AS", W: "4H KC 2D 2S 3S 4S", N: "5H 2C 5S 6S 7S JC",
           E: "6H QC 8S 9S TS AC"},
    winners=[W, E, S, W, E, N, W], bids={S: 5, W: 2, N: 2, E: 3},
    script="2D 5S 8S JS  KS 2S 6S 9S  QS 3S 7S TS  AS 4S JC AC", trick=12, right="AH",
    wrong="3H", reason=Reason.CASH_WINNER, arg=None)

SITUATIONS = {"forced_set": FORCED_SET, "cover_nil": COVER_NIL, "duck_bags": DUCK_BAGS,
              "cash_winner": CASH_WINNER}


def _position(case: dict[str, object], rules: Rules | None = None) -> GameState:
    bags = case.get("ns_bags")
    earlier = _earlier_hand(bags) if isinstance(bags, int) else None
    state = _scenario(case["final"], case["winners"], case["bids"],  # type: ignore[arg-type]
                      str(case["script"]), earlier, rules)
    assert state.current_player == S
    assert len(state.tricks) + 1 == case["trick"]
    return state


@pytest.mark.parametrize("name", sorted(SITUATIONS))
def test_hint_picks_the_right_card_with_its_reason(name: str) -> None:
    case = SITUATIONS[name]
    view = observe(_position(case), S)
    advice = hint(view, budget=BUDGET)
    assert advice.best == parse_card(str(case["right"]))
    assert advice.reason is case["reason"]
    assert advice.reason_arg == case["arg"]
    assert advice.candidates[0].action == advice.best
    points = [c.points for c in advice.candidates]
    assert points == sorted(points, reverse=True)
    wrong = parse_card(str(case["wrong"]))
    assert wrong in [c.action for c in advice.candidates]


def _reviewed_decision(case: dict[str, object], card: str, rules: Rules | None = None
                       ) -> Decision:
    deck = (rules or Rules()).deck_number
    state = _position(case, rules)
    state = apply_action(state, parse_card(card, deck))
    state = _finish_hand(state)
    record = state.hand_records[-1]
    review = review_hand(record, rules or Rules(), state.hand_records[:-1], budget=BUDGET)
    assert review.hand_number == record.hand_number
    assert [t.trick for t in review.tricks] == list(range(1, 14))
    assert review.mistakes == sum(d.mistake for d in review.decisions)
    assert review.points_lost == pytest.approx(sum(d.cost for d in review.decisions))
    (decision,) = [d for d in review.decisions if d.trick == case["trick"]]
    assert decision.kind == "card" and decision.made == parse_card(card, deck)
    return decision


@pytest.mark.parametrize("name", sorted(SITUATIONS))
def test_review_marks_the_wrong_card_and_not_the_right_one(name: str) -> None:
    case = SITUATIONS[name]
    right = parse_card(str(case["right"]))
    wrong = _reviewed_decision(case, str(case["wrong"]))
    assert wrong.mistake and wrong.cost > 0
    assert wrong.best == right
    assert wrong.reason is case["reason"]
    assert wrong.candidates[0].action == right
    good = _reviewed_decision(case, str(case["right"]))
    assert not good.mistake and good.cost == 0 and good.best == right
    assert good.reason is None


# -- under a scoring house rule --------------------------------------------------------------

# The cards of CASH_WINNER, but North–South bid 10 (South 6, North 4) and have taken 9 of
# the first 11 tricks (5 of the filler, then tricks 8 to 11): the A♥ led now takes their
# tenth trick whatever the hidden cards, the 3♥ gives it away whenever the seat that wins
# the 3♥ leads a club. East–West bid 2 and have taken 2: no set of theirs is in reach.
CASH_TENTH = dict(CASH_WINNER, winners=[S, N, S, N, S, E, W], bids={S: 6, W: 1, N: 4, E: 1})


def test_hint_under_10_for_200_values_the_sure_tenth_trick_at_200() -> None:
    """Under 10 for 200 the contract of 10 made scores 200 instead of 100 (docs/rules.md,
    10 for 200); a set scores −100 under both rules. The A♥ makes the contract in every
    deal, so its value rises by exactly 100; the 3♥ makes it only in some deals, so its
    value rises by less, and the A♥ leads by more than under the standard rules."""
    ace, low = parse_card("AH"), parse_card("3H")
    standard = hint(observe(_position(CASH_TENTH), S), budget=BUDGET)
    ten_for_200 = hint(observe(_position(CASH_TENTH, Rules(ten_for_200=True)), S),
                       budget=BUDGET)
    for advice in (standard, ten_for_200):
        assert advice.best == ace
        assert advice.reason is Reason.CASH_WINNER
    before = {c.action: c.points for c in standard.candidates}
    after = {c.action: c.points for c in ten_for_200.candidates}
    assert after[ace] - before[ace] == pytest.approx(100.0)
    assert -1e-9 <= after[low] - before[low] < 100.0
    assert after[ace] - after[low] > before[ace] - before[low]


def test_review_under_10_for_200_charges_the_lost_200() -> None:
    """The review of the hand in which South led the 3♥ from the position above: a
    mistake under both rules, the A♥ the better card, and dearer under 10 for 200
    (the A♥'s line gains 100, the 3♥'s line at most that)."""
    ten_for_200 = Rules(ten_for_200=True)
    standard = _reviewed_decision(CASH_TENTH, "3H")
    dearer = _reviewed_decision(CASH_TENTH, "3H", ten_for_200)
    for decision in (standard, dearer):
        assert decision.mistake and decision.best == parse_card("AH")
        assert decision.reason is Reason.CASH_WINNER
    assert dearer.cost > standard.cost
    good = _reviewed_decision(CASH_TENTH, "AH", ten_for_200)
    assert not good.mistake and good.cost == 0


# -- under the Joker-Joker-Deuce-Deuce deck ---------------------------------------------------

JJDD = Rules(deck="joker-joker-deuce-deuce")
"""The trumps from the top: BJ, LJ, 2♦, 2♠, A♠ … 3♠ (16); clubs, diamonds and hearts A
to 3 (docs/rules.md §1, Deck). Both positions below end with six cards each: the filler
is clubs (three tricks), diamonds and hearts (two each); the four last hearts and
diamonds and all sixteen spades are dealt as written."""

# South bid Nil. Trick 8: West leads 5♥, North trumps with 6♠, East and South follow
# (4♥, 3♥); tricks 9–11 are spades, West winning each (A♠, K♠, LJ) while South plays
# 3♠ 4♠ 5♠. Trick 12: West leads K♦, North and East follow with 3♦ and 4♦, and South
# holds the 2♦ and the 6♥. The 2♦ is a spade: South is void in diamonds, and the 2♦
# would trump the K♦ and take the trick, breaking the Nil. The 6♥ loses it; then the
# Big Joker, whoever holds it, takes the last trick over the 2♦ (it is its holder's last
# card), and the Nil is made in every deal South can imagine.
NIL_TWO_OF_DIAMONDS = dict(
    final={S: "3H 3S 4S 5S 2D 6H", W: "5H AS KS LJ KD 5D", N: "6S 7S 8S TS 3D BJ",
           E: "4H 9S JS 2S 4D QS"},
    winners=[W, E, N, W, E, N, W], bids={S: 0, W: 4, N: 3, E: 3},
    script="5H 6S 4H 3H  7S 9S 3S AS  KS 8S JS 4S  LJ TS 2S 5S  KD 3D 4D", trick=12,
    right="6H", wrong="2D", reason=Reason.PROTECT_OWN_NIL, arg=None)

# North bid Nil. Trick 8: West leads 5♥, North (void) discards 3♦, East follows 3♥ and
# South trumps with 4♠; South wins tricks 8 and 9 (K♠), East trick 10 with the 2♦ over
# South's Q♠, West trick 11 with the Little Joker over South's J♠ on East's 4♥ lead.
# Trick 12: West leads K♦, North, void in diamonds, must play a spade: its 2♠, East
# follows with 4♦, and South holds the Big Joker and the A♠. In this deck the 2♠ ranks
# above the A♠: only the Big Joker takes the trick from North, who then plays its 3♠
# under South's A♠ at the last trick.
COVER_NIL_BIG_JOKER = dict(
    final={S: "BJ AS KS QS JS 4S", W: "5H KD 5D 8S TS LJ", N: "3D 5S 6S 7S 2S 3S",
           E: "3H 4H 6H 9S 2D 4D"},
    winners=[S, W, E, S, W, E, W], bids={S: 6, W: 4, N: 0, E: 3},
    script="5H 3D 3H 4S  KS 8S 5S 9S  QS TS 6S 2D  4H JS LJ 7S  KD 2S 4D", trick=12,
    right="BJ", wrong="AS", reason=Reason.COVER_PARTNER_NIL, arg=None)

JJDD_SITUATIONS = {"nil_two_of_diamonds": NIL_TWO_OF_DIAMONDS,
                   "cover_nil_big_joker": COVER_NIL_BIG_JOKER}

JJDD_POINTS = {
    # Hand 1, no bags yet, a bag charged 10 points. The 6♥: the Nil +100, North's 3 made
    # (+30 and at least its 3 tricks), East–West's 7 made with West's trick 12 one bag
    # more than after the 2♦; the 2♦: the Nil −100 and its trick one bag (+1, charged
    # 10). Whatever the deal, the 6♥ is worth 200 + 10 − 1 (North–South) + 10 − 1
    # (East–West's bag) = 218 points more.
    "nil_two_of_diamonds": None,
    # One deal only is consistent with South's view (North void in hearts and diamonds
    # holds the 3♠; West, void in hearts, the 5♦; East the 6♥). The Big Joker: South
    # takes 6 (tricks 8, 9, 12, 13 and two of the filler) for its 6, +60, North's Nil
    # +100; East–West take 7 for their 7: +70; 160 − 70 = 90. The A♠: South takes 5,
    # set −60, the Nil −100 and its trick a bag (+1, charged 10): −169 against 70: −239.
    "cover_nil_big_joker": (90.0, -239.0),
}


@pytest.mark.parametrize("name", sorted(JJDD_SITUATIONS))
def test_hint_under_jjdd_reads_the_trumps_above_the_ace(name: str) -> None:
    case = JJDD_SITUATIONS[name]
    view = observe(_position(case, JJDD), S)
    advice = hint(view, budget=BUDGET)
    right = parse_card(str(case["right"]), JJDD.deck_number)
    wrong = parse_card(str(case["wrong"]), JJDD.deck_number)
    assert advice.best == right
    assert (advice.reason, advice.reason_arg) == (case["reason"], case["arg"])
    points = {c.action: c.points for c in advice.candidates}
    assert set(points) == {right, wrong}
    expected = JJDD_POINTS[name]
    if expected is None:
        assert points[right] - points[wrong] == pytest.approx(218.0)
    else:
        assert (points[right], points[wrong]) == pytest.approx(expected)


@pytest.mark.parametrize("name", sorted(JJDD_SITUATIONS))
def test_review_under_jjdd_marks_the_wrong_trump(name: str) -> None:
    case = JJDD_SITUATIONS[name]
    right = parse_card(str(case["right"]), JJDD.deck_number)
    wrong = _reviewed_decision(case, str(case["wrong"]), JJDD)
    assert wrong.mistake and wrong.best == right
    assert wrong.reason is case["reason"]
    assert wrong.cost > 200
    good = _reviewed_decision(case, str(case["right"]), JJDD)
    assert not good.mistake and good.cost == 0 and good.best == right


# -- the view only -------------------------------------------------------------------------


def test_hint_depends_only_on_souths_view() -> None:
    """Two deals that differ only in West's and East's unplayed spades give South the
    same view, and so the same hint (values included)."""
    base = dict(FORCED_SET)
    swapped = dict(FORCED_SET, final={S: "2C QS 5S 4S", W: "TS 2H AS 9S",
                                      N: "2S 3S 6S 7S", E: "2D JS 8S KS"})
    a = _position(base)
    b = _position(swapped)
    assert a != b
    view_a, view_b = observe(a, S), observe(b, S)
    assert view_a == view_b
    assert hint(view_a, budget=BUDGET) == hint(view_b, budget=BUDGET)


def test_decision_views_equal_what_south_saw_in_play() -> None:
    """The review rebuilds, from the hand's record, exactly the views the engine gave
    South at each decision, in a game of Normal bots (second hand: scores and bags from
    the first), with the action South took."""
    game = 31
    state = new_game(Rules(), game)
    bots = {seat: make_bot("normal") for seat in Seat}
    seen: list[tuple[object, object]] = []
    while len(state.hand_records) < 2:
        seat = state.current_player
        assert seat is not None
        view = observe(state, seat)
        action = bots[seat].choose_action(view, game)
        if seat == S and state.hand_number == 2:
            seen.append((view, action))
        state = apply_action(state, action)
    record = state.hand_records[1]
    rebuilt = list(decision_views(record, Rules(), state.hand_records[:1], game_number=game))
    assert rebuilt == seen


@pytest.mark.parametrize("blind", [False, True])
def test_decision_views_with_blind_nil_open(blind: bool) -> None:
    """South, 100 behind after the first hand with Blind Nil on, either looks at its
    cards and then bids (two bidding decisions: the look, then the bid with the cards
    seen) or bids Blind Nil unseen (one). The rebuilt views equal the engine's."""
    rules = Rules(blind_nil=True)
    earlier = _earlier_hand(ns_total=0, ew_total=100)
    state = _second_hand(new_game(rules, 8), earlier)
    bots = {seat: make_bot("normal") for seat in Seat}
    seen: list[tuple[object, object]] = []
    while len(state.hand_records) < 2:
        seat = state.current_player
        assert seat is not None
        view = observe(state, seat)
        action: Action
        if seat == S and state.phase is Phase.BIDDING and view.blind_nil_allowed:
            action = Bid(0, blind=True) if blind else LOOK_AT_HAND
        else:
            action = bots[seat].choose_action(view, 8)
        if seat == S:
            seen.append((view, action))
        state = apply_action(state, action)
    steps = list(decision_views(state.hand_records[1], rules, (earlier,), game_number=8))
    assert steps == seen
    if blind:
        assert steps[0][1] == Bid(0, blind=True) and len(steps) == 1 + 13
    else:
        assert steps[0][1] == LOOK_AT_HAND and steps[0][0].blind_nil_allowed
        assert isinstance(steps[1][1], Bid) and steps[1][0].cards_seen
        assert len(steps) == 2 + 13


# -- determinism and cancellation ----------------------------------------------------------


def test_hint_and_review_are_deterministic() -> None:
    state = _position(CASH_WINNER)
    view = observe(state, S)
    assert hint(view, budget=BUDGET) == hint(view, budget=BUDGET)
    done = _finish_hand(apply_action(state, parse_card("3H")))
    record = done.hand_records[-1]
    first = review_hand(record, Rules(), (), budget=16)
    second = review_hand(record, Rules(), (), budget=16)
    assert first == second


class _CancelAfter:
    def __init__(self, calls: int) -> None:
        self.limit = calls
        self.calls = 0

    def __call__(self) -> bool:
        self.calls += 1
        return self.calls >= self.limit


def test_cancel_raises_cancelled_at_once() -> None:
    """The callback is polled while working; the call that returns True is the last."""
    state = new_game(Rules(), 5)
    for bid in (3, 3, 3, 2):  # hand 1: South bids first and leads the first trick
        state = apply_action(state, Bid(bid))
    view = observe(state, S)
    assert view.current_player == S and view.phase is Phase.PLAYING
    for limit in (1, 5, 40):
        cancel = _CancelAfter(limit)
        with pytest.raises(Cancelled):
            hint(view, budget=400, cancel=cancel)
        assert cancel.calls == limit
    bidding = observe(new_game(Rules(), 5), S)
    for limit in (1, 3, 50):
        cancel = _CancelAfter(limit)
        with pytest.raises(Cancelled):
            hint(bidding, budget=400, cancel=cancel)
        assert cancel.calls == limit
    done = _finish_hand(state)
    cancel = _CancelAfter(30)
    with pytest.raises(Cancelled):
        review_hand(done.hand_records[0], Rules(), (), budget=400, cancel=cancel)
    assert cancel.calls == 30
    # Late in a review (the double-dummy counts of the last tricks) as well.
    counter = _CancelAfter(10**9)
    review_hand(done.hand_records[0], Rules(), (), budget=2, cancel=counter)
    late = _CancelAfter(counter.calls - 3)
    with pytest.raises(Cancelled):
        review_hand(done.hand_records[0], Rules(), (), budget=2, cancel=late)
    assert late.calls == late.limit


def test_review_reports_progress_to_the_end() -> None:
    state = _finish_hand(_position(CASH_WINNER))
    calls: list[tuple[int, int]] = []
    review_hand(state.hand_records[-1], Rules(), (), budget=8,
                progress=lambda done, total: calls.append((done, total)))
    totals = {t for _, t in calls}
    assert len(totals) == 1
    (total,) = totals
    assert [d for d, _ in calls] == list(range(1, total + 1))


def test_budget_below_one_is_refused() -> None:
    view = observe(_position(CASH_WINNER), S)
    with pytest.raises(ValueError):
        hint(view, budget=0)


# -- double dummy against a plain minimax ------------------------------------------------


def _minimax(hands: list[int], trick: list[int], leader: int, broken: bool,
             team: int) -> int:
    """The tricks ``team`` takes from here with all hands open, every card tried."""
    if not any(hands):
        return 0
    n = len(trick)
    seat = (leader + n) & 3
    legal = legal_mask(hands[seat], LED_MASK[trick[0]] if n else 0, broken)
    results = []
    m = legal
    while m:
        low = m & -m
        card = low.bit_length() - 1
        m ^= low
        hands[seat] ^= low
        played = trick + [card]
        nb = broken or card >= 39
        if n == 3:
            w = trick_winner_seat(played, leader)
            v = (1 if w & 1 == team else 0) + _minimax(hands, [], w, nb, team)
        else:
            v = _minimax(hands, played, leader, nb, team)
        hands[seat] ^= low
        results.append(v)
    return max(results) if seat & 1 == team else min(results)


def _random_end(rng: random.Random) -> tuple[list[int], list[int], int, bool]:
    """A random ending: 1–4 cards per seat from a random deck, a random leader and
    0–3 cards of the trick in play (legal for the seats that played them)."""
    size = rng.randint(1, 4)
    deck = rng.sample(range(52), 4 * size)
    hands = [0, 0, 0, 0]
    for i, c in enumerate(deck):
        hands[i % 4] |= 1 << c
    leader = rng.randrange(4)
    broken = rng.random() < 0.5
    trick: list[int] = []
    for k in range(rng.randrange(4)):
        seat = (leader + k) & 3
        legal = legal_mask(hands[seat], LED_MASK[trick[0]] if trick else 0, broken)
        cards = [c for c in range(52) if legal >> c & 1]
        card = rng.choice(cards)
        hands[seat] ^= 1 << card
        trick.append(card)
        broken = broken or card >= 39
    return hands, trick, leader, broken


def test_double_dummy_equals_a_plain_minimax_on_small_endings() -> None:
    rng = random.Random(2024)
    for _ in range(300):
        hands, trick, leader, broken = _random_end(rng)
        team = rng.randrange(2)
        values = double_dummy(hands, trick, leader, broken, team)
        assert values is not None
        seat = (leader + len(trick)) & 3
        legal = legal_mask(hands[seat], LED_MASK[trick[0]] if trick else 0, broken)
        assert set(values) == {c for c in range(52) if legal >> c & 1}
        for card, v in values.items():
            after = list(hands)
            after[seat] ^= 1 << card
            played = trick + [card]
            nb = broken or card >= 39
            if len(played) == 4:
                w = trick_winner_seat(played, leader)
                expected = (1 if w & 1 == team else 0) + _minimax(after, [], w, nb, team)
            else:
                expected = _minimax(after, played, leader, nb, team)
            assert v == expected, (hands, trick, leader, broken, team, card)


def test_review_gives_the_double_dummy_count_of_the_last_tricks() -> None:
    """Cash the winner, played right. Before South's lead of trick 12, with all cards
    known: the A♥ takes trick 12, West, North and East each follow with their only
    heart, and then South's 3♥ takes trick 13 (only clubs are left to them): two
    tricks, and only the A♥ reaches it (after the 3♥, East's 6♥ wins and East leads
    the Q♣, on which South must throw the A♥). At trick 13 the count is that trick."""
    state = _finish_hand(apply_action(_position(CASH_WINNER), parse_card("AH")))
    record = state.hand_records[-1]
    review = review_hand(record, Rules(), (), budget=4)
    twelve = review.tricks[11]
    assert twelve.double_dummy_tricks == 2
    assert twelve.best_cards == (parse_card("AH"),)
    last = record.tricks[12]
    assert last.card_of(S) == parse_card("3H")
    assert review.tricks[12].double_dummy_tricks == 1
    assert review.tricks[12].best_cards == (parse_card("3H"),)
    assert review.tricks[0].double_dummy_tricks is None  # a whole hand: not solved


# -- bids ----------------------------------------------------------------------------------


def test_bid_hint_makes_the_team_contract_exactly() -> None:
    """South deals (hand 2) and bids last, holding all thirteen spades: South takes
    every trick, North none. North bid 3, so 10 makes the contract of 13 exactly
    (+130, East–West set for −40: 170 points); 11 would be set, 9 leaves a bag."""
    hands = {S: _cards("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS")}
    rest = [c for c in DECK if c.suit != Suit.SPADES]
    for k, seat in enumerate((W, N, E)):
        hands[seat] = rest[13 * k:13 * k + 13]
    state = _second_hand(new_game(Rules(), 3, deal=hands), _earlier_hand())
    for bid in (2, 3, 2):  # West, North, East
        state = apply_action(state, Bid(bid))
    view = observe(state, S)
    advice = hint(view, budget=16)
    assert advice.best == Bid(10)
    assert (advice.reason, advice.reason_arg) == (Reason.BID_STRENGTH, 10)
    assert advice.candidates[0].points == pytest.approx(170.0)
    assert {Bid(9), Bid(11)} <= {c.action for c in advice.candidates}


def _all_spades_to_south() -> dict[Seat, list[Card]]:
    hands = {S: _cards("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS")}
    rest = [c for c in DECK if c.suit != Suit.SPADES]
    for k, seat in enumerate((W, N, E)):
        hands[seat] = rest[13 * k:13 * k + 13]
    return hands


def test_bid_hint_under_10_for_200_makes_the_contract_of_13() -> None:
    """The hand of the test above under 10 for 200: the contract of 13 made scores 200
    (not 130), so 10 is worth 200 + 40 for East–West's set = 240; 9 makes 12, also
    200, plus one bag that costs 10 while many hands remain (bag weight 100 / 10):
    200 + 1 − 10 + 40 = 231."""
    rules = Rules(ten_for_200=True)
    state = _second_hand(new_game(rules, 3, deal=_all_spades_to_south()), _earlier_hand())
    for bid in (2, 3, 2):  # West, North, East
        state = apply_action(state, Bid(bid))
    advice = hint(observe(state, S), budget=16)
    assert advice.best == Bid(10)
    points = {c.action: c.points for c in advice.candidates}
    assert points[Bid(10)] == pytest.approx(240.0)
    assert points[Bid(9)] == pytest.approx(231.0)


def test_bid_hint_under_suicide_takes_the_bid_and_leaves_north_the_nil() -> None:
    """Suicide, hand 1 (East deals): South bids first for North–South, holding every
    spade, so South takes all 13 tricks: 13 makes +130 and North, who must then bid
    Nil, makes it (+100); 12 makes +120 with a bag (−10 at bag weight 10) and the same
    Nil: 19 points less. South's Nil would leave North a bid of 4 or more to be set."""
    state = new_game(Rules(bidding="suicide"), 1, deal=_all_spades_to_south())
    assert state.current_player == S
    view = observe(state, S)
    assert Bid(3) not in view.legal and Bid(0) in view.legal
    advice = hint(view, budget=16)
    assert advice.best == Bid(13)
    points = {c.action: c.points for c in advice.candidates}
    assert points[Bid(13)] - points[Bid(12)] == pytest.approx(19.0)
    if Bid(0) in points:
        assert points[Bid(0)] < points[Bid(13)]


def test_blind_nil_hint_does_not_look_at_the_cards() -> None:
    """While Blind Nil is open South has not seen its cards: two deals that give South
    different cards (same game number, same public past) give the same advice, and
    the advice is Blind Nil or the look."""
    rules = Rules(blind_nil=True)
    earlier = _earlier_hand(ns_total=0, ew_total=300)
    advices = []
    for shift in (0, 13):
        order = DECK[shift:] + DECK[:shift]
        hands = {seat: list(order[13 * k:13 * k + 13]) for k, seat in enumerate(Seat)}
        state = _second_hand(new_game(rules, 4, deal=hands), earlier)
        while state.current_player != S:
            state = apply_action(state, Bid(3))
        view = observe(state, S)
        assert view.blind_nil_allowed
        advices.append(hint(view, budget=32))
    assert advices[0] == advices[1]
    assert {c.action for c in advices[0].candidates} == {Bid(0, blind=True), LOOK_AT_HAND}
    assert advices[0].reason in (Reason.BID_BLIND_NIL, Reason.LOOK_AT_CARDS)
