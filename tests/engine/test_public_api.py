"""The engine's public names (its imports are checked by the contracts in pyproject.toml)."""

from __future__ import annotations

import spades_desktop.engine as engine


def test_public_api_names_exist() -> None:
    names = [
        "Seat", "Team", "Card", "Bid", "Rules", "HandScore", "GameResult",
        "IllegalActionError", "parse_card", "score_hand", "decide_game", "new_game",
        "legal_actions", "apply_action", "observe", "replay", "action_to_str",
        "parse_action", "state_digest", "trick_winner", "deal_hands", "shuffled_deck",
        "SplitMix64", "Phase", "PlayerView", "validate_deal", "sort_hand",
    ]
    missing = [n for n in names if not hasattr(engine, n)]
    assert not missing
    assert set(names) <= set(engine.__all__)
