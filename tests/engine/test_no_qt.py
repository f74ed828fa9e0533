"""The engine is pure Python: it imports and plays without PySide6."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import spades_desktop.engine as engine

ENGINE_DIR = Path(engine.__file__).parent


def test_engine_imports_with_pyside6_unimportable() -> None:
    code = (
        "import sys\n"
        "sys.modules['PySide6'] = None\n"
        "import spades_desktop.engine as e\n"
        "s = e.new_game(e.Rules(), 1)\n"
        "while s.current_player is not None:\n"
        "    s = e.apply_action(s, e.legal_actions(s)[0])\n"
        "assert s.result is not None\n"
        "bad = [m for m, v in sys.modules.items() if 'PySide6' in m and v is not None]\n"
        "assert not bad, bad\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_no_qt_or_io_import_in_engine_sources() -> None:
    banned = {"PySide6", "PyQt5", "PyQt6", "shiboken6", "platformdirs", "random"}
    for source in ENGINE_DIR.glob("*.py"):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in banned, (source.name, name)


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
