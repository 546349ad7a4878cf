"""A dots game's deals: the fields of the state, the deal and its starting card, drawing, passing
the turn, and the end of a deal (a player goes out, or the turn cap) and of the game.

`rules.DotsState` builds the play on these (the protocol, the cards played, copies and text).
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from ionarena.core import SharedRng, State

from .actions import GIVE, NAME, OVER, PENDING, PLAY
from .cards import AGAIN, DECK, DJ, GIFT, KIND, NEED, NEXT_DRAWS, NOPLAY, POINTS, PREV_DRAWS, SHIFT
from .scoring import WINNING_TOTAL

DEFAULT_TURN_CAP = 1000
_POINTS_OF = POINTS.__getitem__


class Deals(State[int]):
    """The fields of a dots game, and its deals: dealing, drawing, passing the turn, the end of a
    deal and of the game. `rules.DotsState` adds the play."""

    __slots__ = (
        "cap",
        "capped",
        "cur",
        "dealer",
        "deals",
        "deck",
        "dir",
        "discard",
        "gift_face",
        "gift_from",
        "hands",
        "need",
        "pending",
        "phase",
        "points",
        "rng",
        "total_turns",
        "tournament",
        "turns",
        "winner",
    )

    def __init__(self, num_players: int, variant: str, seed: int, options: dict[str, Any] | None = None):
        super().__init__(num_players, variant, seed, options)
        self.cap = int(self.options.get("turn_cap", DEFAULT_TURN_CAP))
        self.tournament = variant == "tournament"
        self.rng = SharedRng(seed)
        self.points = [0] * num_players
        self.dealer = self.rng.get().randrange(num_players)
        self.deals = 0
        self.total_turns = 0
        self.capped = 0
        self.winner = -1
        self._deal()

    # -- dealing and drawing ------------------------------------------------------------------

    def _deal(self) -> None:
        """Shuffle all 128 cards, deal 7 each (9 with two players), turn up the starting card."""
        n = self.num_players
        deck = list(DECK)
        self.rng.get().shuffle(deck)
        size = 9 if n == 2 else 7
        self.hands = [sorted(deck[i * size:(i + 1) * size]) for i in range(n)]
        del deck[:n * size]
        top = deck.pop()
        self.deck = deck
        self.discard = [top]
        self.need = NEED[top]
        self.dir = -1
        self.turns = 0
        self.pending = 0
        self.gift_from = -1
        self.gift_face = -1
        self.deals += 1
        self.phase = PLAY
        dealer = self.dealer
        self._emit("deal", (dealer, self.deals, top))
        first = (dealer - 1) % n
        self.cur = first
        kind = KIND[top]
        # The starting card acts as if the dealer had just played it.
        if kind == DJ:
            self.cur, self.phase = dealer, NAME
        elif kind == GIFT:
            self.cur, self.phase = dealer, GIVE
        elif kind == AGAIN:
            self.cur = dealer
        elif NEXT_DRAWS[top]:
            self.phase, self.pending = PENDING, NEXT_DRAWS[top]
            self._emit("must_draw", (first, NEXT_DRAWS[top]))
        elif PREV_DRAWS[top]:
            drawn = self._draw(dealer, PREV_DRAWS[top])
            self._emit("takes", (dealer, drawn))
        elif kind == NOPLAY:
            self._emit("skip", (first,))
            self.cur = (first - 1) % n
        elif kind == SHIFT and n > 2:  # with two players a Shift changes nothing
            self.dir = 1
            self.cur = (dealer + 1) % n

    def can_draw(self) -> bool:
        """True while a card can be drawn: the draw pile, or played cards to reshuffle into one."""
        return bool(self.deck) or len(self.discard) > 1

    def _draw(self, player: int, count: int) -> int:
        """`player` takes up to `count` cards, reshuffling the played cards when the pile runs out."""
        hand = self.hands[player]
        deck = self.deck
        drawn = 0
        for _ in range(count):
            if not deck:
                discard = self.discard
                if len(discard) < 2:
                    break
                deck.extend(discard[:-1])
                del discard[:-1]
                self.rng.get().shuffle(deck)
                self._emit("reshuffle", (len(deck),))
            insort(hand, deck.pop())
            drawn += 1
        return drawn

    # -- passing the turn, and the end of a deal -------------------------------------------------

    def _next_turn(self, nxt: int, phase: int = PLAY, gift_from: int = -1) -> None:
        self.turns += 1
        self.total_turns += 1
        self.cur = nxt
        self.phase = phase
        self.gift_from = gift_from
        if self.turns >= self.cap:
            self._end_by_cap()

    def _go_out(self, player: int, face: int) -> None:
        """`player` has no cards left: the last card's draw still hits its target, then score."""
        n = self.num_players
        if NEXT_DRAWS[face]:
            target = (player + self.dir) % n
            drawn = self._draw(target, NEXT_DRAWS[face])
            self._emit("takes", (target, drawn))
        elif PREV_DRAWS[face]:
            target = (player - self.dir) % n
            drawn = self._draw(target, PREV_DRAWS[face])
            self._emit("takes", (target, drawn))
        self._end_deal(player)

    def _end_by_cap(self) -> None:
        values = [self.hand_value(p) for p in range(self.num_players)]
        low = min(values)
        lowest = [p for p, v in enumerate(values) if v == low]
        self.capped += 1
        winner = lowest[0] if len(lowest) == 1 else -1
        self._emit("turn_cap", (winner if winner >= 0 else None, low))
        self._end_deal(winner)

    def _end_deal(self, winner: int) -> None:
        """Score the deal; end the game (quick, or 1000 points) or deal again with the next dealer."""
        gained = 0
        if winner >= 0:
            gained = sum(self.hand_value(p) for p in range(self.num_players) if p != winner)
            self.points[winner] += gained
        self._emit("deal_end", (winner if winner >= 0 else None, gained))
        self.pending = 0
        self.gift_from = -1
        if not self.tournament or (winner >= 0 and self.points[winner] >= WINNING_TOTAL):
            self.winner = winner
            self.phase = OVER
            self._emit("game_end", (winner, self.points[winner]) if winner >= 0 else (None, 0))
            return
        self.dealer = (self.dealer - 1) % self.num_players
        self._deal()

    def hand_value(self, player: int) -> int:
        """The points of the cards in `player`'s hand."""
        return sum(map(_POINTS_OF, self.hands[player]))
