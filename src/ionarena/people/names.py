"""Names people choose: account names, passwords, class names and students' first names.

- An **account name** is 2 to 24 letters (ASCII), digits, `_` or `-`, starting with a letter or a
  digit: it is a profile's address (`/@/<name>`) and is shown everywhere as typed; two accounts
  may not differ only in case (`name_key` is the lower-case form).
- A **password** is 8 to 200 characters (argon2 hashes any length; 200 bounds the work a request
  can ask for).
- A **class name** is 1 to 80 printable characters (shown escaped, like every name).
- A **student's name** is a display name as at any table (`host.seats.check_name`: 1 to 32
  printable characters); only a first name is asked for.
"""

from __future__ import annotations

import re
import unicodedata

from ..core import IllegalAction, quote
from ..host.seats import check_name
from .errors import PeopleError

ACCOUNT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{1,23}")
MIN_PASSWORD, MAX_PASSWORD = 8, 200
MAX_CLASS_NAME = 80


def check_account_name(name: object) -> str:
    """An account name as typed (stripped), or `PeopleError` saying what is wrong with it."""
    if not isinstance(name, str):
        raise PeopleError(f"a name is text, not {quote(name)}")
    text = name.strip()
    if not ACCOUNT_NAME.fullmatch(text):
        raise PeopleError(f"{quote(text)} cannot be an account name: use 2 to 24 letters, digits, _ or -, "
                          "starting with a letter or a digit")
    return text


def name_key(name: str) -> str:
    """The form two names are compared in (lower case)."""
    return name.strip().lower()


def check_password(password: object) -> str:
    """A password of 8 to 200 characters, or `PeopleError`."""
    if not isinstance(password, str):
        raise PeopleError("a password is text")
    if len(password) < MIN_PASSWORD:
        raise PeopleError(f"a password needs at least {MIN_PASSWORD} characters")
    if len(password) > MAX_PASSWORD:
        raise PeopleError(f"a password is at most {MAX_PASSWORD} characters")
    return password


def check_class_name(name: object) -> str:
    """A class's name: 1 to 80 printable characters, stripped."""
    if not isinstance(name, str):
        raise PeopleError(f"a class name is text, not {quote(name)}")
    text = name.strip()
    if not text:
        raise PeopleError("give the class a name, e.g. 9B chemistry")
    if len(text) > MAX_CLASS_NAME:
        raise PeopleError(f"a class name is at most {MAX_CLASS_NAME} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp") for ch in text):
        raise PeopleError(f"{quote(text)} holds characters that cannot be shown")
    return text


def check_student_name(name: object) -> str:
    """A student's first name (a table's display name rules), or `PeopleError`."""
    try:
        return check_name(name)
    except IllegalAction as err:  # the host's sentence, as the people service's refusal
        raise PeopleError(str(err)) from None


def student_key(name: str) -> str:
    """The form two students' names are compared in (case-folded, spaces squeezed)."""
    return " ".join(name.casefold().split())


__all__ = ["check_account_name", "check_class_name", "check_password", "check_student_name", "name_key",
           "student_key"]
