"""Pure rules of the bank: what a card does to the charge and the pot, and how points are shared.

    >>> play_card(-2, 0, "===", 1)
    (0, 100, 0)
    >>> dump_shares(100, 3)
    (50, 25)
    >>> split_evenly(-1001, 3)
    (-333, -2)
"""

from __future__ import annotations

from .cards import BIPOLAR, DEFAULT, FAMILY_SIGN, NEUTRAL, card_family, card_power, parse_card


def card_effect(charge: int, card: int, team_sign: int, mult: int = 1,
                full_charge: int = DEFAULT.full_charge) -> tuple[int, int, int]:
    """`(new charge, points into the pot, points to the player)` of playing card int `card`.

    `mult` is 2 or 3 with [×2]/[×3]: power and points are multiplied. The new charge never goes
    beyond ±`full_charge` (the excess is lost).
    """
    family = card_family(card)
    power = card_power(card) * mult
    if family == BIPOLAR:
        return charge, DEFAULT.bipolar_points * power, 0
    if family == NEUTRAL:
        steps = min(power, abs(charge))
        new = charge - steps if charge > 0 else charge + steps
        return new, DEFAULT.neutral_bonus * (power - steps), 0
    sign = FAMILY_SIGN[family]
    new = max(-full_charge, min(full_charge, charge + sign * power))
    points = DEFAULT.points[card_power(card) - 1] * mult
    if sign == team_sign:
        return new, points, 0
    return new, 0, points // 2


def play_card(charge: int, pot: int, card: str, team_sign: int, mult: int = 1,
              full_charge: int = DEFAULT.full_charge) -> tuple[int, int, int]:
    """`(new charge, new pot, points to the player)` when a player of team `team_sign` (+1/-1) plays `card`.

    `card` is the rulebook's text (`+`, `--`, `===`, `±±`, `BBB`). Charge -2 and `===` gives
    `(0, pot + 100, 0)`. The dump itself (when the new charge is at full charge) is not applied here:
    see `dump_shares`.
    """
    parsed = parse_card(card)
    if parsed is None:
        raise ValueError(f"{card!r} is not a card")
    new, into_pot, to_player = card_effect(charge, parsed, team_sign, mult, full_charge)
    return new, pot + into_pot, to_player


def dump_shares(pot: int, team_size: int) -> tuple[int, int]:
    """`(dumper's share, each teammate's share)` when a team of `team_size` receives `pot` by a dump.

    Each teammate gets pot / (team size + 1) rounded down; the dumper gets the rest (twice a share
    plus the rounding remainder): pot 100, team of 3 -> (50, 25).
    """
    if team_size < 1:
        raise ValueError("a team that receives a dump has at least one player")
    each = pot // (team_size + 1)
    return pot - each * (team_size - 1), each


def split_evenly(amount: int, people: int) -> tuple[int, int]:
    """`(each one's share, remainder dropped)` of `amount` split among `people` in whole points.

    Shares are rounded toward zero, so a negative amount (a quitter's negative score) is shared
    like a positive one: `split_evenly(-1001, 3) == (-333, -2)`.
    """
    if people < 1:
        return 0, amount
    each = abs(amount) // people
    if amount < 0:
        each = -each
    return each, amount - each * people


def is_full(charge: int, full_charge: int = DEFAULT.full_charge) -> bool:
    """True when the bank is fully charged at either pole."""
    return abs(charge) >= full_charge
