"""Benchmark the worst frames on a 100x100 board with 2,000 mines: what a player feels as a freeze. Prints figures.

Run: python -m bench.frames [--quick] [--repeats N] [--only NAME,...] [--against DIR] [--threads]
(--against: e.g. `git worktree add /tmp/old main`; times that checkout's game too, a repeat of each in turns,
with this file's cases, and prints both with their ratio; --threads: for each case's worst frame, the CPU time
each other thread of the game spent inside it, to tell a frame that worked from one that waited for the
interpreter; Linux)

Each case plays a real app on a real clock (frames back to back, as fast as they go, the work off the frame
running beside them on its threads) and times every frame from the one that starts the case until what it
started is on screen (the chances, the replay playing, the last drop read). A frame's time leaves out the
sleep the loop takes when it is idle. Prints, per case, the median over the repeats of the worst frame, and
the worst of all; and the most CPU time the frame thread spent on one of its frames (the rest of a frame's time
went to other threads holding the interpreter, or to other processes on a loaded machine). Each app shows its
menu for a second before a case starts, as a player takes a moment to choose. With --against, both checkouts
run with their bytecode cached, as an installed game does (PYTHONDONTWRITEBYTECODE is left out).
"""

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
ROWS, COLS, MINES, MOVES = 100, 100, 2000, 1000
CPU = " (CPU)"  # the worst frame's own CPU time, by case, is kept under the case's label and this
SETTLE_LIMIT = 1800.0  # seconds a case may take to show what it started (a loaded machine takes minutes over
# the game's analysis), before the bench gives up on it


class WallClock:
    """Real time, never capped: frames run back to back; the time slept idling is counted apart."""

    def __init__(self):
        self.last = time.perf_counter()
        self.slept = 0.0

    def tick(self):
        now = time.perf_counter()
        elapsed, self.last = now - self.last, now
        return elapsed

    def now_ms(self):
        return round(time.perf_counter() * 1000)

    def arrived(self):
        return []  # the bench posts its events just before a frame: none come while the clock waits

    def idle(self, timeout):
        t0 = time.perf_counter()
        time.sleep(max(0.0, timeout))
        self.slept += time.perf_counter() - t0
        return []


class FrameTime(float):
    """A frame's time in ms, with `cpu`: the CPU time the frame's own thread spent on it. The rest of the time
    went to other threads holding the interpreter (background work) or other processes (a loaded machine);
    with --threads, `others` says how much each other thread of the game spent meanwhile."""

    cpu: float
    others: dict[str, float] | None = None


WATCH_THREADS = False  # --threads


def thread_clocks():
    """The CPU time (s) of every thread of the game but the frame's, by name."""
    clocks = {}
    for thread in threading.enumerate():
        if thread is threading.main_thread() or thread.ident is None:
            continue
        with contextlib.suppress(AttributeError, OSError):  # not Linux, or the thread ended meanwhile
            clocks[f"{thread.name} ({thread.ident % 10_000})"] = time.clock_gettime(
                time.pthread_getcpuclockid(thread.ident)
            )
    return clocks


def frame(app):
    """One frame's working time, in ms (its CPU time as `.cpu`)."""
    slept = app.clock.slept
    before = thread_clocks() if WATCH_THREADS else None
    t0, cpu0 = time.perf_counter(), time.thread_time()
    app.step()
    timed = FrameTime((time.perf_counter() - t0 - (app.clock.slept - slept)) * 1000)
    timed.cpu = (time.thread_time() - cpu0) * 1000
    if before is not None:
        spent = {name: (clock - before.get(name, 0.0)) * 1000 for name, clock in thread_clocks().items()}
        timed.others = {name: ms for name, ms in spent.items() if ms >= 0.1}  # (a thread ended meanwhile: unseen)
    return timed


class Frames:
    """What a run of frames comes to: how many, the worst frame's time and the most CPU one of them took. Only
    these are kept: a list of a frame object per frame held hundreds of thousands of objects while a case
    waited minutes for the game's analysis, and the collector's full passes over them (100-350 ms on the frame
    thread) were then timed as the game's frames."""

    def __init__(self):
        self.count, self.worst, self.worst_cpu = 0, 0.0, 0.0
        self.worst_others: dict[str, float] | None = None  # (--threads) other threads' CPU in the worst frame

    def add(self, timed):
        self.count += 1
        if timed > self.worst:
            self.worst_others = timed.others
        self.worst, self.worst_cpu = max(self.worst, timed), max(self.worst_cpu, timed.cpu)


