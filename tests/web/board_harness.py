"""A game's board drawn in Debian's chromium from a real position: the game's `position` builds the
state, the seat's view and legal moves and its events in words are what the server would send, and
the page's own module (`static/js/games/<game>.js`) draws them. For the states a live game reaches
only by luck (bank's shop and objects, valence's placing); every click is kept in `window.sent`.
"""

from __future__ import annotations

from typing import Any

import ionarena
from ionarena.core import Names, State
from ionarena.web.payload import event_words

SHOW = """async ([game, state]) => {
  const common = await import('/static/js/common.js');
  const module = await import(`/static/js/games/${game}.js`);
  window.sent = [];
  let root = document.getElementById('harness');
  if (!root) {
    root = document.createElement('div');
    root.id = 'harness';
    root.className = 'table-page';
    document.body.textContent = '';
    document.body.appendChild(root);
  }
  state.received = performance.now();
  const act = (move) => window.sent.push(move);
  const draw = (s) => common.html`<${module.Board} state=${s} act=${act} busy=${false} log=${s.events}/>`;
  common.render(draw(state), root);
  await new Promise((done) => setTimeout(done, 300));  // the card catalogue
  common.render(draw({ ...state }), root);
}"""


def payload(state: State, seat: int | None) -> dict[str, Any]:
    """What a seat's page receives for `state` (as `web.payload.state_payload` makes it for a table)."""
    spec = ionarena.get_spec(state.game_id)
    names = Names(seat, ["Ada", "Bob", "Cy", "Di"][: state.num_players])
    view = state.view(seat)
    deadline = state.deadline()
    return {
        "game": spec.id, "seat": seat, "version": state.version, "since": -1, "view": view,
        "legal": [state.format_action(a) for a in state.legal_actions(seat)] if seat is not None else [],
        "events": [event_words(spec, e, names) for e in state.events(seat)],
        "actors": state.actors(), "over": state.is_over(), "status": "over" if state.is_over() else "playing",
        "names": [names.plain(s) for s in range(state.num_players)],
        "seats": [{"seat": s, "kind": "person"} for s in range(state.num_players)],
        "clock": {"deadline_in": None if deadline is None else deadline - state.now(),
                  "game_now": state.now() if spec.timed else None},
    }


def show(page: Any, server_url: str, state: State, seat: int | None = 0) -> None:
    """Draw `state` as `seat` sees it on `page` (a page of the server, for its import map and styles)."""
    page.goto(f"{server_url}/rules/{state.game_id}")
    page.evaluate(SHOW, [state.game_id, payload(state, seat)])


def sent(page: Any) -> list[str]:
    """The moves clicked so far."""
    moves: list[str] = page.evaluate("window.sent")
    return moves
