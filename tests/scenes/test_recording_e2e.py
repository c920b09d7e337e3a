"""Every game records its video: the real app driven headless by posted events; the video the session keeps
holds the mouse in board points (whatever the zoom), pauses as events, goes into the save and on after a
resume, and stays with the record's move log."""

import pygame
import pytest

from game.model.replay.replay import Replay
from game.scenes.menu import MenuScene
from game.scenes.playing import PlayingScene
from game.video import encode_evf, figures_of
from game.video.events import Mouse
from game.video.packed import split_log, unpack
from tests.driver import driven


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=1234)


def start(driver):
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    return driver.scene


def cells_of(video):
    return [(event.kind, video.cell_of(event.x, event.y)) for event in video]


def test_a_game_records_its_mouse_from_the_first_press_in_board_points(driver):
    playing = start(driver)
    video = playing.session.video
    driver.post(pygame.MOUSEMOTION, pos=driver.cell_pos(1, 1), rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(1)
    assert len(video) == 0, "a video starts at the first press"
    driver.click_cell(4, 4)
    assert cells_of(video) == [(Mouse.LEFT_PRESS, (4, 4)), (Mouse.LEFT_RELEASE, (4, 4))]
    assert video.times[0] == 0
    driver.key(pygame.K_EQUALS, mod=pygame.KMOD_CTRL)  # zoom in: the same cell is elsewhere on screen
    driver.frames(2)
    flag = next((r, c) for r in range(9) for c in range(9) if not playing.board.is_revealed(r, c))
    driver.click_cell(*flag, button=3)
    assert cells_of(video)[-3:] == [(Mouse.MOVE, flag), (Mouse.RIGHT_PRESS, flag), (Mouse.RIGHT_RELEASE, flag)]
    assert list(video.times) == sorted(video.times)
    assert playing.board.is_flagged(*flag)
    figures = figures_of(playing.session.current_video())
    assert (figures.left, figures.right, figures.lce) == (1, 1, 1)


def test_a_pause_is_an_event_and_a_finished_game_keeps_its_video(driver):
    playing = start(driver)
    driver.click_cell(4, 4)
    driver.key(pygame.K_p)
    driver.key(pygame.K_SPACE)  # any key resumes
    video = playing.session.video
    assert [Mouse(k) for k in video.kinds][-2:] == [Mouse.PAUSE, Mouse.RESUME]
    board = playing.board
    for r in range(board.rows):
        for c in range(board.cols):
            if not board.is_revealed(r, c) and (r, c) not in board.mine_cells():
                driver.click_cell(r, c)
    assert board.state == "won"
    count = len(video)
    driver.post(pygame.MOUSEMOTION, pos=driver.cell_pos(0, 0), rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(2)
    assert len(video) == count, "the video ends with the game"
    figures = figures_of(playing.session.current_video())
    assert figures.won and figures.bbbv == board.three_bv
    driver.settled()
    log = driver.app.store.replay(driver.app.store.recent_games("beginner")[0].game_id)
    replay_text, data = split_log(log)
    assert Replay.from_json(replay_text).rows == 9
    kept = unpack(data, 9, 9, frozenset(board.mine_cells()))
    assert list(kept.kinds) == list(video.kinds) and list(kept.times) == list(video.times)


def test_the_save_carries_the_video_and_a_resumed_game_records_on(driver):
    playing = start(driver)
    driver.click_cell(4, 4)
    covered = next(
        (r, c)
        for r in range(9)
        for c in range(9)
        if not playing.board.is_revealed(r, c) and (r, c) not in playing.board.mine_cells()
    )
    driver.click_cell(*covered)
    before = list(playing.session.video.kinds)
    driver.key(pygame.K_ESCAPE)
    driver.click_button(driver.overlay.yes)
    menu = driver.scene
    assert isinstance(menu, MenuScene) and menu.resume is not None
    driver.settled()
    assert "video" in driver.app.store.load_resume().extra
    driver.click_button(menu.resume)
    resumed = driver.scene
    assert isinstance(resumed, PlayingScene)
    video = resumed.session.video
    assert list(video.kinds[: len(before)]) == before, "the video so far came back with the game"
    flag = next((r, c) for r in range(9) for c in range(9) if not resumed.board.is_revealed(r, c))
    driver.click_cell(*flag, button=3)
    tail = [Mouse(k) for k in video.kinds[len(before) :]]
    assert Mouse.PAUSE in tail and Mouse.RESUME in tail and tail[-2:] == [Mouse.RIGHT_PRESS, Mouse.RIGHT_RELEASE]
    assert list(video.times) == sorted(video.times)


def test_the_clock_runs_from_the_stamp_of_the_opening_click_and_the_record_says_the_videos_time(driver):
    playing = start(driver)
    driver.press(driver.cell_pos(4, 4))
    driver.frames(7)  # the press is held: the clock starts at the release that opens the cell, as ms-toollib's
    opened_at = driver.app.clock.now_ms()
    driver.release(driver.cell_pos(4, 4))
    driver.frames(1)
    board = playing.board
    safe = [(r, c) for r in range(9) for c in range(9) if (r, c) not in board.mine_cells()]
    driver.frames(13)
    driver.key(pygame.K_p)
    driver.frames(50)  # paused: not on the clock
    driver.key(pygame.K_SPACE)
    for r, c in safe:
        if not board.is_revealed(r, c):
            driver.press(driver.cell_pos(r, c))
            driver.frames(3)
            driver.release(driver.cell_pos(r, c))
            driver.frames(1)
    assert board.state == "won"
    figures = figures_of(playing.session.current_video())
    assert playing.session.elapsed_ms == figures.time_ms, "the game's time is the video's, from the same stamps"
    assert board.moves[0].t_ms == 0
    driver.settled()
    assert driver.app.store.recent_games("beginner")[0].time_ms == figures.time_ms
    assert opened_at > 0


def play_with_a_chord_and_a_flag(driver):
    """Beginner: open the middle, flag a mine next to an open number, chord it with both buttons, then open
    every safe cell left, with frames (time) between."""
    playing = start(driver)
    board = playing.board
    driver.click_cell(4, 4)
    driver.frames(20)
    mines = set(board.mine_cells())

    def around(r, c):
        return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if 0 <= r + dr < 9 and 0 <= c + dc < 9]

    number = next(
        (r, c)
        for r in range(9)
        for c in range(9)
        if board.is_revealed(r, c)
        and sum(n in mines for n in around(r, c)) == 1
        and any(not board.is_revealed(*n) and n not in mines for n in around(r, c))
    )
    mine = next(n for n in around(*number) if n in mines)
    driver.click_cell(*mine, button=3)
    driver.frames(10)
    pos = driver.cell_pos(*number)
    driver.press(pos, button=1)
    driver.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=3)
    driver.frames(3)
    driver.release(pos, button=1)
    driver.release(pos, button=3)
    driver.frames(10)
    for r, c in [(r, c) for r in range(9) for c in range(9) if (r, c) not in mines]:
        if not board.is_revealed(r, c):
            driver.click_cell(r, c)
            driver.frames(5)
    assert board.state == "won"
    return playing


