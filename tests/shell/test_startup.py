"""What starting the game loads: the menu's first frame needs the app, the records, the menu and the view, and
nothing for a screen, an overlay or a job the player has not asked for yet. Loading more is not wrong, only
slower (bench.app times it); this names the modules whose loading at start-up was measured to cost."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Each is loaded later, when it is needed: after the first frame (the app warms up the likely next screens on a
# thread), with the first worker, the first save or the first race.
NOT_AT_START_UP = (
    "subprocess",  # the worker module starts processes, and imports it then
    "game.scenes.playing",
    "game.overlays.gameover",
    "game.model.replay.verdict",
    "game.model.rules.snapshot",
    "game.play.race",
    "game.video.figures",
)


def test_starting_the_game_loads_only_what_the_first_screen_needs(tmp_path):
    code = (
        "import sys\n"
        "from game.shell.app import App\n"
        "App()\n"  # what the first frame draws is made here; the first step then starts the warm-up thread
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", MINESWEEPER_HOME=str(tmp_path))
    loaded = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    assert "game.scenes.menu" in loaded, "the check sees the start-up"
    assert [name for name in NOT_AT_START_UP if name in loaded] == []
