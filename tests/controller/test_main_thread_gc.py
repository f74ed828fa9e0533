"""While worker threads run, Python's cyclic collector runs in the GUI thread only
(spades_desktop/controller/main_thread_gc.py): a search's allocations on a worker
thread must never free the GUI's Qt wrappers there."""

from __future__ import annotations

import gc
import threading
import weakref

from spades_desktop.controller import main_thread_gc
from spades_desktop.controller.bot_runner import BotRunner


class Node:
    def __init__(self) -> None:
        self.me = self  # a reference cycle: only the cyclic collector frees it


def test_acquire_turns_automatic_collection_off_and_release_gives_it_back(qtbot) -> None:
    assert gc.isenabled() and not main_thread_gc.active()
    main_thread_gc.acquire()
    main_thread_gc.acquire()  # two worker threads
    try:
        assert not gc.isenabled() and main_thread_gc.active()
        main_thread_gc.release()
        assert not gc.isenabled()  # one thread still runs
    finally:
        main_thread_gc.release()
    assert gc.isenabled() and not main_thread_gc.active()
    main_thread_gc.release()  # one too many changes nothing
    assert gc.isenabled()


def test_garbage_made_while_a_worker_runs_is_collected_in_the_gui_thread(qtbot) -> None:
    freed_in: list[str] = []
    main_thread_gc.acquire()
    try:
        node = Node()
        weakref.finalize(node, lambda: freed_in.append(threading.current_thread().name))
        del node
        # a worker allocating a lot, as a search does, does not collect it there
        worker = threading.Thread(target=lambda: [Node() for _ in range(50_000)],
                                  name="busy-worker")
        worker.start()
        worker.join()
        qtbot.waitUntil(lambda: bool(freed_in), timeout=5000)
    finally:
        main_thread_gc.release()
    assert freed_in == [threading.main_thread().name]


def test_a_bot_runner_holds_the_collector_until_it_shuts_down(qtbot) -> None:
    assert gc.isenabled()
    runner = BotRunner()
    try:
        assert not gc.isenabled() and main_thread_gc.active()
    finally:
        runner.shutdown()
    assert gc.isenabled() and not main_thread_gc.active()