def test_export_writes_the_video_as_evf_that_ms_toollib_reads_with_our_board_time_3bv_and_clicks(driver):
    pytest.importorskip("ms_toollib")
    from tests.video.test_figures_against_ms_toollib import read_one

    driver.app.settings.change("player", "Ann Example")
    playing = play_with_a_chord_and_a_flag(driver)
    figures = figures_of(playing.session.current_video())
    assert figures.double >= 1 and figures.rce == 1
    driver.click_button(driver.panel_button("replay"))
    driver.key(pygame.K_e)
    evf = driver.scene.exported.with_suffix(".evf")
    assert evf.exists() and "evf" in driver.scene.message
    got = read_one(evf.read_bytes())
    board = playing.board
    assert (got["rows"], got["cols"], got["mines"]) == (9, 9, 10)
    assert {(r, c) for r, line in enumerate(got["board"]) for c, v in enumerate(line) if v == -1} == set(
        board.mine_cells()
    )
    assert got["rtime_ms"] == playing.session.elapsed_ms == figures.time_ms
    assert got["bbbv"] == board.three_bv and got["is_completed"]
    assert (got["left"], got["right"], got["double"]) == (figures.left, figures.right, figures.double)
    assert got["player"] == "Ann Example"


def test_the_game_over_panel_shows_the_videos_figures_each_equal_to_game_videos(driver):
    from game.view.formats import FIGURES, video_lines

    playing = play_with_a_chord_and_a_flag(driver)
    job = playing.session.figures_job
    assert job is not None and job.wait(30)
    driver.frames(2)
    panel = driver.overlay
    lines = dict(panel.lines())
    expected = figures_of(playing.session.current_video())
    assert lines["ZiNi"] == str(expected.zini) and lines["IOE"] == f"{expected.ioe:.3f}"
    assert lines["Clicks"] == f"L {expected.left} ({expected.lce})  R {expected.right} (1)  D {expected.double} (1)"
    assert all(lines[name] == value for name, value in video_lines(expected))
    assert all(name in FIGURES for name in lines), "every figure has its explanation (hover, Help)"
    shown = panel.shown_lines()
    assert len(shown) <= panel.lines_shown and ("Time", lines["Time"]) in shown and ("Code", lines["Code"]) in shown


