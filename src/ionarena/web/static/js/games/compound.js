// Ion: A Compound Building Game: element cards, goals, the center, action tiles, compounds formed.
// Picks are simultaneous: other seats show whether they have picked, never what.
import { ElementCard, Formula, html, plural, seatName, useCatalogue } from '../common.js';
import { signed } from '../breakdown.js';
import { useHandFocus } from '../turn.js';

const TILE_NAMES = { two: 'Play Two', center: 'Play from Center', rxn: 'RXN' };

function Goal({ goal }) {
  return html`<div class=${`goal goal-${goal.kind || 'other'}`}>
    <div class="goal-name">${goal.name}</div>
    <div class="goal-wants">${(goal.wants || []).map((w) => html`<span class="chip"><${Formula} text=${w}/></span>`)}</div>
    <div class="goal-points">${goal.one !== null && goal.one !== undefined ? html`one: <b>${goal.one}</b> · ` : null}both: <b>${goal.both}</b></div>
  </div>`;
}

function CompoundChip({ c, fresh }) {
  if (typeof c === 'string') return html`<span class=${`compound ${fresh ? 'fresh' : ''}`}><${Formula} text=${c}/></span>`;
  return html`<span class=${`compound ${fresh ? 'fresh' : ''}`} title=${(c.cards || []).join(' + ')} data-testid=${fresh ? 'last-move' : undefined}>
    <${Formula} text=${c.formula}/> <span class="compound-name">${c.name}</span>
    ${c.points !== undefined ? html`<b class="compound-points">${c.points}</b>` : null}
    ${c.refresh ? html`<span class="refresh" title="refreshes an action tile">↻</span>` : null}
  </span>`;
}

/** A declaration in words: `bond H Cl = HCl — hydrogen chloride` -> HCl (subscripts) and its name
 * first, the typed move small after; `unbonded` -> "keep Cl unbonded" (the card just revealed). */
function declareLabel(move, revealed) {
  const bond = /^(?:bond|form) (.+?) = (\S+) — (.+)$/.exec(move);
  if (bond) {
    return html`<${Formula} text=${bond[2]}/> <span class="compound-name">${bond[3]}</span>
      <small class="typed">${move.split(' = ')[0]}</small>`;
  }
  if (move === 'unbonded') return revealed ? html`keep <${Formula} text=${revealed}/> unbonded` : 'keep the new card unbonded';
  return move;
}

function Tiles({ tiles, legal, act, busy }) {
  if (!tiles) return null;
  return html`<div class="tiles" aria-label="Action tiles">${Object.keys(TILE_NAMES).map((k) => {
    const up = tiles[k] === 'up';
    const move = legal.includes(k) ? k : legal.includes(`refresh ${k}`) ? `refresh ${k}` : null;
    const label = html`<span class="tile-name">${TILE_NAMES[k]}</span><span class="tile-state">${up ? 'ready' : 'used'}</span>`;
    return move && act
      ? html`<button class=${`tile ${up ? 'up' : 'down'} clickable`} data-move=${move} disabled=${busy} onClick=${() => act(move)}>${label}</button>`
      : html`<div class=${`tile ${up ? 'up' : 'down'}`}>${label}</div>`;
  })}</div>`;
}

/** Per-seat badge: has this seat picked yet? (what it picked stays hidden) */
export function seatStatus(state, seat) {
  const t = state.view.table || {};
  if (state.view.over || !Array.isArray(t.committed)) return null;
  if (state.status && state.status !== 'playing') return null;  // waiting for players, adjourned: nobody is choosing
  if (state.view.phase !== 'play' && !(state.view.actors || []).length) return null;
  if (t.committed[seat]) return html`<span class="badge ok" data-testid="picked">picked ✓</span>`;
  if ((state.view.actors || []).includes(seat)) return html`<span class="badge wait">choosing…</span>`;
  return null;
}

/** The cards of `hand` to show as picked: as many of each name as were picked, and only during the
 * pick (after the reveal the picked cards have left the hand, whatever the view still lists). */
function pickedIndexes(hand, pick, picking) {
  const marked = new Set();
  if (!picking) return marked;
  const wanted = new Map();
  for (const c of pick.picks || []) wanted.set(c, (wanted.get(c) || 0) + 1);
  hand.forEach((c, i) => {
    const n = wanted.get(c) || 0;
    if (n > 0) { marked.add(i); wanted.set(c, n - 1); }
  });
  return marked;
}

/** The compounds made since the last reveal (the last move, highlighted): `seat:formula` keys. */
function freshCompounds(log) {
  const fresh = new Set();
  for (let i = (log || []).length - 1; i >= 0; i -= 1) {
    const e = log[i];
    if (e.kind === 'bond' || e.kind === 'form') fresh.add(`${e.player}:${e.formula}`);
    if (e.kind === 'reveal' || e.kind === 'round' || e.kind === 'round_end' || e.kind === 'rxn_take') break;
  }
  return fresh;
}

