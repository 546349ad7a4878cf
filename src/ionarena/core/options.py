"""Game options: a schema per game, with defaults, bounds and one clear error per bad value.

Every option a game takes is declared here once (`GameSpec.options`); `resolve` checks what a
person, a record or a web form gave before any state is made, and fills in the defaults, so a state
always holds its complete options and a record replays the same game even if a default changes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import BadOption, quote


@dataclass(frozen=True)
class Option:
    """One option: its name, type (`int`, `float`, `bool` or `str`), default, bounds and meaning."""

    name: str
    kind: type
    default: Any
    help: str
    low: float | None = None
    high: float | None = None
    choices: tuple[Any, ...] | None = None
    pattern: str | None = None
    """For `str` options: the characters allowed (e.g. "+-"); the length is bounded by `high`."""

    def check(self, value: Any, game: str = "") -> Any:
        """`value` converted to this option's type, or `BadOption` naming the option and its range."""
        where = f"{game} option {self.name}" if game else f"option {self.name}"
        if value is None and self.default is None:
            return None
        if isinstance(value, str) and self.kind is not str:
            value = self.parse(value, game)
        if self.kind is bool:
            if not isinstance(value, bool):
                raise BadOption(f"{where} must be true or false, not {quote(value)}")
            return value
        if self.kind is int:
            value = self._whole(value, where)
        elif self.kind is float:
            value = self._number(value, where)
        elif self.kind is str:
            self._check_text(value, where)
        if self.choices is not None and value not in self.choices:
            raise BadOption(f"{where} must be one of {', '.join(map(str, self.choices))}, not {quote(value)}")
        if self.kind in (int, float) and ((self.low is not None and value < self.low)
                                          or (self.high is not None and value > self.high)):
            raise BadOption(f"{where} must be{self._range()}, not {value}")
        return value

    def _whole(self, value: Any, where: str) -> int:
        """An `int` option's value: a whole number (a float without a fraction counts)."""
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, float) and value.is_integer() and math.isfinite(value):
                return int(value)
            raise BadOption(f"{where} must be a whole number{self._range()}, not {quote(value)}")
        return value

    def _number(self, value: Any, where: str) -> float:
        """A `float` option's value: a finite number."""
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise BadOption(f"{where} must be a number{self._range()}, not {quote(value)}")
        number = float(value)
        if not math.isfinite(number):
            raise BadOption(f"{where} must be a finite number{self._range()}, not {number}")
        return number

    def _check_text(self, value: Any, where: str) -> None:
        """A `str` option's value: text of at most `high` characters, of `pattern`'s characters."""
        if not isinstance(value, str):
            raise BadOption(f"{where} must be text, not {quote(value)}")
        if self.high is not None and len(value) > self.high:
            raise BadOption(f"{where} is at most {int(self.high)} characters long")
        if self.pattern is not None and set(value) - set(self.pattern):
            raise BadOption(f"{where} may only use the characters {self.pattern!r}, not {quote(value)}")

    def parse(self, text: str, game: str = "") -> Any:
        """The value a person typed (`--option move_time=5`), converted to this option's type."""
        where = f"{game} option {self.name}" if game else f"option {self.name}"
        if self.kind is str:
            return text
        if self.kind is bool:
            lowered = text.strip().lower()
            if lowered in ("1", "true", "yes", "on"):
                return True
            if lowered in ("0", "false", "no", "off"):
                return False
            raise BadOption(f"{where} must be true or false, not {quote(text)}")
        if len(text) > 30:
            raise BadOption(f"{where} must be a number{self._range()}, not {quote(text)}")
        try:
            return int(text) if self.kind is int else float(text)
        except ValueError:
            raise BadOption(f"{where} must be a number{self._range()}, not {quote(text)}") from None

    def _range(self) -> str:
        if self.low is not None and self.high is not None:
            return f" from {self.low:g} to {self.high:g}"
        if self.low is not None:
            return f" of at least {self.low:g}"
        if self.high is not None:
            return f" of at most {self.high:g}"
        return ""

    def describe(self) -> str:
        """One line for `ion games` and the web form: name, default, range and meaning."""
        bounds = self._range().strip()
        default = "none" if self.default is None else str(self.default).lower() if self.kind is bool \
            else str(self.default)
        shown = f"; {bounds}" if bounds and self.kind is not str else ""
        return f"{self.name} (default {default}{shown}): {self.help}"

    def to_json(self) -> dict[str, Any]:
        """The option as JSON for the web API and forms."""
        return {"name": self.name, "type": self.kind.__name__, "default": self.default, "help": self.help,
                "min": self.low, "max": self.high,
                "choices": list(self.choices) if self.choices is not None else None}


def resolve(schema: Iterable[Option], given: Mapping[str, Any] | None, game: str = "") -> dict[str, Any]:
    """Every option of `schema`, `given` checked against it and defaults filled in.

    An unknown option is a `BadOption` that lists the options there are.
    """
    options = {option.name: option for option in schema}
    given = dict(given or {})
    unknown = [name for name in given if name not in options]
    if unknown:
        known = ", ".join(options) or "none"
        raise BadOption(f"{game or 'this game'} has no option {quote(str(unknown[0]))}; options: {known}")
    return {name: option.check(given[name], game) if name in given else option.default
            for name, option in options.items()}


def parse_assignments(pairs: Iterable[str], schema: Iterable[Option], game: str = "") -> dict[str, Any]:
    """`["move_time=5", "lobby=false"]` as typed on a command line, checked against `schema`."""
    options = {option.name: option for option in schema}
    values: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        name = name.strip()
        if not sep:
            raise BadOption(f"write an option as name=value, not {quote(pair)}")
        if name not in options:
            known = ", ".join(options) or "none"
            raise BadOption(f"{game or 'this game'} has no option {quote(name)}; options: {known}")
        values[name] = options[name].check(options[name].parse(text.strip(), game), game)
    return values
