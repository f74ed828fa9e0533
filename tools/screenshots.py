#!/usr/bin/env python3
"""Render the screenshots of docs/ offscreen, as a player sees the window.

Each picture is rendered in its own process (the scale factor is read when Qt starts):

- ``docs/table.png``: mid-game at 1600×1000 in English (the README's picture);
- ``docs/table-1600x1000-zh_CN.png``: the same in Simplified Chinese (needs a CJK font, e.g.
  Debian's ``fonts-noto-cjk``);
- ``docs/table-800x600.png``: the smallest usual screen;
- ``docs/table-scale1.5.png``: ``QT_SCALE_FACTOR=1.5`` on a 1600×1000 window;
- ``docs/hand-summary.png`` and ``docs/hand-summary-zh_CN.png``: the end-of-hand summary;
- ``docs/review.png``: the hand review window, analysed;
- ``docs/table-four-colour.png``: the four-colour deck at 1600×1000;
- ``docs/table-large-cards-800x600.png``: large cards on the smallest usual screen;
- ``docs/table-high-contrast.png``: the high-contrast look at 1600×1000;
- ``docs/table-claim-granted.png``: a granted claim being played out, at 800×600;
- ``docs/table-jokers.png``: a Joker-Joker-Deuce-Deuce game at 1600×1000: South, void in
  the clubs led, holds the Big Joker and the 2♦ (a spade here) and raises the 2♦ to trump
  (docs/rules.md §1, Deck).

Usage::

    python tools/screenshots.py            # all of them
    python tools/screenshots.py table      # one (a name above, without .png)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SHOTS: dict[str, dict[str, object]] = {
    "table": {"size": [1600, 1000], "language": "en", "scene": "play"},
    "table-1600x1000-zh_CN": {"size": [1600, 1000], "language": "zh_CN", "scene": "play"},
    "table-800x600": {"size": [800, 600], "language": "en", "scene": "play"},
    "table-scale1.5": {"size": [1066, 666], "language": "en", "scene": "play", "scale": 1.5},
    "hand-summary": {"size": [1600, 1000], "language": "en", "scene": "summary"},
    "hand-summary-zh_CN": {"size": [1600, 1000], "language": "zh_CN", "scene": "summary"},
    "review": {"size": [1280, 900], "language": "en", "scene": "review"},
    "table-four-colour": {"size": [1600, 1000], "language": "en", "scene": "play",
                          "looks": {"four_colour_deck": True}},
    "table-large-cards-800x600": {"size": [800, 600], "language": "en", "scene": "play",
                                  "looks": {"card_size": "large"}},
    "table-high-contrast": {"size": [1600, 1000], "language": "en", "scene": "play",
                            "looks": {"high_contrast": True}},
    "table-claim-granted": {"size": [800, 600], "language": "en", "scene": "claim"},
    "table-jokers": {"size": [1600, 1000], "language": "en", "scene": "jokers"},
}
"""Name → window size (logical pixels), language, what is shown, the scale factor, the
looks' settings (``Settings`` fields: the four-colour deck, the card size, high contrast)."""

GAME_NUMBER = 2026


def _settle(ms: int = 600) -> None:
    from PySide6.QtCore import QCoreApplication, QElapsedTimer, QEventLoop

    timer = QElapsedTimer()
    timer.start()
    while timer.elapsed() < ms:
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)


def _position(scene: str):  # type: ignore[no-untyped-def]
    """A game played by Normal bots: mid-play in hand 2 with South to play, or hand 1
    just finished (for the summary and the review)."""
    from update_translations import play_normal  # tools/, beside this script

    from spades_desktop.engine import Phase, Seat

    def done(state) -> bool:  # type: ignore[no-untyped-def]
        if scene == "play":
            return (state.hand_number == 2 and state.phase is Phase.PLAYING
                    and state.current_player == Seat.SOUTH
                    and len(state.hand_record.tricks) >= 4)
        return len(state.hand_records) == 1

    return play_normal(GAME_NUMBER, done)


CLAIM_DEAL = {
    "SOUTH": "AS KS QS JS TS 9S 8S AH KH QH AD KD QD",
    "NORTH": "7S 6S 5S 4S 3S 2S JH TH AC KC QC JC TC",
    "WEST": "9H 8H 7H 6H JD TD 9D 8D 9C 8C 7C 6C 5C",
    "EAST": "5H 4H 3H 2H 7D 6D 5D 4D 3D 2D 4C 3C 2C",
}
"""North–South hold every spade and the top cards of the other suits: once a trick is
played, South's claim of the rest is granted."""


def _claim_position():  # type: ignore[no-untyped-def]
    """The claim deal bid 7, 1, 5, 1 and its first trick played (South leads A♥ and
    wins), South to lead again."""
    from spades_desktop.engine import (
        Bid,
        Rules,
        Seat,
        apply_action,
        legal_actions,
        new_game,
        parse_card,
    )

    deal = {Seat[seat]: [parse_card(c) for c in cards.split()]
            for seat, cards in CLAIM_DEAL.items()}
    state = new_game(Rules(), 5, deal)
    actions = [Bid(7), Bid(1), Bid(5), Bid(1), parse_card("AH")]
    for action in actions:
        state = apply_action(state, action)
    while state.current_player != Seat.SOUTH:
        actions.append(legal_actions(state)[0])
        state = apply_action(state, actions[-1])
    return state, actions, deal


