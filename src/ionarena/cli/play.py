"""`ion play <game>`: a person at a terminal prompt against bots (turn-based and simultaneous games)."""

from __future__ import annotations

from collections.abc import Callable

from ..agents import Agent, make_agent
from ..core import Action, IllegalAction, State, get_spec
from .common import console

Prompt = Callable[[str], str]


def choose_action(state: State, seat: int, ask: Prompt) -> Action | None:
    """Ask the person for a move until it is legal; None when they quit (or input ends)."""
    legal = state.legal_actions(seat)
    texts = [state.format_action(a) for a in legal]
    console.print("[bold]Your moves:[/]")
    for number, text in enumerate(texts, start=1):
        console.print(f"  [cyan]{number:>3}[/]  {text}")
    while True:
        try:
            answer = ask("move (number or text, ? to list, q to quit)> ").strip()
        except EOFError:
            return None
        if answer in ("q", "quit", "exit"):
            return None
        if answer in ("?", "help", "list"):
            for number, text in enumerate(texts, start=1):
                console.print(f"  [cyan]{number:>3}[/]  {text}")
            continue
        if answer.isdigit():
            index = int(answer) - 1
            if 0 <= index < len(legal):
                return legal[index]
            console.print(f"[red]There is no move {answer}; choose 1 to {len(legal)}.[/]")
            continue
        try:
            return state.parse_action(seat, answer)
        except IllegalAction as err:
            console.print(f"[red]{err}[/]")


def play_session(game: str, players: int, seat: int, bots: list[str], seed: int,
                 variant: str | None, ask: Prompt = input) -> State:
    """Play one game with a person in `seat` and bots elsewhere; returns the final (or quit) state."""
    spec = get_spec(game)
    state = spec.make(players=players, seed=seed, variant=variant)
    if not 0 <= seat < players:
        raise IllegalAction(f"seat must be between 0 and {players - 1}")
    agents: list[Agent] = [make_agent(bots[k % len(bots)], game, k, seed) for k in range(players)]
    names = {k: f"Player {k} ({agents[k].name})" for k in range(players) if k != seat}
    names[seat] = "You"
    console.rule(f"{spec.title} — {state.variant}, {players} players, you are seat {seat}")
    while not state.is_over():
        actors = state.actors()
        bot_actors = [p for p in actors if p != seat]
        if bot_actors and (spec.simultaneous or seat not in actors):
            # A bot's action text can hold what the rules hide (a gifted card, a face-down pick):
            # what the bots did reaches the person only through the public events of their view.
            bot_step_for(state, agents, bot_actors[0])
            continue
        if seat in actors:
            console.print(spec.render(state.view(seat), seat))
            action = choose_action(state, seat, ask)
            if action is None:
                console.print("You left the game.")
                return state
            state.apply(seat, action)
    console.rule("Game over")
    console.print(spec.render(state.view(seat), seat))
    scores = state.scores()
    for k in range(players):
        console.print(f"{names[k]}: {scores[k]:g}")
    winners = state.winners()
    console.print("Winners: " + (", ".join(names[w] for w in winners) if winners else "none (a draw)"))
    return state


def bot_step_for(state: State, agents: list[Agent], player: int) -> None:
    """Let the bot in `player` act once."""
    state.apply(player, agents[player].act(state, player))
