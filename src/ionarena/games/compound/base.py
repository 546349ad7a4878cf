"""A compound game's table: every field of the state, and what all phases share: seat order, the
Action Tiles, and the deal of a round.

The phases build on it, each in its module, in the order a turn and a round run (each module on
the next): `pick.py` (picks, tiles, the reveal, centre cards), `declare.py` (placing revealed cards,
bonds, passing the hands), `rxn.py` (the end of a round: RXN, scoring, refresh, the end of the
game). `rules.py` puts them together: the protocol, copies and text.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ionarena.core import SharedRng, State

from .actions import TILES, Move
from .cards import CARDS, GOALS, deck_for
from .scoring import RoundParts
from .views import EndBonus

ROUNDS = 3
PHASES = ("pick", "center", "declare", "rxn", "refresh", "over")


@cache
def seat_order(first: int, n: int) -> tuple[int, ...]:
    """The seats in round order, from the round's first player."""
    return tuple((first + i) % n for i in range(n))


@cache
def _deck(variant: str) -> tuple[str, ...]:
    """The element deck of `variant` before shuffling (`deck_for`, made once)."""
    return tuple(deck_for(variant))


KIND = {c: card.kind for c, card in CARDS.items()}
"""Each card's kind ("ion", "transition", "noble", "radioactive")."""
TWO_TILE, CENTER_TILE, RXN_TILE = (TILES.index(t) for t in ("two", "center", "rxn"))


def hand_size(variant: str) -> int:
    """Cards dealt to each player: 10, or 9 in the Beginner game."""
    return 9 if variant == "beginner" else 10


class CompoundBase(State[Move]):
    """The fields of one compound game, and the steps every phase uses (see the module docstring)."""

    __slots__ = (
        "center",
        "committed",
        "compounds",
        "deck",
        "discard",
        "end_bonus",
        "first",
        "goals",
        "hands",
        "kept",
        "losers",
        "passed",
        "pending",
        "phase",
        "picked",
        "picks",
        "radio",
        "refills",
        "refresh_due",
        "rng",
        "round",
        "round_scores",
        "rxn_index",
        "rxn_order",
        "rxn_stage",
        "tiles",
        "turn",
        "turns_total",
        "unbonded",
        "want_center",
        "want_rxn",
        "want_two",
    )


    def __init__(self, num_players: int, variant: str = "standard", seed: int = 0,
                 options: dict[str, Any] | None = None, *, deal: bool = True):
        super().__init__(num_players, variant, seed, options)
        n = num_players
        self.rng = SharedRng(seed)
        self.round = 0
        self.turn = 0
        self.turns_total = 0
        self.phase = "pick"
        self.first = 0
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.deck: list[str] = []
        self.center: list[str] = []
        self.discard: list[str] = []
        self.goals: list[str] = []
        self.compounds: list[list[tuple[str, ...]]] = [[] for _ in range(n)]
        self.unbonded: list[list[str]] = [[] for _ in range(n)]
        self.radio: list[list[tuple[str, int]]] = [[] for _ in range(n)]
        self.kept: list[list[str]] = [[] for _ in range(n)]
        self.tiles: list[list[bool]] = [[True] * 3 if variant != "beginner" else [] for _ in range(n)]
        self.pending: list[list[str]] = [[] for _ in range(n)]
        self.losers: list[int] = []
        self.refills: list[int] = []
        self.rxn_order: list[int] = []
        self.rxn_index = 0
        self.rxn_stage = ""
        self.refresh_due = [0] * n
        self.round_scores: list[list[RoundParts]] = []
        self.end_bonus: list[EndBonus] | None = None
        self.passed: tuple[tuple[tuple[str, ...], ...], ...] = ()
        self.picked: tuple[tuple[tuple[str, ...], ...], ...] = ()
        self._clear_commits()
        if deal:
            self._start_round()

    # -- small helpers -----------------------------------------------------------------------------

    def _seat_order(self) -> tuple[int, ...]:
        return seat_order(self.first, self.num_players)

    def tile_up(self, p: int, tile: str) -> bool:
        """True if player `p` has the Action Tile `tile` (`two`, `center`, `rxn`) face up."""
        return bool(self.tiles[p]) and self.tiles[p][TILES.index(tile)]

    def _set_tile(self, p: int, tile: str, up: bool) -> None:
        self.tiles[p][TILES.index(tile)] = up

    # -- round set-up ------------------------------------------------------------------------------

    def _start_round(self) -> None:
        self.round += 1
        self.turn = 1
        n = self.num_players
        self.first = (self.round - 1) % n
        rng = self.rng.get()
        deck = list(_deck(self.variant))
        for kept in self.kept:
            for c in kept:
                deck.remove(c)
        rng.shuffle(deck)
        goals = list(GOALS)
        rng.shuffle(goals)
        self.goals = goals[:3]
        size = hand_size(self.variant)
        hands = []
        for _ in range(n):  # each hand takes the deck's last `size` cards, the last one first
            hand = deck[-size:]
            hand.reverse()
            del deck[-size:]
            hands.append(hand)
        self.hands = hands
        self.center = []
        self.discard = []
        if self.variant != "beginner":
            aside: list[str] = []
            while len(self.center) < 4 and deck:
                c = deck.pop()
                (aside if c in self.center else self.center).append(c)
            if aside:
                deck.extend(aside)
                rng.shuffle(deck)
        self.deck = deck
        self.compounds = [[] for _ in range(n)]
        self.unbonded = [[] for _ in range(n)]
        self.radio = [[] for _ in range(n)]
        self.passed = ()
        self.picked = ()
        self._clear_commits()
        self.phase = "pick"
        self._emit("round", (self.round, self.first, tuple(self.goals), tuple(self.center)))

    def _clear_commits(self) -> None:
        n = self.num_players
        self.picks: list[list[str]] = [[] for _ in range(n)]
        self.committed = [False] * n
        self.want_two = [False] * n
        self.want_center: list[str | None] = [None] * n
        self.want_rxn = [False] * n
