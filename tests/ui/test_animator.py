"""The animator runs its steps one after another, each finishing before the next starts."""

from __future__ import annotations

from PySide6.QtCore import QPauseAnimation

from spades_desktop.ui.table.animator import Animator


def test_steps_never_overlap(qtbot) -> None:
    animator = Animator()
    events: list[str] = []

    def step(name: str, ms: int):
        def build(speed: float):
            events.append(f"start {name}")
            return QPauseAnimation(ms)

        def finish() -> None:
            events.append(f"end {name}")

        return build, finish

    with qtbot.waitSignal(animator.animations_idle, timeout=5000):
        # enqueued while the first step is already playing, as the table does for a
        # card that completes a trick (fly, pause, collect)
        for name, ms in (("fly", 60), ("pause", 40), ("collect", 30)):
            animator.enqueue(*step(name, ms))
        assert events == ["start fly"]
        assert animator.busy
    assert events == ["start fly", "end fly", "start pause", "end pause",
                      "start collect", "end collect"]
    assert not animator.busy


def test_skip_finishes_every_step_at_once(qtbot) -> None:
    animator = Animator()
    events: list[str] = []
    for name in ("deal", "bid"):
        animator.enqueue(lambda speed, n=name: events.append(f"start {n}") or
                         QPauseAnimation(10_000),
                         lambda n=name: events.append(f"end {n}"))
    assert events == ["start deal"]
    with qtbot.waitSignal(animator.animations_idle, timeout=1000):
        animator.skip()
    # a skipped step still reaches its final picture; queued steps only snap
    assert events == ["start deal", "end deal", "end bid"]
    assert not animator.busy


def test_speed_zero_snaps_without_animating(qtbot) -> None:
    animator = Animator()
    animator.speed = 0.0
    built: list[float] = []
    ended: list[str] = []
    with qtbot.waitSignal(animator.animations_idle, timeout=1000):
        animator.enqueue(lambda speed: built.append(speed) or QPauseAnimation(500),
                         lambda: ended.append("snap"))
    assert built == [] and ended == ["snap"]
