"""Report building blocks: tables whose cells stay numbers until they are written, and sections.

A `Table` keeps raw values (counts, rates, `(low, high)` intervals) so tests and `report.json` read
numbers; `cell_text` formats them the same way for the terminal, Markdown and HTML.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

Format = Literal["text", "int", "float", "pct", "interval", "pp", "sci"]


@dataclass(frozen=True)
class Column:
    """A column: its heading and how its cells are written."""

    name: str
    format: Format = "text"


@dataclass
class Table:
    """A titled table of raw values."""

    title: str
    columns: list[Column]
    rows: list[list[Any]]
    note: str = ""

    def column(self, name: str) -> list[Any]:
        """Every value of the column called `name`."""
        index = [c.name for c in self.columns].index(name)
        return [row[index] for row in self.rows]

    def row(self, key: Any) -> dict[str, Any]:
        """The row whose first cell is `key`, by column name."""
        for row in self.rows:
            if row[0] == key:
                return {c.name: value for c, value in zip(self.columns, row, strict=True)}
        raise KeyError(key)

    def text_rows(self) -> list[list[str]]:
        """Every cell as text."""
        return [[cell_text(value, c.format) for c, value in zip(self.columns, row, strict=True)]
                for row in self.rows]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: raw values by column name."""
        return {"title": self.title, "note": self.note, "columns": [c.name for c in self.columns],
                "rows": [[_plain(v) for v in row] for row in self.rows]}


def _plain(value: Any) -> Any:
    """A cell as JSON: tuples as lists, NaN as null (JSON has no NaN)."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


@dataclass
class Chart:
    """A PNG a section shows: `draw(path)` makes it (matplotlib is needed only then)."""

    file: str
    caption: str
    draw: Callable[[Path], Path]


@dataclass
class Section:
    """A part of a report: a heading, a paragraph, tables and charts."""

    title: str
    text: str = ""
    tables: list[Table] = field(default_factory=list)
    charts: list[Chart] = field(default_factory=list)


def cell_text(value: Any, fmt: Format) -> str:
    """`value` written in format `fmt` (None is a dash)."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "—"
    if fmt == "int":
        return f"{int(value):,}"
    if fmt == "float":
        if float(value).is_integer():
            return f"{int(value):,}"
        return f"{value:,.2f}" if abs(value) < 100 else f"{value:,.1f}"
    if fmt == "pct":
        return f"{100 * value:.1f}%"
    if fmt == "interval":
        low, high = value
        return f"{100 * low:.1f}–{100 * high:.1f}%"
    if fmt == "pp":
        return f"{100 * value:+.1f} pp"
    if fmt == "sci":
        return f"{value:.2g}"
    return str(value)


def quantile(values: Sequence[float], q: float) -> float:
    """The `q` quantile of `values` (linear interpolation; NaN when empty)."""
    if not values:
        return math.nan
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def mean(values: Sequence[float]) -> float:
    """The mean (NaN when empty)."""
    return sum(values) / len(values) if values else math.nan


def stdev(values: Sequence[float]) -> float:
    """The sample standard deviation (NaN for fewer than two values)."""
    if len(values) < 2:
        return math.nan
    m = mean(values)
    return math.sqrt(sum((v - m) ** 2 for v in values) / (len(values) - 1))


def spread_row(label: str, values: Sequence[float]) -> list[Any]:
    """`label, mean, sd, min, p10, median, p90, max` of `values`."""
    return [label, mean(values), stdev(values), min(values, default=math.nan), quantile(values, 0.1),
            quantile(values, 0.5), quantile(values, 0.9), max(values, default=math.nan)]


SPREAD_COLUMNS = [Column("mean", "float"), Column("sd", "float"), Column("min", "float"),
                  Column("p10", "float"), Column("median", "float"), Column("p90", "float"),
                  Column("max", "float")]