export function Board({ state, act, busy, log }) {
  const cards = useCatalogue('compound');
  const handRef = useHandFocus();
  const view = state.view;
  const t = view.table || {};
  const legal = state.legal || [];
  const me = state.seat;
  const pick = t.your_pick || {};
  const seated = me !== null && me !== undefined;
  const committed = seated && view.phase === 'pick' && !!(t.committed || [])[me];
  const hand = t.hand || [];
  const marked = pickedIndexes(hand, pick, seated && view.phase === 'pick');
  const seats = (t.hand_sizes || []).map((_, s) => s);
  const bondMoves = legal.filter((m) => m.startsWith('bond ') || m.startsWith('form '));
  const clickable = (move) => (act && legal.includes(move) ? () => act(move) : null);
  const tileMoves = new Set(['two', 'center', 'rxn', 'refresh two', 'refresh center', 'refresh rxn']);
  const shown = (m) => m.startsWith('pick ') || m.startsWith('center ') || tileMoves.has(m) || bondMoves.includes(m);
  const extra = act ? legal.filter((m) => !shown(m)) : [];
  const fresh = freshCompounds(log);
  const newCard = seated ? ((t.revealed || [])[me] || [])[0] : undefined;  // the card a declaration places
  const isFresh = (s, c) => fresh.has(`${s}:${typeof c === 'string' ? c : c.formula}`);
  return html`<div class="compound-board">
    <div class="round-line">Round <b>${t.round}</b> of ${t.rounds} · turn ${t.turn} · ${plural(t.deck || 0, 'card')} in the deck${' · '}phase <b>${t.phase || view.phase}</b></div>
    <div class="goals">${(t.goals || []).map((g) => html`<${Goal} goal=${g}/>`)}</div>
    <div class="felt compound-felt">
      <div class="center-row"><span class="row-label">Center</span>
        ${(t.center || []).map((c) => html`<${ElementCard} token=${c} face=${cards[c]} onClick=${clickable(`center ${c}`)}
          playable=${act && legal.includes(`center ${c}`)} disabled=${busy}/>`)}
      </div>
      <div class="players-grid">${seats.map((s) => html`<div class=${`cseat ${s === me ? 'mine' : ''}`} data-seat=${s}>
        <div class="cseat-head"><b>${seatName(state, s)}</b> ${seatStatus(state, s)}
          <span class="muted">${plural((t.hand_sizes || [])[s] || 0, 'card')} · ${view.scores[s]} pts</span></div>
        <div class="compounds">${((t.compounds || [])[s] || []).map((c) => html`<${CompoundChip} c=${c} fresh=${isFresh(s, c)}/>`)}</div>
        ${((t.unbonded || [])[s] || []).length ? html`<div class="unbonded"><span class="muted">unbonded:</span>
          ${t.unbonded[s].map((c) => html`<${ElementCard} small token=${c} face=${cards[c]}/>`)}</div>` : null}
        ${((t.revealed || [])[s] || []).length ? html`<div class="unbonded"><span class="muted">revealed:</span>
          ${t.revealed[s].map((c) => html`<${ElementCard} small token=${c} face=${cards[c]}/>`)}</div>` : null}
        ${s === me ? null : html`<${Tiles} tiles=${(t.tiles || [])[s]} legal=${[]} act=${null}/>`}
      </div>`)}</div>
    </div>
    ${seated ? html`<div class="my-hand">
      <div class="hand-title">Your hand · ${plural(hand.length, 'card')}
        ${committed ? html`<span class="badge ok">you have picked</span>` : view.actors.includes(me) && !view.over && (!state.status || state.status === 'playing')
          ? html`<span class="your-turn">${act ? (view.phase === 'pick' ? 'Pick a card' : 'Your move') : 'picking'}</span>` : null}</div>
      <div class="hand" ref=${handRef} tabindex="-1" aria-label="Your hand">${hand.map((c, i) => html`<${ElementCard} key=${`${c}-${i}`} token=${c} face=${cards[c]}
        selected=${marked.has(i)} playable=${act && legal.includes(`pick ${c}`)} onClick=${clickable(`pick ${c}`)} disabled=${busy}/>`)}</div>
      <${Tiles} tiles=${(t.tiles || [])[me]} legal=${legal} act=${act} busy=${busy}/>
      ${bondMoves.length && act ? html`<div class="bond-options"><h4>Compounds you can make</h4>
        ${bondMoves.map((m) => html`<button class="bond" data-move=${m} disabled=${busy} onClick=${() => act(m)}>${declareLabel(m, newCard)}</button>`)}</div>` : null}
      ${extra.length ? html`<div class="extra-moves">${extra.map((m) => html`<button class="move" data-move=${m} disabled=${busy}
        onClick=${() => act(m)}>${declareLabel(m, newCard)}</button>`)}</div>` : null}
    </div>` : null}
  </div>`;
}

/** What a turn asks of this seat, for the notification. */
export function turnWhat(state) {
  const phase = state.view.phase;
  return { pick: 'pick a card', declare: 'make your compounds', rxn: 'RXN: re-form your compounds', refresh: 'refresh a tile' }[phase] || '';
}

/** Each player's points by source, over every round (the view keeps each round's breakdown), and
 * the end-of-game bonuses: face-up tiles and radioactive decay. */
export function breakdown(state) {
  const t = state.view.table || {};
  const rounds = t.round_scores || [];
  const bonus = t.end_bonus || [];
  const sum = (seat, key) => (rounds[seat] || []).reduce((n, r) => n + (r[key] || 0), 0);
  const advanced = state.view.variant === 'advanced';
  const columns = [{ label: 'Compounds' }, { label: 'Noble gases' }, { label: 'Goals' }];
  if (advanced) columns.push({ label: 'Radioactive' });
  columns.push({ label: 'Tiles', help: 'face-up Action Tiles at the end, 2 each' });
  if (advanced) columns.push({ label: 'Decay', help: 'the radioactive decay ranking at the end' });
  return {
    columns,
    rows: state.seats.map(({ seat }) => {
      const row = [sum(seat, 'compounds'), sum(seat, 'noble_gases'), sum(seat, 'goals')];
      if (advanced) row.push(signed(sum(seat, 'radioactive')));
      row.push((bonus[seat] || {}).tiles ?? '–');
      if (advanced) row.push(signed((bonus[seat] || {}).decay || 0));
      return row;
    }),
    note: `Over ${plural(t.rounds || rounds[0]?.length || 0, 'round')}: each round scores its compounds, noble gases and goals.`,
  };
}