def test_replay_plays_the_video_the_pointer_along_its_path_and_the_cells_it_presses(driver):
    playing = play_with_a_chord_and_a_flag(driver)
    video = playing.session.current_video()
    driver.click_button(driver.panel_button("replay"))
    replay = driver.scene
    assert replay.playback is not None and len(replay.playback) == len(video)
    driver.key(pygame.K_SPACE)  # pause
    driver.key(pygame.K_HOME)
    pointers = []
    for _ in range(len(video) + 5):
        before = replay.t_ms
        driver.key(pygame.K_PERIOD)  # the next event
        if replay.t_ms == before:
            break
        pointer, looks = replay._video_looks()
        index = replay.playback.index_at(replay.t_ms)
        assert pointer[0] == (video.xs[index], video.ys[index]), "at an event, the pointer is where it was"
        pointers.append((pointer, looks.pressed))
    assert len(pointers) >= len({t for t in map(replay.playback.time_of, range(len(video))) if t > 0}) - 1
    chord = [pressed for (point, buttons), pressed in pointers if buttons == 3]
    assert chord and any(chord), "a chord presses the covered neighbours (its own cell is open)"
    driver.screenshot("replay-video")
    driver.key(pygame.K_HOME)
    driver.key(pygame.K_RIGHTBRACKET)  # the next click
    index = replay.playback.index_at(replay.t_ms)
    assert Mouse(video.kinds[index]) in (Mouse.LEFT_PRESS, Mouse.LEFT_RELEASE, Mouse.RIGHT_PRESS, Mouse.RIGHT_RELEASE)


def test_copied_stays_said_when_the_figures_come_in_and_the_panel_is_laid_out_again(driver):
    playing = start(driver)
    driver.click_cell(4, 4)
    driver.click_cell(*playing.board.mine_cells()[0])
    panel = driver.overlay
    driver.click_button(driver.panel_button("copy"))
    assert panel.copy.label in ("Copied", "No clipboard")
    said = panel.copy.label
    panel._lay_out()  # what the figures, the analysis or a record's line coming in do
    assert panel.copy.label == said


def arrow_to(driver, start, target):
    """Move the keyboard cursor from `start` to `target` with the arrow keys."""
    (row, col), (to_row, to_col) = start, target
    for _ in range(abs(to_row - row)):
        driver.key(pygame.K_DOWN if to_row > row else pygame.K_UP)
    for _ in range(abs(to_col - col)):
        driver.key(pygame.K_RIGHT if to_col > col else pygame.K_LEFT)


