"""Set up bank positions for rulebook tests: a started game with chosen hands, objects and bank."""

from __future__ import annotations

import ionarena
from ionarena.games.bank.cards import parse_card
from ionarena.games.bank.rules import BankState


def table(teams: str = "+-+-", charge: int = 0, pot: int = 0, hands: dict[int, list[str]] | None = None,
          objects: dict[int, dict[str, int]] | None = None, seed: int = 1, **options: object) -> BankState:
    """A started game (seat order = turn order) with the given bank, hands (card texts) and objects.

    Seats not named keep their dealt hands. The points ledger is reset so conservation checks hold.
    """
    state = ionarena.make("bank", players=len(teams), seed=seed, teams=teams, **options)
    assert isinstance(state, BankState)
    for seat, cards in (hands or {}).items():
        state.hands[seat] = [0] * 12
        for text in cards:
            card = parse_card(text)
            assert card is not None, text
            state.hands[seat][card] += 1
    for seat, items in (objects or {}).items():
        coins = state.inv[seat].get("coins", 0)
        state.inv[seat] = {k: v for k, v in items.items() if v}
        state.inv[seat].setdefault("coins", coins)
        if not state.inv[seat]["coins"]:
            del state.inv[seat]["coins"]
    state.charge = charge
    state.pot = pot
    state.created = sum(state.score) + state.pot + state.dropped
    return state


def play(state: BankState, text: str, player: int | None = None) -> None:
    """Apply `text` for `player` (default: the player on turn)."""
    state.apply_text(state.current if player is None else player, text)
