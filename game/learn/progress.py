"""What the player has learnt, kept in the records: the lessons done, the rules their avoidable losses and
drill misses got wrong (the drill trains those), the drill's score, and which positions of their own games the
drill has had answered right (and which games have none left). No pygame here.

Values read back are cleaned: a damaged one starts again rather than stopping the game.
"""

from __future__ import annotations

from typing import Any, Protocol

from game.language import _, ngettext

MAX_KEY = 40  # a lesson key or rule read back is no longer than this
MOST_OWN = 1_000  # own drill positions answered right, and games with none left, kept (the newest)
NEW_DRILL = {"positions": 0, "right": 0, "seconds": 0.0}


class LearningStore(Protocol):
    def learnt(self) -> dict[str, Any]: ...

    def set_learnt(self, key: str, value: Any) -> object: ...


class Progress:
    def __init__(self, store: LearningStore):
        self.store = store
        values = store.learnt()
        lessons = values.get("lessons")
        self.lessons_done: list[str] = (
            [k for k in lessons if isinstance(k, str) and len(k) <= MAX_KEY] if isinstance(lessons, list) else []
        )
        mistakes = values.get("mistakes")
        self.mistakes: dict[str, int] = (
            {
                k: v
                for k, v in mistakes.items()
                if isinstance(k, str) and len(k) <= MAX_KEY and isinstance(v, int) and 0 <= v < 10**9
            }
            if isinstance(mistakes, dict)
            else {}
        )
        drill = values.get("drill")
        self.drill = dict(NEW_DRILL)
        if isinstance(drill, dict) and all(
            isinstance(drill.get(k), (int, float)) and 0 <= drill[k] < 10**12 for k in NEW_DRILL
        ):
            self.drill = {k: type(NEW_DRILL[k])(drill[k]) for k in NEW_DRILL}
        own = values.get("own")
        self.own_done: list[str] = (
            [k for k in own if isinstance(k, str) and len(k) <= MAX_KEY][-MOST_OWN:] if isinstance(own, list) else []
        )
        cleared = values.get("own_cleared")
        self.own_cleared: list[str] = (
            [k for k in cleared if isinstance(k, str) and len(k) <= MAX_KEY][-MOST_OWN:]
            if isinstance(cleared, list)
            else []
        )

    def is_done(self, key: str) -> bool:
        return key in self.lessons_done

    def finish_lesson(self, key: str) -> None:
        if key not in self.lessons_done:
            self.lessons_done.append(key)
            self.store.set_learnt("lessons", self.lessons_done)

    def note_mistake(self, rule: str) -> None:
        """A rule got wrong: an avoidable loss's missed deduction, or a drill position missed."""
        self.mistakes[rule] = self.mistakes.get(rule, 0) + 1
        self.store.set_learnt("mistakes", self.mistakes)

    def note_drill(self, right_first_time: bool, seconds: float) -> None:
        self.drill["positions"] += 1
        self.drill["right"] += right_first_time
        self.drill["seconds"] += max(0.0, seconds)
        self.store.set_learnt("drill", self.drill)

    def note_own_done(self, key: str) -> None:
        """A position of the player's own game answered right: the drill does not show it again."""
        if key not in self.own_done:
            self.own_done = [*self.own_done, key][-MOST_OWN:]
            self.store.set_learnt("own", self.own_done)

    def note_cleared(self, games: list[str]) -> None:
        """Recorded games (by game_key) with nothing left to drill in them: the drill does not review them again."""
        known = set(self.own_cleared)
        new = [key for key in dict.fromkeys(games) if key not in known]
        if new:
            self.own_cleared = [*self.own_cleared, *new][-MOST_OWN:]
            self.store.set_learnt("own_cleared", self.own_cleared)

    def drill_summary(self) -> str:
        n = int(self.drill["positions"])
        if not n:
            # TRANSLATORS: the pattern drill's score, under its button, before any position was played
            return _("not tried yet")
        # TRANSLATORS: the pattern drill's score: {right} positions of {count} solved without a mistake, {seconds}
        # the average time ("5.0"); "s" is seconds
        return ngettext(
            "right first time {right} of {count}, {seconds} s each",
            "right first time {right} of {count}, {seconds} s each",
            n,
        ).format(right=self.drill["right"], count=n, seconds=f"{self.drill['seconds'] / n:.1f}")