def test_keys_that_play_on_the_board_are_in_the_video_at_the_cursors_cell_and_replay_shows_the_cursor(driver):
    pytest.importorskip("ms_toollib")
    from tests.video.test_figures_against_ms_toollib import read_one

    playing = start(driver)
    board = playing.board
    driver.click_cell(4, 4)
    mines = set(board.mine_cells())
    covered = [(r, c) for r in range(9) for c in range(9) if not board.is_revealed(r, c)]
    target = next(cell for cell in covered if cell not in mines)
    mine = next(cell for cell in covered if cell in mines)
    video = playing.session.video
    before = len(video)
    driver.key(pygame.K_SPACE)  # the first key shows the cursor, in the middle
    arrow_to(driver, (4, 4), target)
    driver.key(pygame.K_SPACE)
    arrow_to(driver, target, mine)
    driver.key(pygame.K_f)
    assert board.is_revealed(*target) and board.is_flagged(*mine)
    keys = [(Mouse(kind), video.cell_of(x, y)) for kind, x, y in zip(video.kinds, video.xs, video.ys)][before:]
    assert keys[0] == (Mouse.KEY_CURSOR, (4, 4))
    assert (Mouse.KEY_OPEN, target) in keys and keys[-1] == (Mouse.KEY_FLAG, mine)
    assert all(kind in (Mouse.KEY_CURSOR, Mouse.KEY_OPEN, Mouse.KEY_FLAG) for kind, _ in keys)
    assert all(x % 16 == 8 and y % 16 == 8 for x, y in zip(video.xs[before:], video.ys[before:])), "cell centres"
    for r, c in [(r, c) for r in range(9) for c in range(9) if (r, c) not in mines]:
        if not board.is_revealed(r, c):
            driver.click_cell(r, c)
    assert board.state == "won"
    figures = figures_of(playing.session.current_video())
    assert figures.time_ms == playing.session.elapsed_ms
    got = read_one(encode_evf(playing.session.current_video()))
    assert (got["rtime_ms"], got["bbbv"], got["bbbv_solved"]) == (figures.time_ms, figures.bbbv, figures.bbbv_solved)
    assert (got["left"], got["right"], got["double"], got["lce"], got["rce"]) == (
        figures.left,
        figures.right,
        figures.double,
        figures.lce,
        figures.rce,
    )
    driver.click_button(driver.panel_button("replay"))
    replay = driver.scene
    driver.key(pygame.K_SPACE)  # pause
    driver.key(pygame.K_HOME)
    while replay.playback.key_cursor_at(replay.t_ms) != target:
        before_t = replay.t_ms
        driver.key(pygame.K_PERIOD)
        assert replay.t_ms != before_t, "the cursor came to the cell the key opened"
    assert replay._video_looks()[1].cursor == target, "Replay draws the keyboard cursor there"
    driver.screenshot("replay-keyboard-cursor")


def test_a_same_board_games_video_starts_with_the_click_made_for_the_player_and_replays_the_game(driver):
    pytest.importorskip("ms_toollib")
    from tests.video.test_figures_against_ms_toollib import read_one

    playing = start(driver)
    driver.click_cell(4, 4)
    driver.click_cell(*playing.board.mine_cells()[0])  # lost: then the same board again
    driver.click_button(driver.panel_button("same board"))
    again = driver.scene
    assert again is not playing and again.board.is_revealed(4, 4)
    video = again.session.video
    centre = (4 * 16 + 8, 4 * 16 + 8)
    assert [(e.kind, e.time_ms, (e.x, e.y)) for e in video][:3] == [
        (Mouse.LEFT_PRESS, 0, centre),
        (Mouse.LEFT_RELEASE, 0, centre),
        (Mouse.PAUSE, 0, centre),
    ], "the click made for the player, then the wait for the player's move"
    for n in range(40):  # the player looks and moves the mouse about before the first move: not game time
        driver.post(pygame.MOUSEMOTION, pos=driver.cell_pos(n % 9, (n * 2) % 9), rel=(0, 0), buttons=(0, 0, 0))
        driver.frames(1)
    board = again.board
    for r, c in [(r, c) for r in range(9) for c in range(9) if (r, c) not in board.mine_cells()]:
        if not board.is_revealed(r, c):
            driver.press(driver.cell_pos(r, c))
            driver.frames(2)
            driver.release(driver.cell_pos(r, c))
            driver.frames(3)
    assert board.state == "won"
    figures = figures_of(again.session.current_video())
    assert figures.won and figures.time_ms == again.session.elapsed_ms, "the video's time is the game's"
    assert figures.bbbv == board.three_bv and figures.lce == figures.left == board.left_clicks, (
        "the click made for the player counts in no click count: the game's are the player's own"
    )
    got = read_one(encode_evf(again.session.current_video()))
    assert (got["rtime_ms"], got["bbbv"], got["is_completed"]) == (figures.time_ms, figures.bbbv, True)
    # EVF can open a board only by a click: there the made click is the file's first, and ms-toollib counts it
    assert (got["left"], got["lce"], got["right"], got["double"]) == (
        figures.left + 1,
        figures.lce + 1,
        figures.right,
        figures.double,
    )


