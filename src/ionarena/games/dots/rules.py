"""The ION: Card Game state machine (the rules as played here, the rulebook's sentences and every
ruling: docs/rules/dots.md).

Everything is flat and int-coded for speed (see `cards`): hands are sorted lists of faces, the draw
pile and the played cards are lists, the card on the table leaves a `need` bit mask, and actions are
ints with precomputed text (`actions`). This module is the play (who acts, what is legal, a card
played and what it does, results, copies, text); `deals` holds the fields, the deal and its
starting card, drawing and the end of a deal. Why a move is refused: `legality`. Events are compact
tuples, turned into data by `views` and into sentences only by `present`.

Phases (`actions`): `PLAY` (the current player plays a matching card or draws), `PENDING` (the
target of a +1, +3, New Game +5, or with two players a Previous Player +1/+3, takes the cards with
`draw` or answers with a matching Block), `GIVE` (the dealer gives the first player a card: a Gift
turned up to start) and `NAME` (the dealer names the number of a Double Joker turned up to start).
"""

from __future__ import annotations

import random
from bisect import insort
from typing import Any, Self

from ionarena.core import Actor, IllegalAction, SharedRng, State, quote

from .actions import (
    ACTION_TEXT,
    DJ_BASE,
    DRAW,
    GIFT_ACTION_BASE,
    GIFT_BASE,
    GIVE,
    GIVE_BASE,
    NAME_BASE,
    NUM_ACTIONS,
    OVER,
    PASS,
    PENDING,
    PHASE_NAMES,
    PLAY,
    parse_action_text,
)
from .cards import (
    AGAIN,
    BLOCK,
    DJ,
    DJ_FACE,
    GIFT,
    GIFT_FACES,
    KIND,
    MATCH,
    NEED,
    NEXT_DRAWS,
    NOPLAY,
    NUM_FACES,
    NUMBER,
    POINTS,
    PREV_DRAWS,
    SHIFT,
)
from .deals import Deals
from .legality import check
from .views import DotsTable, event_builder, table_view

EVENT_FIELDS = {
    "deal": ("dealer", "deal", "card"),          # a deal starts; `card` is turned up to start
    "play": ("player", "card"),
    "double_joker": ("player", "number"),        # a Double Joker played, naming the number to match
    "gift": ("player", "to", "card"),            # `card` only for the giver and the receiver
    "gift_back": ("player", "to"),               # a Block returns the gifted card
    "draw": ("player", "count"),
    "pass": ("player",),                         # nothing to play and nothing left to draw
    "block_draw": ("player", "card"),            # a Block answers +1/+3/New Game +5
    "must_draw": ("player", "count"),            # must take `count` cards or answer with a Block
    "takes": ("player", "count"),                # takes cards at once (Previous Player, last card)
    "skip": ("player",),                         # loses the turn (No Play)
    "name": ("player", "number"),                # the dealer names the starting Double Joker's number
    "reshuffle": ("count",),                     # the played cards become a new draw pile
    "turn_cap": ("player", "points"),            # the turn cap ends the deal; lowest hand (None: a tie)
    "deal_end": ("player", "points"),            # `player` wins the deal and scores (None: nobody)
    "game_end": ("player", "points"),            # `player` wins the game (None: a draw)
}
"""Every event dots emits, with its fields (cards as their text, e.g. `5|2`)."""
_CARD_FIELDS = {"deal": 2, "play": 1, "gift": 2, "block_draw": 1}


_EVENT_DATA = {kind: event_builder(names, _CARD_FIELDS.get(kind)) for kind, names in EVENT_FIELDS.items()}
"""Kind -> its payload's fields as data (see `_event_builder`)."""

_DJ_ACTIONS = tuple(DJ_BASE + n for n in range(1, 7))
_NAME_ACTIONS = tuple(NAME_BASE + n for n in range(1, 7))
_SIMPLE = tuple(KIND[f] not in (DJ, GIFT) for f in range(NUM_FACES))
"""Faces whose only play action is the face itself."""
_POINTS_OF = POINTS.__getitem__


