"""Other programs' videos in the real app, headless: dropped on the window, given with --replay, played to their
end on the right board, shown with what the file says of itself; exported with Replay's E as EVF and opened
again, with the same board, events and figures; a bad file gets a sentence and the game goes on."""

import pygame
import pytest

from game.model import GameState
from game.shell.app import App
from game.store import data_folder
from game.video import figures_of
from game.video.mouse import Game, Outcome
from game.view import screens
from tests.driver import Driver, FakeClock
from tests.video.test_foreign import GOOD, SAMPLES

pytest.importorskip("ms_toollib")

PROGRAMS = {
    ".avf": "Minesweeper Arbiter 0.52",
    ".rmv": "Viennasweeper ",
    ".mvf": "Minesweeper Clone ",
    ".evf": "Metasweeper ",
}


@pytest.fixture
def driver():
    app = App(clock=FakeClock(), desktop_size=(1366, 768))
    yield Driver(app)
    app.store.close()


def dropped(driver, path):
    driver.post(pygame.DROPFILE, file=str(path))
    driver.frames(3)
    return driver.scene


def the_mouse_game(video):
    game = Game(video.rows, video.cols, video.mines)
    for index, kind in enumerate(video.kinds):
        if not game.over:
            game.hear(kind, video.cell_of(video.xs[index], video.ys[index]))
    return game


def button_events(video):
    """The presses and releases, with their times from the first of them (EVF starts a video there)."""
    kept = [(k, t, x, y) for k, t, x, y in zip(video.kinds, video.times, video.xs, video.ys) if 2 <= k <= 8]
    return [(k, t - kept[0][1], x, y) for k, t, x, y in kept]


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.name)
def test_a_video_dropped_on_the_window_plays_to_its_final_board(driver, path):
    scene = dropped(driver, path)
    assert isinstance(scene.shown, screens.Replay) and scene.video is not None and len(scene.video)
    player, program = scene.about[0].split(" · ")[:2]
    assert player.startswith(scene.video.player or "an unnamed player") and program.startswith(PROGRAMS[path.suffix])
    figures = figures_of(scene.video)
    assert f"3BV {figures.bbbv_solved}/{figures.bbbv}" in scene.about[1]
    driver.key(pygame.K_END)
    game, board = the_mouse_game(scene.video), scene.board
    wanted = {Outcome.WON: GameState.WON, Outcome.LOST: GameState.LOST}.get(game.outcome, GameState.PLAYING)
    assert board.state == wanted == (GameState.WON if figures.won else board.state)
    for r in range(board.rows):
        for c in range(board.cols):
            assert board.is_mine(r, c) == ((r, c) in scene.video.mines)
            if (r, c) not in scene.video.mines:
                assert board.is_revealed(r, c) == game.opened[r][c]
    assert scene.replay.elapsed_ms == figures.time_ms


@pytest.mark.slow
@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.name)
def test_a_video_exported_as_evf_and_opened_again_is_the_same_game(driver, path):
    first = dropped(driver, path)
    driver.key(pygame.K_e)
    evf = data_folder() / "replays" / (first.exported.stem + ".evf")
    assert evf.is_file(), first.message
    again = dropped(driver, evf)
    assert again is not first and isinstance(again.shown, screens.Replay)
    one, two = first.video, again.video
    assert two.board_rows() == one.board_rows() and two.cell_size == one.cell_size
    assert button_events(two) == button_events(one)
    assert figures_of(two) == figures_of(one)
    assert two.player == one.player and again.foreign.program == first.foreign.program
    assert again.about[0].rpartition(" · ")[0] == first.about[0].rpartition(" · ")[0], "all but the format"
    assert again.about[0].endswith(" · EVF") and again.about[1] == first.about[1]
    assert again.replay.moves == first.replay.moves


def test_a_video_given_with_replay_opens_at_start():
    path = next(p for p in GOOD if p.suffix == ".mvf")
    app = App(clock=FakeClock(), desktop_size=(1366, 768), replay=str(path))
    try:
        Driver(app).frames(3)
        assert isinstance(app.scene.shown, screens.Replay)
        assert app.scene.about[0].startswith("Zhang Shen Jia(China) · Minesweeper Clone")
    finally:
        app.store.close()


@pytest.mark.parametrize(
    "name, content, said",
    [
        ("test_rmv1_utf8_invalid.rmv", None, "damaged or not the video its name says (the parser aborted)"),
        ("cut.avf", b"\x00" * 40, "damaged or not the video its name says"),
        ("empty.evf", b"", "damaged or not the video its name says"),
        ("video.mvf", b"not a video at all, but text", "damaged or not the video its name says"),
        ("notes.txt", b"not a video at all, but text", "That replay file is damaged or cut short"),
    ],
)
def test_a_bad_video_dropped_gets_a_sentence_naming_it_and_the_game_goes_on(driver, tmp_path, name, content, said):
    path = SAMPLES / name if content is None else tmp_path / name
    if content is not None:
        path.write_bytes(content)
    scene = dropped(driver, path)
    assert isinstance(scene.shown, screens.Menu)
    assert scene.notices[-1].startswith(f"Could not open {name}: {said}")
    good = dropped(driver, GOOD[0])
    assert isinstance(good.shown, screens.Replay)
    bad = dropped(driver, path)
    assert bad is good and good.message.startswith(f"Could not open {name}: "), "said over the replay, which goes on"


def test_a_video_dropped_on_the_window_can_be_raced(driver):
    path = next(p for p in GOOD if p.name.startswith("Cus_8x11"))
    scene = dropped(driver, path)
    driver.key(pygame.K_b)
    racing = driver.scene
    assert isinstance(racing.shown, screens.Playing) and racing.race.video is scene.video
    assert set(racing.board.mine_cells()) == scene.video.mines


def about_lines_drawn(driver):
    from game.view import text

    scene = driver.scene
    with text.recording() as log:
        scene.draw_all(driver.app.screen)
    return [item.text for item in log if scene.about_rect.colliderect(item.rect)]


def test_what_a_video_says_of_itself_shows_whole_at_800x600_and_in_a_tip_where_cut():
    from game.view import text

    app = App(clock=FakeClock(), desktop_size=(800, 600))
    driver = Driver(app)
    try:
        scene = dropped(driver, SAMPLES / "Zhang Shen Jia_Exp_38.82(3bv122).mvf")
        shown = about_lines_drawn(driver)
        assert scene.about[1] in shown, f"the strip takes the window's width: {shown}"
        scene.about_rect.w //= 2  # a strip too narrow for the figures' line
        assert any(line.endswith(text.ELLIPSIS) for line in about_lines_drawn(driver))
        whole = scene.about[1]
        at = dict(scene.about_cut)[whole]
        driver.post(pygame.MOUSEMOTION, pos=at.center, rel=(0, 0), buttons=(0, 0, 0))
        driver.frames(1)
        with text.recording() as log:
            scene.draw_all(driver.app.screen)
        assert whole in " ".join(item.text for item in log), "the tip shows the line whole"
    finally:
        app.store.close()
