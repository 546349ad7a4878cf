"""The Valence state machine: setup, the draw phase, building, Helium, reactions, Trade Up, discards.

A turn runs through phases: `draw` (skipped after being reacted with), then `build` (build, react,
trade up, Helium, in any order, until `end`), then `discard` (only with 7+ cards). Whenever element
cards go onto the discard pile together (a build, a whole-hand redraw), the player orders them with
`place` decisions, one card at a time, bottom first; when only one kind of card is left to place,
the rest go down by themselves.
"""

from __future__ import annotations

import random
from typing import Any

from ...core import IllegalAction, SharedRng, State, View
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
)
from .cards import (
    ELEMENT_INFO,
    ELEMENTS,
    HE,
    INDEX,
    MOLECULE_TYPES,
    RECIPES,
    TYPE_IDS,
    elements_of,
    full_deck,
    kind_of,
)
from .cards import HELIUM as HE_SYMBOL
from .chemistry import accepts_name, label, normalise_name, reaction, short_label
from .scoring import WIN_POINTS, points_text, stash_points

VARIANTS = ("standard", "beginner", "cooperative", "ninja")
DEFAULT_TURN_CAP = 500
"""RULING (Ion Arena): after this many turns (all players together) the game ends in a draw."""
HAND_SIZE = 6
HAND_LIMIT = 6
EVENTS_KEPT = 12

Event = tuple[str, tuple[tuple[int, str], ...]]
"""(public sentence, (player, the private version that player reads) pairs)."""


def _count(hand: list[int]) -> int:
    return sum(hand)


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


