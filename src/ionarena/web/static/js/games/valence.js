// Science Ninjas: Valence: element cards with valences, the molecule bank, each player's stash
// (molecules with their names and points, toward the 10 points that win), the cards being placed.
import { ElementCard, Formula, html, inPlay, plural, seatName, useCatalogue } from '../common.js';
import { useHandFocus } from '../turn.js';

const BANK_LABELS = {
  salt: 'Salt', water: 'Water', metal_oxide: 'Metal oxide', acid: 'Acid', base: 'Base',
  carbon_dioxide: 'Carbon dioxide', deadly_carbonyl: 'Deadly carbonyl', halocarbon: 'Halocarbon',
};
/** "If you have ten points worth of Molecules, you've won the game!" (the cooperative variant has no
 * 10-point win: everyone wins once every molecule type is made). */
const WIN_POINTS = 10;

const EXTRA_LABELS = {
  draw: 'Draw a card', 'draw discard': 'Take the discard', redraw: 'Redraw', end: 'End my turn', helium: 'Helium into my stash',
};

export function seatStatus() { return null; }

function Molecule({ formula, cards, fresh }) {
  const face = cards[`molecule:${formula}`];
  return html`<span class=${`compound molecule ${fresh ? 'fresh' : ''}`} data-molecule=${formula}
      title=${face ? `${face.name}${face.shown ? ` (${face.shown})` : ''}: ${face.type}, ${plural(face.points, 'point')}` : formula}
      data-testid=${fresh ? 'last-move' : undefined}>
    <${Formula} text=${formula}/>
    ${face ? html`<span class="compound-name">${face.name}</span><b class="compound-points">${face.points}</b>` : null}
  </span>`;
}

/** The stash entries the latest move added (a build, Helium, a reaction's products): `seat:formula`. */
function freshStash(log) {
  const fresh = new Set();
  for (let i = (log || []).length - 1; i >= 0; i -= 1) {
    const e = log[i];
    if (e.kind === 'build' || e.kind === 'react' || e.kind === 'helium') {
      if (e.kind === 'build') fresh.add(`${e.player}:${e.molecule}`);
      if (e.kind === 'helium') fresh.add(`${e.player}:He`);
      if (e.kind === 'react') for (const m of e.products || []) fresh.add(`${e.victim}:${m}`);
      return fresh;
    }
    if (e.kind === 'end_turn') return fresh;
  }
  return fresh;
}

function Target({ points, coop }) {
  if (coop) return null;
  const pct = Math.max(0, Math.min(100, (points / WIN_POINTS) * 100));
  return html`<span class="target" title=${`${points} of the ${WIN_POINTS} points that win`}>
    <span class="target-bar"><span style=${`width:${pct}%`}></span></span> ${points} / ${WIN_POINTS}</span>`;
}

