"""End-to-end: play a video's board against its ghost, from a game's own replay, from a speed-runner's video
and from Records; the real app driven headless by real events. The ghost is where the video's pointer was at
the player's time, both clocks agree, the game is recorded as a board seen before, and the game-over panel
sets both sets of figures side by side and says who won."""

import sqlite3
from pathlib import Path

import pygame
import pytest

from game.model.replay.replay import Replay
from game.overlays.gameover import GameOverPanel
from game.play.race import Lead, Race
from game.scenes.playing import PlayingScene
from game.scenes.replay import ReplayScene
from game.store.kept import Origin
from game.video import figures_of
from game.video.events import Mouse, Video
from game.video.ghost import opening_cell
from game.view import race_figures, screens
from game.view.ghost_view import clock_text
from tests.driver import driven

ROOT = Path(__file__).resolve().parent.parent.parent
SAMPLES = ROOT / "tests" / "fixtures" / "videos"


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=4321)


def cells(board):
    return [(r, c) for r in range(board.rows) for c in range(board.cols)]


def play_to_the_end(driver, gap=6, lose=False):
    """Open the safe cells one by one with `gap` frames between clicks (or click a mine when `lose`)."""
    playing = driver.scene
    board = playing.board
    for cell in cells(board):
        if board.state not in ("ready", "playing"):
            break
        if board.is_mine(*cell) == lose and not board.is_revealed(*cell):
            playing.screen.keep_in_view(cell)
            driver.click_cell(*cell, frames=gap)
    return playing


def won_beginner(driver):
    """A beginner game won by the player, with time between the clicks; its replay open."""
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    driver.click_cell(4, 4, frames=20)
    playing = play_to_the_end(driver)
    assert playing.board.state == "won"
    driver.click_button(driver.panel_button("replay"))
    assert isinstance(driver.scene, ReplayScene)
    return playing


def ghost_tip(scene, t_ms):
    """Where the ghost's pointer tip is on screen at t_ms of the race: the video's pointer then, in the
    board window's geometry."""
    point = scene.race.playback.cursor_at(t_ms)
    g, size = scene.geometry, scene.race.video.cell_size
    return (g.view.x - g.scroll_x + point[0] * g.tile / size, g.view.y - g.scroll_y + point[1] * g.tile / size)


