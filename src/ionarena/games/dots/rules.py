"""The ION: Card Game state machine (the rules as played here, the rulebook's sentences and every
ruling: docs/rules/dots.md).

Everything is flat and int-coded for speed (see `cards`): hands are sorted lists of faces, the draw
pile and the played cards are lists, the card on the table leaves a `need` bit mask, and actions are
ints with precomputed text. Events are stored as compact tuples in an immutable cons list and turned
into sentences only by `view`.

Phases: `PLAY` (the current player plays a matching card or draws), `PENDING` (the target of a +1,
+3, New Game +5, or with two players a Previous Player +1/+3, takes the cards with `draw` or answers
with a matching Block), `GIVE` (the dealer gives the first player a card: a Gift turned up to start)
and `NAME` (the dealer names the number of a Double Joker turned up to start).
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Self

from ionarena.core import HOST, Action, Actor, IllegalAction, SharedRng, State, View, quote

from .cards import (
    ACTION_TEXT,
    AGAIN,
    ALL_DOTS,
    BLOCK,
    DECK,
    DJ,
    DJ_BASE,
    DJ_FACE,
    DRAW,
    GIFT,
    GIFT_ACTION_BASE,
    GIFT_BASE,
    GIFT_FACES,
    GIVE_BASE,
    KIND,
    MATCH,
    NAME_BASE,
    NEED,
    NEXT_DRAWS,
    NOPLAY,
    NUM_ACTIONS,
    NUM_FACES,
    NUMBER,
    PASS,
    POINTS,
    PREV_DRAWS,
    SHIFT,
    TEXT,
    face_name,
    mask_values,
    parse_action_text,
)
from .scoring import WINNING_TOTAL

PLAY, PENDING, GIVE, NAME, OVER = range(5)
PHASE_NAMES = ("play", "respond", "give", "name", "over")
DEFAULT_TURN_CAP = 1000

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


def _event_builder(names: tuple[str, ...], card: int | None) -> Callable[[Any], dict[str, Any]]:
    """A kind's payload -> its fields, the card as text (left out when None: the public side of a
    Gift). Unpacking checks the payload's length as `zip(strict=True)` would, several times faster
    than `dict(zip(...))` (observations read events at every step)."""
    if card is None and len(names) == 1:
        (a,) = names

        def one(payload: Any) -> dict[str, Any]:
            (x,) = payload
            return {a: x}
        return one
    if card is None and len(names) == 2:
        a, b = names

        def two(payload: Any) -> dict[str, Any]:
            x, y = payload
            return {a: x, b: y}
        return two
    if card == 1 and len(names) == 2:
        a, b = names

        def two_card(payload: Any) -> dict[str, Any]:
            x, face = payload
            return {a: x} if face is None else {a: x, b: TEXT[face]}
        return two_card
    if card == 2 and len(names) == 3:
        a, b, c = names

        def three_card(payload: Any) -> dict[str, Any]:
            x, y, face = payload
            return {a: x, b: y} if face is None else {a: x, b: y, c: TEXT[face]}
        return three_card

    def general(payload: Any) -> dict[str, Any]:
        data = dict(zip(names, payload, strict=True))
        if card is not None:
            if payload[card] is None:
                del data[names[card]]
            else:
                data[names[card]] = TEXT[payload[card]]
        return data
    return general


_EVENT_DATA = {kind: _event_builder(names, _CARD_FIELDS.get(kind)) for kind, names in EVENT_FIELDS.items()}
"""Kind -> its payload's fields as data (see `_event_builder`)."""

_DJ_ACTIONS = tuple(DJ_BASE + n for n in range(1, 7))
_NAME_ACTIONS = tuple(NAME_BASE + n for n in range(1, 7))
_SIMPLE = tuple(KIND[f] not in (DJ, GIFT) for f in range(NUM_FACES))
"""Faces whose only play action is the face itself."""
_MATCH_VALUES = tuple(tuple(mask_values(need)) for need in range(ALL_DOTS + 1))
"""The dot values of every match mask (the view's `match`), computed once."""
_TEXT_OF = TEXT.__getitem__
_POINTS_OF = POINTS.__getitem__


