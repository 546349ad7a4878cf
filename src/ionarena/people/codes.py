"""Class codes: six letters a teacher can read aloud and write on a board.

The alphabet has no vowels and no Y (so no accidental words), and none of the letters people mix
up with digits when a code is copied by hand (I, L, O are out with the vowels and L): 19
consonants, so 19**6 = 47 million codes. Guessing one is bounded by the web's rate limit on
wrong codes per address (`web.deps`), not by the code's length alone.

What a student types is read leniently: lower case, spaces and hyphens are fine (`bcd-fgh`).
"""

from __future__ import annotations

import secrets

ALPHABET = "BCDFGHJKMNPQRSTVWXZ"
LENGTH = 6


def new_code() -> str:
    """A fresh random code (the caller makes sure it is not in use)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def read_code(text: object) -> str | None:
    """The code a person typed, normalised (upper case, no spaces or hyphens), or None if it cannot
    be a code at all."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    code = "".join(ch for ch in text.upper() if ch not in " -\t")
    if len(code) != LENGTH or any(ch not in ALPHABET for ch in code):
        return None
    return code


def spoken(code: str) -> str:
    """The code as it is written on a board: `BCD FGH`."""
    return f"{code[:3]} {code[3:]}"


__all__ = ["ALPHABET", "LENGTH", "new_code", "read_code", "spoken"]
