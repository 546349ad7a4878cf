"""The Valence state machine (the rules as played here, the rulebook's sentences and every ruling:
docs/rules/valence.md): setup, the draw phase, building, Helium, reactions, Trade Up, discards.

A turn runs through phases: `draw` (skipped after being reacted with), then `build` (build, react,
trade up, Helium, in any order, until `end`), then `discard` (only with 7+ cards). Whenever element
cards go onto the discard pile together (a build, a whole-hand redraw), the player orders them with
`place` decisions, one card at a time, bottom first; when only one kind of card is left to place,
the rest go down by themselves.

Hands are count vectors indexed like `cards.ELEMENTS`; the deck and the discard pile are lists of
symbols (the last is the top). Events are emitted as tuples (`EVENT_FIELDS`); cards in them are
symbols and formulas, words come from `present.py`. The fields, the deal, drawing and the turn's
flow: `base.py`; the build phase: `build.py`; this module puts them together (who acts, what is
legal, dispatching a move, results, copies, text). Why a move is illegal: `legality.py`; who goes
first: `opening.py`; what each seat has learnt of other hands (for `determinize`): `knowledge.py`.
"""

from __future__ import annotations

import random
from typing import Any, Self

from ...core import Actor, IllegalAction, SharedRng, quote
from . import knowledge
from .actions import (
    BUILD,
    DISCARD,
    DRAW,
    DRAW_DECK,
    DRAW_DISCARD,
    END,
    HELIUM,
    PLACE,
    REACT,
    REDRAW,
    REDRAW_HAND,
    TRADE,
    Move,
    format_move,
    read_move,
    well_formed,
)
from .base import DEFAULT_TURN_CAP, HAND_SIZE
from .build import Build
from .cards import ELEMENTS, INDEX, elements_of
from .cards import HELIUM as HE_SYMBOL
from .legality import BUILD_PHASE, DISCARD_PHASE, DRAW_PHASE, HAND_LIMIT, PLACE_PHASE, check
from .scoring import stash_points
from .views import ValenceTable, table_view

__all__ = ["BUILD_PHASE", "DEFAULT_TURN_CAP", "DISCARD_PHASE", "DRAW_PHASE", "EVENT_FIELDS", "HAND_SIZE",
           "PLACE_PHASE", "VARIANTS", "ValenceState"]

VARIANTS = ("standard", "beginner", "cooperative", "ninja")

EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "deal": ("hand_size", "top"),             # every hand gets `hand_size` cards; `top` starts the
                                              # discard pile
    "helium_back": ("player",),               # Helium dealt to `player` (None: turned as the first discard)
                                              # goes to the bottom of the deck and is replaced
    "hand": ("player", "cards"),              # private to `player`: the hand dealt
    "first_player": ("player", "card", "how"),  # `card`: the highest atomic number; how: highest,
                                              # next cards (a tie), identical hands (lowest seat)
    "skip_draw": ("player",),                 # reacted with since the last turn: no draw this turn
    "draw": ("player", "reason", "count", "short", "cards"),
                                              # reason: draw, redraw, trade, steal (from the deck: the
                                              # victim had no cards); `short` cards were missing
                                              # (nothing left); `cards` only for the drawer
    "take_discard": ("player", "card"),       # the discard pile's top card instead of a draw
    "redraw": ("player", "cards"),            # the whole hand discarded face up (to be placed)
    "build": ("player", "molecule", "cards", "type", "points"),
    "wrong_name": ("player", "molecule", "cards", "said"),  # Science Ninja: the cards stay in hand
    "place": ("player", "cards"),             # cards go onto the discard pile in this order (last on top)
    "helium": ("player",),                    # Helium into the stash (2 points); then every hand passes right
    "pass": ("player", "to", "count", "cards"),  # a hand passed on; `cards` only for the two players
    "react": ("player", "reactor", "victim", "target", "products", "equation"),
    "steal": ("player", "victim", "card"),    # a random card of the victim; `card` only for the two players
    "trade": ("player", "molecule"),          # Trade Up: the Salt goes back to the bank (then a `draw`)
    "must_discard": ("player", "count"),      # ends the turn with too many cards: discard `count`
    "discard": ("player", "card"),
    "end_turn": ("player",),
    "reshuffle": ("count",),                  # the discard pile becomes the deck
    "win": ("player", "points"),
    "team_win": ("types",),                   # cooperative: every molecule type built
    "team_loss": (),                          # cooperative: the deck ran out first
    "turn_cap": ("turns",),                   # the turn cap ends the game in a draw
}
"""Every event Valence emits, with its fields (cards as symbols, molecules as formulas)."""
_HIDDEN_FIELD = {"draw": "cards", "pass": "cards", "steal": "card"}
"""The field left out of an event's public side."""
_ONE_CARD = tuple(tuple(1 if j == i else 0 for j in range(len(ELEMENTS))) for i in range(len(ELEMENTS)))