class DotsState(State):
    """One game of ION: Card Game: a single deal (quick) or deals until 1000 points (tournament)."""

    game_id = "dots"
    EVENT_FIELDS = EVENT_FIELDS
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

    def _can_draw(self) -> bool:
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

    # -- the protocol -------------------------------------------------------------------------

    def actors(self) -> list[int]:
        """The one player to move (empty once the game is over)."""
        return [] if self.phase == OVER else [self.cur]

    def legal_actions(self, player: int) -> list[Action]:
        """Every legal action of `player` now, one per distinct card face (and give / name choice).

        Overrides the kernel's method to save a call on the hot path; bad seats still go through
        the kernel's check (in `_other_phase_actions`).
        """
        if player.__class__ is not int or player != self.cur or self.phase != PLAY:
            return self._other_phase_actions(player)
        hand = self.hands[player]
        need = self.need
        out: list[Action] = []
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

    def _other_phase_actions(self, player: int) -> list[Action]:
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

    def _apply(self, player: Actor, action: Action) -> None:
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
        self._check(player, action)  # also makes sure that `player` and `action` are ints
        if TYPE_CHECKING:  # no cost at run time: `_check` made sure of it
            assert isinstance(player, int) and isinstance(action, int)
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

    def _check(self, player: Actor, action: Action) -> None:
        """Raise `IllegalAction` with a reason unless `player` may take `action` now."""
        if player != self.cur or self.phase == OVER:
            if self.phase == OVER:
                raise IllegalAction("the game is over")
            if player is HOST:
                raise IllegalAction("the host has no move in this game")
            raise IllegalAction(f"it is not Player {player}'s turn; Player {self.cur} is to move")
        if type(action) is not int or not 0 <= action < NUM_ACTIONS or not ACTION_TEXT[action]:
            raise IllegalAction(f"{quote(action)} is not an action of this game")
        hand = self.hands[player]
        phase = self.phase
        if phase == PLAY:
            if action < NUM_FACES:
                if action not in hand:
                    raise IllegalAction(f"you do not hold {face_name(action)}")
                if not MATCH[action] & self.need:
                    raise IllegalAction(f"{face_name(action)} does not match the table: "
                                        f"play a card with {self._need_text()}")
                if KIND[action] == GIFT and len(hand) > 1:
                    raise IllegalAction(f"a Gift gives one of your cards to the next player: type "
                                        f"'play {TEXT[action]} give <card>'")
                return
            if action == DRAW:
                if not self._can_draw():
                    raise IllegalAction("there is nothing left to draw: play a matching card"
                                        if self._has_play(player) else
                                        "there is nothing left to draw: type 'pass'")
                return
            if action == PASS:
                if self._can_draw():
                    raise IllegalAction("you cannot pass while there are cards to draw: type 'draw'")
                if self._has_play(player):
                    raise IllegalAction("you hold a matching card and nothing is left to draw, "
                                        "so you must play")
                return
            if DJ_BASE < action <= DJ_BASE + 6:
                if DJ_FACE not in hand:
                    raise IllegalAction("you do not hold a Double Joker")
                return
            if action >= GIFT_BASE:
                index, given = divmod(action - GIFT_BASE, NUM_FACES)
                gift = GIFT_FACES[index]
                if gift not in hand:
                    raise IllegalAction(f"you do not hold {face_name(gift)}")
                if not MATCH[gift] & self.need:
                    raise IllegalAction(f"{face_name(gift)} does not match the table: "
                                        f"play a card with {self._need_text()}")
                if given == gift or given not in hand:
                    raise IllegalAction(f"you have no {face_name(given)} to give")
                return
            raise IllegalAction("now play a matching card or draw")
        if phase == PENDING:
            if action == DRAW:
                return
            if action < NUM_FACES and KIND[action] == BLOCK:
                if action not in hand:
                    raise IllegalAction(f"you do not hold {face_name(action)}")
                if not MATCH[action] & self.need:
                    raise IllegalAction(f"{face_name(action)} does not match the table: "
                                        f"a Block needs {self._need_text()}")
                return
            raise IllegalAction(f"you must take {self.pending} card{'s' if self.pending > 1 else ''} "
                                "('draw') or answer with a matching Block")
        if phase == GIVE:
            if not GIVE_BASE <= action < GIVE_BASE + NUM_FACES:
                raise IllegalAction("the starting card is a Gift: give the first player one of your "
                                    "cards, e.g. 'give 2|5'")
            if action - GIVE_BASE not in hand:
                raise IllegalAction(f"you do not hold {face_name(action - GIVE_BASE)}")
            return
        if not NAME_BASE < action <= NAME_BASE + 6:
            raise IllegalAction("the starting card is a Double Joker: name the number to match, "
                                "e.g. 'name 2'")

    def _has_play(self, player: int) -> bool:
        need = self.need
        return any(MATCH[f] & need for f in self.hands[player])

    def _need_text(self) -> str:
        values = mask_values(self.need)
        return " or ".join(map(str, values)) + (" dot" if values == [1] else " dots")

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

    def hand_value(self, player: int) -> int:
        """The points of the cards in `player`'s hand."""
        return sum(map(_POINTS_OF, self.hands[player]))

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

    def format_action(self, action: Action) -> str:
        """The canonical text: `play 3|6`, `play block 3|6`, `play joker 4`, `play dj name 2`,
        `play gift 1|2 give 2|5`, `draw`, `pass`, `give 2|5`, `name 2`."""
        if type(action) is int and 0 <= action < NUM_ACTIONS and ACTION_TEXT[action]:
            return ACTION_TEXT[action]
        raise IllegalAction(f"{quote(action)} is not an action of this game")

    def _parse_action(self, player: Actor, text: str) -> Action:
        """The action `text` means for `player` now; `IllegalAction` says why it is not one."""
        try:
            action = parse_action_text(text)
        except ValueError as err:
            raise IllegalAction(str(err)) from None
        self._check(player, action)
        return action

    def _view(self, player: int | None) -> View:
        """What `player` sees: their own hand, the table, hand sizes and points."""
        view: View = {
            "deal": self.deals,
            "dealer": self.dealer,
            "direction": "right" if self.dir < 0 else "left",
            "top": TEXT[self.discard[-1]],
            "match": list(_MATCH_VALUES[self.need]),
            "pending_draw": self.pending,
            "gift_from": self.gift_from if self.gift_from >= 0 else None,
            "hand_sizes": list(map(len, self.hands)),
            "draw_pile": len(self.deck),
            "played": len(self.discard),
            "target": WINNING_TOTAL if self.tournament else None,
            "turns": self.turns,
            "turn_cap": self.cap,
        }
        if player is not None:
            hand = self.hands[player]
            view["hand"] = list(map(_TEXT_OF, hand))
            view["hand_points"] = sum(map(_POINTS_OF, hand))
        return view

    def phase_name(self) -> str:
        """`play`, `respond` (take cards or Block), `give` or `name` (a Gift or Double Joker to start),
        `over`."""
        return PHASE_NAMES[self.phase]

    def _emit_gift(self, giver: int, receiver: int, face: int) -> None:
        """A Gift changes hands: the two players read which card, everyone else that a card moved."""
        self._emit("gift", (giver, receiver, face), seen_by=(giver, receiver), public=(giver, receiver, None))

    def _event_data(self, kind: str, payload: Any) -> dict[str, Any]:
        return _EVENT_DATA[kind](payload)


def check_invariants(state: State) -> None:
    """Raise AssertionError unless all 128 cards are accounted for and the turn state is sound."""
    assert isinstance(state, DotsState)
    counts = [0] * NUM_FACES
    for zone in (*state.hands, state.deck, state.discard):
        for f in zone:
            counts[f] += 1
    expected = [0] * NUM_FACES
    for f in DECK:
        expected[f] += 1
    assert counts == expected, "the hands, draw pile and played cards do not hold the 128 cards"
    assert state.discard, "there is always a card on the table"
    for hand in state.hands:
        assert hand == sorted(hand), "hands are kept sorted"
    assert 0 <= state.cur < state.num_players
    assert state.dir in (-1, 1)
    assert state.turns <= state.cap
    if state.phase in (PLAY, PENDING):
        assert state.need and not state.need & ~0b1111110, "the table asks for a dot value"
        assert state.phase != PENDING or state.pending > 0
    if state.phase == OVER:
        assert not state.tournament or state.winner < 0 or state.points[state.winner] >= WINNING_TOTAL