export function Board({ state, act, busy, log }) {
  const cards = useCatalogue('valence');
  const handRef = useHandFocus();
  const view = state.view;
  const t = view.table || {};
  const legal = state.legal || [];
  const me = state.seat;
  const coop = view.variant === 'cooperative';
  const seats = (t.hand_sizes || []).map((_, s) => s);
  // a hand card's own moves: discarding it (placing moves the cards being built, never the hand's)
  const handMove = (c) => {
    if (!act) return null;
    const moves = legal.filter((m) => m === `discard ${c}`);
    return moves.length === 1 ? () => act(moves[0]) : null;
  };
  const placeMove = (c) => (act && legal.includes(`place ${c}`) ? () => act(`place ${c}`) : null);
  const builds = legal.filter((m) => /^(build|trade|react) /.test(m));
  const shown = (m) => m.startsWith('discard ') || m.startsWith('place ') || builds.includes(m);
  const extra = act ? legal.filter((m) => !shown(m)) : [];
  const fresh = freshStash(log);
  const placedBy = (() => {
    for (let i = (log || []).length - 1; i >= 0; i -= 1) {
      const e = log[i];
      if (e.kind === 'place' || e.kind === 'discard') return e.player;
      if (e.kind === 'take_discard' || e.kind === 'reshuffle') return null;
    }
    return null;
  })();
  const placing = t.placing || [];
  return html`<div class="valence-board">
    <div class="round-line">Turn <b>${t.turn}</b> · ${plural(t.deck_size || 0, 'card')} in the deck · phase <b>${view.phase}</b>
      ${coop ? html` · <b>together</b>: make every molecule type` : html` · first to <b data-testid="target">${WIN_POINTS} points</b> wins`}</div>
    <div class="felt valence-felt">
      <div class="pile">
        ${t.discard_top ? html`<${ElementCard} token=${t.discard_top} face=${cards[t.discard_top]} key=${`${t.discard_top}-${t.discard_size}`}
          onClick=${act && legal.includes('draw discard') ? () => act('draw discard') : null} disabled=${busy} cls="landed"
          playable=${act && legal.includes('draw discard')} label="discard"/>` : html`<div class="muted">no discard</div>`}
        <div class="pile-count">${plural(t.discard_size || 0, 'card')} discarded</div>
        ${placedBy !== null && t.discard_top ? html`<div class="played-by">placed by <b>${seatName(state, placedBy)}</b></div>` : null}
      </div>
      <div class="molecule-bank"><h4>Molecule bank</h4>
        ${Object.entries(t.bank || {}).map(([k, n]) => html`<span class="chip">${BANK_LABELS[k] || k}: <b>${n}</b></span>`)}
      </div>
    </div>
    <div class="players-grid">${seats.map((s) => html`<div class=${`cseat ${s === me ? 'mine' : ''} ${view.actors.includes(s) ? 'acting' : ''}`} data-seat=${s}
        aria-current=${view.actors.includes(s) && !view.over ? 'true' : undefined}>
      <div class="cseat-head"><b>${seatName(state, s)}</b>
        <span class="muted">${plural(t.hand_sizes[s], 'card')}</span>
        <${Target} points=${view.scores[s]} coop=${coop}/></div>
      <div class="compounds stash">${((t.stashes || [])[s] || []).map((m) => html`<${Molecule} formula=${m} cards=${cards} fresh=${fresh.has(`${s}:${m}`)}/>`)}</div>
    </div>`)}</div>
    ${me !== null && me !== undefined ? html`<div class="my-hand">
      <div class="hand-title">Your hand · ${plural((t.hand || []).length, 'card')}
        ${view.actors.includes(me) && !view.over && inPlay(state) ? html`<span class="your-turn">${act ? 'Your turn' : 'to move'}</span>` : null}</div>
      ${placing.length ? html`<div class="placing" data-testid="placing"><span class="row-label">${act ? 'Place on the discard pile, bottom first:' : 'Being placed:'}</span>
        ${placing.map((c, i) => {
          const click = placeMove(c);
          return html`<${ElementCard} key=${`p-${c}-${i}`} small=${!click} token=${c} face=${cards[c]} onClick=${click} playable=${!!click} disabled=${busy}/>`;
        })}</div>` : null}
      <div class="hand" ref=${handRef} tabindex="-1" aria-label="Your hand">${(t.hand || []).map((c, i) => {
        const click = handMove(c);
        return html`<${ElementCard} key=${`${c}-${i}`} token=${c} face=${cards[c]} onClick=${click} playable=${!!click} disabled=${busy}/>`;
      })}</div>
      ${builds.length && act ? html`<div class="bond-options"><h4>Molecules you can make</h4>
        ${builds.map((m) => html`<button class="bond" data-move=${m} disabled=${busy} onClick=${() => act(m)}>${m}</button>`)}</div>` : null}
      ${extra.length ? html`<div class="extra-moves">${extra.map((m) => html`<button class="move" data-move=${m} disabled=${busy}
        onClick=${() => act(m)}>${EXTRA_LABELS[m] || m}</button>`)}</div>` : null}
    </div>` : null}
  </div>`;
}

/** What a turn asks of this seat, for the notification. */
export function turnWhat(state) {
  return { draw: 'draw a card', build: 'build a molecule or end your turn', place: 'place your used cards', discard: 'discard' }[state.view.phase] || '';
}

/** Each player's stash (molecules and their points), the reactions they made and suffered. */
export function breakdown(state, log) {
  const t = state.view.table || {};
  const seats = state.seats.map((s) => s.seat);
  const count = (kind, field) => seats.map((s) => log.filter((e) => e.kind === kind && e[field] === s).length);
  const built = count('build', 'player');
  const reactions = count('react', 'player');
  const suffered = count('react', 'victim');
  const helium = count('helium', 'player');
  return {
    columns: [{ label: 'Stash', help: 'the molecules in the stash at the end' }, { label: 'Built' },
      { label: 'Reactions made' }, { label: 'Reacted away', help: 'molecules lost to another player’s reaction' },
      { label: 'Helium' }],
    rows: seats.map((s) => [((t.stashes || [])[s] || []).join(', ') || '–', built[s], reactions[s], suffered[s], helium[s]]),
    note: state.view.variant === 'cooperative' ? 'Together, every molecule type had to be made.'
      : `A stash worth ${WIN_POINTS} points wins (each molecule’s points are on its card in the stash).`,
  };
}