def test_a_resumed_games_video_waits_for_the_players_first_move_as_its_clock_does(driver):
    playing = start(driver)
    board = playing.board
    driver.click_cell(4, 4)
    driver.frames(20)
    driver.key(pygame.K_ESCAPE)
    driver.click_button(driver.overlay.yes)
    driver.settled()
    driver.click_button(driver.scene.resume)
    resumed = driver.scene
    assert isinstance(resumed, PlayingScene) and resumed.session.waiting
    for n in range(60):  # the mouse moves about before the first move: the clock waits, and so does the video
        driver.post(pygame.MOUSEMOTION, pos=driver.cell_pos(n % 9, (n * 4) % 9), rel=(0, 0), buttons=(0, 0, 0))
        driver.frames(1)
    board = resumed.board
    for r, c in [(r, c) for r in range(9) for c in range(9) if (r, c) not in board.mine_cells()]:
        if not board.is_revealed(r, c):
            driver.click_cell(r, c, frames=4)
    assert board.state == "won"
    figures = figures_of(resumed.session.current_video())
    assert figures.time_ms == resumed.session.elapsed_ms
    driver.settled()
    assert driver.app.store.recent_games("beginner")[0].time_ms == figures.time_ms


def test_a_fast_mouse_is_recorded_whole_though_the_frame_handles_its_run_of_motions_once(driver):
    playing = start(driver)
    video = playing.session.video
    driver.click_cell(4, 4)
    hovered = []
    playing.listeners.append(hovered.append)
    points = [driver.cell_pos(r, c) for r in range(9) for c in range(9)] * 5  # 405 motions: 8 kHz for 50 ms
    for x, y in points:
        driver.post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(1)
    moves = [(video.cell_of(e.x, e.y), e.kind) for e in list(video)[2:]]
    assert moves == [((r, c), Mouse.MOVE) for _ in range(5) for r in range(9) for c in range(9)], "every one kept"
    assert len(hovered) == 1 and playing.ui.pointer == (8, 8), "the scene handled the run once, where it ended"


def test_a_left_click_on_a_number_that_chords_is_a_chord_in_the_video_too(driver):
    """A left click on a number whose flags are all placed chords on the board; the video held a plain left click,
    which ms-toollib's rules (and so our figures and every program reading the EVF) take for nothing: the game
    was won on the board and unfinished in its video (found by the one-truth property test, issue 43)."""
    playing = start(driver)
    board = playing.board
    driver.click_cell(4, 4, frames=10)
    around = lambda r, c: [  # noqa: E731
        (i, j)
        for i in range(r - 1, r + 2)
        for j in range(c - 1, c + 2)
        if 0 <= i < 9 and 0 <= j < 9 and (i, j) != (r, c)
    ]
    chord_at = next(
        (r, c)
        for r in range(9)
        for c in range(9)
        if board.is_revealed(r, c)
        and board.adjacent_mines(r, c)
        and any(not board.is_revealed(*n) and not board.is_mine(*n) for n in around(r, c))
    )
    for cell in around(*chord_at):
        if board.is_mine(*cell):
            driver.click_cell(*cell, button=3, frames=5)
    opened = sum(board.is_revealed(r, c) for r in range(9) for c in range(9))
    driver.click_cell(*chord_at, frames=5)
    assert sum(board.is_revealed(r, c) for r in range(9) for c in range(9)) > opened, "the left click chorded"
    video = playing.session.current_video()
    from game.video.mouse import Game

    game = Game(video.rows, video.cols, video.mines)
    for kind, x, y in zip(video.kinds, video.xs, video.ys):
        game.hear(kind, video.cell_of(x, y))
    assert [[game.opened[r][c] for c in range(9)] for r in range(9)] == [
        [board.is_revealed(r, c) for c in range(9)] for r in range(9)
    ], "the video opens what the game opened"
    figures = figures_of(video)
    assert figures.double == board.chord_clicks >= 1 and figures.bbbv_solved == playing.session.stats().solved_three_bv
