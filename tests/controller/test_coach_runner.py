"""The coach's worker thread: jobs run off the GUI thread, in order; a cancelled job's
result is dropped; every job tells how it ended, also when the runner is let go with
jobs still queued."""

from __future__ import annotations

import threading

import pytest

from spades_desktop.controller.coach_runner import CANCELLED, DONE, FAILED, CoachRunner


def test_a_job_runs_off_the_gui_thread_and_reports_progress(qtbot) -> None:
    runner = CoachRunner()
    threads: list[threading.Thread] = []

    def job(cancelled, progress):
        threads.append(threading.current_thread())
        progress(1, 2)
        progress(2, 2)
        return 42

    steps: list[tuple[int, int, int]] = []
    runner.job_progress.connect(lambda *a: steps.append(a))
    with qtbot.waitSignal(runner.job_done, timeout=10_000) as done:
        job_id = runner.submit(job)
    assert done.args == [job_id, 42]
    assert threads and threads[0] is not threading.main_thread()
    assert steps == [(job_id, 1, 2), (job_id, 2, 2)]
    runner.shutdown()
    assert not runner.thread_running


def test_a_failing_job_is_reported(qtbot) -> None:
    runner = CoachRunner()

    def job(cancelled, progress):
        raise RuntimeError("boom")

    with qtbot.waitSignal(runner.job_finished, timeout=10_000) as finished:
        job_id = runner.submit(job)
    assert finished.args == [job_id, FAILED]
    runner.shutdown()


def test_cancel_reaches_a_busy_job_and_drops_its_result(qtbot) -> None:
    runner = CoachRunner()
    started = threading.Event()

    def job(cancelled, progress):
        started.set()
        while not cancelled():
            threading.Event().wait(0.002)
        return "late"  # returned anyway: the runner must drop it

    results: list[object] = []
    runner.job_done.connect(lambda *a: results.append(a))
    job_id = runner.submit(job)
    assert started.wait(10)
    with qtbot.waitSignal(runner.job_finished, timeout=10_000) as finished:
        runner.cancel(job_id)
    assert finished.args == [job_id, CANCELLED]
    assert results == []
    runner.shutdown()


def test_released_with_queued_jobs_every_job_ends_and_the_runner_goes(qtbot) -> None:
    runner = CoachRunner()
    gate = threading.Event()
    started = threading.Event()

    def blocking(cancelled, progress):
        started.set()
        gate.wait(10)
        return "first"

    ran: list[str] = []

    def queued(cancelled, progress):
        ran.append("second")
        return "second"

    ended: list[tuple[int, str]] = []
    runner.job_finished.connect(lambda *a: ended.append(a))
    first = runner.submit(blocking)
    second = runner.submit(queued)  # waits behind the first
    assert started.wait(10)
    runner.release()  # the owner closes: nothing waits for the worker
    with qtbot.waitSignal(runner.destroyed, timeout=10_000):
        gate.set()
    assert ended == [(first, CANCELLED), (second, CANCELLED)]
    assert ran == []  # the queued job was never run: it was cancelled first


def test_jobs_run_one_at_a_time_in_order(qtbot) -> None:
    runner = CoachRunner()
    order: list[int] = []
    done: list[tuple[int, object]] = []
    runner.job_done.connect(lambda *a: done.append(a))
    ids = [runner.submit(lambda c, p, n=n: order.append(n) or n) for n in range(3)]
    with qtbot.waitSignal(runner.job_finished, timeout=10_000,
                          check_params_cb=lambda job_id, outcome: job_id == ids[-1]) as last:
        pass
    assert last.args == [ids[-1], DONE]
    assert order == [0, 1, 2]
    assert done == [(ids[0], 0), (ids[1], 1), (ids[2], 2)]
    runner.shutdown()


def test_the_thread_starts_with_the_first_job_and_not_after_shutdown(qtbot) -> None:
    """A runner never asked for anything runs no thread (an application ending without
    closing its windows leaves none behind); once shut down it takes no more jobs."""
    runner = CoachRunner()
    assert not runner.thread_running
    with qtbot.waitSignal(runner.job_done, timeout=10_000):
        runner.submit(lambda cancelled, progress: 1)
    assert runner.thread_running
    runner.shutdown()
    assert not runner.thread_running
    with pytest.raises(RuntimeError):
        runner.submit(lambda cancelled, progress: 2)
    assert not runner.thread_running
