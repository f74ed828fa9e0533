"""``python -m spades_desktop.arena``: JSON keys, text report, argument errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from spades_desktop.arena.cli import build_parser, format_report, main
from spades_desktop.arena.match import MatchConfig, run_match


def _arena(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "spades_desktop.arena", *args],
                          capture_output=True, text=True, timeout=120)


def test_json_output_has_the_issue_keys() -> None:
    out = _arena("--ns", "normal", "--ew", "easy", "--hands", "10", "--duplicate",
                 "--seed", "5", "--jobs", "2", "--json", "--progress")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)  # stdout is exactly one JSON object
    assert "[" in out.stderr and "20/20" in out.stderr  # the bar went to stderr
    for key in ("games", "wins", "win_rate_ns", "ci95_ns", "mean_margin_per_hand",
                "ci95_margin", "set_rate", "nil", "bags_per_hand", "decision_ms"):
        assert key in report, key
    assert report["games"] == 20
    assert set(report["wins"]) == {"ns", "ew", "draw"}
    assert len(report["ci95_ns"]) == 2 and len(report["ci95_margin"]) == 2
    for side in ("ns", "ew"):
        assert set(report["nil"][side]) >= {"bid", "made"}
        assert side in report["set_rate"] and side in report["bags_per_hand"]
    for level in ("normal", "easy"):
        assert set(report["decision_ms"][level]) >= {"p50", "p95", "max"}
        t = report["decision_ms"][level]
        assert 0 <= t["p50"] <= t["p95"] <= t["max"]


def test_text_report_and_in_process_main(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--ns", "easy", "--ew", "normal", "--games", "2", "--target", "100",
                 "--jobs", "1", "--no-progress"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("easy vs normal: 2 games to 100, seed 1")
    assert captured.err == ""
    report = run_match(MatchConfig(ns="easy", ew="easy", count=4, mode="hands"))
    text = format_report(report)
    assert "easy (ns) vs easy (ew): 4 hands" in text
    assert "win rate" in text and "margin" in text and "decision ms" in text


def test_argument_errors_exit_with_status_2() -> None:
    out = _arena("--target", "275", "--hands", "1")
    assert out.returncode == 2 and "target" in out.stderr
    out = _arena("--bot-arg", "normal:x=1", "--hands", "1")
    assert out.returncode == 2 and "does not take" in out.stderr
    out = _arena("--bot-arg", "normal", "--hands", "1")
    assert out.returncode == 2 and "LEVEL:NAME=VALUE" in out.stderr
    out = _arena("--games", "2", "--hands", "2")
    assert out.returncode == 2


def test_parser_defaults() -> None:
    args = build_parser().parse_args([])
    # No --target: the preset's target, else 500 (test_a_preset_on_the_command_line).
    assert (args.ns, args.ew, args.target, args.seed) == ("normal", "easy", None, 1)
    assert args.jobs >= 1 and not args.duplicate and not args.json


def test_a_baseline_file_plays_as_the_level_baseline(tmp_path) -> None:
    """--baseline FILE: the pinned Expert of benchmarks/ plays as the level
    'baseline' (small budgets here: a quick check that it loads and plays)."""
    from pathlib import Path

    pinned = str(Path(__file__).resolve().parents[2] / "benchmarks" / "baseline_expert.py")
    small = {"samples": 4, "min_samples": 2, "play_budget": 600, "bid_samples": 8,
             "endgame_samples": 4, "blind_samples": 8}
    report = run_match(MatchConfig(
        ns="expert", ew="baseline", count=2, mode="hands", duplicate=True, seed=3,
        baseline=pinned, bot_kwargs={"expert": small, "baseline": small}))
    assert report["levels"] == {"ns": "expert", "ew": "baseline"}
    assert report["games"] == 4
    # a wrong file or a missing one is refused with a clear message
    bad = tmp_path / "bad.py"
    bad.write_text("x = 1\n")
    with pytest.raises(ValueError, match="no make_bot"):
        MatchConfig(ns="expert", ew="baseline", count=1, baseline=str(bad))
    with pytest.raises(ValueError, match="needs a baseline file"):
        MatchConfig(ns="expert", ew="baseline", count=1)
    out = _arena("--ns", "baseline", "--hands", "1")
    assert out.returncode == 2 and "baseline" in out.stderr


def test_a_variant_of_the_expert_plays_as_the_baseline() -> None:
    """benchmarks/expert_variant.py: the shipped Expert (or Master) with changed
    arguments plays as 'baseline', the arguments reaching its constructor."""
    from pathlib import Path

    variant = str(Path(__file__).resolve().parents[2] / "benchmarks" / "expert_variant.py")
    small = {"samples": 4, "min_samples": 2, "play_budget": 600, "bid_samples": 8,
             "endgame_samples": 4, "blind_samples": 8}
    report = run_match(MatchConfig(
        ns="baseline", ew="expert", count=1, mode="hands", duplicate=True, seed=5,
        baseline=variant,
        bot_kwargs={"expert": small, "baseline": {**small, "play_inference": 0.5}}))
    assert report["games"] == 2
    from spades_desktop.arena.match import load_baseline
    from spades_desktop.bots.master import MasterBot

    make = load_baseline(variant)
    assert make(play_inference=0.5).play_inference == 0.5
    assert isinstance(make(level="master"), MasterBot)
    with pytest.raises(ValueError, match="play_inference"):
        make(play_inference=1.5)
    with pytest.raises(ValueError, match="'expert' or 'master'"):
        make(level="normal")


def test_house_rules_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--ns", "normal", "--ew", "easy", "--hands", "2", "--jobs", "1",
                 "--no-progress", "--rule", "nil_points=50", "--rule", "ten-for-200=on",
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["rules"]["nil_points"] == 50 and report["rules"]["ten_for_200"] is True
    assert "failed_nil_counts" not in report["rules"]        # at its default
    assert "house rules nil_points=50, ten_for_200=True" in format_report(report)
    out = _arena("--rule", "nil_points=75", "--hands", "1")
    assert out.returncode == 2 and "must be one of 100, 50, not 75" in out.stderr
    out = _arena("--rule", "jokers=on", "--hands", "1")
    assert out.returncode == 2 and "Unknown rule option 'jokers'" in out.stderr
    with pytest.raises(ValueError, match="its own setting"):
        MatchConfig(ns="normal", ew="easy", count=1, house_rules={"target_score": 250})


def test_a_preset_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    # --rules PRESET applies the preset (docs/rules.md, Settings), then --rule changes.
    assert main(["--ns", "normal", "--ew", "easy", "--hands", "2", "--jobs", "1",
                 "--no-progress", "--rules", "joker-joker-deuce-deuce", "--rule",
                 "nil_points=50", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["rules"]["deck"] == "joker-joker-deuce-deuce"
    assert report["rules"]["nil_points"] == 50
    # Short game names its target: 250 unless --target says otherwise.
    assert main(["--ns", "easy", "--ew", "easy", "--hands", "1", "--jobs", "1",
                 "--no-progress", "--rules", "short", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["rules"]["target_score"] == 250 and report["rules"]["bag_limit"] == 5
    assert main(["--ns", "easy", "--ew", "easy", "--hands", "1", "--jobs", "1",
                 "--no-progress", "--rules", "short", "--target", "300", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rules"]["target_score"] == 300
    assert main(["--ns", "easy", "--ew", "easy", "--hands", "1", "--jobs", "1",
                 "--no-progress", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rules"]["target_score"] == 500
    out = _arena("--rules", "jokers", "--hands", "1")
    assert out.returncode == 2 and "invalid choice: 'jokers'" in out.stderr
