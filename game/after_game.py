"""After a game on the playing scene: where the player's choice on the game-over panel leads, and what the
analysis's verdict on a loss changes (the cell marked, the mistake the drill trains)."""

from game.race import Race, race_again
from game.scene import Context, PanelChoice
from game.session import GameSession


def follow(context: Context, session: GameSession, choice: PanelChoice, race: Race | None = None) -> None:
    """Go where the player chose on the game-over panel (after a race, the same board is the same race)."""
    if choice is PanelChoice.AGAIN:
        again(context, session)
    elif choice is PanelChoice.SAME_BOARD and race is not None:
        race_again(context, race)
    elif choice is PanelChoice.SAME_BOARD:
        same_board(context, session)
    elif choice is PanelChoice.MENU:
        context.show("menu")
    elif choice is PanelChoice.REPLAY:
        context.show("replay", remember=True, replay=session.replay(), video=session.current_video())
    elif choice is PanelChoice.STUDY:  # the position before the losing click (practice: nothing recorded)
        context.show("puzzle", remember=True, study=session.replay())


def again(context: Context, session: GameSession) -> None:
    """The face, F2, N or Again: a new board of the same size. A game under way counts as abandoned."""
    session.abandon()
    context.show("playing", session=context.dealer.again(session))


def same_board(context: Context, session: GameSession) -> None:
    session_again, first_reveal = context.dealer.same_board(session)
    context.show("playing", session=session_again, first_reveal=first_reveal)


def take_verdict(context: Context, session: GameSession, assist) -> bool:
    """The analysis is in: on a loss, mark the cell the player could have clicked instead, and let the drill
    train what the player missed. True when there was a verdict to show."""
    analysis = session.analysis
    verdict = analysis.loss if analysis is not None else None
    if verdict is None:
        return False
    if not verdict.forced and verdict.rule:
        context.progress.note_mistake(verdict.rule)
    assist.show_verdict(verdict)
    return True