def test_play_that_board_from_a_games_replay_races_its_ghost_on_the_players_clock(driver):
    played = won_beginner(driver)
    video = played.session.current_video()
    driver.key(pygame.K_b)
    racing = driver.scene
    assert isinstance(racing, PlayingScene) and racing.race is not None
    board = racing.board
    assert board.mine_cells() == played.board.mine_cells(), "the same mines"
    assert board.first_reveal == (4, 4) == opening_cell(video), "the video's first click, made for the player"
    assert [board.is_revealed(*c) for c in cells(board)] == [
        played.session.replay().board_after(1).is_revealed(*c) for c in cells(board)
    ], "it opened as it did"
    assert racing.session.origin is Origin.SAME_BOARD and racing.session.waiting
    centre = (4 * 16 + 8, 4 * 16 + 8)
    assert [(e.kind, e.time_ms, (e.x, e.y)) for e in racing.session.video][:3] == [
        (Mouse.LEFT_PRESS, 0, centre),
        (Mouse.LEFT_RELEASE, 0, centre),
        (Mouse.PAUSE, 0, centre),
    ], "the player's video starts with the click made for them, then the wait for their move"
    driver.frames(90)
    assert racing.session.elapsed_ms == 0 and racing.ghost.look.clock_ms == 0, "both wait for the player"
    assert racing.ghost.look.point == racing.race.playback.cursor_at(0), "the ghost waits on its opening click"
    driver.screenshot("race-waiting")

    safe = [c for c in cells(board) if not board.is_mine(*c) and not board.is_revealed(*c)]
    driver.click_cell(*safe[0], frames=1)
    assert not racing.session.waiting
    for _ in range(40):  # the ghost's pointer, frame by frame, is the video's at the player's time
        driver.frames(1)
        t = racing.session.elapsed_ms
        look = racing.ghost.look
        assert look.clock_ms == min(t, racing.race.ghost.finish_ms or t)
        assert look.point == racing.race.playback.cursor_at(min(t, racing.race.ghost.finish_ms or t))
        tip = ghost_tip(racing, min(t, racing.race.ghost.finish_ms or t))
        assert racing.ghost._drawn.collidepoint(tip), "drawn where the video's pointer was"
    driver.screenshot("race-under-way")
    played_figures = figures_of(video)
    assert racing.ghost.look.clock_ms <= played_figures.time_ms

    play_to_the_end(driver, gap=2)
    assert board.state == "won"
    panel = driver.overlay
    assert isinstance(panel, GameOverPanel) and panel.race is racing.race
    assert racing.race.wait(30)
    driver.frames(3)
    lines = panel.lines()
    assert lines[0] == ("", "You", "Ghost")
    rows = {line[0]: line[1:] for line in lines}
    assert rows["Time"][1] == f"{played_figures.time_ms / 1000:.3f} s"
    assert rows["3BV/s"][1] == f"{played_figures.bbbv_s:.3f}"
    assert rows["Clicks"][1] == f"{played_figures.clicks} ({played_figures.effective_clicks})"
    assert rows["ZiNi"] == (str(played_figures.zini),)
    you = racing.race.your_figures
    assert you.time_ms == racing.session.elapsed_ms and you.won
    assert rows["Time"][0] == f"{you.time_ms / 1000:.3f} s"
    result = racing.race.result()
    assert result.lead is (Lead.YOU if you.time_ms < played_figures.time_ms else Lead.GHOST)
    assert panel._verdict_words().startswith(("You beat the ghost by", "The ghost beat you by"))
    driver.past_grace()
    driver.frames(2)
    driver.screenshot("race-bar")
    if not panel.expanded:
        driver.key(pygame.K_SPACE)
    assert panel.expanded
    driver.screenshot("race-panel")

    db = sqlite3.connect(driver.app.store.path)
    same = db.execute("SELECT same_board FROM games ORDER BY id").fetchall()
    db.close()
    assert same == [(0,), (1,)], "the race is recorded as a board seen before"
    assert len(driver.app.store.best_times("beginner")) == 1, "and never as a best time"


def test_race_again_from_the_panel_and_a_lost_race(driver):
    won_beginner(driver)
    driver.key(pygame.K_b)
    racing = driver.scene
    board = racing.board
    safe = next(c for c in cells(board) if not board.is_mine(*c) and not board.is_revealed(*c))
    driver.click_cell(*safe, frames=30)
    mine = next(c for c in cells(board) if board.is_mine(*c))
    driver.click_cell(*mine)
    assert board.state == "lost"
    panel = driver.overlay
    assert panel.race.wait(30)
    driver.frames(3)
    assert panel.race.result().lead is Lead.GHOST
    assert panel._verdict_words().startswith("The ghost won the race in ")
    assert race_figures.bar_words(panel.race).endswith(": the ghost wins")
    rows = {line[0]: line[1:] for line in panel.lines()}
    assert " of " in rows["3BV"][0] and " of " not in rows["3BV"][1]
    driver.screenshot("race-lost")
    button = driver.panel_button("same board")
    assert button.label in ("Race again", "Race")
    driver.click_button(button)
    again = driver.scene
    assert again is not racing and again.race is not None and again.race.video is racing.race.video
    assert again.board.first_reveal == (4, 4) and again.board.mine_cells() == board.mine_cells()


def foreign_replay(video: Video) -> Replay:
    """A replay of the video's board with no moves: what the replay scene needs to show it (the watch
    feature makes the moves too)."""
    mines = sorted(video.mines)
    return Replay(video.rows, video.cols, len(mines), 0, "opening", False, mines, [], 0)


