"""The learn screens' words from game/learn (a wrong click's explanation, the drill's score, the rules' names,
the lessons' titles and teaching lines) go through the player's language: in the pseudo-language every word is
accented, so plain English left is a string that was missed or glued from fragments."""

import pytest

from game import language
from game.learn import lessons as lesson_data
from game.learn.progress import Progress
from game.learn.puzzle import RULE_NAMES, rule_needs
from game.model import Move
from tests.learn.test_drill import MemoryStore
from tests.pseudo import english_left


@pytest.fixture
def pseudo():
    language.use("qps")
    yield
    language.use("en")


def test_wrong_clicks_and_explanations_leave_no_english(pseudo):
    said = []
    for lesson in lesson_data.load():
        said += [lesson.shown_title(), lesson.shown_teach()]
        for n in range(len(lesson.boards)):
            puzzle = lesson.puzzle(n)
            board = puzzle.board
            told = puzzle.why()
            said += [told.reason] if told is not None else []
            for row in range(board.rows):
                for col in range(board.cols):
                    for kind in ("reveal", "flag"):
                        checked = puzzle.check(Move(kind, row, col))
                        said += [checked.reason] if not checked.ok else []
    said += [rule_needs(rule) for rule in RULE_NAMES] + [language._(name) for name in RULE_NAMES.values()]
    progress = Progress(MemoryStore())
    said.append(progress.drill_summary())
    progress.note_drill(True, 4.0)
    said.append(progress.drill_summary())
    assert len(set(said)) > 30
    missed = {text: english_left(text) for text in said if english_left(text)}
    assert not missed


def test_the_drill_score_counts_in_english():
    progress = Progress(MemoryStore())
    scores = []
    for right in (True, False, True, True, False):
        progress.note_drill(right, 2.0)
        scores.append(progress.drill_summary())
    assert scores[0] == "right first time 1 of 1, 2.0 s each"
    assert scores[1] == "right first time 1 of 2, 2.0 s each"
    assert scores[4] == "right first time 3 of 5, 2.0 s each"


def test_lessons_keep_english_and_speak_the_language_in_effect_when_shown(pseudo):
    lesson = lesson_data.load()[0]
    assert lesson.title == "What a number means", "kept as lessons.json writes it: the catalog's key"
    assert lesson.shown_title().startswith("[") and lesson.shown_teach().startswith("[")
    language.use("en")
    assert lesson.shown_title() == "What a number means"
