"""Check the lessons' boards as the test does, and show each: its numbers, what it asks for, and the rule the
engine needs to settle it. For writing lessons: python tools/check_lessons.py [KEY ...]"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.learn import lessons as lesson_data


def show(lesson, n):
    try:
        b = lesson.puzzle(n).board
    except ValueError:
        return
    for r in range(b.rows):
        line = ""
        for c in range(b.cols):
            if b.is_revealed(r, c):
                line += str(b.adjacent_mines(r, c)) if b.adjacent_mines(r, c) else "."
            elif b.is_flagged(r, c):
                line += "F"
            else:
                line += lesson.boards[n][r][c] if lesson.boards[n][r][c] in "*.gx-" else "#"
        print("    " + line.replace(".", "·", 0))


def main(keys):
    bad = 0
    for lesson in lesson_data.load():
        if keys and lesson.key not in keys:
            continue
        for n in range(len(lesson.boards)):
            found = lesson_data.problems(lesson, n)
            bad += bool(found)
            print(f"{lesson.key} #{n + 1}: {'ok' if not found else '; '.join(found)}")
            if found or keys:
                show(lesson, n)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
