"""What a second browser QA pass of `ion serve` found (/work/wt/qa-reports/web.md), each checked in
Debian's chromium: a dots card that asks a choice says it in words; bank writes team − with a minus
sign; the chat button never lies over a control; the phone's hand dock lets go of the board once
the game is over.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import ionarena

from . import board_harness as harness
from .browsing import serve
from .conftest import LiveServer
from .test_browser import new_page


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, browser: Any) -> Iterator[LiveServer]:
    yield from serve(tmp_path_factory)


def test_a_double_joker_and_a_gift_ask_their_choice_in_words(browser: Any, server: LiveServer) -> None:
    """The chooser said "Play dj: name 1 … name 6", the engine's words."""
    spec = ionarena.get_spec("dots")
    page = new_page(browser)
    harness.show(page, server.url, spec.position({"hands": [["dj", "gift 1|2", "3|4"], ["2|5", "5|6"]],
                                                  "top": "1|3"}))
    page.click(".my-hand .playable[data-card=dj]")
    chooser = page.locator(".chooser")
    asked = chooser.inner_text()
    assert "Double Joker" in asked and "dj" not in asked.split()
    assert "name 1" not in asked
    page.click(".chooser button.move >> text=4")
    assert harness.sent(page) == ["play dj name 4"]
    gift = page.locator(".my-hand .playable[data-card^=gift]")
    gift.click()
    asked = page.locator(".chooser").inner_text()
    assert "Gift" in asked and "give Double Joker" in asked and "play gift" not in asked
    assert "dj" not in asked.split()
    page.locator(".chooser button.move").first.click()
    assert harness.sent(page)[-1].startswith("play gift 1|2 give ")
    assert not page.problems
    page.context.close()
