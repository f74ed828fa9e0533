"""The arena's command line: ``python -m spades_desktop.arena``."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from typing import Any, TextIO

from spades_desktop.bots import LEVELS
from spades_desktop.engine import DEFAULT_TARGET_SCORE, TARGET_CHOICES
from spades_desktop.engine.rules import HOUSE_RULES, PRESETS, parse_option

from .match import BASELINE, MatchConfig, Mode, PlayRecord, run_match

DESCRIPTION = """\
Play computer players against each other without a window and report the result.

Every figure is given for the level named by --ns and the level named by --ew,
wherever they sat: with --duplicate each deal is played a second time with the
levels exchanged (the --ns level then sits East-West), and both plays count.
The margin is the --ns level's points minus the --ew level's points per hand.
The win rate counts a draw as half a win; its interval is Wilson's 95% interval.
Everything but the decision times is fixed by --seed, whatever --jobs is.
"""

EPILOG = """\
examples:
  python -m spades_desktop.arena --ns normal --ew easy --games 200 --target 250 --jobs 2
  python -m spades_desktop.arena --ns expert --ew normal --hands 500 --duplicate --json
  python -m spades_desktop.arena --ns expert --ew normal --hands 50 --duplicate --jobs 1
      --bot-arg expert:samples=8 --bot-arg expert:play_budget=4000   (a small budget)
  python -m spades_desktop.arena --baseline benchmarks/baseline_expert.py
      --ns expert --ew baseline --hands 500 --duplicate --jobs 2   (against a pinned bot)
"""


def _parse_value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def _bot_kwargs(args: argparse.Namespace, parser: argparse.ArgumentParser,
                ) -> dict[str, dict[str, Any]]:
    kwargs: dict[str, dict[str, Any]] = {}
    for item in args.bot_arg:
        level, sep, rest = item.partition(":")
        name, eq, value = rest.partition("=")
        if not sep or not eq or not name:
            parser.error(f"--bot-arg wants LEVEL:NAME=VALUE, not {item!r}")
        kwargs.setdefault(level, {})[name] = _parse_value(value)
    return kwargs


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m spades_desktop.arena``."""
    p = argparse.ArgumentParser(
        prog="python -m spades_desktop.arena", description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--ns", default="normal", choices=(*LEVELS, BASELINE),
                   help="level of North-South (in the first play of a deal; default: normal)")
    p.add_argument("--ew", default="easy", choices=(*LEVELS, BASELINE),
                   help="level of East-West (in the first play of a deal; default: easy)")
    count = p.add_mutually_exclusive_group()
    count.add_argument("--games", type=int, metavar="N",
                       help="play N whole games (default: 100)")
    count.add_argument("--hands", type=int, metavar="N",
                       help="play N single hands instead (fresh deals, scores 0-0)")
    p.add_argument("--target", type=int, default=None,
                   help=f"target score, {TARGET_CHOICES[0]}-{TARGET_CHOICES[-1]} in steps of "
                        f"{TARGET_CHOICES[1] - TARGET_CHOICES[0]} "
                        f"(default: {DEFAULT_TARGET_SCORE})")
    p.add_argument("--seed", type=int, default=1,
                   help="fixes every deal of the match (default: 1)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                   help="worker processes (default: the number of CPUs); for clean decision "
                        "times use 1")
    p.add_argument("--duplicate", action="store_true",
                   help="play every deal twice, the levels exchanging seats")
    p.add_argument("--blind-nil", action="store_true", help="allow Blind Nil")
    p.add_argument("--bot-arg", action="append", default=[], metavar="LEVEL:NAME=VALUE",
                   help="a keyword argument for a level's bot constructor, e.g. a "
                        "search budget: expert:samples=8 (repeatable; VALUE is read as "
                        "JSON when it parses, else as text)")
    p.add_argument("--rules", choices=tuple(PRESETS), metavar="PRESET",
                   help="a preset of the house rules, applied before any --rule: "
                        f"{', '.join(PRESETS)} (its target unless --target is given)")
    p.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                   help="a house rule, e.g. nil_points=50 or ten_for_200=on (repeatable; "
                        f"NAME one of {', '.join(o.name for o in HOUSE_RULES)})")
    p.add_argument("--baseline", metavar="FILE",
                   help="a Python file defining make_bot(**kwargs): the level 'baseline' "
                        "then plays that bot (e.g. benchmarks/baseline_expert.py, the "
                        "Expert of an earlier version)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object instead of the text report")
    bar = p.add_mutually_exclusive_group()
    bar.add_argument("--progress", dest="progress", action="store_true", default=None,
                     help="always show the progress bar (on stderr)")
    bar.add_argument("--no-progress", dest="progress", action="store_false",
                     help="never show the progress bar")
    return p