class DotsState(Deals):
    """One game of ION: Card Game: a single deal (quick) or deals until 1000 points (tournament)."""

    game_id = "dots"
    EVENT_FIELDS = EVENT_FIELDS
    __slots__ = ()

    # -- the protocol -------------------------------------------------------------------------

    def actors(self) -> list[int]:
        """The one player to move (empty once the game is over)."""
        return [] if self.phase == OVER else [self.cur]

    def legal_actions(self, player: Actor) -> list[int]:
        """Every legal action of `player` now, one per distinct card face (and give / name choice).

        Overrides the kernel's method to save a call on the hot path; bad seats still go through
        the kernel's check (in `_other_phase_actions`).
        """
        if player.__class__ is not int or player != self.cur or self.phase != PLAY:
            return self._other_phase_actions(player)
        hand = self.hands[player]
        need = self.need
        out: list[int] = []
        last = -1
        for f in hand:
            if f != last:
                last = f
                if MATCH[f] & need:
                    if _SIMPLE[f]:
                        out.append(f)
                    elif f == DJ_FACE:
                        out.extend(_DJ_ACTIONS)
                    elif len(hand) == 1:
                        out.append(f)  # a Gift as the last card gives nothing
                    else:
                        base = GIFT_ACTION_BASE[f]
                        seen = -1
                        for g in hand:
                            if g != seen and g != f:
                                seen = g
                                out.append(base + g)
        if self.deck or len(self.discard) > 1:
            out.append(DRAW)
        elif not out:
            out.append(PASS)
        return out

    _legal_actions = legal_actions

    def _other_phase_actions(self, player: Actor) -> list[int]:
        if player.__class__ is not int or not 0 <= player < self.num_players:
            return State.legal_actions(self, player)  # the kernel's answer to a bad seat (or the host)
        phase = self.phase
        if player != self.cur or phase == OVER:
            return []
        hand = self.hands[player]
        if phase == PENDING:
            need = self.need
            return [DRAW, *(f for f in dict.fromkeys(hand) if KIND[f] == BLOCK and MATCH[f] & need)]
        if phase == GIVE:
            return [GIVE_BASE + g for g in dict.fromkeys(hand)]
        return list(_NAME_ACTIONS)

    def _apply(self, player: Actor, action: int) -> None:
        # The hot paths first: a plain matching card, or a draw, in the play phase.
        if action.__class__ is int and player == self.cur and self.phase == PLAY:
            if 0 <= action < NUM_FACES:
                if _SIMPLE[action] and MATCH[action] & self.need and action in self.hands[player]:
                    self._play(player, action)
                    return
            elif action == DRAW and (self.deck or len(self.discard) > 1):
                drawn = self._draw(player, 1)
                self._events = (self._events, self._version, "draw", (player, drawn), None, None)
                self._next_turn((player + self.dir) % self.num_players)
                return
        player = check(self, player, action)  # also makes sure that `action` is an int
        phase = self.phase
        if phase == PLAY:
            if action < NUM_FACES:
                self._play(player, action)
            elif action == DRAW:
                drawn = self._draw(player, 1)
                self._events = (self._events, self._version, "draw", (player, drawn), None, None)
                self._next_turn((player + self.dir) % self.num_players)
            elif action == PASS:
                self._emit("pass", (player,))
                self._next_turn((player + self.dir) % self.num_players)
            elif action >= GIFT_BASE:
                index, given = divmod(action - GIFT_BASE, NUM_FACES)
                self._play(player, GIFT_FACES[index], given)
            else:
                self._play(player, DJ_FACE, action - DJ_BASE)
        elif phase == PENDING:
            if action == DRAW:
                drawn = self._draw(player, self.pending)
                self._emit("draw", (player, drawn))
                self.pending = 0
                self.phase = PLAY
            else:
                self.pending = 0
                self._emit("block_draw", (player, action))
                self._play(player, action)
        elif phase == GIVE:
            given = action - GIVE_BASE
            self.hands[player].remove(given)
            first = (player + self.dir) % self.num_players
            insort(self.hands[first], given)
            self._emit_gift(player, first, given)
            self.cur, self.phase, self.gift_from, self.gift_face = first, PLAY, player, given
        else:  # NAME
            self.need = 1 << (action - NAME_BASE)
            self._emit("name", (player, action - NAME_BASE))
            self.cur = (player + self.dir) % self.num_players
            self.phase = PLAY

    # -- playing a card -----------------------------------------------------------------------

    def _play(self, player: int, face: int, extra: int = -1) -> None:
        """Put `face` on the table and resolve it. `extra`: the face a Gift gives, a DJ's number."""
        hand = self.hands[player]
        hand.remove(face)
        self.discard.append(face)
        kind = KIND[face]
        n = self.num_players
        if kind == DJ:
            self.need = 1 << extra
            self._emit("double_joker", (player, extra))
        else:
            self.need = NEED[face]
            # the hot path: `_emit` inlined
            self._events = (self._events, self._version, "play", (player, face), None, None)
        if self.gift_from >= 0:
            if kind == BLOCK and self.gift_face in hand:
                hand.remove(self.gift_face)
                insort(self.hands[self.gift_from], self.gift_face)
                self._emit("gift_back", (player, self.gift_from))
            self.gift_from = -1
        d = self.dir
        nxt = (player + d) % n
        if kind == GIFT and extra >= 0:
            hand.remove(extra)
            insort(self.hands[nxt], extra)
            self._emit_gift(player, nxt, extra)
        if not hand:
            self._go_out(player, face)
            return
        if kind == NUMBER:  # the common case: the next player's turn
            self._next_turn(nxt, PLAY)
            return
        if kind == AGAIN:
            return
        phase = PLAY
        if NEXT_DRAWS[face]:
            phase = PENDING
            self.pending = NEXT_DRAWS[face]
            self._emit("must_draw", (nxt, self.pending))
        elif PREV_DRAWS[face]:
            if n == 2:  # Block answers it on the target's turn
                phase = PENDING
                self.pending = PREV_DRAWS[face]
                self._emit("must_draw", (nxt, self.pending))
            else:
                prev = (player - d) % n
                drawn = self._draw(prev, PREV_DRAWS[face])
                self._emit("takes", (prev, drawn))
        elif kind == NOPLAY:
            self._emit("skip", (nxt,))
            nxt = (nxt + d) % n  # with two players that is the player again
        elif kind == SHIFT and n > 2:  # with two players a Shift changes nothing
            self.dir = -d
            nxt = (player - d) % n
        elif kind == GIFT:  # the receiver may Block it back on their turn
            self.gift_face = extra
            self._next_turn(nxt, PLAY, player)
            return
        self._next_turn(nxt, phase)

    # -- results ------------------------------------------------------------------------------

    def is_over(self) -> bool:
        """True once someone went out (quick), reached 1000 points (tournament), or the cap hit."""
        return self.phase == OVER

    def scores(self) -> list[float]:
        """Points scored: the values of the cards left in the other hands when a player goes out."""
        return list(map(float, self.points))

    def public_scores(self) -> list[float]:
        """Every score is public (the view's `scores`; `scores()` without a second call)."""
        return list(map(float, self.points))

    def winners(self) -> list[int]:
        """The player who went out (quick) or reached 1000 (tournament); empty for a capped tie."""
        return [self.winner] if self.phase == OVER and self.winner >= 0 else []

    def stats(self) -> dict[str, float]:
        """Turns played, deals dealt and deals ended by the turn cap."""
        return {"turns": self.total_turns, "deals": self.deals, "capped": self.capped}

    # -- public helpers (what any seat may know) ----------------------------------------------

    def hand(self, player: int) -> list[int]:
        """`player`'s hand as faces (agents may read only their own)."""
        return self.hands[player]

    def hand_sizes(self) -> list[int]:
        """How many cards each player holds (public)."""
        return list(map(len, self.hands))

    def next_seat(self, player: int) -> int:
        """The seat after `player` in the current direction."""
        return (player + self.dir) % self.num_players

    def previous_seat(self, player: int) -> int:
        """The seat before `player` in the current direction."""
        return (player - self.dir) % self.num_players

    # -- copies -------------------------------------------------------------------------------

    def clone(self) -> Self:
        """An independent copy: flat lists copied (the base class shares the immutable logs)."""
        new = object.__new__(type(self))
        self._copy_base_into(new)
        new.hands = [h[:] for h in self.hands]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.points = self.points[:]
        new.need = self.need
        new.cur = self.cur
        new.dir = self.dir
        new.phase = self.phase
        new.pending = self.pending
        new.gift_from = self.gift_from
        new.gift_face = self.gift_face
        new.dealer = self.dealer
        new.turns = self.turns
        new.total_turns = self.total_turns
        new.deals = self.deals
        new.capped = self.capped
        new.winner = self.winner
        new.cap = self.cap
        new.tournament = self.tournament
        # Both copies share the generator until either needs it (it only shuffles).
        new.rng = self.rng.fork()
        return new

    def _determinize(self, player: int | None, rng: random.Random) -> Self:
        """A copy in which the draw pile and every hand but `player`'s are reshuffled with `rng`.

        Hand sizes and the played cards stay. A Gift the receiver may still Block back stays in the
        receiver's hand when `player` gave it (the giver knows it); otherwise another card of that
        hand stands for it. Future reshuffles use a generator seeded from `rng`.
        """
        new = self.clone()
        hidden = [p for p in range(self.num_players) if p != player]
        keep_gift = new.gift_from >= 0 and player == new.gift_from
        pool = new.deck[:]
        for p in hidden:
            pool.extend(new.hands[p])
        if keep_gift:
            pool.remove(new.gift_face)
        # The unseen cards in a fixed order before the shuffle: the copy depends on what `player`
        # knows and on `rng` only, never on the real deal (an agent with a seed cannot peek).
        pool.sort()
        rng.shuffle(pool)
        start = 0
        for p in hidden:
            size = len(new.hands[p])
            if keep_gift and p == new.cur:
                new.hands[p] = sorted([*pool[start:start + size - 1], new.gift_face])
                start += size - 1
            else:
                new.hands[p] = sorted(pool[start:start + size])
                start += size
        new.deck = pool[start:]
        new.rng = SharedRng(rng.getrandbits(64))
        if new.gift_from >= 0 and not keep_gift and player != new.cur:
            receiver = new.hands[new.cur]
            new.gift_face = receiver[rng.randrange(len(receiver))]
        return new

    # -- text ---------------------------------------------------------------------------------

    def format_action(self, action: int) -> str:
        """The canonical text: `play 3|6`, `play block 3|6`, `play joker 4`, `play dj name 2`,
        `play gift 1|2 give 2|5`, `draw`, `pass`, `give 2|5`, `name 2`."""
        if type(action) is int and 0 <= action < NUM_ACTIONS and ACTION_TEXT[action]:
            return ACTION_TEXT[action]
        raise IllegalAction(f"{quote(action)} is not an action of this game")

    def _parse_action(self, player: Actor, text: str) -> int:
        """The action `text` means for `player` now; `IllegalAction` says why it is not one."""
        try:
            action = parse_action_text(text)
        except ValueError as err:
            raise IllegalAction(str(err)) from None
        check(self, player, action)
        return action

    def _view(self, player: int | None) -> DotsTable:
        """What `player` sees: their own hand, the table, hand sizes and points (`views`)."""
        return table_view(self, player)

    def phase_name(self) -> str:
        """`play`, `respond` (take cards or Block), `give` or `name` (a Gift or Double Joker to start),
        `over`."""
        return PHASE_NAMES[self.phase]

    def _emit_gift(self, giver: int, receiver: int, face: int) -> None:
        """A Gift changes hands: the two players read which card, everyone else that a card moved."""
        self._emit("gift", (giver, receiver, face), seen_by=(giver, receiver), public=(giver, receiver, None))

    def _event_data(self, kind: str, payload: Any) -> dict[str, Any]:
        return _EVENT_DATA[kind](payload)

