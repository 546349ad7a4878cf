"""Interim presenter (Kernel 2 migration): wraps the old renderer until events are data here too."""

from __future__ import annotations

from typing import Any

from ionarena.core import Event, Names

from .render import render


class _InterimPresenter:
    def describe(self, event: Event, names: Names) -> str:
        return str(event.data.get("text", event.kind))

    def render(self, view: dict[str, Any], names: Names) -> str:
        return render(view["table"], view["seat"])

    def explain(self, event: Event) -> str:
        return ""


PRESENTER = _InterimPresenter()
