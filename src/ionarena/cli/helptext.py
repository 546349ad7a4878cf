"""`--help` as people read it: a flag (`--plain`, `--json`, `--help`) takes no value, so no type
is shown after it (Typer shows `<bool>` there, as if `--plain <bool>` were how to write it)."""

from __future__ import annotations

from typing import Any

from typer.core import TyperOption

_type_of = TyperOption.display_type_rich


def _type_unless_flag(self: TyperOption, ctx: Any) -> str | None:
    if self.is_flag:
        return None
    return _type_of(self, ctx)


def hide_flag_types() -> None:
    """Leave the type out of every flag's line of `--help` (idempotent)."""
    TyperOption.display_type_rich = _type_unless_flag  # type: ignore[method-assign]


__all__ = ["hide_flag_types"]
