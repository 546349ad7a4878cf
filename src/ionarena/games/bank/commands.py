"""Anytime commands: `inv`, `inventory`, `inv <card|object>` and `help <card|object>`.

They are questions, not actions: `answer(state, player, text)` is a pure function of the game that
returns the bot's reply from `player`'s view (or None when `text` is not a question) and never
changes the state. Surfaces (terminal, IRC) call it before trying `parse_action`.

    >>> import ionarena
    >>> s = ionarena.make("bank", players=2, seed=1, teams="+-")
    >>> answer(s, 0, "help ===").split(":")[0]
    '[===] Neutral card, power 3'
"""

from __future__ import annotations

from typing import Any

from ...core import State
from .cards import CARD_TEXTS, DEFAULT, HELD_KINDS, OBJECTS, kind_token, parse_card, parse_kind

COMMANDS_HELP = ("Before the game: team + or team -. "
                 "Moves on your turn: + ++ +++ - -- --- = == === ± ±± ±±± (B BB BBB), ? <family>, "
                 "x2 <card>, x3 <card>, & <first move>, s, r, :, +:, -:, *, X, T <object>, skip. "
                 "Shop: buy <object>, deal <object> <price> <units>, ok <person>, done. "
                 "Anytime: inv, inv <card|object>, help <card|object>, quit.")


def explain(token: str) -> str | None:
    """The explanation of a card or object named by `token`, or None if it names neither."""
    name = token.strip().strip("[]") or token.strip()
    card = parse_card(name)
    if card is not None:
        text = CARD_TEXTS[card]
        reply = f"[{text}] {DEFAULT.card_help[text]}"
        if name.upper() == "B":  # the rulebook also names the Bankrupt powerdown [B]
            bankrupt = OBJECTS["bankrupt"]
            reply += f" Also {bankrupt.symbol} {bankrupt.name}: {bankrupt.help}"
        return reply
    kind = parse_kind(token) or parse_kind(name)
    if kind is None:
        return None
    obj = OBJECTS[kind]
    price = f" Shop price: {obj.price}¢." if obj.price is not None else ""
    return f"{obj.symbol} {obj.name}: {obj.help}{price}"


def _inventory_line(you: dict[str, Any]) -> str:
    items = [f"{OBJECTS[k].symbol} x{you['inventory'][kind_token(k)]}" for k in HELD_KINDS
             if k != "coins" and kind_token(k) in you["inventory"]]
    hand = " ".join(f"[{c}]" for c in you["hand"]) or "no cards"
    return f"Cards: {hand}. Objects: {you['coins']}¢" + (", " + ", ".join(items) if items else "") + "."


def answer(state: State, player: int | None, text: str) -> str | None:
    """The reply to an anytime question (`inv`, `inventory`, `inv <x>`, `help`, `help <x>`), else None.

    Reads only `state.view(player)`, so it shows nothing hidden from `player`; never mutates `state`.
    """
    words = text.split()
    if not words:
        return None
    head = words[0].lower()
    if head == "help":
        if len(words) == 1:
            return COMMANDS_HELP
        return explain(" ".join(words[1:])) or f"{' '.join(words[1:])!r} is not a card or an object."
    if head not in ("inv", "inventory"):
        return None
    if player is None:
        return "Spectators have no inventory."
    if not 0 <= player < state.num_players:
        return f"There is no player {player}."
    you = state.view(player).get("you", {})
    if len(words) == 1:
        return _inventory_line(you)
    token = " ".join(words[1:])
    card = parse_card(token.strip("[]"))
    if card is not None:
        count = you["hand"].count(CARD_TEXTS[card])
        return f"You have {count} [{CARD_TEXTS[card]}] card{'s' if count != 1 else ''}."
    kind = parse_kind(token)
    if kind is None:
        return f"{token!r} is not a card or an object."
    if kind == "coins":
        return f"You have {you['coins']}¢."
    if not OBJECTS[kind].held:
        return f"{OBJECTS[kind].symbol} is never held: it acts the moment it is received."
    count = you["inventory"].get(kind_token(kind), 0)
    return f"You have {count} {OBJECTS[kind].symbol} {OBJECTS[kind].name}."
