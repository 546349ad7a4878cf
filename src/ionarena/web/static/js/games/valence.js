// Science Ninjas: Valence: element cards with valences, the molecule bank, each player's stash.
import { ElementCard, Formula, html, plural, seatName, useCatalogue } from '../common.js';

const BANK_LABELS = {
  salt: 'Salt', water: 'Water', metal_oxide: 'Metal oxide', acid: 'Acid', base: 'Base',
  carbon_dioxide: 'Carbon dioxide', deadly_carbonyl: 'Deadly carbonyl', halocarbon: 'Halocarbon',
};

export function seatStatus() { return null; }

export function Board({ state, act }) {
  const cards = useCatalogue('valence');
  const view = state.view;
  const t = view.table || {};
  const legal = state.legal || [];
  const me = state.seat;
  const seats = (t.hand_sizes || []).map((_, s) => s);
  const cardMove = (c) => {
    if (!act) return null;
    const moves = legal.filter((m) => m === `place ${c}` || m === `discard ${c}`);
    return moves.length === 1 ? () => act(moves[0]) : null;
  };
  const builds = legal.filter((m) => /^(build|trade|react) /.test(m));
  return html`<div class="valence-board">
    <div class="round-line">Turn <b>${t.turn}</b> · ${plural(t.deck_size || 0, 'card')} in the deck · phase <b>${view.phase}</b></div>
    <div class="felt valence-felt">
      <div class="pile">
        ${t.discard_top ? html`<${ElementCard} token=${t.discard_top} face=${cards[t.discard_top]}
          onClick=${act && legal.includes('draw discard') ? () => act('draw discard') : null}
          playable=${act && legal.includes('draw discard')} label="discard"/>` : html`<div class="muted">no discard</div>`}
        <div class="pile-count">${plural(t.discard_size || 0, 'card')} discarded</div>
      </div>
      <div class="molecule-bank"><h4>Molecule bank</h4>
        ${Object.entries(t.bank || {}).map(([k, n]) => html`<span class="chip">${BANK_LABELS[k] || k}: <b>${n}</b></span>`)}
      </div>
      ${(t.placing || []).length ? html`<div class="placing"><span class="row-label">Building</span>
        ${t.placing.map((c) => html`<${ElementCard} small token=${c} face=${cards[c]}/>`)}</div>` : null}
    </div>
    <div class="players-grid">${seats.map((s) => html`<div class=${`cseat ${s === me ? 'mine' : ''} ${view.actors.includes(s) ? 'acting' : ''}`} data-seat=${s}>
      <div class="cseat-head"><b>${seatName(state, s)}</b>
        <span class="muted">${plural(t.hand_sizes[s], 'card')} · ${view.scores[s]} pts</span></div>
      <div class="compounds">${((t.stashes || [])[s] || []).map((m) => html`<span class="compound"><${Formula} text=${m}/></span>`)}</div>
    </div>`)}</div>
    ${me !== null && me !== undefined ? html`<div class="my-hand">
      <div class="hand-title">Your hand · ${plural((t.hand || []).length, 'card')}
        ${view.actors.includes(me) && !view.over ? html`<span class="your-turn">${act ? 'Your turn' : 'to move'}</span>` : null}</div>
      <div class="hand">${(t.hand || []).map((c, i) => {
        const click = cardMove(c);
        return html`<${ElementCard} key=${`${c}-${i}`} token=${c} face=${cards[c]} onClick=${click} playable=${!!click}/>`;
      })}</div>
      ${builds.length && act ? html`<div class="bond-options"><h4>Molecules you can make</h4>
        ${builds.map((m) => html`<button class="bond" data-move=${m} onClick=${() => act(m)}>${m}</button>`)}</div>` : null}
    </div>` : null}
  </div>`;
}
