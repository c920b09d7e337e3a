"""Random games for the video tests: a seeded player who clicks, flags and chords anywhere, mistakes and all,
with the mouse or (`keys`) now and then with the keyboard."""

import random

from game.video import Mouse, Video


def random_video(
    seed: int, rows: int = 0, cols: int = 0, mines: int = -1, cell_size: int = 0, keys: bool = False
) -> Video:
    rng = random.Random(seed)
    rows = rows or rng.randint(2, 16)
    cols = cols or rng.randint(2, 30)
    if mines < 0:
        mines = rng.randint(1, max(1, rows * cols // 5))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    video = Video(rows, cols, frozenset(rng.sample(cells, mines)), cell_size=cell_size or rng.choice([16, 16, 24, 9]))
    size = video.cell_size
    safe = [cell for cell in cells if cell not in video.mines]
    time = 0

    def at(cell):
        return cell[1] * size + rng.randrange(size), cell[0] * size + rng.randrange(size)

    def centre(cell):
        return cell[1] * size + size // 2, cell[0] * size + size // 2

    def event(kind, point):
        nonlocal time
        time += rng.choice([0, 1, 5, 16, 40, 120, 300]) if rng.random() < 0.95 else rng.randint(256, 70000)
        video.append(kind, time, *point)

    point = at(rng.choice(safe))
    for _ in range(rng.randint(1, 60)):
        target = rng.choice(safe) if rng.random() < 0.8 else rng.choice(cells)
        for _ in range(rng.randint(0, 3)):
            point = (
                at(target)
                if rng.random() < 0.9
                else (rng.randint(-20, cols * size + 20), rng.randint(-20, rows * size + 20))
            )
            event(Mouse.MOVE, point)
        point = at(target)
        action = rng.random()
        if keys and rng.random() < 0.3:  # the keyboard: the cursor moved about, then a key on its cell
            for _ in range(rng.randint(0, 3)):
                event(Mouse.KEY_CURSOR, centre(rng.choice(cells)))
            event(rng.choice([Mouse.KEY_OPEN, Mouse.KEY_OPEN, Mouse.KEY_CHORD, Mouse.KEY_FLAG]), centre(target))
        elif action < 0.55:
            event(Mouse.LEFT_PRESS, point)
            if rng.random() < 0.2:
                point = at(rng.choice(cells))
                event(Mouse.MOVE, point)
            event(Mouse.LEFT_RELEASE, point)
        elif action < 0.75:
            event(Mouse.RIGHT_PRESS, point)
            event(Mouse.RIGHT_RELEASE, point)
        elif action < 0.92:
            first, second = rng.sample(
                [(Mouse.LEFT_PRESS, Mouse.LEFT_RELEASE), (Mouse.RIGHT_PRESS, Mouse.RIGHT_RELEASE)], 2
            )
            event(first[0], point)
            event(second[0], point)
            order = [first[1], second[1]]
            rng.shuffle(order)
            event(order[0], point)
            event(order[1], point)
        elif action < 0.96:
            event(Mouse.MIDDLE_PRESS, point)
            event(Mouse.MIDDLE_RELEASE, point)
        else:
            event(Mouse.PAUSE, point)
            event(Mouse.RESUME, point)
    return video


def won_video(rows: int, cols: int, mines: int, seed: int = 1, gap_ms: int = 150, player: str = "") -> Video:
    """A video of a player who clears a board dealt from `seed`: the middle first (its opening, laid to be
    safe), then every cell still covered, in reading order, each a move, a press and a release `gap_ms` apart."""
    from game.model import Board
    from game.video.mouse import Game

    board = Board(rows, cols, mines, seed=seed)
    first = (rows // 2, cols // 2)
    board.reveal(*first)
    video = Video(rows, cols, frozenset(board.mine_cells()), player=player)
    game = Game(rows, cols, video.mines)
    size, time = video.cell_size, 0
    for cell in [first] + [(r, c) for r in range(rows) for c in range(cols)]:
        if cell in video.mines or game.opened[cell[0]][cell[1]]:
            continue
        x, y = cell[1] * size + size // 2, cell[0] * size + size // 2
        for kind in (Mouse.MOVE, Mouse.LEFT_PRESS, Mouse.LEFT_RELEASE):
            video.append(kind, time, x, y)
            game.hear(kind, (cell[0], cell[1]))
            time += gap_ms // 3
    return video


def thinking_video(seed: int, rows: int = 0, cols: int = 0, mines: int = -1) -> Video:
    """A video of a player who thinks, mostly: each turn it opens a cell the numbers prove safe, often by a chord
    on a number whose mines it has flagged; now and then it guesses (the safest cell, or any), flags a mine it
    knows or a cell it does not, or clicks an open cell for nothing; until the game ends. The review's tests
    want every kind of click: certain, forced, avoidable, among the safest or not, chords, wasted clicks."""
    from game.model import Board, analyse_visible
    from game.video.board_figures import neighbours
    from game.video.mouse import Game

    rng = random.Random(seed)
    rows = rows or rng.randint(3, 12)
    cols = cols or rng.randint(3, 16)
    if mines < 0:
        mines = rng.randint(1, max(1, rows * cols // 4))
    board = Board(rows, cols, mines, seed=seed)
    first = (rng.randrange(rows), rng.randrange(cols))
    board.reveal(*first)
    video = Video(rows, cols, frozenset(board.mine_cells()))
    game = Game(rows, cols, video.mines)
    size, time = video.cell_size, 0

    def press(*kinds_cell):
        nonlocal time
        *kinds, cell = kinds_cell
        x, y = cell[1] * size + size // 2, cell[0] * size + size // 2
        for kind in kinds:
            time += rng.choice([16, 40, 120])
            video.append(kind, time, x, y)
            game.hear(kind, cell)

    press(Mouse.LEFT_PRESS, Mouse.LEFT_RELEASE, first)
    for _ in range(rows * cols * 3):
        if game.over:
            break
        view = [game.grid[r][c] if game.opened[r][c] else -1 for r in range(rows) for c in range(cols)]
        analysis = analyse_visible(rows, cols, mines, view)
        covered = [(r, c) for r in range(rows) for c in range(cols) if not game.opened[r][c]]
        unflagged = [cell for cell in covered if cell not in game.flagged]
        known = sorted(cell for cell in analysis.mines if cell not in game.flagged)
        safe = sorted(cell for cell in analysis.safe if cell not in game.flagged)
        roll = rng.random()
        if known and roll < 0.25:
            press(Mouse.RIGHT_PRESS, Mouse.RIGHT_RELEASE, rng.choice(known))
        elif roll < 0.28 and unflagged:
            press(Mouse.RIGHT_PRESS, Mouse.RIGHT_RELEASE, rng.choice(unflagged))  # a flag it cannot know
        elif roll < 0.31:
            opened = [(r, c) for r in range(rows) for c in range(cols) if game.opened[r][c]]
            press(Mouse.LEFT_PRESS, Mouse.LEFT_RELEASE, rng.choice(opened))  # a click on an open cell
        elif safe and roll < 0.88:
            target = rng.choice(safe)
            chords = [
                n
                for n in neighbours(rows, cols, *target)
                if game.opened[n[0]][n[1]]
                and sum(1 for m in neighbours(rows, cols, *n) if m in game.flagged) == game.grid[n[0]][n[1]]
            ]
            if chords and rng.random() < 0.6:
                press(Mouse.LEFT_PRESS, Mouse.RIGHT_PRESS, Mouse.LEFT_RELEASE, Mouse.RIGHT_RELEASE, rng.choice(chords))
            else:
                press(Mouse.LEFT_PRESS, Mouse.LEFT_RELEASE, target)
        elif unflagged:
            chances = analysis.probabilities
            if rng.random() < 0.7:
                lowest = min(chances[cell] for cell in unflagged)
                target = rng.choice([cell for cell in unflagged if chances[cell] <= lowest + 1e-12])
            else:
                target = rng.choice(unflagged)
            press(Mouse.LEFT_PRESS, Mouse.LEFT_RELEASE, target)
        else:  # only flagged cells left covered, some wrongly: take a flag off
            press(Mouse.RIGHT_PRESS, Mouse.RIGHT_RELEASE, rng.choice(covered))
    return video