JOKER_DEAL = {
    "SOUTH": "BJ 2D AS KS 7S AH QH 9H 5H AD KD 6D 4D",
    "WEST": "LJ QS 9S 4S KH TH 3H AC KC QC 5C 9D 3D",
    "NORTH": "2S JS TS 8S 3S JH 8H 4H JC TC 4C QD 5D",
    "EAST": "6S 5S 7H 6H 9C 8C 7C 6C 3C JD TD 8D 7D",
}
"""A Joker-Joker-Deuce-Deuce deal (docs/rules.md §1, Deck): South holds the Big Joker and
the 2♦ (a spade here) and no club, West the Little Joker, North the 2♠ above the ace."""

JOKER_ACTIONS = "AH 3H 4H 6H AD 3D 5D 7D 9H KH 8H 7H AC 4C 3C"
"""After the bids 5, 3, 3, 1: South wins the first two tricks with the A♥ and the A♦,
West the third with the K♥, and leads the A♣; North and East follow, and South, void in
clubs, may play any card."""
JOKER_RAISED = "2D"
"""The card South raises in the picture: the 2♦, to trump the A♣."""


def _joker_position():  # type: ignore[no-untyped-def]
    """The joker deal bid and played up to South's card in the third trick."""
    from spades_desktop.engine import Bid, Rules, Seat, apply_action, new_game, parse_card

    rules = Rules(deck="joker-joker-deuce-deuce")
    deal = {Seat[seat]: [parse_card(c, rules.deck_number) for c in cards.split()]
            for seat, cards in JOKER_DEAL.items()}
    state = new_game(rules, 7, deal)
    actions = [Bid(5), Bid(3), Bid(3), Bid(1),
               *(parse_card(c, rules.deck_number) for c in JOKER_ACTIONS.split())]
    for action in actions:
        state = apply_action(state, action)
    return state, actions, deal


def render(name: str) -> Path:
    """Render shot ``name`` in this process (QT_SCALE_FACTOR already set)."""
    spec = SHOTS[name]
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QPointF, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0]])
    import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
    from spades_desktop.controller import GameController
    from spades_desktop.engine import parse_card
    from spades_desktop.persistence import Settings
    from spades_desktop.ui import i18n
    from spades_desktop.ui.main_window import MainWindow

    language = str(spec["language"])
    if i18n.apply_language(language).language != language:
        raise RuntimeError(f"{language} could not be used (is a CJK font installed?)")
    scene = str(spec["scene"])
    width, height = spec["size"]  # type: ignore[misc]
    controller = GameController(None)
    looks: dict[str, object] = dict(spec.get("looks", {}))  # type: ignore[call-overload]
    speed = 1.0 if scene == "claim" else 0.0  # the claim's note shows while cards move
    window = MainWindow(controller, Settings(animation_speed=speed, language=language,
                                             **looks), None)
    path = ROOT / "docs" / f"{name}.png"
    try:
        window.resize(int(width), int(height))
        window.show()
        if scene in ("play", "jokers"):
            if scene == "play":
                state, actions = _position("play")
                controller.resume(state, actions, "normal")
            else:
                state, actions, deal = _joker_position()
                controller.resume(state, actions, "normal", deal)
            _settle()
            # South's first legal card raised, as a player about to play it
            shot = window.scene.snapshot()
            assert shot.view is not None
            card = (next(a for a in shot.view.legal) if scene == "play"
                    else parse_card(JOKER_RAISED, state.rules.deck_number))
            rect = shot.hand[card].rect  # later cards lie over its right side: click its left
            point = QPointF(rect.left() + rect.width() * 0.12, rect.center().y())
            QTest.mouseClick(window.table.viewport(), Qt.MouseButton.LeftButton,
                             pos=window.table.mapFromScene(point))
            _settle(300)
            target = window.grab()
        elif scene == "claim":
            state, actions, deal = _claim_position()
            controller.resume(state, actions, "normal", deal)
            _settle()
            granted: list[bool] = []
            controller.claim_granted.connect(lambda: granted.append(True))
            window.action("claim").trigger()
            while not granted:
                _settle(50)
            _settle(1400)  # two or three cards of the playing out
            if not window.scene.claim_note:
                raise RuntimeError("the granted claim's note is not shown")
            target = window.grab()
        else:
            state, actions = _position("summary")
            # resume one card before the end of hand 1: the table plays it and shows the
            # summary, as in a game
            from spades_desktop.engine import replay

            before = replay(state.rules, GAME_NUMBER, actions[:-1])
            controller.bot_seats = frozenset(controller.bot_seats) | {before.current_player}
            controller.resume(before, actions[:-1], "normal")
            _settle(2500)
            if scene == "summary":
                target = window.grab()
            else:
                window.coach.review_budget = 240
                review = window.coach.open_review(controller.state.hand_records, 0,
                                            controller.state.rules, GAME_NUMBER)
                review.resize(int(width), int(height))
                finished: list[object] = []
                review.analysis_finished.connect(finished.append)
                from PySide6.QtCore import QCoreApplication

                while not finished:
                    QCoreApplication.processEvents()
                review.go_to(5)
                _settle(300)
                target = review.grab()
        path.parent.mkdir(parents=True, exist_ok=True)
        if not target.save(str(path), "PNG"):
            raise RuntimeError(f"could not write {path}")
    finally:
        controller.shutdown()
        window.close()
    del app
    return path


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["--one"]:
        print(json.dumps(str(render(args[1]))))
        return 0
    names = args or list(SHOTS)
    for name in names:
        if name not in SHOTS:
            print(f"unknown shot {name!r}; one of {', '.join(SHOTS)}", file=sys.stderr)
            return 2
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        scale = SHOTS[name].get("scale")
        if scale is not None:
            env["QT_SCALE_FACTOR"] = str(scale)
        else:
            env.pop("QT_SCALE_FACTOR", None)
        done = subprocess.run([sys.executable, __file__, "--one", name], env=env,
                              capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            print(done.stderr, file=sys.stderr)
            return 1
        print(f"wrote docs/{name}.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
