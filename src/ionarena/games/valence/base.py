"""A Valence game's table: every field of the state, the deal, and the steps every phase uses:
drawing (and reshuffling), the end of the game, the turn's flow, and placing used cards onto the
discard pile one at a time.

`build.py` adds the build phase (molecules, Helium, reactions, Trade Up); `rules.py` puts it all
together: the protocol, copies and text.
"""

from __future__ import annotations

from typing import Any

from ...core import SharedRng, State
from . import knowledge
from .actions import Move
from .cards import ELEMENTS, HE, INDEX, MOLECULE_TYPES, TYPE_IDS, elements_of, full_deck
from .cards import HELIUM as HE_SYMBOL
from .legality import BUILD_PHASE, DRAW_PHASE, PLACE_PHASE
from .opening import deciding_card
from .scoring import WIN_POINTS, stash_points

DEFAULT_TURN_CAP = 500
"""RULING (Ion Arena): after this many turns (all players together) the game ends in a draw."""
HAND_SIZE = 6


class ValenceBase(State[Move]):
    """The fields of one Valence game and the steps every phase uses (see the module docstring)."""

    __slots__ = (
        "bank",
        "builds",
        "built_types",
        "capped",
        "current",
        "deck",
        "discard",
        "failed",
        "first_player",
        "hands",
        "helium_played",
        "helium_under",
        "known",
        "over",
        "pending",
        "phase",
        "reactions",
        "redraw_pending",
        "reshuffles",
        "rng",
        "skip_draw",
        "stashes",
        "traded",
        "turn",
        "turn_cap",
        "turns_taken",
        "winner_ids",
    )


    def __init__(self, num_players: int, variant: str, seed: int, options: dict[str, Any] | None = None,
                 deal: bool = True):
        super().__init__(num_players, variant, seed, options)
        self.turn_cap: int = int(self.options.get("turn_cap", DEFAULT_TURN_CAP))
        self.rng = SharedRng(seed)
        self.deck: list[str] = full_deck()
        self.rng.get().shuffle(self.deck)
        self.hands: list[list[int]] = [[0] * len(ELEMENTS) for _ in range(num_players)]
        self.discard: list[str] = []
        self.bank: dict[str, int] = {t: MOLECULE_TYPES[t].copies for t in TYPE_IDS}
        self.stashes: list[list[str]] = [[] for _ in range(num_players)]
        self.pending: list[int] = [0] * len(ELEMENTS)
        self.redraw_pending = False
        self.turn = 0
        self.turns_taken = [0] * num_players
        self.skip_draw = [False] * num_players
        self.traded = False
        self.failed: tuple[str, ...] = ()
        self.over = False
        self.winner_ids: list[int] = []
        self.capped = False
        self.built_types: frozenset[str] = frozenset()
        self.reshuffles = 0
        self.reactions = 0
        self.builds = 0
        self.helium_played = 0
        self.helium_under = False
        """Everyone saw Helium go to the bottom of the deck at setup (until the next reshuffle)."""
        self.known: knowledge.Known = {}
        self.phase = DRAW_PHASE
        self.first_player = 0
        self.current = 0
        if deal:
            self._deal()
            hands = [elements_of(hand) for hand in self.hands]
            self.first_player, card, how = deciding_card(hands)
            self._emit("first_player", (self.first_player, card, how))
            self._begin_turn(self.first_player)

    # -- setup -------------------------------------------------------------------------------------

    def _deal(self) -> None:
        """Six cards each, then one face up on the discard pile; Helium goes under the deck."""
        returned: list[int | None] = []
        for p, hand in enumerate(self.hands):
            for _ in range(HAND_SIZE):
                hand[INDEX[self.deck.pop()]] += 1
            if hand[HE]:
                # "If Helium is one of your first six Element cards, return it to the bottom of the
                # Element deck and replace it with another card." Only Helium is ever put back, so
                # the whole table sees that Helium now lies at the bottom of the deck.
                hand[HE] -= 1
                self.deck.insert(0, HE_SYMBOL)
                hand[INDEX[self.deck.pop()]] += 1
                self.helium_under = True
                returned.append(p)
        first = self.deck.pop()
        if first == HE_SYMBOL:  # ruling: Helium turned as the first discard is replaced the same way
            self.deck.insert(0, first)
            first = self.deck.pop()
            self.helium_under = True
            returned.append(None)
        self.discard.append(first)
        self._emit("deal", (HAND_SIZE, first))
        for who in returned:
            self._emit("helium_back", (who,))
        for p, hand in enumerate(self.hands):
            self._emit("hand", (p, tuple(elements_of(hand))), seen_by=(p,))

    # -- small helpers -----------------------------------------------------------------------------

    def _observers(self) -> range:
        """Every seat and the spectator (`num_players`), as `knowledge` counts them."""
        return range(self.num_players + 1)

    def is_first_turn(self, player: int) -> bool:
        """True on `player`'s first turn (no Helium yet)."""
        return self.turns_taken[player] <= 1

    def _draw(self, player: int, k: int, reason: str) -> None:
        """`player` draws `k` cards from the Element Deck, reshuffling the discard pile when it runs
        out; the drawer reads which cards, the table how many."""
        hand = self.hands[player]
        drawn: list[str] = []
        lost = False
        for _ in range(k):
            if not self.deck:
                if self.variant == "cooperative":
                    # "Work together to build every type of Molecule before reshuffling the Element deck."
                    lost = True
                    break
                if not self.discard:
                    break
                self.deck = self.discard
                self.discard = []
                self.rng.get().shuffle(self.deck)
                self.reshuffles += 1
                self.helium_under = False
                self._emit("reshuffle", (len(self.deck),))
            card = self.deck.pop()
            hand[INDEX[card]] += 1
            drawn.append(card)
        n = len(drawn)
        short = 0 if lost else k - n
        self._emit("draw", (player, reason, n, short, tuple(drawn)), seen_by=(player,),
                   public=(player, reason, n, short, None))
        if lost:
            self.over = True
            self.winner_ids = []
            self._emit("team_loss")

    def _check_win(self, player: int, announce: bool = True) -> bool:
        """End the game if `player`'s last action won it (or, cooperative, won it for everyone);
        `announce=False` leaves the announcement (`_announce_win`) to the caller, to come last."""
        if self.variant == "cooperative":
            if len(self.built_types) < len(TYPE_IDS):
                return False
            self.winner_ids = list(range(self.num_players))
        elif stash_points(self.stashes[player]) >= WIN_POINTS:
            self.winner_ids = [player]
        else:
            return False
        self.over = True
        if announce:
            self._announce_win(player)
        return True

    def _announce_win(self, player: int) -> None:
        if self.variant == "cooperative":
            self._emit("team_win", (len(TYPE_IDS),))
        else:
            self._emit("win", (player, stash_points(self.stashes[player])))

    # -- turn flow ---------------------------------------------------------------------------------

    def _begin_turn(self, player: int) -> None:
        self.current = player
        self.turn += 1
        self.turns_taken[player] += 1
        self.traded = False
        self.failed = ()
        if self.skip_draw[player]:
            self.skip_draw[player] = False
            self.phase = BUILD_PHASE
            self._emit("skip_draw", (player,))
        else:
            self.phase = DRAW_PHASE

    def _end_turn(self) -> None:
        self._emit("end_turn", (self.current,))
        if self.turn >= self.turn_cap:
            self.over = True
            self.capped = True
            self.winner_ids = []
            self._emit("turn_cap", (self.turn,))
            return
        self._begin_turn((self.current + 1) % self.num_players)

    def _start_placing(self, counts: list[int] | tuple[int, ...], redraw: bool = False) -> None:
        pending = self.pending
        for i, n in enumerate(counts):
            pending[i] += n
        self.redraw_pending = redraw
        self.phase = PLACE_PHASE
        self._auto_place([])

    def _auto_place(self, placed: list[str]) -> None:
        """When one kind of card is left to place (or the game is over), it goes down by itself.
        `placed`: the cards this action already put down (announced together)."""
        pending = self.pending
        kinds = [i for i, n in enumerate(pending) if n]
        if len(kinds) > 1 and not self.over:
            if placed:
                self._emit("place", (self.current, tuple(placed)))
            return
        for i in kinds:
            cards = [ELEMENTS[i]] * pending[i]
            self.discard.extend(cards)
            placed.extend(cards)
            pending[i] = 0
        if placed:
            self._emit("place", (self.current, tuple(placed)))
        if self.over:
            return
        self.phase = BUILD_PHASE
        if self.redraw_pending:
            self.redraw_pending = False
            self._draw(self.current, 3, "redraw")