class ProgressBar:
    """A one-line progress bar on a terminal stream: plays done, the running tally,
    elapsed time and an estimate of the time left."""

    WIDTH = 28

    def __init__(self, stream: TextIO, ns: str, ew: str) -> None:
        self.stream = stream
        self.labels = (ns, ew) if ns != ew else (f"{ns}(ns)", f"{ew}(ew)")
        self.start = time.perf_counter()
        self.wins = {"ns": 0, "ew": 0, "draw": 0}
        self.last_len = 0

    def __call__(self, done: int, total: int, new: Sequence[PlayRecord]) -> None:
        for r in new:
            self.wins[r.winner or "draw"] += 1
        elapsed = time.perf_counter() - self.start
        filled = self.WIDTH * done // max(1, total)
        eta = f"{elapsed * (total - done) / done:.0f}s left" if done else "…"
        line = (f"[{'#' * filled}{'.' * (self.WIDTH - filled)}] {done}/{total}  "
                f"{self.labels[0]} {self.wins['ns']}–{self.wins['ew']} {self.labels[1]}"
                f"  {elapsed:.0f}s, {eta}")
        self.stream.write("\r" + line.ljust(self.last_len))
        self.last_len = len(line)
        self.stream.flush()

    def close(self) -> None:
        """Erase the bar."""
        self.stream.write("\r" + " " * self.last_len + "\r")
        self.stream.flush()


def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.1f}%"


def format_report(report: dict[str, Any]) -> str:
    """The text form of a match report."""
    ns, ew = report["levels"]["ns"], report["levels"]["ew"]
    name = {"ns": ns, "ew": ew} if ns != ew else {"ns": f"{ns} (ns)", "ew": f"{ew} (ew)"}
    unit = "games" if report["mode"] == "games" else "hands"
    head = (f"{name['ns']} vs {name['ew']}: {report['games']} {unit}"
            + (f" to {report['target']}" if unit == "games" else "")
            + f", seed {report['seed']}" + (", duplicate" if report["duplicate"] else ""))
    house = {k: v for k, v in report["rules"].items() if k in {o.name for o in HOUSE_RULES}}
    if house:
        head += ", house rules " + ", ".join(f"{k}={v}" for k, v in house.items())
    if report["bot_kwargs"]:
        head += ", " + "; ".join(f"{lv} {kw}" for lv, kw in report["bot_kwargs"].items())
    w = report["wins"]
    lo, hi = report["ci95_ns"]
    lines = [
        head,
        f"  wins          {name['ns']} {w['ns']}, {name['ew']} {w['ew']}, draws {w['draw']}",
        f"  win rate      {name['ns']} {_pct(report['win_rate_ns'])}  "
        f"95% CI [{_pct(lo)}, {_pct(hi)}]  (a draw counts half)",
    ]
    margin = report["mean_margin_per_hand"]
    ci = report["ci95_margin"]
    ci_text = "n/a" if ci is None else f"[{ci[0]:+.1f}, {ci[1]:+.1f}]"
    lines.append(f"  margin        {margin:+.1f} points per hand for {name['ns']}  "
                 f"95% CI {ci_text}  ({report['hands']} hands)")
    lines.append("  set rate      " + ", ".join(
        f"{name[s]} {_pct(report['set_rate'][s])} of {report['contracts'][s]['bid']} contracts"
        for s in ("ns", "ew")))
    nil_parts = []
    for s in ("ns", "ew"):
        n = report["nil"][s]
        text = f"{name[s]} {n['made']}/{n['bid']} made"
        if n["blind_bid"]:
            text += f" (blind {n['blind_made']}/{n['blind_bid']})"
        nil_parts.append(text)
    lines.append("  nil           " + ", ".join(nil_parts))
    lines.append("  bags per hand " + ", ".join(
        f"{name[s]} {report['bags_per_hand'][s]:.2f}" for s in ("ns", "ew")))
    lines.append("  points/hand   " + ", ".join(
        f"{name[s]} {report['points_per_hand'][s]:+.1f}" for s in ("ns", "ew")))
    for level, t in report["decision_ms"].items():
        if not t["n"]:
            continue
        forced = (f"; one legal action: p99 {t['forced_p99']:.2f}, max {t['forced_max']:.2f}"
                  if t["forced_max"] is not None else "")
        lines.append(f"  decision ms   {level}: p50 {t['p50']:.2f}, p95 {t['p95']:.2f}, "
                     f"p99 {t['p99']:.2f}, max {t['max']:.2f} over {t['n']}{forced}")
    if report["elapsed_s"] is not None:
        lines.append(f"  elapsed       {report['elapsed_s']:.1f} s")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the arena; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    mode: Mode = "hands" if args.hands is not None else "games"
    count = args.hands if args.hands is not None else (args.games or 100)
    preset = dict(PRESETS[args.rules]) if args.rules else {}
    target = args.target if args.target is not None else preset.pop(
        "target_score", DEFAULT_TARGET_SCORE)
    preset.pop("target_score", None)
    try:
        config = MatchConfig(ns=args.ns, ew=args.ew, count=count, mode=mode,
                             target=target, seed=args.seed, jobs=args.jobs,
                             duplicate=args.duplicate, blind_nil=args.blind_nil,
                             bot_kwargs=_bot_kwargs(args, parser),
                             baseline=args.baseline,
                             house_rules={**preset,
                                          **dict(parse_option(t) for t in args.rule)})
    except ValueError as exc:
        parser.error(str(exc))
    show = sys.stderr.isatty() if args.progress is None else args.progress
    bar = ProgressBar(sys.stderr, config.ns, config.ew) if show else None
    try:
        report = run_match(config, bar)
    except KeyboardInterrupt:
        if bar is not None:
            bar.close()
        print("interrupted", file=sys.stderr)
        return 130
    if bar is not None:
        bar.close()
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(format_report(report))
    return 0