def test_play_that_board_from_a_speed_runners_video(driver):
    foreign = pytest.importorskip("game.video.foreign")
    pytest.importorskip("ms_toollib")
    read = foreign.read_foreign(SAMPLES / "Cus_8x11_7mines_5.42_3BV=8_3BVs=1.47_Wang Jianing G15208.avf")
    video = read.video
    driver.app.show(screens.Replay(replay=foreign_replay(video), video=video))
    driver.frames(2)
    driver.click_button(driver.scene.buttons["race"])
    racing = driver.scene
    assert isinstance(racing, PlayingScene) and racing.race.video is video
    board = racing.board
    assert (board.rows, board.cols) == (video.rows, video.cols) and set(board.mine_cells()) == video.mines
    assert board.first_reveal == opening_cell(video)
    safe = next(c for c in cells(board) if not board.is_mine(*c) and not board.is_revealed(*c))
    driver.click_cell(*safe, frames=1)
    ghost = racing.race.ghost
    while not ghost.over:  # the ghost plays the video on: Arbiter's 5.42 s
        driver.frames(10)
        assert racing.ghost.look.clock_ms == min(racing.session.elapsed_ms, ghost.finish_ms or 10**9)
    assert ghost.finish_ms == figures_of(video).time_ms and ghost.finish.value == "won"
    assert clock_text(racing.ghost.look.clock_ms) == f"{ghost.finish_ms // 100 / 10:.1f}"
    assert set(ghost.opened_cells) == {c for c in cells(board) if not board.is_mine(*c)}
    driver.key(pygame.K_o)
    assert racing.ghost.show_opened
    driver.screenshot("race-foreign-ghost-finished")
    play_to_the_end(driver, gap=1)
    panel = driver.overlay
    assert panel.race.wait(30)
    driver.frames(3)
    assert panel.race.result().lead is Lead.GHOST, "a player of a second cannot beat 5.42 s here"
    assert panel._verdict_words().startswith("王嘉宁's ghost beat you by"), "the text path writes a name in Chinese"
    driver.screenshot("race-foreign-panel")


def test_a_game_from_records_can_be_raced(driver):
    won_beginner(driver)
    driver.key(pygame.K_ESCAPE)
    driver.app.show(screens.Records(category="beginner"))
    driver.frames(2)
    records = driver.scene
    driver.click_button(records.recent_tab)
    row = records.rows[0]
    driver.post(pygame.MOUSEMOTION, pos=row.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(1)
    driver.screenshot("records-race-entry")
    driver.key(pygame.K_b, frames=3)
    racing = driver.scene
    assert isinstance(racing, PlayingScene) and racing.race is not None
    assert racing.board.first_reveal == (4, 4)


def test_a_video_without_mouse_events_cannot_be_raced_and_says_why(driver):
    video = Video.from_text(["*....", ".....", ".....", ".....", "....*"])
    driver.app.show(screens.Replay(replay=foreign_replay(video), video=video))
    driver.frames(2)
    driver.key(pygame.K_b)
    assert isinstance(driver.scene, ReplayScene) and "no ghost" in driver.scene.message


def test_a_ghost_that_loses_on_its_first_click_makes_no_first_click_for_the_player():
    video = Video.from_text(["*....", ".....", ".....", ".....", "....*"])
    video.append(Mouse.LEFT_PRESS, 0, 8, 8)
    video.append(Mouse.LEFT_RELEASE, 50, 8, 8)
    race = Race(video)
    assert race.first_cell is None and opening_cell(video) is None
    race.ghost.advance(0)
    assert race.ghost.finish.value == "lost" and race.ghost.finish_ms == 0


def test_a_race_asks_before_it_replaces_a_saved_game(driver):
    won_beginner(driver)
    driver.key(pygame.K_ESCAPE)  # back from the replay to the panel
    driver.click_button(driver.panel_button("again"))
    driver.click_cell(0, 0)
    driver.key(pygame.K_ESCAPE)  # the game under way stays saved
    driver.click_button(driver.overlay.yes)
    assert isinstance(driver.scene.shown, screens.Menu) and driver.app.dealer.keeper.saved is not None
    driver.click_button(driver.scene.records)
    records = driver.scene
    driver.click_button(records.recent_tab)
    won_row = next(row for row in records.rows if records.game_of[row].won)
    driver.click_button(won_row)
    assert isinstance(driver.scene, ReplayScene)
    driver.key(pygame.K_b)
    question = driver.overlay
    assert question is not None and "Discard the saved game?" in question.question
    driver.key(pygame.K_ESCAPE)  # keep it: no race
    assert isinstance(driver.scene, ReplayScene) and driver.app.dealer.keeper.saved is not None
    driver.key(pygame.K_b)
    driver.click_button(driver.overlay.yes)
    assert isinstance(driver.scene, PlayingScene) and driver.scene.race is not None
