"""One ISMCTS decision: iterations over determinizations, a tree of decisions, policy rollouts.

Each iteration:

1. **Determinize**: `state.determinize(seat, rng)` resamples everything hidden from the searching
   seat (other hands, the deck, face-down picks, future chance). The search never reads the real
   state otherwise: a different hidden deal with the same seed gives the same choices.
2. **Select and expand**: walk the tree from the root, choosing the searching seat's decisions (and,
   in turn-based games with `opp=tree`, other seats' decisions, each by its own reward) by UCB
   with availability counts, until a decision not tried yet: try it (the rollout policy's choice
   first, then untried ones at random). Decisions in the phases the game leaves to the policy
   (`Heuristics.delegate`: bank's shop, compound's RXN) are the policy's here too.
   Other seats' turns that are not searched, and every choice another seat makes at the same time
   as someone else (compound's picks, bank's shop), are played by the rollout policy reading that
   seat's own view of the sample: they are sampled, never searched as if the searcher's choice
   were seen.
3. **Roll out** with the policy (each game's greedy with `eps` randomness by default) until the game
   ends, or for `cutoff` moves, when the game's `evaluate` judges the position.
4. **Back up** the values: every node adds the value to the seat that made its decision.

The root decision is chosen by **sequential halving** (`root=halving`, the default): the budget is
split into rounds; in a round every move still in the race is tried once on the *same* sample with
the *same* rollout randomness (common random numbers: the luck of the draw falls alike on every
move, so the comparison measures the moves, not the luck), and after each phase of rounds the worse
half of the moves drops out; the move with the best mean value wins (ties: the rollout policy's own
choice, which is tried first). Below the root the tree is searched as above. `root=ucb` chooses the
root decision by UCB like every other and plays the most visited move.

Timed games are stepped as `sim.driver.bot_step` does: the seat whose reaction comes first moves
after an `at <t>` clock tick; when no one can move before the deadline the host applies `timeout`.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...core import HOST, Action, State
from ..base import Agent
from ..heuristics import Heuristics, Values
from .tree import Key, Node

MAX_STEPS = 100_000
"""A rollout longer than this is a bug in a game (it never ends): fail loudly."""

Policies = Callable[[int], Sequence[Agent]]
"""`policies(seed)`: a rollout policy for every seat, seeded from `seed`."""


@dataclass(frozen=True)
class Budget:
    """How long to search: `iterations`, and/or wall-clock `seconds` (the first reached stops)."""

    iterations: int | None = None
    seconds: float | None = None


@dataclass
class SearchStats:
    """What one search did (for `ion bench` and curious people)."""

    iterations: int = 0
    tree_steps: int = 0
    """Moves chosen in the tree (including other seats' policy moves between tree decisions)."""
    rollout_steps: int = 0
    """Moves played by the rollout policy after leaving the tree."""
    host_steps: int = 0
    """Clock ticks and timeouts applied (timed games)."""
    evaluations: int = 0
    """Rollouts cut off and judged by the game's evaluation."""
    seconds: float = 0.0
    nodes: int = 0


class Search:
    """The search for one decision of `seat` in `state` (see the module docstring)."""

    def __init__(self, state: State, seat: int, heuristics: Heuristics, policies: Policies,
                 rng: random.Random, *, c: float, cutoff: int, tree_opponents: bool,
                 reaction_time: float, root: str = "halving", keep: float = 0.0,
                 default: Agent | None = None):
        self.state = state
        self.seat = seat
        self.heuristics = heuristics
        self.policies = policies
        self.rng = rng
        self.c = c
        self.cutoff = cutoff
        self.tree_opponents = tree_opponents
        self.reaction_time = reaction_time
        self.root_mode = root
        self.keep = keep
        self.default = default
        """The policy whose move the root tries first (and `keep` keeps); None: a rollout policy."""
        self.preferred: Action | None = None
        """That policy's move in this search (once sequential halving has started)."""
        self._values: dict[Action, list[float]] = {}
        """Per root move, the searching seat's value of each halving round it was tried in."""
        self.timed = state.deadline() is not None
        self.delegate = heuristics.delegate
        self.root = Node()
        self.stats = SearchStats()
        self._timeout: Action | None = None
        self._choice: Action | None = None

    # -- the loop ---------------------------------------------------------------------------------

    def run(self, budget: Budget) -> Action:
        """Search within `budget`; the move chosen for the root (see the module docstring)."""
        start = time.perf_counter()
        stop = None if budget.seconds is None else start + budget.seconds
        if self.root_mode == "halving":
            done = self._halving(budget.iterations, start, stop)
        else:
            done = 0
            limit = budget.iterations
            while limit is None or done < limit:
                if stop is not None and done and time.perf_counter() >= stop:
                    break
                self.iterate()
                done += 1
        self.stats.iterations = done
        self.stats.seconds = time.perf_counter() - start
        self.stats.nodes = self.root.size()
        return self.best_action()

    def root_actions(self) -> list[Action]:
        """The root's moves worth trying, the default policy's (or a rollout policy's) choice first."""
        legal = self.heuristics.worth_trying(self.state, self.state.legal_actions(self.seat))
        policy = self.default or self.policies(self.rng.getrandbits(62))[self.seat]
        preferred = policy.act(self.state, self.seat)
        if preferred in legal:
            legal.remove(preferred)
            legal.insert(0, preferred)
        return legal

    def _halving(self, limit: int | None, start: float, stop: float | None) -> int:
        """Sequential halving over the root's moves; returns the iterations played. Every phase plays
        at least one round, so a budget smaller than one round over all moves plays one round."""
        remaining = self.root_actions()
        self.preferred = preferred = remaining[0] if remaining else None
        phases = max(1, math.ceil(math.log2(len(remaining)))) if len(remaining) > 1 else 0
        done = 0
        for phase in range(phases):
            phase_stop = None if stop is None else start + (stop - start) * (phase + 1) / phases
            rounds = None if limit is None else max(1, (limit - done) // ((phases - phase) * len(remaining)))
            played = 0
            while rounds is None or played < rounds:
                if played and phase_stop is not None and time.perf_counter() >= phase_stop:
                    break
                self._round(remaining)
                done += len(remaining)
                played += 1
            remaining = sorted(remaining, key=self._mean, reverse=True)[:math.ceil(len(remaining) / 2)]
        choice = max(remaining, key=self._mean)  # the first (the policy's choice) on a tie
        if self.keep and phases and choice != preferred and not self._clearly_better(choice, preferred):
            choice = preferred
        self._choice = choice
        return done

    def _clearly_better(self, move: Action, preferred: Action) -> bool:
        """True when `move` beat the policy's `preferred` move by more than `keep` standard errors
        of their difference, round by round (both were tried on the same samples with the same
        rollout randomness, so the difference is paired). One round of no difference is counted in,
        so that a few rounds which all agree (win/loss values often do) do not pass for certainty."""
        differences = [a - b for a, b in zip(self._values[move], self._values[preferred], strict=False)]
        if len(differences) < 2:
            return False
        differences.append(0.0)
        mean = statistics.fmean(differences)
        return mean > self.keep * statistics.stdev(differences, mean) / math.sqrt(len(differences))

    def _round(self, moves: Sequence[Action]) -> None:
        """Every move in `moves` tried once on one sample with the same rollout randomness."""
        sample = self.state.determinize(self.seat, self.rng)
        seed = self.rng.getrandbits(62)
        baseline = self.heuristics.baseline
        start = baseline(sample) if baseline is not None else None
        for index, move in enumerate(moves):
            copy = sample if index == len(moves) - 1 else sample.clone()
            values = self.iterate(first=move, sample=copy, seed=seed, start=start)
            if self.keep:
                self._values.setdefault(move, []).append(values[self.seat])

    def _mean(self, action: Action) -> float:
        child = self.root.children.get((self.seat, action))
        return child.reward / child.visits if child is not None and child.visits else -math.inf

    def best_action(self) -> Action:
        """The move chosen by sequential halving, or the root's legal move tried most often (ties:
        the higher mean value)."""
        if self._choice is not None:
            return self._choice
        legal = self.heuristics.worth_trying(self.state, self.state.legal_actions(self.seat))
        children = self.root.children

        def rank(action: Action) -> tuple[int, float]:
            child = children.get((self.seat, action))
            if child is None or child.visits == 0:
                return (0, 0.0)
            return (child.visits, child.reward / child.visits)
        return max(legal, key=rank)

    def root_statistics(self) -> list[tuple[Action, int, float]]:
        """(action, visits, mean value) of every root decision tried, most visited first."""
        rows = [(key[1], child.visits, child.reward / child.visits)
                for key, child in self.root.children.items() if child.visits]
        return sorted(rows, key=lambda row: -row[1])

    # -- one iteration ----------------------------------------------------------------------------

    def iterate(self, first: Action | None = None, sample: State | None = None, seed: int | None = None,
                start: object = None) -> Values:
        """Determinize (or take `sample` and the `start` its baseline found), select and expand
        (`first`: the root's move to try), roll out (policies seeded from `seed`), back up; the
        values backed up, per seat."""
        stats = self.stats
        if sample is None:
            s = self.state.determinize(self.seat, self.rng)
            baseline = self.heuristics.baseline
            start = baseline(s) if baseline is not None else None
        else:
            s = sample
        policies = self.policies(self.rng.getrandbits(62) if seed is None else seed)
        node = self.root
        path: list[tuple[Node, int]] = []
        in_tree = True
        moves = 0
        steps = 0
        values: Values | None = None
        while values is None:
            if s.is_over():
                values = self.heuristics.outcome(s, start)
                break
            steps += 1
            if steps > MAX_STEPS:
                raise RuntimeError(f"{s.game_id}: a rollout did not end after {MAX_STEPS} steps")
            player, when = self._turn(s)
            if player is None:
                s.apply(HOST, self._timeout_action(s))
                stats.host_steps += 1
                continue
            if in_tree and self._tree_decides(s, player):
                action, child, new = self._tree_move(s, player, node, first, policies)
                if child is not None:
                    node = child
                    path.append((child, player))
                    in_tree = not new
                stats.tree_steps += 1
            else:
                if not in_tree:
                    if self.cutoff and moves >= self.cutoff:
                        values = self.heuristics.evaluate(s, start)
                        stats.evaluations += 1
                        break
                    moves += 1
                    stats.rollout_steps += 1
                else:
                    stats.tree_steps += 1
                action = self._policy_action(s, player, policies)
            if when is not None and when > s.now():
                s.apply(HOST, s.clock_action(when))
                stats.host_steps += 1
            s.apply(player, action)
        for child, mover in path:
            child.visits += 1
            child.reward += values[mover]
        return values

    # -- helpers ----------------------------------------------------------------------------------

    def _tree_decides(self, s: State, player: int) -> bool:
        """The tree decides `player`'s move: the searching seat's, or an opponent's moving alone
        when opponents are searched too — unless its phase is left to the rollout policy."""
        return (player == self.seat or (self.tree_opponents and not self._simultaneous(s))) \
            and not (self.delegate and s.phase_name() in self.delegate)

    def _tree_move(self, s: State, player: int, node: Node, first: Action | None,
                   policies: Sequence[Agent]) -> tuple[Action, Node | None, bool]:
        """A decision in the tree at `node`: the root's `first` move for the searching seat, the only
        move worth trying, an untried one (expanded) or UCB's choice. Returns the action, the child
        node followed (None for a forced move: it adds no node) and whether that child is new (the
        tree ends there)."""
        legal = self.heuristics.worth_trying(s, s.legal_actions(player))
        if first is not None and node is self.root and player == self.seat:
            key: Key = (player, first)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node()
                return first, child, True
            return first, child, False
        if len(legal) == 1:
            return legal[0], None, False
        keys = [(player, a) for a in legal]
        untried = node.untried(keys)
        if untried:
            key = self._expand_choice(s, player, untried, node, policies)
            child = node.children[key] = Node()
            return key[1], child, True
        key = node.select(keys, self.c)
        return key[1], node.children[key], False

    def _turn(self, s: State) -> tuple[int | None, float | None]:
        """Who moves next in `s` and at what game time (timed games); (None, None): the host's
        timeout. The searching seat goes first among several actors (their choices are hidden from
        one another until revealed, so the order changes nothing but who is searched first)."""
        actors = s.actors()
        if not self.timed:
            if not actors:
                raise RuntimeError(f"{s.game_id}: no one may act but the game is not over")
            return (self.seat if self.seat in actors else actors[0]), None
        deadline = s.deadline()
        when = round(s.now() + self.reaction_time, 3)
        if not actors or deadline is None or when >= deadline:
            return None, None
        return (self.seat if self.seat in actors else actors[0]), when

    @staticmethod
    def _simultaneous(s: State) -> bool:
        return len(s.actors()) > 1

    def _expand_choice(self, s: State, player: int, untried: list[Key], node: Node,
                       policies: Sequence[Agent]) -> Key:
        """The first decision tried at a node is the rollout policy's; later ones are random."""
        if not node.children:
            key = (player, policies[player].act(s, player))
            if key in untried:
                return key
        return untried[self.rng.randrange(len(untried))]

    def _policy_action(self, s: State, player: int, policies: Sequence[Agent]) -> Action:
        action = policies[player].act(s, player)
        if action is None:  # a policy that waits: take any legal move rather than stall the search
            legal = self.heuristics.worth_trying(s, s.legal_actions(player))
            action = legal[self.rng.randrange(len(legal))]
        return action

    def _timeout_action(self, s: State) -> Action:
        if self._timeout is None:
            self._timeout = s.parse_action(HOST, "timeout")
        return self._timeout