def frames_until(app, done, then=5):
    """Frames until done() holds (at least one, and `then` more): what they came to. Raises when it never does."""
    frames, end = Frames(), time.perf_counter() + SETTLE_LIMIT
    frames.add(frame(app))
    while not done():
        if time.perf_counter() > end:
            raise RuntimeError("the case never settled")
        frames.add(frame(app))
    for _ in range(then):
        frames.add(frame(app))
    return frames


def post(type_, **attrs):
    import pygame

    pygame.event.post(pygame.event.Event(type_, **attrs))


def click(pos, button=1):
    import pygame

    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def key(k):
    import pygame

    post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)


MENU_SECONDS = 1.0  # the menu shows this long before a case starts, as a player takes a moment to choose


def screens():
    """The game's screens, from the checkout timed (imported once its root is on sys.path)."""
    from game.view import screens

    return screens


def new_app():
    from game.shell.app import App

    app = App(clock=WallClock(), seed=11, desktop_size=(1366, 768))
    shown = time.perf_counter() + MENU_SECONDS
    while time.perf_counter() < shown:
        app.step()
    return app


def enter_board(app, seed):
    """Show a fresh 100x100 board: the frames until it is on screen (then play it 1,000 moves in)."""
    import random

    Move = model_names().Move

    app.show(screens().Playing(session=app.dealer.new(ROWS, COLS, MINES)))
    entering = Frames()
    entering.add(frame(app))
    entering.add(frame(app))
    scene = app.scene
    board = scene.board
    scene.apply(Move("reveal", ROWS // 2, COLS // 2))
    rng = random.Random(seed)
    cells = [(r, c) for r in range(ROWS) for c in range(COLS)]
    rng.shuffle(cells)
    made = 1
    for cell in cells:
        if made >= MOVES:
            break
        if board.is_revealed(*cell):
            continue
        scene.session.tick(0.3)  # a move every 0.3 s, as a quick player makes them (a replay plays them so)
        if board.is_mine(*cell):
            if rng.random() < 0.3:
                scene.apply(Move("flag", *cell))
                made += 1
            continue
        scene.apply(Move("reveal", *cell))
        made += 1
    scene.animations.finish()
    scene.invalidate()
    for _ in range(3):
        frame(app)
    return entering


def model_names():
    """The model's names this bench uses, where the checkout timed keeps them (the model moved into
    subpackages; the bench runs against checkouts from before that too)."""
    import types

    try:
        from game.model import Board, Move, Replay
        from game.model.replay.check import MAX_MOVES_PER_CELL
    except ImportError:
        from game.model.board import Board
        from game.model.move import Move
        from game.model.replay import Replay
        from game.model.replay_check import MAX_MOVES_PER_CELL
    return types.SimpleNamespace(Board=Board, Move=Move, Replay=Replay, MAX_MOVES_PER_CELL=MAX_MOVES_PER_CELL)


def cell_in_view(scene, mine):
    """A covered, unflagged cell wholly in the board's view: a mine, or a safe one."""
    board, view = scene.board, scene.geometry.view
    for row in range(board.rows):
        for col in range(board.cols):
            rect = scene.geometry.cell_rect(row, col)
            if not view.contains(rect) or board.is_revealed(row, col) or board.is_flagged(row, col):
                continue
            if board.is_mine(row, col) == mine:
                return rect.center
    raise RuntimeError("no such cell in view")


def chances_ready(scene):
    """The chances of the position on the board are what the overlay shows."""
    assist = scene.assist
    ready = getattr(assist, "chances_ready", None)
    if ready is not None:
        return ready(scene.board) and not scene.dirty
    return assist._analysis is not None and not scene.dirty


def case_chances(app, seed):
    import pygame

    enter_board(app, seed)
    scene = app.scene
    key(pygame.K_c)
    on = frames_until(app, lambda: chances_ready(scene))
    click(cell_in_view(scene, mine=False))
    move = frames_until(app, lambda: chances_ready(scene))
    return {"chances on": on, "a move with chances on": move}


def lost(app, seed):
    """A board played 1,000 moves in, then lost: the frames from the losing click until the
    game's analysis is in."""
    enter_board(app, seed)
    scene = app.scene
    click(cell_in_view(scene, mine=True))

    def analysed():
        job = scene.session.verdict_job
        return job is not None and job.done and scene._verdict_shown

    return frames_until(app, analysed)


def replay_playing(app):
    return isinstance(app.scene.shown, screens().Replay) and app.scene.done > 0 and not app.scene.dirty


def case_lose_and_replay(app, seed):
    from game.overlays.gameover import GRACE_SECONDS

    losing = lost(app, seed)
    panel = app.overlays[-1]
    frames_until(app, lambda: panel.age >= GRACE_SECONDS, then=0)
    if not panel.expanded:
        click(panel.more.rect.center)
        frames_until(app, lambda: panel.expanded, then=2)
    click(panel.replay_button.rect.center)
    replay = frames_until(app, lambda: replay_playing(app), then=30)
    return {"the losing click": losing, "Replay": replay}


def case_records(app, seed):
    lost(app, seed)
    app.show(screens().Menu())
    frame(app)
    assert app.store.flush(30)
    category = next(c for c in app.store.custom_categories() if str(ROWS) in c)
    app.show(screens().Records(category=category))
    frames_until(app, lambda: isinstance(app.scene.shown, screens().Records), then=2)
    records = app.scene
    click(records.recent_tab.rect.center)
    frames_until(app, lambda: records.showing_recent, then=2)
    click(records.rows[0].rect.center)
    return {"watching from Records": frames_until(app, lambda: replay_playing(app), then=30)}


def case_resizes(app, seed, count=3000):
    import pygame

    enter_board(app, seed)
    scene = app.scene
    for n in range(count):
        post(pygame.WINDOWSIZECHANGED, x=900 + n % 300, y=600 + n % 120)
    return {f"{count:,} resizes": frames_until(app, lambda: not pygame.event.peek() and not scene.dirty)}


def biggest_replay_file(folder):
    """A replay file as large as a game may write: a 100x100 board with a move for every move it may have."""
    from game.files.export import export_replay

    names = model_names()
    Board, Move, Replay, MAX_MOVES_PER_CELL = names.Board, names.Move, names.Replay, names.MAX_MOVES_PER_CELL

    board = Board(ROWS, COLS, MINES, seed=3)
    board.apply(Move("reveal", ROWS // 2, COLS // 2, 0))
    covered = [(r, c) for r in range(ROWS) for c in range(COLS) if not board.is_revealed(r, c)]
    t, n = 0, 0
    while len(board.moves) < MAX_MOVES_PER_CELL * ROWS * COLS - 1:
        row, col = covered[n % len(covered)]
        n += 1
        t += 7
        board.apply(Move("flag" if not board.is_flagged(row, col) else "unflag", row, col, t))
    return export_replay(Replay.from_game(board, t + 1000), Path(folder))


def case_drops(app, seed, path, count=30):
    import pygame

    enter_board(app, seed)
    for _ in range(count):
        post(pygame.DROPFILE, file=str(path))

    def read():
        reading = app.arrivals
        busy = getattr(reading, "busy", None)
        still = busy() if busy is not None else reading.reading is not None
        return not pygame.event.peek() and not still and replay_playing(app)

    return {f"{count} drops": frames_until(app, read, then=30)}


def case_ruling(app, seed):
    """The board played 1,000 moves in, then under the strict rule: a click on a covered safe cell, whose ruling
    (an analysis of the whole position, the first of the game, and perhaps a search) runs off the frame while the
    frames go on; the frames until the click is played and drawn. (Checkouts before that ruled on the frame.)"""
    from game.model import GuessRule

    enter_board(app, seed)
    scene = app.scene
    session, board = scene.session, scene.board
    session.rule = GuessRule.STRICT
    try:
        from game.play.ruling_wait import Referee

        session.referee = Referee(GuessRule.STRICT)
    except ImportError:  # a checkout that ruled on the frame: its session makes its judge from `rule`
        session.ruling_wait = None
    before = len(board.moves)
    click(cell_in_view(scene, mine=False))
    started = time.perf_counter()
    ruled = frames_until(app, lambda: session.ruling_wait is None and len(board.moves) > before and not scene.dirty)
    print(f"    the click waited {1000 * (time.perf_counter() - started):.0f} ms for its ruling and its frames")
    return {"a click ruled on (strict)": ruled}


def case_enter(app, seed):
    return {"entering the board": enter_board(app, seed)}


CASES = {
    "enter": case_enter,
    "chances": case_chances,
    "lose": case_lose_and_replay,
    "records": case_records,
    "resizes": case_resizes,
    "drops": case_drops,
    "ruling": case_ruling,
}


def run_cases(chosen, repeats, verbose, first=0):
    """{case label: [worst frame of each repeat]}, for the checkout on sys.path."""
    worst: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as home:
        os.environ["MINESWEEPER_HOME"] = str(Path(home, "records"))  # never the player's own records
        replay_file = biggest_replay_file(Path(home, "files")) if "drops" in chosen else None
        for repeat in range(repeats):
            for name in chosen:
                app = new_app()
                extra = (replay_file,) if name == "drops" else ()
                for label, times in CASES[name](app, first + repeat, *extra).items():
                    worst.setdefault(label, []).append(times.worst)
                    worst.setdefault(label + CPU, []).append(times.worst_cpu)
                    if verbose:
                        said = f"worst {times.worst:.1f} ms (CPU {times.worst_cpu:.1f}) of {times.count} frames"
                        print(f"    {label}: {said}")
                    if times.worst_others is not None:
                        spent = ", ".join(f"{name} {ms:.1f} ms" for name, ms in sorted(times.worst_others.items()))
                        print(f"    {label}: in its worst frame, other threads' CPU: {spent or 'none'}")
                app.running = False
                app.run(0)
    return worst


def in_turns(chosen, repeats, against, verbose):
    """Each repeat run in a fresh process, this checkout's and the other's in turns."""
    results: dict[str, dict[str, list[float]]] = {"this checkout": {}, against: {}}
    for repeat in range(repeats):
        for label, root in (("this checkout", ROOT), (against, Path(against).resolve())):
            command = [sys.executable, __file__, "--root", str(root), "--only", ",".join(chosen), "--repeats", "1"]
            env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
            out = subprocess.run([*command, "--json", "--first", str(repeat)], capture_output=True, text=True, env=env)
            if out.returncode:
                raise RuntimeError(out.stderr[-2000:])
            for case, values in json.loads(out.stdout.splitlines()[-1]).items():
                results[label].setdefault(case, []).extend(values)
            if verbose:
                print(f"  {label} repeat {repeat}: {out.stdout.splitlines()[-1]}", flush=True)
    return results


def report(worst, title):
    print(title)
    for label, values in worst.items():
        if label.endswith(CPU):
            continue
        cpu = worst.get(label + CPU)
        mine = f", its own CPU: median {statistics.median(cpu):6.1f} ms, worst {max(cpu):6.1f} ms" if cpu else ""
        print(f"    {label:<24} median {statistics.median(values):8.1f} ms, worst {max(values):8.1f} ms{mine}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 repeats")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--verbose", action="store_true", help="each repeat's worst frame as it comes")
    parser.add_argument("--only", default="", help="cases to run, by name: " + ", ".join(CASES))
    parser.add_argument("--against", metavar="DIR", help="another checkout to time in turns with this one")
    parser.add_argument("--threads", action="store_true", help="other threads' CPU in each case's worst frame")
    parser.add_argument("--root", help=argparse.SUPPRESS)  # the checkout whose game is timed (for --against)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)  # the first repeat's seed
    args = parser.parse_args()
    repeats = 3 if args.quick else args.repeats
    chosen = [name for name in CASES if not args.only or name in args.only.split(",")]
    what = f"on a {ROWS}x{COLS} board with {MINES:,} mines, {MOVES:,} moves in ({repeats} repeats)"
    if args.against:
        results = in_turns(chosen, repeats, args.against, args.verbose)
        for label, worst in results.items():
            report(worst, f"Worst frame {what}, {label}:")
        print("Ratio of the medians, this checkout / " + args.against + ":")
        for case, values in results["this checkout"].items():
            if case not in results[args.against]:
                continue
            other = statistics.median(results[args.against][case])
            print(f"    {case:<24} {statistics.median(values) / other:8.3f}x")
        return
    sys.path.insert(0, args.root or str(ROOT))
    global WATCH_THREADS
    WATCH_THREADS = args.threads and not args.json
    worst = run_cases(chosen, repeats, args.verbose and not args.json, args.first)
    if args.json:
        print(json.dumps(worst))
    else:
        report(worst, f"Worst frame {what}:")


if __name__ == "__main__":
    main()
