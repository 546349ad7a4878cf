// Ion: A Compound Building Game: element cards, goals, the center, action tiles, compounds formed.
// Picks are simultaneous: other seats show whether they have picked, never what.
import { ElementCard, Formula, html, plural, seatName, useCatalogue } from '../common.js';

const TILE_NAMES = { two: 'Play Two', center: 'Play from Center', rxn: 'RXN' };

function Goal({ goal }) {
  return html`<div class=${`goal goal-${goal.kind || 'other'}`}>
    <div class="goal-name">${goal.name}</div>
    <div class="goal-wants">${(goal.wants || []).map((w) => html`<span class="chip"><${Formula} text=${w}/></span>`)}</div>
    <div class="goal-points">${goal.one !== null && goal.one !== undefined ? html`one: <b>${goal.one}</b> · ` : null}both: <b>${goal.both}</b></div>
  </div>`;
}

function CompoundChip({ c }) {
  if (typeof c === 'string') return html`<span class="compound"><${Formula} text=${c}/></span>`;
  return html`<span class="compound" title=${(c.cards || []).join(' + ')}>
    <${Formula} text=${c.formula}/> <span class="compound-name">${c.name}</span>
    ${c.points !== undefined ? html`<b class="compound-points">${c.points}</b>` : null}
    ${c.refresh ? html`<span class="refresh" title="refreshes an action tile">↻</span>` : null}
  </span>`;
}

function Tiles({ tiles, legal, act }) {
  if (!tiles) return null;
  return html`<div class="tiles">${Object.keys(TILE_NAMES).map((k) => {
    const up = tiles[k] === 'up';
    const move = legal.includes(k) ? k : legal.includes(`refresh ${k}`) ? `refresh ${k}` : null;
    const label = html`<span class="tile-name">${TILE_NAMES[k]}</span><span class="tile-state">${up ? 'ready' : 'used'}</span>`;
    return move && act
      ? html`<button class=${`tile ${up ? 'up' : 'down'} clickable`} data-move=${move} onClick=${() => act(move)}>${label}</button>`
      : html`<div class=${`tile ${up ? 'up' : 'down'}`}>${label}</div>`;
  })}</div>`;
}

/** Per-seat badge: has this seat picked yet? (what it picked stays hidden) */
export function seatStatus(state, seat) {
  const t = state.view.table || {};
  if (state.view.over || !Array.isArray(t.committed)) return null;
  if (state.view.phase !== 'play' && !(state.view.actors || []).length) return null;
  if (t.committed[seat]) return html`<span class="badge ok" data-testid="picked">picked ✓</span>`;
  if ((state.view.actors || []).includes(seat)) return html`<span class="badge wait">choosing…</span>`;
  return null;
}

export function Board({ state, act }) {
  const cards = useCatalogue('compound');
  const view = state.view;
  const t = view.table || {};
  const legal = state.legal || [];
  const me = state.seat;
  const pick = t.your_pick || {};
  const picked = new Set(pick.picks || []);
  const seats = (t.hand_sizes || []).map((_, s) => s);
  const bondMoves = legal.filter((m) => m.startsWith('bond ') || m.startsWith('form '));
  const clickable = (move) => (act && legal.includes(move) ? () => act(move) : null);
  return html`<div class="compound-board">
    <div class="round-line">Round <b>${t.round}</b> of ${t.rounds} · turn ${t.turn} · ${plural(t.deck || 0, 'card')} in the deck${' · '}phase <b>${t.phase || view.phase}</b></div>
    <div class="goals">${(t.goals || []).map((g) => html`<${Goal} goal=${g}/>`)}</div>
    <div class="felt compound-felt">
      <div class="center-row"><span class="row-label">Center</span>
        ${(t.center || []).map((c) => html`<${ElementCard} token=${c} face=${cards[c]} onClick=${clickable(`center ${c}`)}
          playable=${act && legal.includes(`center ${c}`)}/>`)}
      </div>
      <div class="players-grid">${seats.map((s) => html`<div class=${`cseat ${s === me ? 'mine' : ''}`} data-seat=${s}>
        <div class="cseat-head"><b>${seatName(state, s)}</b> ${seatStatus(state, s)}
          <span class="muted">${plural((t.hand_sizes || [])[s] || 0, 'card')} · ${view.scores[s]} pts</span></div>
        <div class="compounds">${((t.compounds || [])[s] || []).map((c) => html`<${CompoundChip} c=${c}/>`)}</div>
        ${((t.unbonded || [])[s] || []).length ? html`<div class="unbonded"><span class="muted">unbonded:</span>
          ${t.unbonded[s].map((c) => html`<${ElementCard} small token=${c} face=${cards[c]}/>`)}</div>` : null}
        ${((t.revealed || [])[s] || []).length ? html`<div class="unbonded"><span class="muted">revealed:</span>
          ${t.revealed[s].map((c) => html`<${ElementCard} small token=${c} face=${cards[c]}/>`)}</div>` : null}
        <${Tiles} tiles=${(t.tiles || [])[s]} legal=${s === me ? legal : []} act=${s === me ? act : null}/>
      </div>`)}</div>
    </div>
    ${me !== null && me !== undefined ? html`<div class="my-hand">
      <div class="hand-title">Your hand · ${plural((t.hand || []).length, 'card')}
        ${pick.committed ? html`<span class="badge ok">you have picked</span>` : view.actors.includes(me) && !view.over
          ? html`<span class="your-turn">${act ? 'Pick a card' : 'picking'}</span>` : null}</div>
      <div class="hand">${(t.hand || []).map((c, i) => html`<${ElementCard} key=${`${c}-${i}`} token=${c} face=${cards[c]}
        selected=${picked.has(c)} playable=${act && legal.includes(`pick ${c}`)} onClick=${clickable(`pick ${c}`)}/>`)}</div>
      ${bondMoves.length && act ? html`<div class="bond-options"><h4>Compounds you can make</h4>
        ${bondMoves.map((m) => html`<button class="bond" data-move=${m} onClick=${() => act(m)}>${m}</button>`)}</div>` : null}
    </div>` : null}
  </div>`;
}
