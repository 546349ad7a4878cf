"""dots (ION: Card Game) for RL: its action index and observation encoding.

Action index: every non-empty text of the game's own action codes (`games/dots/actions.py`
`ACTION_TEXT`), in code order: `play <face>` for each face but the Double Joker, `draw`, `pass`,
`name 1..6`, `play dj name 1..6`, `give <face>`, `play gift a|b give <face>`. 637 ids, the same for
every player count and variant.

Observation (see `Encoder` and docs/rl.md): the phase, the seat's hand as counts per face, the card
on the table and the dot values to match, the pending draw, direction, who gave a Gift, the dealer,
hand sizes, pile sizes, turns, points; and, from the seat's events, the cards played onto the
table since the last deal or reshuffle (every play is public). The fast path makes the same vector
from the seat's observation (`games/dots/observe.py`).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from ..core import Event, View
from ..games.dots.actions import ACTION_TEXT, PHASE_NAMES
from ..games.dots.cards import COPIES, DECK_SIZE, DJ_FACE, NUM_FACES, TEXT
from ..games.dots.observe import observe
from ..games.dots.rules import DotsState
from ..games.dots.views import DotsTable
from .config import GameConfig
from .encoding import FLOAT32
from .encoding import Encoder as BaseEncoder

PHASES = PHASE_NAMES
"""`play`, `respond`, `give`, `name`, `over`: the rules' phase numbers in order."""
PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}
_EMPTY_PILE = array("f", bytes(4 * NUM_FACES))
FACE_OF_TEXT = {text: face for face, text in enumerate(TEXT)}


def action_texts(config: GameConfig) -> list[str]:
    """Every action text of dots, in the game's code order (the same for every configuration)."""
    return [text for text in ACTION_TEXT if text]


class Memory:
    """What a seat remembers from its events: the cards on the table since the last deal or
    reshuffle (counts per face) and the top one."""

    __slots__ = ("pile", "top")

    def __init__(self) -> None:
        self.pile = array("f", bytes(4 * NUM_FACES))
        self.top = -1


