"""The Valence state machine (the rules as played here, the rulebook's sentences and every ruling:
docs/rules/valence.md): setup, the draw phase, building, Helium, reactions, Trade Up, discards.

A turn runs through phases: `draw` (skipped after being reacted with), then `build` (build, react,
trade up, Helium, in any order, until `end`), then `discard` (only with 7+ cards). Whenever element
cards go onto the discard pile together (a build, a whole-hand redraw), the player orders them with
`place` decisions, one card at a time, bottom first; when only one kind of card is left to place,
the rest go down by themselves.

Hands are count vectors indexed like `cards.ELEMENTS`; the deck and the discard pile are lists of
symbols (the last is the top). Events are emitted as tuples (`EVENT_FIELDS`); cards in them are
symbols and formulas, words come from `present.py`. Why a move is illegal: `legality.py`; who goes
first: `opening.py`; what each seat has learnt of other hands (for `determinize`): `knowledge.py`.
"""

from __future__ import annotations

import random
from typing import Any, Self

from ...core import Actor, IllegalAction, SharedRng, State, View, quote
from . import knowledge
from .actions import (
    ADD_HELIUM,
    BUILD,
    DISCARD,
    DRAW,
    DRAW_DECK,
    DRAW_DISCARD,
    END,
    END_TURN,
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
from .cards import ELEMENTS, HE, INDEX, MOLECULE_TYPES, RECIPES, TYPE_IDS, elements_of, full_deck
from .cards import HELIUM as HE_SYMBOL
from .chemistry import accepts_name, normalise_name
from .legality import (
    BUILD_PHASE,
    DISCARD_PHASE,
    DRAW_PHASE,
    HAND_LIMIT,
    PLACE_PHASE,
    REACTIONS,
    REACTOR_FORMULAS,
    SALTS,
    TARGETS,
    check,
    products_available,
)
from .opening import deciding_card
from .scoring import WIN_POINTS, stash_points

VARIANTS = ("standard", "beginner", "cooperative", "ninja")
DEFAULT_TURN_CAP = 500
"""RULING (Ion Arena): after this many turns (all players together) the game ends in a draw."""
HAND_SIZE = 6

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

_NEEDS = {f: tuple((i, n) for i, n in enumerate(r.counts) if n) for f, r in RECIPES.items()}
"""Per recipe, the (element index, cards needed) pairs: the hot path of legal_actions."""
_NINJA_CHOICES = {
    f: tuple(sorted({normalise_name(other.name) for other in RECIPES.values() if other.type == r.type}
                    | {normalise_name(MOLECULE_TYPES[r.type].label)}))
    for f, r in RECIPES.items()
}
"""Science Ninja builds offered as moves: a multiple choice, in alphabetical order, of the systematic
names of every molecule of the same type plus the bare type name (only one of them is right), so a
menu of legal moves quizzes the player instead of giving the answer away."""
_HE_COUNTS = tuple(1 if i == HE else 0 for i in range(len(ELEMENTS)))
_ONE_CARD = tuple(tuple(1 if j == i else 0 for j in range(len(ELEMENTS))) for i in range(len(ELEMENTS)))
_BUILDABLE: dict[tuple[int, ...], tuple[tuple[str, str], ...]] = {}
"""Per hand (count vector), the `(formula, type)` of every molecule its cards make, in `RECIPES`
order, whatever the bank holds: a cache of the hot path of `legal_actions`."""


def _buildable(hand: list[int]) -> tuple[tuple[str, str], ...]:
    key = tuple(hand)
    found = _BUILDABLE.get(key)
    if found is None:
        if len(_BUILDABLE) > 200_000:
            _BUILDABLE.clear()
        found = tuple((r.formula, r.type) for r in RECIPES.values()
                      if all(key[i] >= n for i, n in _NEEDS[r.formula]))
        _BUILDABLE[key] = found
    return found


class ValenceState(State):
    """A game of Science Ninjas: Valence."""

    game_id = "valence"
    EVENT_FIELDS = EVENT_FIELDS
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

    # -- setup ------------------------------------------------------------------------------------

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

    # -- small helpers ------------------------------------------------------------------------------

    def _observers(self) -> range:
        """Every seat and the spectator (`num_players`), as `knowledge` counts them."""
        return range(self.num_players + 1)

    def _is_first_turn(self, player: int) -> bool:
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

    # -- turn flow ----------------------------------------------------------------------------------

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

    # -- the protocol -------------------------------------------------------------------------------

    def actors(self) -> list[int]:
        """The player whose turn it is (nobody once the game is over)."""
        return [] if self.over else [self.current]

    def _legal_actions(self, player: int) -> list[Move]:  # type: ignore[override]
        """Every legal move of `player` now.

        Science Ninja builds accept any name; the moves list a multiple choice for each (see
        `_NINJA_CHOICES`), in which exactly one name is right.
        """
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
        moves = []
        bank, failed = self.bank, self.failed
        ninja = self.variant == "ninja"
        for formula, kind in _buildable(hand):
            if bank[kind] > 0 and formula not in failed:
                if ninja:
                    moves.extend(Move(BUILD, formula, said=choice) for choice in _NINJA_CHOICES[formula])
                else:
                    moves.append(Move(BUILD, formula))
        if hand[HE] and not self._is_first_turn(player):
            moves.append(ADD_HELIUM)
        if self.variant != "beginner":
            stash = self.stashes[player]
            if REACTOR_FORMULAS.intersection(stash):
                moves.extend(self._reactions(player))
            if not self.traded and SALTS.intersection(stash):
                moves.extend(Move(TRADE, f) for f in dict.fromkeys(stash) if f in SALTS)
        moves.append(END_TURN)
        return moves

    def _reactions(self, player: int) -> list[Move]:
        moves = []
        for reactor in dict.fromkeys(self.stashes[player]):
            targets = TARGETS.get(reactor)
            if targets is None:
                continue
            for other in range(self.num_players):
                if other == player:
                    continue
                stash = self.stashes[other]
                if targets.isdisjoint(stash):
                    continue
                for target in dict.fromkeys(stash):
                    if target in targets and products_available(self.bank, reactor, target):
                        moves.append(Move(REACT, reactor, other, target))
        return moves

    # -- applying -----------------------------------------------------------------------------------

    def _apply(self, player: Actor, action: Any) -> None:
        p = check(self, player, action)
        move: Move = action
        verb = move.verb
        if verb == DRAW:
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
        elif verb == REDRAW:
            hand = self.hands[p]
            self._emit("redraw", (p, tuple(elements_of(hand))))
            self.hands[p] = [0] * len(ELEMENTS)
            self.known = knowledge.emptied(self.known, p)
            self._start_placing(hand, redraw=True)
        elif verb == PLACE:
            self.pending[INDEX[move.what]] -= 1
            self.discard.append(move.what)
            self._auto_place([move.what])
        elif verb == BUILD:
            self._build(p, move)
        elif verb == HELIUM:
            self._helium(p)
        elif verb == REACT:
            self._react(p, move)
        elif verb == TRADE:
            self.stashes[p].remove(move.what)
            self.bank["salt"] += 1
            self.traded = True
            self._emit("trade", (p, move.what))
            self._draw(p, 2, "trade")
        elif verb == END:
            size = sum(self.hands[p])
            if size > HAND_LIMIT:
                self.phase = DISCARD_PHASE
                self._emit("must_discard", (p, size - HAND_LIMIT))
            else:
                self._end_turn()
        else:  # DISCARD
            i = INDEX[move.what]
            self.hands[p][i] -= 1
            self.discard.append(move.what)
            self.known = knowledge.removed(self.known, p, _ONE_CARD[i])
            self._emit("discard", (p, move.what))
            if sum(self.hands[p]) <= HAND_LIMIT:
                self._end_turn()

    def _build(self, p: int, move: Move) -> None:
        recipe = RECIPES[move.what]
        if self.variant == "ninja" and not accepts_name(list(recipe.cards), move.said):
            self.failed = (*self.failed, recipe.formula)
            # The cards were shown for the claim and stay in hand: everyone knows they are there.
            self.known = knowledge.at_least(self.known, p, recipe.counts, self._observers())
            self._emit("wrong_name", (p, recipe.formula, recipe.cards, move.said))
            return
        hand = self.hands[p]
        for i, n in _NEEDS[recipe.formula]:
            hand[i] -= n
        self.bank[recipe.type] -= 1
        self.stashes[p].append(recipe.formula)
        self.built_types = self.built_types | {recipe.type}
        self.builds += 1
        self.known = knowledge.removed(self.known, p, recipe.counts)
        kind = MOLECULE_TYPES[recipe.type]
        self._emit("build", (p, recipe.formula, recipe.cards, recipe.type, kind.points))
        # The game stops at once, but its cards still go down: the win is told last.
        won = self._check_win(p, announce=False)
        self._start_placing(recipe.counts)
        if won:
            self._announce_win(p)

    def _helium(self, p: int) -> None:
        self.hands[p][HE] -= 1
        self.stashes[p].append(HE_SYMBOL)
        self.helium_played += 1
        self.known = knowledge.removed(self.known, p, _HE_COUNTS)
        self._emit("helium", (p,))
        # "All players then pass all Element cards in hand to the player to their right" (seat - 1):
        # so every player receives the hand of the player on their left (seat + 1).
        n = self.num_players
        for giver, hand in enumerate(self.hands):
            count = sum(hand)
            if count:
                to = (giver - 1) % n
                self._emit("pass", (giver, to, count, tuple(elements_of(hand))), seen_by=(giver, to),
                           public=(giver, to, count, None))
        self.known = knowledge.passed_right(self.known, self.hands, n)
        self.hands = self.hands[1:] + self.hands[:1]
        self._check_win(p)

    def _react(self, p: int, move: Move) -> None:
        reactor, q, target = move.what, move.whom, move.target
        products, equation, _ = REACTIONS[reactor, target]
        self.stashes[p].remove(reactor)
        self.bank[RECIPES[reactor].type] += 1
        at = self.stashes[q].index(target)
        self.stashes[q][at:at + 1] = list(products)
        self.bank[RECIPES[target].type] += 1
        for product in products:
            self.bank[RECIPES[product].type] -= 1
        self.skip_draw[q] = True
        self.reactions += 1
        self._emit("react", (p, reactor, q, target, products, equation))
        victim = self.hands[q]
        total = sum(victim)
        if total:
            r = self.rng.get().randrange(total)
            i = 0
            while r >= victim[i]:
                r -= victim[i]
                i += 1
            victim[i] -= 1
            self.hands[p][i] += 1
            self.known = knowledge.stolen(self.known, p, q, i)
            # The thief and the victim see which card changed hands; the rest of the table does not.
            self._emit("steal", (p, q, ELEMENTS[i]), seen_by=(p, q), public=(p, q, None))
        else:
            # "If the opponent has no Element Cards, take an Element card from the Element Deck."
            self._draw(p, 1, "steal")

    # -- results --------------------------------------------------------------------------------------

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

    # -- copies ---------------------------------------------------------------------------------------

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

    # -- views and text -------------------------------------------------------------------------------

    def _view(self, player: int | None) -> View:
        """The table as `player` sees it: their own hand, every stash, counts, the discard pile's top."""
        view: View = {
            "turn": self.turn,
            "turn_cap": self.turn_cap,
            "hand_sizes": list(map(sum, self.hands)),
            "deck_size": len(self.deck),
            # The discard pile is a face-up stack, not spread: a player sees its top card and its size.
            "discard_top": self.discard[-1] if self.discard else None,
            "discard_size": len(self.discard),
            "placing": elements_of(self.pending),
            "bank": dict(self.bank),
            "stashes": list(map(list, self.stashes)),
            "skip_draw": list(self.skip_draw),
            "first_turn": self._is_first_turn(self.current),
            "traded_up": self.traded,
            "failed_builds": list(self.failed),
        }
        if player is not None:
            view["hand"] = elements_of(self.hands[player])
        if self.variant == "cooperative":
            view["built_types"] = sorted(self.built_types)
        return view

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

