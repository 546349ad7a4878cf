"""Anytime commands: `inv`, `inventory`, `inv <card|object>`, `help` and `help <card|object>`.

They are questions, not actions: `answer(view, text)` (registered as `GameSpec.answer`) returns the
bot's reply from the asker's own view (`state.view(seat)`), or None when `text` is not a question.
It reads nothing else, so it can show nothing hidden from that seat, and it changes nothing.
Surfaces (terminal, IRC, the host) ask it before trying `parse_action`.

    >>> import ionarena
    >>> s = ionarena.make("bank", players=2, seed=1, teams="+-")
    >>> answer(s.view(0), "help ===").split(":")[0]
    '[===] Neutral card, power 3'
"""

from __future__ import annotations

from ...core import View, quote
from .cards import CARD_TEXTS, DEFAULT, HELD_KINDS, OBJECTS, kind_token, parse_card, parse_kind
from .views import BankTable

COMMANDS_HELP = ("Before the game: team + or team -. "
                 "Moves on your turn: + ++ +++ - -- --- = == === ± ±± ±±± (B BB BBB), ? <family>, "
                 "x2 <card>, x3 <card>, & <first move>, s, r, :, +:, -:, *, X, T <object>, skip. "
                 "Shop: buy <object>, deal <object> <price> <units>, ok <person>, done. "
                 "Anytime: inv, inv <card|object>, help <card|object>, quit.")
QUESTION_WORDS = ("inv", "inventory", "help")


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


def inventory_line(table: BankTable) -> str:
    """`Cards: [++] [-]. Objects: 5¢, …` from a seat's own table (its `inv`)."""
    inventory = table["inventory"]
    items = [f"{OBJECTS[k].symbol} x{inventory[kind_token(k)]}" for k in HELD_KINDS
             if k != "coins" and kind_token(k) in inventory]
    hand = " ".join(f"[{c}]" for c in table["hand"]) or "no cards"
    return f"Cards: {hand}. Objects: {table['coins']}¢" + (", " + ", ".join(items) if items else "") + "."


def answer(view: View, text: str) -> str | None:
    """The reply to an anytime question asked from the seat of `view` (`inv`, `inventory`, `inv <x>`,
    `help`, `help <x>`), else None (the text is then a move to try)."""
    if not isinstance(text, str):
        return None
    words = text.split()
    if not words or words[0].lower() not in QUESTION_WORDS:
        return None
    head, rest = words[0].lower(), " ".join(words[1:])
    if head == "help":
        if not rest:
            return COMMANDS_HELP
        return explain(rest) or f"{quote(rest)} is not a card or an object."
    table: BankTable | None = view.get("table")
    if view.get("seat") is None or not table or "hand" not in table:
        return "Spectators have no inventory."
    if not rest:
        return inventory_line(table)
    card = parse_card(rest.strip("[]"))
    if card is not None:
        count = table["hand"].count(CARD_TEXTS[card])
        return f"You have {count} [{CARD_TEXTS[card]}] card{'s' if count != 1 else ''}."
    kind = parse_kind(rest)
    if kind is None:
        return f"{quote(rest)} is not a card or an object."
    if kind == "coins":
        return f"You have {table['coins']}¢."
    obj = OBJECTS[kind]
    if not obj.held:
        return f"{obj.symbol} is never held: it acts the moment it is received."
    count = table["inventory"].get(kind_token(kind), 0)
    return f"You have {count} {obj.symbol} {obj.name}."