class Encoder(BaseEncoder[DotsState]):
    """The dots observation (n = players; per-seat fields start with the observing seat)."""

    uses_events = True
    fast = True

    def __init__(self, config: GameConfig):
        super().__init__(config)
        n = config.players
        lay = self.layout
        self.n = n
        self.o_phase = lay.add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
        self.o_acting = lay.add("acting", 1, "1 when this seat is to decide now")
        self.o_hand = lay.add("hand", NUM_FACES, "cards held, per face (face order of games/dots/cards.py)",
                              high=max(COPIES))
        self.o_top = lay.add("top", NUM_FACES, "one-hot: the face on top of the table")
        self.o_match = lay.add("match", 6, "dot values 1..6 the next card must match")
        self.o_pending = lay.add("pending_draw", 1, "cards the seat to respond must take, / 5")
        self.o_dir = lay.add("direction", 1, "1 when play goes left (seat + 1), 0 right")
        self.o_gift = lay.add("gift_from", n, "one-hot relative seat of the player whose Gift may be "
                              "Blocked back")
        self.o_dealer = lay.add("dealer", n, "one-hot relative seat of the dealer")
        self.o_sizes = lay.add("hand_sizes", n, "cards per hand / 10, relative seats", high=DECK_SIZE / 10)
        self.o_pile = lay.add("draw_pile", 1, f"cards in the draw pile / {DECK_SIZE}")
        self.o_played = lay.add("played", 1, f"cards on the table / {DECK_SIZE}")
        self.o_turns = lay.add("turns", 1, "turns of this deal / turn cap")
        self.o_points = lay.add("points", n, "tournament points / 1000 (capped at 5), relative seats",
                                high=5.0)
        self.o_hand_points = lay.add("hand_points", 1, "points of the cards in hand / 1000 (capped at 5)",
                                     high=5.0)
        self.o_seen = lay.add("table_cards", NUM_FACES, "memory: cards played onto the table since the "
                              "last deal or reshuffle, per face", high=max(COPIES))
        # Positions looked up by the view's words (no arithmetic on the hot path).
        self.phase_at = {name: self.o_phase + i for i, name in enumerate(PHASES)}
        self.hand_at = {text: self.o_hand + face for face, text in enumerate(TEXT)}
        self.top_at = {text: self.o_top + face for face, text in enumerate(TEXT)}
        self.zeros = self.blank()
        self._table: tuple[bytes, array] = (b"", _EMPTY_PILE[:])
        """The fast path's last count of the table's cards, and the cards it counted."""

    def new_memory(self) -> Memory:
        """An empty memory."""
        return Memory()

    def remember(self, memory: Memory, events: Iterable[Event]) -> None:
        """Follow the table's cards: a deal or a reshuffle starts over, plays add a card."""
        pile = memory.pile
        for _version, kind, data in events:
            if kind == "play":
                face = FACE_OF_TEXT[data["card"]]
                pile[face] += 1
                memory.top = face
            elif kind == "double_joker":
                pile[DJ_FACE] += 1
                memory.top = DJ_FACE
            elif kind == "deal":
                face = FACE_OF_TEXT[data["card"]]
                pile[:] = _EMPTY_PILE
                pile[face] = 1
                memory.top = face
            elif kind == "reshuffle" and memory.top >= 0:
                pile[:] = _EMPTY_PILE
                pile[memory.top] = 1

    def encode(self, view: View, memory: Any) -> np.ndarray:
        """The vector of one seat's view (see the layout)."""
        n = self.n
        seat = view["seat"]
        assert seat is not None, "an observation is a seat's"
        table: DotsTable = view["table"]
        o = self.zeros[:]
        o[self.phase_at[view["phase"]]] = 1.0
        if seat in view["actors"]:
            o[self.o_acting] = 1.0
        hand_at = self.hand_at
        for text in table["hand"]:
            o[hand_at[text]] += 1.0
        o[self.top_at[table["top"]]] = 1.0
        base = self.o_match - 1
        for value in table["match"]:
            o[base + value] = 1.0
        pending = table["pending_draw"]
        if pending:
            o[self.o_pending] = pending / 5
        if table["direction"] == "left":
            o[self.o_dir] = 1.0
        gift_from = table["gift_from"]
        if gift_from is not None:
            o[self.o_gift + (gift_from - seat) % n] = 1.0
        o[self.o_dealer + (table["dealer"] - seat) % n] = 1.0
        scores = view["scores"]
        at_sizes, at_points = self.o_sizes - seat, self.o_points - seat
        for s, size in enumerate(table["hand_sizes"]):  # seat s sits at relative place (s - seat) % n
            r = s if s >= seat else s + n
            o[at_sizes + r] = size / 10
            points = scores[s]
            if points:
                points /= 1000
                o[at_points + r] = 5.0 if points > 5.0 else points
        o[self.o_pile] = table["draw_pile"] / DECK_SIZE
        o[self.o_played] = table["played"] / DECK_SIZE
        turns = table["turns"] / table["turn_cap"]
        o[self.o_turns] = 1.0 if turns > 1.0 else turns
        hand_points = table["hand_points"]
        if hand_points:
            thousands = hand_points / 1000
            o[self.o_hand_points] = 5.0 if thousands > 5.0 else thousands
        if memory is not None:
            start = self.o_seen
            o[start:start + NUM_FACES] = memory.pile
        return np.frombuffer(o, FLOAT32)

    def encode_state(self, state: DotsState, seat: int) -> np.ndarray:
        """`encode`'s vector from the seat's observation (`games.dots.observe`): the table's cards
        since the last deal or reshuffle are the played cards themselves."""
        # the observation is a plain tuple: unpacked at once (`DotsObservation` gives the order)
        (phase, acting, hand, hand_points, played, match, pending, direction, gift_from, dealer, sizes,
         points_of, draw_pile, turns, turn_cap) = observe(state, seat)
        n = self.n
        o = self.zeros[:]
        o[self.o_phase + phase] = 1.0  # the rules' phase numbers are PHASES' order
        if acting:
            o[self.o_acting] = 1.0
        at = self.o_hand
        for face in hand:
            o[at + face] += 1.0
        o[self.o_top + played[-1]] = 1.0
        base = self.o_match - 1
        for value in match:
            o[base + value] = 1.0
        if pending:
            o[self.o_pending] = pending / 5
        if direction > 0:
            o[self.o_dir] = 1.0
        if gift_from >= 0:
            o[self.o_gift + (gift_from - seat) % n] = 1.0
        o[self.o_dealer + (dealer - seat) % n] = 1.0
        at_sizes, at_points = self.o_sizes - seat, self.o_points - seat
        for s, size in enumerate(sizes):
            r = s if s >= seat else s + n
            o[at_sizes + r] = size / 10
            if points_of[s]:
                thousands = points_of[s] / 1000
                o[at_points + r] = 5.0 if thousands > 5.0 else thousands
        o[self.o_pile] = draw_pile / DECK_SIZE
        o[self.o_played] = len(played) / DECK_SIZE
        share = turns / turn_cap
        o[self.o_turns] = 1.0 if share > 1.0 else share
        if hand_points:
            thousands = hand_points / 1000
            o[self.o_hand_points] = 5.0 if thousands > 5.0 else thousands
        at = self.o_seen
        o[at:at + NUM_FACES] = self._table_counts(played)
        return np.frombuffer(o, FLOAT32)

    def _table_counts(self, discard: Sequence[int]) -> array:
        """The played cards on the table counted per face. The last count is kept with the cards it
        counted (as bytes: every face is below 256): when the table is those cards with more played
        on top, only the new ones are added; after a deal or a reshuffle, all are counted again.
        Kept by contents, never by which game, so envs sharing this encoder stay exact."""
        cards = bytes(discard)
        counted, counts = self._table
        if cards != counted:
            if cards.startswith(counted):
                counts = counts[:]  # a new array: the kept one may be another caller's
                new = cards[len(counted):]
            else:
                counts, new = _EMPTY_PILE[:], cards
            for face in new:
                counts[face] += 1
            self._table = (cards, counts)
        return counts
