"""One game driven for RL: who decides next, legal action ids, observations, rewards.

The AEC, Parallel and single-seat envs are thin shells around an `Episode`. It applies actions
through the kernel's protocol only (`legal_actions`, `apply`, `view`, `events`), lets bot seats
(the single-seat env's opponents) move, and runs a timed game's clock:

- Untimed games: the seats that decide are `state.actors()` (several during compound's
  simultaneous picks; the AEC env takes them in that order, and the kernel hides a committed pick).
- Timed games (bank): time is the host's scheduler (`host/scheduler.py`) in virtual time. Every
  seat takes a fixed `reaction_time` of game seconds to decide (a bot its own `reaction_time`, or
  what its pace rule says, as at a table: `agents.base.reaction_delay`):
  the next decision is the soonest one due, the host moves the clock to it (`at <t>`, applied as
  `HOST`) before the seat observes, so each decision advances the clock by the reaction time;
  when no one is due before the deadline, the host applies `timeout`. When several seats are due
  at once (the lobby, the shop) they take turns, starting after the seat that decided last.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Literal

import numpy as np

from ..agents.base import Agent, reaction_delay
from ..core import HOST, Action, BadOption, IllegalAction, Names, State
from ..host.scheduler import TIMEOUT, Due, schedule
from .actions import IllegalActionId, Moves, index_for
from .config import GameConfig
from .encoding import encoder_for

Reward = Literal["win", "score"]
INTEGER_TYPES = (int, np.integer)
"""What an action id may be (not a bool)."""
REWARDS: tuple[Reward, ...] = ("win", "score")
DEFAULT_REACTION_TIME = 0.5
"""Game seconds each RL seat takes to decide in a timed game (bank)."""


def check_reward(reward: object) -> Reward:
    """`reward` as a reward kind, or `BadOption` naming the choices."""
    for kind in REWARDS:
        if reward == kind:
            return kind
    raise BadOption(f"reward must be 'win' or 'score', not {reward!r}")


def check_reaction_time(config: GameConfig, reaction_time: object) -> float:
    """A reaction time that lets a seat move before its clock runs out, or `BadOption`."""
    if isinstance(reaction_time, bool) or not isinstance(reaction_time, int | float) \
            or not 0.001 <= reaction_time <= 3600:
        raise BadOption(f"reaction_time is a number of game seconds from 0.001 to 3600, "
                        f"not {reaction_time!r}")
    move_time = config.option_dict.get("move_time")
    if config.spec.timed and move_time is not None and reaction_time >= move_time:
        raise BadOption(f"reaction_time {reaction_time:g} s is not shorter than the move time "
                        f"{move_time:g} s: every move would time out")
    return float(reaction_time)


class Episode:
    """A game, the seats that decide in it, and their observations (see the module docstring)."""

    def __init__(self, config: GameConfig, reaction_time: float = DEFAULT_REACTION_TIME):
        self.config = config
        self.index = index_for(config)
        self.encoder = encoder_for(config)
        self.reaction_time = check_reaction_time(config, reaction_time)
        self.timed = config.spec.timed
        self.n = config.players
        self.state: State = config.make(0)
        self.bots: dict[int, Agent] = {}
        self.memories: list[Any] = []
        self.since: list[int] = []
        self.deciders: list[int] = []
        """The seats that decide now (empty once the game is over)."""
        self.decisions = 0
        self._last = -1
        self._legal: dict[int, Moves] = {}
        """The `Moves` of each seat looked at, for the game as it is now (emptied before any change)."""

    # -- a new game ---------------------------------------------------------------------------

    def start(self, seed: int, bots: Mapping[int, Agent] | None = None) -> None:
        """A new game of the configuration with `seed`; `bots` play their seats themselves."""
        self.state = self.config.make(seed)
        self.bots = dict(bots or {})
        encoder = self.encoder
        self.memories = [encoder.new_memory() for _ in range(self.n)]
        self.since = [-1] * self.n
        self.decisions = 0
        self._last = -1
        self._legal = {}
        self._settle()

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.state.is_over()

    # -- legal actions ------------------------------------------------------------------------

    def moves(self, seat: int) -> Moves:
        """The legal actions of `seat` now as `Moves` (none when it does not decide now; shared)."""
        moves = self._legal.get(seat)
        if moves is None:
            moves = self._legal[seat] = (self.index.moves(self.state, seat) if seat in self.deciders
                                         else self.index.none)
        return moves

    def legal(self, seat: int) -> dict[int, Action]:
        """The legal actions of `seat` now by id (empty when it does not decide now; shared: read it)."""
        return self.moves(seat).by_id

    def mask(self, seat: int, size: int | None = None) -> np.ndarray:
        """1 for every legal action id of `seat` now (int8, a new array; `size` ids long, default the
        index)."""
        return self.moves(seat).mask(size)

    def check(self, seat: int, action_id: object) -> Action:
        """The action `action_id` stands for, if `seat` may take it now; `IllegalActionId` otherwise."""
        if action_id.__class__ is not int:  # a bool is not an id; numpy integers are
            if isinstance(action_id, bool) or not isinstance(action_id, INTEGER_TYPES):
                raise IllegalActionId(f"an action is an int id from the action index, not {action_id!r}")
            action_id = int(action_id)
        action = self.moves(seat).by_id.get(action_id)
        if action is None:
            raise IllegalActionId(self.why_illegal(seat, action_id))
        return action

    def why_illegal(self, seat: int, action_id: int) -> str:
        """A sentence saying why `seat` may not take `action_id` now (the game's own reason)."""
        who = f"player_{seat}"
        if not 0 <= action_id < len(self.index):
            return (f"{action_id} is not an action id of {self.config.label()} "
                    f"(ids 0 to {len(self.index) - 1})")
        text = self.index.texts[action_id]
        if self.over:
            return f"{who} may not take action {action_id} ({text!r}): the game is over"
        if seat not in self.deciders:
            return f"{who} may not take action {action_id} ({text!r}): it is not their decision now"
        try:
            self.state.parse_action(seat, text)
            reason = "it is not one of their legal actions now"
        except IllegalAction as err:
            reason = str(err)
        legal = sorted(self.legal(seat))
        shown = ", ".join(map(str, legal[:12])) + (" …" if len(legal) > 12 else "")
        return f"{who} may not take action {action_id} ({text!r}) now: {reason} (legal ids: {shown})"

    # -- acting -------------------------------------------------------------------------------

    def apply(self, seat: int, action_id: object) -> None:
        """Apply `seat`'s action `action_id`, then let bots and the host's clock run until the next
        decision of a non-bot seat (or the end). `IllegalActionId` changes nothing."""
        moves = self._legal.get(seat)
        action = moves.by_id.get(action_id) if moves is not None and action_id.__class__ is int else None
        if action is None:  # not looked up yet, or not a plain legal id: the full check
            action = self.check(seat, action_id)
        self._legal = {}  # the game changes: only the episode applies actions, so this is the moment
        state = self.state
        state.apply(seat, action)
        self._last = seat
        self.decisions += 1
        if self.timed or self.bots:
            self._settle()
            return
        # No bot or clock to run (the AEC env's hot path): whoever may act now decides.
        deciders = self.deciders = state.actors()  # empty once the game is over
        if not deciders and not state.is_over():
            raise self._stuck()

    def _stuck(self) -> RuntimeError:
        """The error of a game that is not over but lets no one act (a bug of the game)."""
        return RuntimeError(f"{self.config.label()}: no one may act but the game is not over")

    def _settle(self) -> None:
        """Run bots, timeouts and the clock until non-bot seats decide, or the game ends."""
        if self.timed:
            self._settle_timed()
            return
        state = self.state
        bots = self.bots
        while not state.is_over():
            actors = state.actors()
            if not actors:
                raise self._stuck()
            bot = next((s for s in actors if s in bots), None) if bots else None
            if bot is None:
                self.deciders = actors
                return
            state.apply(bot, self._bot_action(bot))
        self.deciders = []

    def _settle_timed(self) -> None:
        """`_settle` in a timed game: the host's schedule says who is due next (see the module
        docstring); only its first entries are built (`schedule`, not `plan`)."""
        state = self.state
        bots = self.bots
        skip: set[int] = set()
        while not state.is_over():
            delays = self._delays(state, state.actors())
            dues = schedule(state, delays, skip=skip)
            first = next(dues)  # never empty while the game is on: the timeout comes last
            if first.kind == TIMEOUT:
                state.apply(HOST, state.timeout_action())
                skip.clear()
                continue
            due = first if len(delays) == 1 else self._next_in_turn(first, dues)
            seat = due.seat
            assert isinstance(seat, int)
            if seat in bots:
                action = bots[seat].act(state, seat)
                if action is None:  # the bot waits: plan again without it until the game changes
                    skip.add(seat)
                    continue
                self._tick(due.when)
                state.apply(seat, action)
                self._last = seat
                skip.clear()
                continue
            self._tick(due.when)
            self.deciders = [seat]
            return
        self.deciders = []

    def _delays(self, state: State, actors: list[int]) -> dict[int, float]:
        """The delay of each seat that may act: a bot's own (its reaction time, or its pace rule:
        `reaction_delay`), else the episode's reaction time."""
        bots = self.bots
        if not bots:
            return dict.fromkeys(actors, self.reaction_time)
        return {s: (reaction_delay(bots[s], state, s) if s in bots else self.reaction_time) for s in actors}

    def _bot_action(self, seat: int) -> Action:
        action = self.bots[seat].act(self.state, seat)
        if action is None:
            raise RuntimeError(f"the bot of seat {seat} declined to move in an untimed game")
        return action

    def _next_in_turn(self, first: Due, rest: Iterator[Due]) -> Due:
        """The soonest bot entry (`first`, then the schedule's `rest`): seats due at the same moment
        take turns, starting after the seat that decided last."""
        soonest = [first]
        for due in rest:  # in time order, the timeout last
            if due.kind == TIMEOUT or due.when != first.when:
                break
            soonest.append(due)
        if len(soonest) == 1:
            return first
        last, n = self._last, self.n

        def after_last(due: Due) -> int:
            assert isinstance(due.seat, int), "only bots are due at the same moment"
            return (due.seat - last - 1) % n
        return min(soonest, key=after_last)

    def _tick(self, when: float) -> None:
        if when > self.state.now():
            self.state.apply(HOST, self.state.clock_action(when))

    # -- what a seat sees ---------------------------------------------------------------------

    def observe(self, seat: int) -> np.ndarray:
        """The observation vector of `seat` (a new array), from its view and the events it was shown
        since its last observation (read incrementally: only the new ones), or from the encoder's
        fast path, which gives the same vector from the state's fields."""
        state = self.state
        encoder = self.encoder
        if encoder.fast:
            return encoder.encode_state(state, seat)
        memory = self.memories[seat]
        view = state.view(seat)
        if encoder.uses_events:
            since = self.since
            version = view["version"]
            if since[seat] < version:
                encoder.remember(memory, state.events(seat, since[seat]))
                since[seat] = version
        return encoder.encode(view, memory)

    def observation(self, seat: int, size: int | None = None) -> dict[str, np.ndarray]:
        """`{"observation": observe(seat), "action_mask": mask(seat, size)}` (the hot path: the fast
        path called here directly)."""
        encoder = self.encoder
        vector = encoder.encode_state(self.state, seat) if encoder.fast else self.observe(seat)
        return {"observation": vector, "action_mask": self.moves(seat).mask(size)}

    def json_view(self, seat: int, since: int = -1) -> dict[str, Any]:
        """What `seat` sees as JSON-ready data: its view, its events after version `since`, and its
        legal actions with their ids and texts (for language-model agents)."""
        state = self.state
        texts = self.index.texts
        return {
            "view": state.view(seat),
            "events": [event.to_json() for event in state.events(seat, since)],
            "legal": [{"id": i, "text": texts[i]} for i in sorted(self.legal(seat))],
        }

    def render(self, seat: int | None) -> str:
        """`seat`'s view in words (the game's presenter); None: a spectator's."""
        state = self.state
        return self.config.spec.presenter.render(state.view(seat), Names(seat))

    # -- the end --------------------------------------------------------------------------------

    def final_rewards(self, reward: Reward) -> list[float]:
        """Per seat: `win`: +1 for a winner, -1 for the others, 0 for all when nobody won (a draw,
        a turn cap, a lost cooperative game); `score`: the final score."""
        state = self.state
        if reward == "score":
            return [float(s) for s in state.scores()]
        winners = state.winners()
        if not winners:
            return [0.0] * self.n
        return [1.0 if s in winners else -1.0 for s in range(self.n)]
