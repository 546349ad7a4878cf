"""The build phase of a Valence turn: building molecules (Science Ninja: naming them), adding
Helium to the stash (every hand then passes right), reacting an Acid or Water with an opponent's
molecule (and taking a random card of theirs), and Trading Up a Salt.

"Build as many molecules as you choose on your turn." "You can react as many times as you choose on
your turn." "You can Trade Up once per turn." (the rulebook; rulings: docs/rules/valence.md). Why a
move is refused: `legality.py`.
"""

from __future__ import annotations

from . import knowledge
from .actions import ADD_HELIUM, BUILD, END_TURN, REACT, TRADE, Move
from .base import ValenceBase
from .cards import ELEMENTS, HE, MOLECULE_TYPES, RECIPES, elements_of
from .cards import HELIUM as HE_SYMBOL
from .chemistry import accepts_name, normalise_name
from .legality import REACTIONS, REACTOR_FORMULAS, SALTS, TARGETS, products_available

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


class Build(ValenceBase):
    """The build phase (see the module docstring)."""

    __slots__ = ()

    def _build_moves(self, player: int) -> list[Move]:
        """Every build-phase move of `player`: builds, Helium, reactions, Trade Up, `end`.

        Science Ninja builds accept any name; the moves list a multiple choice for each (see
        `_NINJA_CHOICES`), in which exactly one name is right.
        """
        hand = self.hands[player]
        moves: list[Move] = []
        bank, failed = self.bank, self.failed
        ninja = self.variant == "ninja"
        for formula, kind in _buildable(hand):
            if bank[kind] > 0 and formula not in failed:
                if ninja:
                    moves.extend(Move(BUILD, formula, said=choice) for choice in _NINJA_CHOICES[formula])
                else:
                    moves.append(Move(BUILD, formula))
        if hand[HE] and not self.is_first_turn(player):
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
        moves: list[Move] = []
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

    # -- applying ----------------------------------------------------------------------------------

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

    def _trade(self, p: int, move: Move) -> None:
        """Trade Up: the Salt goes back to the bank, and the player draws two cards."""
        self.stashes[p].remove(move.what)
        self.bank["salt"] += 1
        self.traded = True
        self._emit("trade", (p, move.what))
        self._draw(p, 2, "trade")