class ValenceState(State):
    """A game of Science Ninjas: Valence."""

    game_id = "valence"
    __slots__ = (
        "bank",
        "builds",
        "built_types",
        "capped",
        "current",
        "deck",
        "discard",
        "events",
        "failed",
        "first_player",
        "hands",
        "helium_played",
        "helium_under",
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

    def __init__(self, num_players: int, variant: str, seed: int, options: dict[str, Any] | None = None):
        super().__init__(num_players, variant, seed, options)
        unknown = set(self.options) - {"turn_cap"}
        if unknown:
            raise IllegalAction(f"valence has no option {sorted(unknown)[0]!r}; options: turn_cap")
        cap = self.options.get("turn_cap", DEFAULT_TURN_CAP)
        if not isinstance(cap, int) or cap < 1:
            raise IllegalAction("turn_cap must be a positive whole number of turns")
        self.turn_cap: int = cap
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
        self.events: tuple[Event, ...] = ()
        self.reshuffles = 0
        self.reactions = 0
        self.builds = 0
        self.helium_played = 0
        self.helium_under = False
        """Everyone saw Helium go to the bottom of the deck at setup (until the next reshuffle)."""
        self.phase = "draw"
        self._deal()
        self.first_player = self._first_player()
        self.current = self.first_player
        self._say(self._first_player_text())
        self._begin_turn(self.first_player)

    # -- setup ------------------------------------------------------------------------------------

    def _deal(self) -> None:
        """Six cards each, then one face up on the discard pile; Helium goes under the deck."""
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
                self._say(f"Player {p} was dealt Helium: it goes to the bottom of the Element Deck "
                          "and is replaced.")
        first = self.deck.pop()
        if first == HE_SYMBOL:  # ruling: Helium turned as the first discard is replaced the same way
            self.deck.insert(0, first)
            first = self.deck.pop()
            self.helium_under = True
            self._say("Helium was turned as the first discard: it goes to the bottom of the "
                      "Element Deck.")
        self.discard.append(first)

    def _first_player(self) -> int:
        """Highest atomic number; ties compare whole hands high to low; then the lowest seat."""
        def key(p: int) -> tuple[tuple[int, ...], int]:
            numbers = sorted((ELEMENT_INFO[s].atomic_number for s in elements_of(self.hands[p])),
                             reverse=True)
            return tuple(numbers), -p
        return max(range(self.num_players), key=key)

    def _first_player_text(self) -> str:
        """Who goes first and why: the highest card is shown at the table to settle it."""
        best = max(elements_of(self.hands[self.first_player]), key=lambda s: ELEMENT_INFO[s].atomic_number)
        info = ELEMENT_INFO[best]
        tied = sum(1 for hand in self.hands if hand[INDEX[best]]) > 1
        same = sum(1 for hand in self.hands if hand == self.hands[self.first_player]) > 1
        why = (" (identical hands: the lowest-numbered player)" if same
               else " (a tie, settled by the next highest cards)" if tied else "")
        return (f"Player {self.first_player} goes first: {best} ({info.name}, atomic number "
                f"{info.atomic_number}) is the highest atomic number{why}.")

    # -- small helpers ------------------------------------------------------------------------------

    def _say(self, public: str, *private: tuple[int, str]) -> None:
        """Announce `public` to the table; each (player, sentence) pair is what that player reads."""
        self.events = (*self.events[-(EVENTS_KEPT - 1):], (public, private))

    def _is_first_turn(self, player: int) -> bool:
        return self.turns_taken[player] <= 1

    def _draw_one(self, player: int) -> str | None:
        """One card from the Element Deck into `player`'s hand, reshuffling the discard pile if needed."""
        if not self.deck:
            if self.variant == "cooperative":
                # "Work together to build every type of Molecule before reshuffling the Element deck."
                self.over = True
                self.winner_ids = []
                self._say("The Element Deck ran out before every molecule type was built: "
                          "everyone loses.")
                return None
            if not self.discard:
                return None
            self.deck = self.discard
            self.discard = []
            self.rng.get().shuffle(self.deck)
            self.reshuffles += 1
            self.helium_under = False
            self._say("The Element Deck was empty: the discard pile was reshuffled into a new deck.")
        card = self.deck.pop()
        self.hands[player][INDEX[card]] += 1
        return card

    def _draw(self, player: int, k: int, why: str, where: str = "") -> None:
        """`player` draws `k` cards and the table is told: "Player 1 {why} 2 cards{where}."."""
        cards = []
        for _ in range(k):
            if self.over:
                break
            card = self._draw_one(player)
            if card is None:
                break
            cards.append(card)
        n = len(cards)
        noun = "card" if n == 1 else "cards"
        short = f" ({k - n} short: no cards left)" if n < k and not self.over else ""
        self._say(f"Player {player} {why} {n} {noun}{where}{short}.",
                  (player, f"You {why} {n} {noun}{where}: {', '.join(cards) or 'nothing'}{short}."))

    def _check_win(self, player: int) -> None:
        if self.variant == "cooperative":
            if len(self.built_types) == len(TYPE_IDS):
                self.over = True
                self.winner_ids = list(range(self.num_players))
                self._say("Every type of molecule has been built: everyone wins together!")
            return
        if stash_points(self.stashes[player]) >= WIN_POINTS:
            self.over = True
            self.winner_ids = [player]
            self._say(f"Player {player} has {stash_points(self.stashes[player])} points and wins!")

    # -- turn flow ----------------------------------------------------------------------------------

    def _begin_turn(self, player: int) -> None:
        self.current = player
        self.turn += 1
        self.turns_taken[player] += 1
        self.traded = False
        self.failed = ()
        if self.skip_draw[player]:
            self.skip_draw[player] = False
            self.phase = "build"
            self._say(f"Player {player} was reacted with and skips the draw.")
        else:
            self.phase = "draw"

    def _end_turn(self) -> None:
        if self.turn >= self.turn_cap:
            self.over = True
            self.capped = True
            self.winner_ids = []
            self._say(f"The turn cap ({self.turn_cap} turns) is reached: the game is a draw.")
            return
        self._begin_turn((self.current + 1) % self.num_players)

    def _start_placing(self, counts: list[int] | tuple[int, ...], redraw: bool = False) -> None:
        for i, n in enumerate(counts):
            self.pending[i] += n
        self.redraw_pending = redraw
        self.phase = "place"
        self._auto_place()

    def _auto_place(self) -> None:
        """When one kind of card is left to place (or the game is over), it goes down by itself."""
        kinds = [i for i, n in enumerate(self.pending) if n]
        if len(kinds) > 1 and not self.over:
            return
        for i in kinds:
            self.discard.extend([ELEMENTS[i]] * self.pending[i])
            self.pending[i] = 0
        if self.over:
            return
        self.phase = "build"
        if self.redraw_pending:
            self.redraw_pending = False
            self._draw(self.current, 3, "discarded the hand and drew")

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
        if self.phase == "draw":
            moves = [DRAW_DECK]
            if _count(hand) >= 2 and self.discard:
                moves.append(DRAW_DISCARD)
            if _count(hand):
                moves.append(REDRAW_HAND)
            return moves
        if self.phase == "place":
            return [Move(PLACE, ELEMENTS[i]) for i, n in enumerate(self.pending) if n]
        if self.phase == "discard":
            return [Move(DISCARD, ELEMENTS[i]) for i, n in enumerate(hand) if n]
        moves = []
        bank, failed = self.bank, self.failed
        for recipe in RECIPES.values():
            if bank[recipe.type] > 0 and recipe.formula not in failed and all(
                    hand[i] >= n for i, n in _NEEDS[recipe.formula]):
                if self.variant == "ninja":
                    moves.extend(Move(BUILD, recipe.formula, said=choice)
                                 for choice in _NINJA_CHOICES[recipe.formula])
                else:
                    moves.append(Move(BUILD, recipe.formula))
        if hand[HE] and not self._is_first_turn(player):
            moves.append(ADD_HELIUM)
        if self.variant != "beginner":
            moves.extend(self._reactions(player))
            if not self.traded:
                salts = dict.fromkeys(f for f in self.stashes[player] if kind_of(f) == "salt")
                moves.extend(Move(TRADE, f) for f in salts)
        moves.append(END_TURN)
        return moves

    def _reactions(self, player: int) -> list[Move]:
        moves = []
        reactors = dict.fromkeys(f for f in self.stashes[player] if kind_of(f) in ("acid", "water"))
        for reactor in reactors:
            for other in range(self.num_players):
                if other == player:
                    continue
                for target in dict.fromkeys(self.stashes[other]):
                    if target != HE_SYMBOL and self._products_available(reactor, target):
                        moves.append(Move(REACT, reactor, other, target))
        return moves

    def _products_available(self, reactor: str, target: str) -> bool:
        result = reaction(reactor, target)
        if result is None:
            return False
        products, _ = result
        need: dict[str, int] = {}
        for product in products:
            need[RECIPES[product].type] = need.get(RECIPES[product].type, 0) + 1
        returned = RECIPES[reactor].type
        return all(self.bank[t] + (returned == t) >= n for t, n in need.items())

    # -- checking -----------------------------------------------------------------------------------

    def _check(self, player: int | None, move: Move) -> int:
        """Raise IllegalAction with a reason unless `move` is legal for `player` now."""
        p = self.require_actor(player)
        if not isinstance(move, Move):
            raise IllegalAction(f"{move!r} is not a Valence move")
        verb, phase, hand = move.verb, self.phase, self.hands[p]
        wants = {DRAW: "draw", REDRAW: "draw", PLACE: "place", DISCARD: "discard"}.get(verb, "build")
        if wants != phase:
            raise IllegalAction(self._phase_hint(verb))
        if verb == DRAW:
            if move == DRAW_DISCARD:
                if _count(hand) < 2:
                    raise IllegalAction("you may take the discard pile's top card only when you "
                                        "would draw one card (two or more cards in hand)")
                if not self.discard:
                    raise IllegalAction("the discard pile is empty")
            elif move != DRAW_DECK:
                raise IllegalAction("draw from the deck ('draw') or the discard pile ('draw discard')")
        elif verb == REDRAW:
            if move != REDRAW_HAND:
                raise IllegalAction("'redraw' takes nothing after it")
            if not _count(hand):
                raise IllegalAction("your hand is empty: just 'draw' three cards")
        elif verb in (PLACE, DISCARD):
            where = self.pending if verb == PLACE else hand
            if move.what not in INDEX or not where[INDEX[move.what]] or move[2:] != (-1, "", ""):
                have = ", ".join(elements_of(where))
                raise IllegalAction(f"you have no {move.what or 'card'} to {verb}; you have {have}")
        elif verb == BUILD:
            self._check_build(p, move)
        elif verb == HELIUM:
            if move != ADD_HELIUM:
                raise IllegalAction("'helium' takes nothing after it")
            if not hand[HE]:
                raise IllegalAction("you have no Helium in your hand")
            if self._is_first_turn(p):
                raise IllegalAction("you cannot add Helium on your first turn")
        elif verb == REACT:
            self._check_react(p, move)
        elif verb == TRADE:
            if self.variant == "beginner":
                raise IllegalAction("Beginner rules set trading up aside")
            if self.traded:
                raise IllegalAction("you can Trade Up only once per turn")
            if move.what not in self.stashes[p] or kind_of(move.what) != "salt" or move[2:] != (-1, "", ""):
                raise IllegalAction("Trade Up returns a Salt from your stash; you have none called "
                                    f"{move.what or 'that'}")
        elif verb == END:
            if move != END_TURN:
                raise IllegalAction("'end' takes nothing after it")
        else:
            raise IllegalAction(f"{verb!r} is not a Valence move")
        return p

    def _phase_hint(self, verb: str) -> str:
        if self.phase == "draw":
            return (f"you cannot {verb} now: start your turn with 'draw', 'draw discard' or 'redraw'")
        if self.phase == "place":
            left = ", ".join(elements_of(self.pending))
            return f"you cannot {verb} now: first put the used cards on the discard pile ('place X'): {left}"
        if self.phase == "discard":
            return f"you cannot {verb} now: discard down to {HAND_LIMIT} cards ('discard X')"
        return f"you cannot {verb} now: build, react, trade, play Helium or 'end' your turn"

    def _check_build(self, p: int, move: Move) -> None:
        recipe = RECIPES.get(move.what)
        if recipe is None or move.whom != -1 or move.target:
            raise IllegalAction(f"{move.what or 'that'} is not a molecule")
        if self.variant == "ninja":
            if not move.said:
                raise IllegalAction("Science Ninja rules: name your molecule, e.g. "
                                    f"'build {' '.join(recipe.cards)} as <its name>'")
            if move.said != normalise_name(move.said):
                raise IllegalAction("write the name in lower case with single spaces")
        elif move.said:
            raise IllegalAction("only Science Ninja rules name molecules: just 'build "
                                f"{recipe.formula}'")
        if recipe.formula in self.failed:
            raise IllegalAction(f"you named {' '.join(recipe.cards)} wrongly this turn: try again "
                                "next turn")
        if self.bank[recipe.type] <= 0:
            raise IllegalAction(f"the Molecule Bank is out of {MOLECULE_TYPES[recipe.type].label} "
                                "cards: you cannot build it")
        hand = self.hands[p]
        if any(h < n for h, n in zip(hand, recipe.counts, strict=True)):
            raise IllegalAction(f"{recipe.formula} needs {' '.join(recipe.cards)}; you have "
                                f"{' '.join(elements_of(hand)) or 'no cards'}")

    def _check_react(self, p: int, move: Move) -> None:
        if self.variant == "beginner":
            raise IllegalAction("Beginner rules set reactions aside")
        reactor, q, target = move.what, move.whom, move.target
        if kind_of(reactor) not in ("acid", "water"):
            raise IllegalAction("only Acid and Water molecules are reactors")
        if reactor not in self.stashes[p]:
            raise IllegalAction(f"you have no {reactor} in your stash")
        if not 0 <= q < self.num_players or q == p:
            raise IllegalAction("react with an opponent's molecule: give their player number")
        if target not in self.stashes[q] or target == HE_SYMBOL:
            raise IllegalAction(f"player {q} has no {target or 'such molecule'} in their stash")
        if move.said or reaction(reactor, target) is None:
            what = "Base and Metal Oxide" if RECIPES[reactor].type == "acid" else "Deadly Carbonyl"
            raise IllegalAction(f"{reactor} reacts only with {what}, not {target}")
        if not self._products_available(reactor, target):
            raise IllegalAction("the Molecule Bank does not hold the products of that reaction")

    # -- applying -----------------------------------------------------------------------------------

    def _apply(self, player: int | None, action: Any) -> None:
        p = self._check(player, action)
        move: Move = action
        verb = move.verb
        if verb == DRAW:
            if move == DRAW_DISCARD:
                card = self.discard.pop()
                self.hands[p][INDEX[card]] += 1
                self._say(f"Player {p} took {card} from the discard pile.")
            else:
                n = _count(self.hands[p])
                self._draw(p, 1 if n >= 2 else 2 if n == 1 else 3, "drew")
            if not self.over:
                self.phase = "build"
        elif verb == REDRAW:
            hand = self.hands[p]
            self._say(f"Player {p} discards the whole hand: {', '.join(elements_of(hand))}.")
            self.hands[p] = [0] * len(ELEMENTS)
            self._start_placing(hand, redraw=True)
        elif verb == PLACE:
            self.pending[INDEX[move.what]] -= 1
            self.discard.append(move.what)
            self._auto_place()
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
            self._say(f"Player {p} traded up {label(move.what)}.")
            self._draw(p, 2, "traded up and drew")
        elif verb == END:
            if _count(self.hands[p]) > HAND_LIMIT:
                self.phase = "discard"
            else:
                self._end_turn()
        elif verb == DISCARD:
            self.hands[p][INDEX[move.what]] -= 1
            self.discard.append(move.what)
            self._say(f"Player {p} discarded {move.what}.")
            if _count(self.hands[p]) <= HAND_LIMIT:
                self._end_turn()

    def _build(self, p: int, move: Move) -> None:
        recipe = RECIPES[move.what]
        if self.variant == "ninja" and not accepts_name(list(recipe.cards), move.said):
            self.failed = (*self.failed, recipe.formula)
            self._say(f"Player {p} called {' '.join(recipe.cards)} \"{move.said}\": wrong, it is "
                      f"{label(recipe.formula)}. The cards stay in hand.")
            return
        hand = self.hands[p]
        for i, n in enumerate(recipe.counts):
            hand[i] -= n
        self.bank[recipe.type] -= 1
        self.stashes[p].append(recipe.formula)
        self.built_types = self.built_types | {recipe.type}
        self.builds += 1
        kind = MOLECULE_TYPES[recipe.type]
        # The cards go face up onto the discard pile: naming them ties the cards to the formula.
        self._say(f"Player {p} built {label(recipe.formula)} from {' '.join(recipe.cards)}: "
                  f"{kind.label}, {points_text(kind.points)}.")
        self._check_win(p)
        self._start_placing(recipe.counts)

    def _helium(self, p: int) -> None:
        self.hands[p][HE] -= 1
        self.stashes[p].append(HE_SYMBOL)
        self.helium_played += 1
        # "All players then pass all Element cards in hand to the player to their right" (seat - 1):
        # so every player receives the hand of the player on their left (seat + 1).
        self.hands = self.hands[1:] + self.hands[:1]
        self._say(f"Player {p} added Helium (2 points); every hand passed to the right.")
        self._check_win(p)

    def _react(self, p: int, move: Move) -> None:
        reactor, q, target = move.what, move.whom, move.target
        result = reaction(reactor, target)
        assert result is not None
        products, equation = result
        self.stashes[p].remove(reactor)
        self.bank[RECIPES[reactor].type] += 1
        at = self.stashes[q].index(target)
        self.stashes[q][at:at + 1] = list(products)
        self.bank[RECIPES[target].type] += 1
        for product in products:
            self.bank[RECIPES[product].type] -= 1
        self.skip_draw[q] = True
        self.reactions += 1
        self._say(f"Player {p} reacted {short_label(reactor)} with player {q}'s "
                  f"{short_label(target)}: {equation}. Player {q} gets {short_label(products[0])} "
                  f"and {short_label(products[1])} and skips the next draw.")
        victim = self.hands[q]
        if _count(victim):
            r = self.rng.get().randrange(_count(victim))
            i = 0
            while r >= victim[i]:
                r -= victim[i]
                i += 1
            victim[i] -= 1
            self.hands[p][i] += 1
            # The victim sees which card left their hand; the rest of the table does not.
            self._say(f"Player {p} took a random card from player {q}.",
                      (p, f"You took {ELEMENTS[i]} from player {q}."),
                      (q, f"Player {p} took your {ELEMENTS[i]}."))
        else:
            self._draw(p, 1, "took", f" from the deck (player {q} had no cards)")

    # -- results --------------------------------------------------------------------------------------

    def is_over(self) -> bool:
        """True once someone has 10 points, the cooperative game is decided, or the turn cap hit."""
        return self.over

    def scores(self) -> list[float]:
        """Each player's stash points."""
        return [float(stash_points(s)) for s in self.stashes]

    def winners(self) -> list[int]:
        """The 10-point player; everyone in a won cooperative game; nobody after a loss or the cap."""
        return list(self.winner_ids) if self.over else []

    def stats(self) -> dict[str, float]:
        """Turns played, whether the turn cap ended the game, reactions, reshuffles, builds, Helium."""
        return {"turns": float(self.turn), "capped": float(self.capped),
                "reactions": float(self.reactions), "reshuffles": float(self.reshuffles),
                "builds": float(self.builds), "helium": float(self.helium_played)}

    # -- copies ---------------------------------------------------------------------------------------

    def clone(self) -> ValenceState:
        """An independent copy (explicit, no deepcopy)."""
        new = ValenceState.__new__(ValenceState)
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
        new.events = self.events
        new.reshuffles = self.reshuffles
        new.reactions = self.reactions
        new.builds = self.builds
        new.helium_played = self.helium_played
        new.helium_under = self.helium_under
        new.first_player = self.first_player
        return new

    def determinize(self, player: int | None, rng: random.Random) -> ValenceState:
        """A copy with the deck order and every hand `player` cannot see dealt again from `rng`.

        Hand sizes and the deck size are kept; the copy's own future randomness is reseeded from
        `rng` too, so a search cannot peek at the real shuffle.
        """
        new = self.clone()
        hidden = [q for q in range(self.num_players) if q != player]
        pool = list(new.deck)
        for q in hidden:
            pool.extend(elements_of(new.hands[q]))
        rng.shuffle(pool)
        if self.helium_under and self.deck:
            # Everyone saw Helium go under the deck at setup: it is still the bottom card.
            pool.remove(HE_SYMBOL)
            pool.insert(0, HE_SYMBOL)
        new.deck = pool[:len(new.deck)]
        rest = pool[len(new.deck):]
        for q in hidden:
            size = _count(new.hands[q])
            hand = [0] * len(ELEMENTS)
            for card in rest[:size]:
                hand[INDEX[card]] += 1
            rest = rest[size:]
            new.hands[q] = hand
        new.rng = SharedRng(rng.getrandbits(64))
        return new

    # -- views and text -------------------------------------------------------------------------------

    def _view(self, player: int | None) -> View:
        """What `player` sees: their own hand, every stash, counts, the discard pile's top, events."""
        seen = {f for s in self.stashes for f in s}
        view: View = {
            "variant": self.variant,
            "turn": self.turn,
            "turn_cap": self.turn_cap,
            "current": self.current,
            "phase": self.phase,
            "you": player,
            "hand": elements_of(self.hands[player]) if player is not None else None,
            "hand_sizes": [_count(h) for h in self.hands],
            "deck_size": len(self.deck),
            # The discard pile is a face-up stack, not spread: a player sees its top card and its size.
            "discard_top": self.discard[-1] if self.discard else None,
            "discard_size": len(self.discard),
            "placing": elements_of(self.pending),
            "bank": dict(self.bank),
            "stashes": [list(s) for s in self.stashes],
            "names": {f: label(f) for f in sorted(seen)},
            "scores": [stash_points(s) for s in self.stashes],
            "skip_draw": list(self.skip_draw),
            "first_turn": self._is_first_turn(self.current),
            "traded_up": self.traded,
            "failed_builds": list(self.failed),
            "events": [next((text for who, text in private if who == player), public)
                       for public, private in self.events],
            "over": self.over,
            "winners": self.winners(),
        }
        if self.variant == "cooperative":
            view["built_types"] = sorted(self.built_types)
        return view

    def format_action(self, action: Any) -> str:
        """The canonical text of a move (see `actions.py`)."""
        return format_move(action)

    def _parse_action(self, player: int | None, text: str) -> Move:
        """The move `text` means for `player` now; IllegalAction says why if none."""
        p = self.require_actor(player)
        move = read_move(text, p, self.stashes, self.variant == "ninja")
        self._check(p, move)
        return move
