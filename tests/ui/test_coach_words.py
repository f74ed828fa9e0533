"""The coach's words say something true and read as one sentence (found in play: a
repeated "look at your cards", expected points without a unit)."""

from __future__ import annotations

from spades_desktop.bots.coach import Candidate, Reason
from spades_desktop.engine import LOOK_AT_HAND, Bid, parse_card
from spades_desktop.ui.coach_text import expected_points_text, hint_title, reason_text


def test_the_look_at_your_cards_hint_does_not_repeat_itself(qtbot) -> None:
    title = hint_title(LOOK_AT_HAND, Reason.LOOK_AT_CARDS, None)
    assert title.startswith("Hint: look at your cards \u2014 ")
    assert title.count("look at your cards") == 1
    assert "Blind Nil" in title


def test_expected_points_say_what_they_count(qtbot) -> None:
    line = expected_points_text([Candidate(Bid(3), 4.2, 0.5), Candidate(Bid(2), 2.6, 0.5)])
    assert line == ("Expected points this hand (your side minus theirs): "
                    "bid 3:\u00a0+4, bid 2:\u00a0+3")
    cards = [Candidate(parse_card("9C"), -31.7, 2.0), Candidate(parse_card("JC"), -33.4, 2.0),
             Candidate(LOOK_AT_HAND, 0.2, 0.0)]
    assert expected_points_text(cards) == (
        "Expected points this hand (your side minus theirs): "
        "9\u2663:\u00a0\u221232, J\u2663:\u00a0\u221233, look at your cards:\u00a00")


def test_the_singleton_lead_reason_speaks_of_trumping(qtbot) -> None:
    text = reason_text(Reason.LEAD_SINGLETON)
    assert "only card of this suit" in text and "trump" in text
    assert "drive out" not in text
    assert parse_card("9H").label == "9\u2665"  # the card the play-test saw
