"""valence: how often each molecule is built and reactions are used, read from the spectator's events.

Events used (see `EVENT_FIELDS` in the valence rules): `build` (molecule, type, points), `react`
(reactor, victim, target), `trade` (Trade Up), `helium`, `take_discard`, `redraw`. The unit is a
player-game; a player "won" when they are among the game's winners (in the cooperative variant,
everyone or no one).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ...core import State
from ..runner import GameResult
from .tables import Section
from .usage import Unit, base_rate, usage_chart, usage_table

MOVES = {"trade": "Trade Up", "helium": "Helium", "take_discard": "take the discard", "redraw": "redraw hand"}


def collect(state: State) -> dict[str, Any]:
    """Per player: molecules built (formula and type), reactions made and suffered, other moves."""
    players: list[dict[str, dict[str, int]]] = [
        {"molecules": {}, "types": {}, "moves": {}} for _ in range(state.num_players)]

    def add(player: int, group: str, name: str) -> None:
        counts = players[player][group]
        counts[name] = counts.get(name, 0) + 1

    for event in state.events(None):
        data = event.data
        if event.kind == "build":
            add(data["player"], "molecules", f"{data['molecule']} ({data['type']})")
            add(data["player"], "types", str(data["type"]))
        elif event.kind == "react":
            add(data["player"], "moves", f"react: {data['reactor']} on {data['target']}")
            if data.get("victim") is not None:
                add(data["victim"], "moves", f"reacted on: {data['target']}")
        elif event.kind in MOVES:
            add(data["player"], "moves", MOVES[event.kind])
    return {"players": players}


def _units(results: Sequence[GameResult], group: str) -> list[Unit]:
    return [(Counter(player[group]), seat in r.winners)
            for r in results for seat, player in enumerate((r.facts or {}).get("players", []))]


def sections(results: Sequence[GameResult], players: int) -> list[Section]:
    """valence's own sections: molecules, molecule types, reactions and other moves."""
    games = len(results)
    molecules = _units(results, "molecules")
    rate = base_rate(molecules)
    built = usage_table("Molecules built", "molecule (type)", molecules, games,
                        note="A molecule's 'uses' are its builds.")
    types = usage_table("Molecule types built", "type", _units(results, "types"), games)
    moves = usage_table("Reactions and other moves", "move", _units(results, "moves"), games,
                        note="'react: X on Y': the player reacted X with another player's Y; 'reacted on: "
                             "Y': the player's Y was the target.")
    text = (f"{games} games. Read from the spectator's events: `build`, `react`, `trade`, `helium`, "
            "`take_discard`, `redraw`. Builds and wins go together (points win), so compare molecules "
            "with each other.")
    return [Section("Molecules and reactions (valence)", text, [built, types, moves],
                    [usage_chart(types, "valence_types.png", "Molecule types built", "molecule type", rate),
                     usage_chart(moves, "valence_moves.png", "Reactions and other moves", "move", rate)])]
