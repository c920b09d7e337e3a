"""The menu: its buttons stay where they are whether or not a game waits to be resumed."""

import pygame

from game.shell.app import App
from tests.driver import Driver, FakeClock


def test_the_buttons_do_not_move_when_a_resume_button_appears(tmp_path):
    app = App(clock=FakeClock(), seed=2, desktop_size=(1366, 768))
    pygame.event.clear()
    app.step()
    driver = Driver(app, tmp_path)
    before = {key: button.rect.copy() for key, button in driver.scene.difficulty_buttons.items()}
    others = [b.rect.copy() for b in driver.scene.buttons]
    assert driver.scene.resume is None
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    driver.click_cell(4, 4)
    driver.key(pygame.K_ESCAPE)
    driver.click_button(driver.overlay.yes)
    menu = driver.scene
    assert menu.resume is not None and menu.resume.rect == menu.resume_slot
    assert {key: button.rect for key, button in menu.difficulty_buttons.items()} == before
    assert [b.rect for b in menu.buttons if b is not menu.resume] == others
    app.store.close()
    pygame.quit()
