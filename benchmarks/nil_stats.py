"""Nil figures of two levels over arena deals: single and double Nil, Nil bid next to an
opponent's Nil, and what the other side does against a Blind Nil.

Plays the arena's deals (``spades_desktop.arena.match.game_number_for``) the way the arena
does, one bot per level, and reads every finished hand's record. With ``--duplicate``
each deal is played twice, the levels exchanging seats. Figures are per level ("ns" is
the level given as ``--ns``, wherever it sat).

    python benchmarks/nil_stats.py --ns expert --ew expert --hands 200 --duplicate --seed 1
    python benchmarks/nil_stats.py --ns expert --ew normal --games 40 --blind-nil --duplicate

Output: one JSON object. Decision times (ms) are wall-clock figures; the rest is fixed
by the seed.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from spades_desktop.arena.match import MatchConfig, create_bot, game_number_for
from spades_desktop.arena.stats import percentile
from spades_desktop.bots import Bot
from spades_desktop.engine import Seat, Team, apply_action, new_game, observe

_BOTS: dict[tuple[str, str], Bot] = {}


def _bot(level: str, kwargs: dict[str, Any]) -> Bot:
    """One bot per level and constructor arguments, as the arena keeps them."""
    key = (level, repr(sorted(kwargs.items())))
    if key not in _BOTS:
        _BOTS[key] = create_bot(level, kwargs)
    return _BOTS[key]


def _side_stats() -> dict[str, Any]:
    return {"hands": 0, "points": 0, "contracts": 0, "sets": 0,
            "nil_bid": 0, "nil_made": 0,
            "double_nil_hands": 0, "double_nil_both_made": 0, "double_nil_points": 0,
            "nil_after_opp_nil": 0, "nil_after_opp_nil_made": 0,
            "opp_blind_nil_hands": 0, "opp_blind_nil_set": 0, "nil_after_opp_blind_nil": 0,
            "points_vs_blind_nil": 0,
            "blind_nil_bid": 0, "blind_nil_made": 0}


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--ns", default="expert")
    p.add_argument("--ew", default="expert")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--hands", type=int)
    g.add_argument("--games", type=int)
    p.add_argument("--target", type=int, default=500)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--duplicate", action="store_true")
    p.add_argument("--blind-nil", action="store_true")
    p.add_argument("--start", type=int, default=0, help="first deal index")
    p.add_argument("--ns-arg", action="append", default=[], metavar="NAME=VALUE",
                   help="a constructor argument of the --ns side's bot (JSON value)")
    p.add_argument("--ew-arg", action="append", default=[], metavar="NAME=VALUE",
                   help="a constructor argument of the --ew side's bot (JSON value)")
    args = p.parse_args()
    side_kwargs = {side: {k: json.loads(v) for k, _, v in (a.partition("=") for a in items)}
                   for side, items in (("ns", args.ns_arg), ("ew", args.ew_arg))}
    mode = "games" if args.games else "hands"
    count = args.games or args.hands or 100
    config = MatchConfig(ns=args.ns, ew=args.ew, count=count, mode=mode, target=args.target,
                         seed=args.seed, duplicate=args.duplicate, blind_nil=args.blind_nil)
    stats = {"ns": _side_stats(), "ew": _side_stats()}
    times: dict[str, list[float]] = {"ns": [], "ew": []}
    start_clock = time.perf_counter()
    unit_margins: list[float] = []
    for index in range(args.start, args.start + count):
        before = stats["ns"]["points"] - stats["ew"]["points"]
        hands_before = stats["ns"]["hands"]
        for swapped in ((False, True) if args.duplicate else (False,)):
            number = game_number_for(args.seed, index)
            ns_level, ew_level = (args.ew, args.ns) if swapped else (args.ns, args.ew)
            level_of = {Team.NS: ns_level, Team.EW: ew_level}
            side_of = ({Team.NS: "ew", Team.EW: "ns"} if swapped
                       else {Team.NS: "ns", Team.EW: "ew"})
            kw_of = ({Team.NS: side_kwargs["ew"], Team.EW: side_kwargs["ns"]} if swapped
                     else {Team.NS: side_kwargs["ns"], Team.EW: side_kwargs["ew"]})
            bots = {s: _bot(level_of[s.team], kw_of[s.team]) for s in Seat}
            state = new_game(config.rules, number)
            while not state.is_terminal:
                seat = state.current_player
                assert seat is not None
                view = observe(state, seat)
                t0 = time.perf_counter()
                action = bots[seat].choose_action(view, number)
                times[side_of[seat.team]].append((time.perf_counter() - t0) * 1000)
                state = apply_action(state, action)
                if mode == "hands" and state.hand_records:
                    break
            for rec in state.hand_records:
                assert rec.score is not None
                order = [Seat((rec.dealer + 1 + k) % 4) for k in range(4)]
                for team in Team:
                    st = stats[side_of[team]]
                    seats = [s for s in Seat if s.team == team]
                    opp = [s for s in Seat if s.team != team]
                    score = rec.score[team]
                    st["hands"] += 1
                    st["points"] += score.total
                    if score.made is not None:
                        st["contracts"] += 1
                        st["sets"] += score.made is False
                    bids = {s: rec.bids[s] for s in Seat}
                    nils = [s for s in seats if bids[s] is not None and bids[s].is_nil
                            and not bids[s].blind]
                    for s in seats:
                        b = bids[s]
                        if b is not None and b.is_nil and b.blind:
                            st["blind_nil_bid"] += 1
                            st["blind_nil_made"] += rec.tricks_won[s] == 0
                    for s in nils:
                        st["nil_bid"] += 1
                        st["nil_made"] += rec.tricks_won[s] == 0
                        earlier = order[:order.index(s)]
                        if any(bids[o] is not None and bids[o].is_nil
                               for o in opp if o in earlier):
                            st["nil_after_opp_nil"] += 1
                            st["nil_after_opp_nil_made"] += rec.tricks_won[s] == 0
                    if len(nils) == 2:
                        st["double_nil_hands"] += 1
                        st["double_nil_both_made"] += all(rec.tricks_won[s] == 0 for s in nils)
                        st["double_nil_points"] += score.total
                    blind_opp = [o for o in opp if bids[o] is not None and bids[o].is_nil
                                 and bids[o].blind]
                    if blind_opp:
                        st["opp_blind_nil_hands"] += 1
                        st["opp_blind_nil_set"] += any(rec.tricks_won[o] > 0 for o in blind_opp)
                        st["points_vs_blind_nil"] += score.total - rec.score[
                            Team(1 - team)].total
                        st["nil_after_opp_blind_nil"] += sum(
                            1 for s in seats if bids[s] is not None and bids[s].is_nil
                            and not bids[s].blind)
        unit_margins.append((stats["ns"]["points"] - stats["ew"]["points"] - before)
                            / max(1, stats["ns"]["hands"] - hands_before))
    out: dict[str, Any] = {"args": vars(args), "levels": {"ns": args.ns, "ew": args.ew},
                           "stats": stats,
                           "elapsed_s": round(time.perf_counter() - start_clock, 1)}
    for side in ("ns", "ew"):
        st = stats[side]
        st["set_rate"] = round(st["sets"] / st["contracts"], 4) if st["contracts"] else None
        st["points_per_hand"] = round(st["points"] / st["hands"], 2) if st["hands"] else None
    n = len(unit_margins)
    mean = sum(unit_margins) / n
    sd = (sum((m - mean) ** 2 for m in unit_margins) / max(1, n - 1)) ** 0.5
    out["margin_ci95_ns"] = [round(mean - 1.96 * sd / n ** 0.5, 2),
                             round(mean + 1.96 * sd / n ** 0.5, 2)]
    out["margin_per_hand_ns"] = round(
        (stats["ns"]["points"] - stats["ew"]["points"]) / max(1, stats["ns"]["hands"]), 2)
    out["decision_ms"] = {lv: {"n": len(v), "p50": round(percentile(sorted(v), 0.5), 2),
                               "p95": round(percentile(sorted(v), 0.95), 2)}
                          for lv, v in times.items() if v}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
