"""A video's game reviewed: its clicks as the model's moves (`moves.replay_of`), each opening click judged by the
model's `review_game`, and its clicks set against ZiNi (the clicks a greedy player who knows the board needs).
Pure Python and slow on a large board (seconds): a worker's job, never the frame's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.language import _, ngettext, pgettext
from game.model import GameReview, review_game

from .board_figures import numbers, zini
from .events import Video, VideoError
from .figure_text import figure_text
from .figures import played_of
from .moves import replay_of


@dataclass(frozen=True)
class VideoReview:
    """A video's review, with the clicks the figures count (every left, right and double click) and ZiNi."""

    review: GameReview
    clicks: int
    zini: int
    time_ms: int

    @property
    def clicks_over_zini(self) -> float | None:
        """The clicks over ZiNi (1 or more on a won game played as the greedy player plays it); None at ZiNi 0."""
        return self.clicks / self.zini if self.zini else None

    def as_dict(self) -> dict[str, Any]:
        """The review's plain values, and the video's own: the keys the `review` command writes ("verdict" as
        the sentence, "verdict_kind" the model's word for it)."""
        data = self.review.as_dict()
        return {
            **data,
            "verdict_kind": data["verdict"],
            "verdict": verdict_text(self.review),
            "time_ms": self.time_ms,
            "click_count": self.clicks,
            "zini": self.zini,
            "clicks_over_zini": self.clicks_over_zini,
        }


def review_of(video: Video, explain: bool = True) -> VideoReview:
    """The video's game reviewed. VideoError when its clicks do not make a game the model can play.

    >>> from game.video import Mouse
    >>> video = Video.from_text(["*..", "...", "..."])
    >>> for kind, t in ((Mouse.LEFT_PRESS, 100), (Mouse.LEFT_RELEASE, 180)):
    ...     video.append(kind, t, 40, 40)
    >>> reviewed = review_of(video)
    >>> [click.kind for click in reviewed.review.clicks], reviewed.review.won, reviewed.clicks, reviewed.zini
    (['first'], True, 1, 1)
    """
    replay = replay_of(video)
    review = review_game(replay, explain=explain)
    if review is None:  # pragma: no cover - only a cancelled review is None
        raise VideoError("the review was cancelled")
    played = played_of(video)
    counts = played.counts
    return VideoReview(
        review,
        counts.left + counts.right + counts.double,
        zini(numbers(video.rows, video.cols, video.mines)),
        played.time_ms,
    )


def verdict_text(review: GameReview) -> str:
    """The review's one-line verdict in the player's language."""
    kind = review.verdict
    if kind == "certain":
        return _("Clean: every click was certain")
    if kind == "avoidable":
        return ngettext(
            "{count} avoidable guess: a safe cell was certain at the time",
            "{count} avoidable guesses: a safe cell was certain each time",
            review.avoidable,
        ).format(count=review.avoidable)
    if kind == "not safest":
        return ngettext(
            "Every guess forced, but {count} was not among the safest",
            "Every guess forced, but {count} were not among the safest",
            review.forced_not_safest,
        ).format(count=review.forced_not_safest)
    return _("Clean: every guess forced and among the safest")


def review_sentence(line: dict[str, Any]) -> str:
    """A reviewed video's line as a sentence for a person (the `review` command's plain output): how it ended,
    its guesses, the luck it took, its clicks over ZiNi and the verdict."""
    if line["won"]:
        ended = pgettext("a game's outcome", "won")
    elif line["lost"]:
        ended = pgettext("a game's outcome", "lost")
    else:
        ended = _("not finished")
    guesses = ngettext("{count} guess", "{count} guesses", line["guesses"]).format(count=line["guesses"])
    opening = len(line["clicks"])
    clicks = ngettext("{count} opening click", "{count} opening clicks", opening).format(count=opening)
    luck = _("infinite") if line["luck"] is None else f"{line['luck']:.2f}"
    ratio = figure_text("Clicks/ZiNi", line["clicks_over_zini"])
    return _(
        "{file}: {ended}; {clicks}, {guesses} ({forced} forced, {avoidable} avoidable); luck {luck}; "
        "clicks/ZiNi {ratio}. {verdict}."
    ).format(
        file=line["file"],
        ended=ended,
        clicks=clicks,
        guesses=guesses,
        forced=line["forced"],
        avoidable=line["avoidable"],
        luck=luck,
        ratio=ratio,
        verdict=line["verdict"],
    )
