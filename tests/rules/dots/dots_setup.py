"""Arrange a dots table by hand for rulebook tests, through the game's own position builder."""

from __future__ import annotations

import ionarena
from ionarena.games.dots.position import faces
from ionarena.games.dots.rules import DotsState

__all__ = ["arrange", "faces", "hand_texts"]


def arrange(hands: list[list[str]], top: str, deck: list[str] | None = None, to_move: int = 0,
            variant: str = "quick", direction: int = -1, dealer: int | None = None,
            **options: object) -> DotsState:
    """A state with these hands and this card on the table, `to_move` to play (see
    `ionarena.games.dots.position.position` for what each argument means)."""
    data: dict[str, object] = {"hands": hands, "top": top, "to_move": to_move, "variant": variant,
                               "direction": direction, "dealer": dealer, "options": options}
    if deck is not None:
        data["deck"] = deck
    state = ionarena.get_spec("dots").position(data)  # type: ignore[misc]
    assert isinstance(state, DotsState)
    return state


def hand_texts(state: DotsState, player: int) -> list[str]:
    """`player`'s hand as card texts, alphabetically."""
    return sorted(state.view(player)["table"]["hand"])