class ValenceState(Build):
    """A game of Science Ninjas: Valence."""

    game_id = "valence"
    EVENT_FIELDS = EVENT_FIELDS
    __slots__ = ()

    # -- the protocol ------------------------------------------------------------------------------

    def actors(self) -> list[int]:
        """The player whose turn it is (nobody once the game is over)."""
        return [] if self.over else [self.current]

    def _legal_actions(self, player: int) -> list[Move]:
        """Every legal move of `player` now (the build phase's: `build.Build._build_moves`)."""
        if self.over or player != self.current:
            return []
        hand = self.hands[player]
        phase = self.phase
        if phase == DRAW_PHASE:
            moves = [DRAW_DECK]
            size = sum(hand)
            if size >= 2 and self.discard:
                moves.append(DRAW_DISCARD)
            if size:
                moves.append(REDRAW_HAND)
            return moves
        if phase == PLACE_PHASE:
            return [Move(PLACE, ELEMENTS[i]) for i, n in enumerate(self.pending) if n]
        if phase == DISCARD_PHASE:
            return [Move(DISCARD, ELEMENTS[i]) for i, n in enumerate(hand) if n]
        return self._build_moves(player)

    # -- applying ----------------------------------------------------------------------------------

    def _apply(self, player: Actor, action: Move) -> None:
        p = check(self, player, action)
        verb = action.verb
        if verb == DRAW:
            self._take_draw(p, action)
        elif verb == REDRAW:
            hand = self.hands[p]
            self._emit("redraw", (p, tuple(elements_of(hand))))
            self.hands[p] = [0] * len(ELEMENTS)
            self.known = knowledge.emptied(self.known, p)
            self._start_placing(hand, redraw=True)
        elif verb == PLACE:
            self.pending[INDEX[action.what]] -= 1
            self.discard.append(action.what)
            self._auto_place([action.what])
        elif verb == BUILD:
            self._build(p, action)
        elif verb == HELIUM:
            self._helium(p)
        elif verb == REACT:
            self._react(p, action)
        elif verb == TRADE:
            self._trade(p, action)
        elif verb == END:
            self._end(p)
        else:  # DISCARD
            self._discard(p, action)

    def _take_draw(self, p: int, move: Move) -> None:
        """The draw phase: the discard pile's top card, or 1 to 3 cards from the deck."""
        if move == DRAW_DISCARD:
            card = self.discard.pop()
            self.hands[p][INDEX[card]] += 1
            self.known = knowledge.seen_joining(self.known, p, INDEX[card], self._observers())
            self._emit("take_discard", (p, card))
        else:
            n = sum(self.hands[p])
            self._draw(p, 1 if n >= 2 else 2 if n == 1 else 3, "draw")
        if not self.over:
            self.phase = BUILD_PHASE

    def _end(self, p: int) -> None:
        """`end`: the turn ends, or first the hand is discarded down to six cards."""
        size = sum(self.hands[p])
        if size > HAND_LIMIT:
            self.phase = DISCARD_PHASE
            self._emit("must_discard", (p, size - HAND_LIMIT))
        else:
            self._end_turn()

    def _discard(self, p: int, move: Move) -> None:
        i = INDEX[move.what]
        self.hands[p][i] -= 1
        self.discard.append(move.what)
        self.known = knowledge.removed(self.known, p, _ONE_CARD[i])
        self._emit("discard", (p, move.what))
        if sum(self.hands[p]) <= HAND_LIMIT:
            self._end_turn()

    # -- results -----------------------------------------------------------------------------------

    def is_over(self) -> bool:
        """True once someone has 10 points, the cooperative game is decided, or the turn cap hit."""
        return self.over

    def scores(self) -> list[float]:
        """Each player's stash points (public: every stash lies face up)."""
        return [float(points) for points in map(stash_points, self.stashes)]

    def winners(self) -> list[int]:
        """The 10-point player; everyone in a won cooperative game; nobody after a loss or the cap."""
        return list(self.winner_ids) if self.over else []

    def stats(self) -> dict[str, float]:
        """Turns played, whether the turn cap ended the game, reactions, reshuffles, builds, Helium."""
        return {"turns": float(self.turn), "capped": float(self.capped),
                "reactions": float(self.reactions), "reshuffles": float(self.reshuffles),
                "builds": float(self.builds), "helium": float(self.helium_played)}

    # -- copies ------------------------------------------------------------------------------------

    def clone(self) -> Self:
        """An independent copy (explicit, no deepcopy)."""
        new = object.__new__(type(self))
        self._copy_base_into(new)
        # The generator is shared copy-on-write: whichever copy draws next takes its own copy first.
        new.rng = self.rng.fork()
        new.turn_cap = self.turn_cap
        new.hands = [h[:] for h in self.hands]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.bank = dict(self.bank)
        new.stashes = [s[:] for s in self.stashes]
        new.current = self.current
        new.phase = self.phase
        new.pending = self.pending[:]
        new.redraw_pending = self.redraw_pending
        new.turn = self.turn
        new.turns_taken = self.turns_taken[:]
        new.skip_draw = self.skip_draw[:]
        new.traded = self.traded
        new.failed = self.failed
        new.over = self.over
        new.winner_ids = self.winner_ids[:]
        new.capped = self.capped
        new.built_types = self.built_types
        new.known = self.known  # never changed in place
        new.reshuffles = self.reshuffles
        new.reactions = self.reactions
        new.builds = self.builds
        new.helium_played = self.helium_played
        new.helium_under = self.helium_under
        new.first_player = self.first_player
        return new

    def _determinize(self, player: int | None, rng: random.Random) -> Self:
        """A copy with the deck order and every hand `player` cannot see dealt again from `rng`.

        Hand sizes and the deck size are kept, and so is what `player` knows of other hands (a card
        taken from the discard pile, a card stolen from them, the hand they passed with Helium, a
        Science Ninja build named wrongly: see `knowledge`), and Helium stays at the bottom of the
        deck while everyone knows it lies there. The copy's own future randomness is reseeded from
        `rng` too, so a search cannot peek at the real shuffle.
        """
        new = self.clone()
        observer = self.num_players if player is None else player
        hidden = [q for q in range(self.num_players) if q != player]
        fixed = {q: self.known.get((observer, q)) for q in hidden}
        pool = list(new.deck)
        for q in hidden:
            pool.extend(elements_of(new.hands[q]))
            known = fixed[q]
            if known:
                for card in elements_of(known):
                    pool.remove(card)
        pool.sort()  # the copy depends on what `player` knows and on `rng`, not on the real order
        rng.shuffle(pool)
        if self.helium_under and self.deck:
            # Everyone saw Helium go under the deck at setup: it is still the bottom card.
            pool.remove(HE_SYMBOL)
            pool.insert(0, HE_SYMBOL)
        new.deck = pool[:len(new.deck)]
        start = len(new.deck)
        for q in hidden:
            known = fixed[q]
            hand = list(known) if known else [0] * len(ELEMENTS)
            size = sum(new.hands[q]) - sum(hand)
            for card in pool[start:start + size]:
                hand[INDEX[card]] += 1
            start += size
            new.hands[q] = hand
        if self.known:
            new.known = knowledge.as_seen_by(self.known, observer, player, new.hands)
        new.rng = SharedRng(rng.getrandbits(64))
        return new

    # -- views and text ----------------------------------------------------------------------------

    def _view(self, player: int | None) -> ValenceTable:
        """The table as `player` sees it: their own hand, every stash, counts, the discard pile's top
        (`views`)."""
        return table_view(self, player)

    def phase_name(self) -> str:
        """`draw`, `build` (build, react, trade up, Helium or end), `place` (order used cards onto the
        discard pile), `discard` (down to six cards), or `over`."""
        return "over" if self.over else self.phase

    def _event_data(self, kind: str, payload: Any) -> dict[str, Any]:
        data = dict(zip(EVENT_FIELDS[kind], payload, strict=True))
        hidden = _HIDDEN_FIELD.get(kind)
        if hidden is not None and data[hidden] is None:
            del data[hidden]  # the public side: that cards moved, not which
        for key, value in data.items():
            if isinstance(value, tuple):
                data[key] = list(value)
        return data

    def format_action(self, action: Any) -> str:
        """The canonical text of a move (see `actions.py`)."""
        if not well_formed(action):
            raise IllegalAction(f"{quote(action)} is not a Valence move")
        return format_move(action)

    def _parse_action(self, player: Actor, text: str) -> Move:
        """The move `text` means for `player` now; IllegalAction says why if none."""
        p = self.require_actor(player)
        move = read_move(text, p, self.stashes, self.variant == "ninja")
        check(self, p, move)
        return move
