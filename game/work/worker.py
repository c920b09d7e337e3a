"""Long pure computations (a large board's mine chances, a finished game's verdict) in a child process.

A thread of this process would share the interpreter with the frames: while it runs, every frame waits its turn
for the interpreter lock, and every garbage collection a frame sets off walks the thread's objects too (a
100x100 board's analysis holds hundreds of thousands). A worker process shares neither. Workers are kept once
started and reused, one job at a time each; the data going in and out is plain (lists, numbers, text).

`run(target, *args)` blocks until the answer: call it from a BackgroundJob. Where no worker can be started, the
function runs in the calling thread instead, as it would without workers.
"""

from __future__ import annotations

import importlib
import os
import pickle
import select
import sys
import threading
from pathlib import Path
from typing import IO, Any

from game import language

WORKER_FLAG = "--worker-child"  # the hidden entry point: main.py hands it to `child_main`
KEEP_IDLE = 2  # workers kept waiting for the next job
LARGE_BOARD_CELLS = 2_000  # from this many cells a board's long computations go to a worker (Expert has 480)
HEADER = 8  # a message is its length (8 bytes, big-endian) and a pickle
POLL_SECONDS = 0.05  # how often a job waiting on its worker looks whether it was cancelled

_idle: list[Worker] = []
_lock = threading.Lock()
_broken = False  # a worker could not be started: every job runs in its caller from then on


class Cancelled(Exception):
    """The job was cancelled while its worker ran it (the worker was stopped)."""


class WorkerLost(Exception):
    """The worker died or answered nonsense before the job's answer came."""


def child_command() -> list[str]:
    """How to start a worker: the game's own entry with the hidden flag, so the same command works from a
    checkout and from the one-file build (where sys.executable is the game)."""
    if getattr(sys, "frozen", False):
        return [sys.executable, WORKER_FLAG]
    main = Path(__file__).resolve().parents[2] / "main.py"
    if main.is_file():
        return [sys.executable, str(main), WORKER_FLAG]
    return [sys.executable, "-m", "game.work.worker", WORKER_FLAG]


class Worker:
    """One child process, answering one job at a time."""

    def __init__(self) -> None:
        import subprocess  # here, not at the top: a start-up imports this module but starts no worker

        self.answered = False  # it has answered a job: it works
        self.process = subprocess.Popen(
            child_command(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            # The windowed build has no console; without this Windows would flash one up for the child.
            creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),
        )

    def ask(self, target: str, args: tuple[Any, ...], cancelled: threading.Event | None) -> tuple[str, Any]:
        """Send the job, wait for the answer ("ok", result) or ("error", exception)."""
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        try:
            _send(stdin, (target, args, language.current()))  # the worker speaks the game's language
        except OSError as error:
            raise WorkerLost(str(error)) from None
        if cancelled is not None and os.name == "posix":  # (a pipe cannot be waited on with a timeout on Windows)
            while not select.select([stdout], [], [], POLL_SECONDS)[0]:
                if cancelled.is_set():
                    self.stop()
                    raise Cancelled
        answer = _receive(stdout)
        if not (isinstance(answer, tuple) and len(answer) == 2 and answer[0] in ("ok", "error")):
            raise WorkerLost("the worker's answer was cut short")
        return answer

    def stop(self) -> None:
        self.process.kill()
        self.process.wait()


def run(target: str, *args: Any, cancelled: threading.Event | None = None) -> Any:
    """`target` ("module:function") called with `args` in a worker process: its result, or the exception it
    raised, raised here. Cancelled when `cancelled` is set meanwhile (the worker is stopped). Blocks."""
    global _broken
    worker = _take()
    if worker is None:
        return _call(target, args)
    try:
        status, value = worker.ask(target, args, cancelled)
    except WorkerLost:
        worker.stop()
        _broken |= not worker.answered  # a worker that never answered will not answer next time either
        return _call(target, args)  # the worker died (out of memory?): the job is not lost with it
    worker.answered = True
    _give_back(worker)
    if status == "error":
        raise value
    return value


def _take() -> Worker | None:
    global _broken
    with _lock:
        if _idle:
            return _idle.pop()
        if _broken:
            return None
    try:
        return Worker()
    except OSError:
        _broken = True
        return None


def _give_back(worker: Worker) -> None:
    with _lock:
        if len(_idle) < KEEP_IDLE:
            _idle.append(worker)
            return
    worker.stop()


def _call(target: str, args: tuple[Any, ...]) -> Any:
    module, name = target.split(":")
    return getattr(importlib.import_module(module), name)(*args)


def _send(stream: IO[bytes], message: Any) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(len(data).to_bytes(HEADER, "big") + data)
    stream.flush()


def _receive(stream: IO[bytes]) -> Any:
    head = stream.read(HEADER)
    if len(head) < HEADER:
        raise WorkerLost("the worker stopped")
    size = int.from_bytes(head, "big")
    data = stream.read(size)
    if len(data) < size:
        raise WorkerLost("the worker stopped mid-answer")
    try:
        return pickle.loads(data)
    except Exception as error:
        raise WorkerLost(f"the worker's answer could not be read ({error})") from None


def child_main() -> int:  # pragma: no cover - runs in the worker process
    """The worker: answer jobs from stdin until it closes (the game quit). It runs at the game's priority: on a
    busy machine a lower one left a large board's analysis waiting for minutes."""
    stdin, stdout = sys.stdin.buffer, os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # anything printed goes to stderr: stdout carries the answers alone
    sys.stdout = sys.stderr
    while True:
        try:
            target, args, code = _receive(stdin)
        except WorkerLost:
            return 0
        language.use(code)  # what it words (a verdict, an error) in the language the game speaks now
        try:
            answer: tuple[str, Any] = ("ok", _call(target, args))
            pickle.dumps(answer)
        except Exception as error:
            answer = ("error", error)
            try:
                pickle.dumps(answer)
            except Exception:
                answer = ("error", RuntimeError(f"{type(error).__name__}: {error}"))
        _send(stdout, answer)


def large(rows: int, cols: int) -> bool:
    """Whether a board is large enough for its long computations to go to a worker. A small board's take
    milliseconds on a thread here, sooner than a worker could even start."""
    return rows * cols >= LARGE_BOARD_CELLS


if __name__ == "__main__":  # pragma: no cover
    sys.exit(child_main())
