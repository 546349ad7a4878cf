// ION: Card Game (dots): cards with two dot zones, the card on the table (and who played it), hands,
// the draw pile; the score taken apart at the end.
import { SrOnly, html, inPlay, plural, seatName, useCatalogue, useEffect, useRef, useState } from '../common.js';
import { useHandFocus } from '../turn.js';

/** A card not in the catalogue (or before the catalogue has come): drawn as its text alone. */
const UNKNOWN = { kind: 'unknown', dots: [], label: '', colour: 'unknown' };

const PIPS = {
  1: [[1, 1]],
  2: [[0, 0], [2, 2]],
  3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [0, 1], [0, 2], [2, 0], [2, 1], [2, 2]],
};

function Zone({ value, y, match }) {
  const pips = PIPS[value] || [];
  return html`<g class=${`zone ${match ? 'zone-match' : ''}`}>
    ${match ? html`<rect x="6" y=${y + 3} width="58" height="38" rx="6" class="zone-glow"/>` : null}
    ${pips.map(([cx, cy]) => html`<circle cx=${17 + cx * 18} cy=${y + 8 + cy * 14} r="5.2" class="pip"/>`)}
  </g>`;
}

/** One dots card as SVG, drawn from its `face` in the game's card catalogue (`/api/games/dots/cards`,
 * served by the game's presenter: kind, dots, name, band label, colour group). `match`: dot values
 * the table asks for (zones showing them glow). */
export function DotsCard({ text, face, onClick, playable, big, match, back, label, disabled, cls: extra }) {
  if (back) {
    return html`<div class="dcard back" aria-label="a face-down card"><svg viewBox="0 0 70 100" aria-hidden="true">
      <rect x="1" y="1" width="68" height="98" rx="8" class="back-face"/>
      <text x="35" y="56" text-anchor="middle" class="back-mark">Ion</text></svg></div>`;
  }
  const card = face || { ...UNKNOWN, name: text };
  const cls = ['dcard', `k-${card.colour}`, playable ? 'playable' : '', big ? 'big' : '',
    onClick ? 'clickable' : '', extra || ''].join(' ');
  const matches = (v) => match && match.includes(v);
  let body;
  if (card.kind === 'dj') {
    body = html`<text x="35" y="40" text-anchor="middle" class="joker-star">★★</text>
      <text x="35" y="62" text-anchor="middle" class="card-label">Double</text>
      <text x="35" y="74" text-anchor="middle" class="card-label">Joker</text>`;
  } else if (card.kind === 'joker') {
    body = html`<text x="35" y="36" text-anchor="middle" class="joker-star">★</text>
      <text x="35" y="48" text-anchor="middle" class="card-label">Joker</text>
      <line x1="8" y1="52" x2="62" y2="52" class="divider"/>
      <${Zone} value=${card.dots[0]} y=${54} match=${matches(card.dots[0])}/>`;
  } else if (card.kind === 'unknown') {
    body = html`<text x="35" y="54" text-anchor="middle" class="card-label">${text}</text>`;
  } else {
    body = html`<${Zone} value=${card.dots[0]} y=${4} match=${matches(card.dots[0])}/>
      <line x1="8" y1="50" x2="62" y2="50" class="divider"/>
      <${Zone} value=${card.dots[1]} y=${54} match=${matches(card.dots[1])}/>
      ${card.label ? html`<rect x="2" y="45" width="66" height="10" class="band"/>
        <text x="35" y="53" text-anchor="middle" class="band-label">${card.label}</text>` : null}`;
  }
  const name = card.name;
  const svg = html`<svg viewBox="0 0 70 100" role="img" aria-label=${name}>
    <rect x="1" y="1" width="68" height="98" rx="8" class="face"/>${body}</svg>`;
  if (onClick) {
    return html`<button class=${cls} onClick=${onClick} data-card=${text} title=${label || name} disabled=${!!disabled}>${svg}</button>`;
  }
  return html`<div class=${cls} data-card=${text} title=${name}>${svg}</div>`;
}

/** The moves a click on hand card `card` may mean: `play card…` or `give card`. */
function movesFor(legal, card) {
  return legal.filter((m) => m === `play ${card}` || m.startsWith(`play ${card} `) || m === `give ${card}`);
}

/** A chooser button's words for the rest of a move after `play <card>`: `name 4` -> `4`, `give dj` ->
 * `give Double Joker` (the card's name in the catalogue). */
function choiceWords(rest, cards) {
  const named = /^name (\d)$/.exec(rest);
  if (named) return named[1];
  const given = /^give (.+)$/.exec(rest);
  return given ? `give ${(cards[given[1]] && cards[given[1]].name) || given[1]}` : rest;
}

function Chooser({ card, cards, moves, act, close, busy }) {
  const box = useRef(null);
  useEffect(() => { const first = box.current && box.current.querySelector('button'); if (first) first.focus(); }, [card]);
  const name = (cards[card] && cards[card].name) || card;
  const naming = moves.every((m) => / name \d$/.test(m));
  return html`<div class="chooser" role="dialog" aria-label="Choose how to play" ref=${box}>
    <p>Play <strong>${name}</strong>: ${naming ? 'which number must the next card show?' : 'which card do you give?'}</p>
    <div class="move-buttons">
      ${moves.map((m) => html`<button class="move" data-choice=${m} disabled=${busy} onClick=${() => { close(); act(m); }}>${choiceWords(m.replace(`play ${card} `, ''), cards)}</button>`)}
    </div>
    <button class="link" onClick=${close}>cancel</button>
  </div>`;
}

function Seat({ state, seat, size, score }) {
  const acting = state.actors.includes(seat) && inPlay(state);
  const fan = Math.min(size, 12);
  return html`<div class=${`opponent ${acting ? 'acting' : ''}`} data-seat=${seat}>
    <div class="opp-name">${acting ? html`<span class="turn-dot" aria-hidden="true"></span>` : null}${seatName(state, seat)}${acting ? html`<${SrOnly}> (to move)</${SrOnly}>` : null}</div>
    <div class="fan" aria-label=${plural(size, 'card')}>
      ${Array.from({ length: fan }, (_, i) => html`<span class="mini-back" style=${`--i:${i}`}></span>`)}
    </div>
    <div class="opp-meta">${plural(size, 'card')} · ${score} pts</div>
  </div>`;
}

/** The last card played, and by whom, from the log (the top card's story). */
function lastPlay(log) {
  for (let i = (log || []).length - 1; i >= 0; i -= 1) {
    const e = log[i];
    if (e.kind === 'play' || e.kind === 'deal') return e;
  }
  return null;
}

/** The whole dots table for one seat (or a spectator). */
export function Board({ state, act, busy, log }) {
  const view = state.view;
  const t = view.table || {};
  const legal = state.legal || [];
  const [choosing, setChoosing] = useState(null);
  const handRef = useHandFocus();
  const cards = useCatalogue('dots');
  const me = state.seat;
  const hand = t.hand || [];
  const match = t.match || [];
  const clickCard = (card) => {
    const moves = movesFor(legal, card);
    if (!act || busy || moves.length === 0) return;
    if (moves.length === 1) act(moves[0]);
    else setChoosing({ card, moves });
  };
  const others = (t.hand_sizes || []).map((size, seat) => ({ seat, size })).filter((s) => s.seat !== me);
  const canDraw = act && legal.includes('draw');
  const played = lastPlay(log);
  const story = !played || played.card !== t.top ? null
    : played.kind === 'play' ? html`played by <b>${seatName(state, played.player)}</b>`
      : html`turned up by the dealer, <b>${seatName(state, played.dealer)}</b>`;
  const phaseNote = view.over ? null : view.phase === 'give' ? 'The dealer gives the first player a card: click a card to give it.'
    : view.phase === 'name' ? 'Name the number the next card must show.'
      : t.pending_draw && view.actors.length ? `${seatName(state, view.actors[0])} must take ${plural(t.pending_draw, 'card')} or answer with a matching Block.`
        : null;
  const extra = act ? legal.filter((m) => m === 'pass' || m.startsWith('name ')) : [];
  return html`<div class="dots-board">
    <div class="opponents">${others.map((o) => html`<${Seat} state=${state} seat=${o.seat} size=${o.size}
      score=${view.scores[o.seat]}/>`)}</div>
    <div class="felt">
      <div class="pile">
        ${canDraw ? html`<button class="pile-button" onClick=${() => act('draw')} data-move="draw" title="Draw a card" disabled=${busy}>
            <${DotsCard} back/><span>Draw</span></button>`
          : html`<div class="pile-static"><${DotsCard} back/></div>`}
        <div class="pile-count">${plural(t.draw_pile || 0, 'card')} to draw</div>
      </div>
      <div class="on-table">
        <div class="top-card" data-testid="top-card">
          <${DotsCard} key=${`${t.top}-${t.played}`} text=${t.top} face=${cards[t.top]} big match=${view.over ? [] : match} cls="landed"/>
          ${story ? html`<div class="played-by" data-testid="last-move">${story}</div>` : null}
        </div>
        ${view.over ? null : html`<div class="needs" data-testid="needs">Next card must show <strong>${match.length ? match.join(' or ') : '—'}</strong><br/>
          <small>(Jokers match anything)</small></div>`}
      </div>
      <div class="table-facts">
        <div>Deal <strong>${t.deal}</strong>${t.target ? html` · first to ${t.target}` : null}</div>
        <div>Dealer: ${seatName(state, t.dealer)}</div>
        <div class="direction">Play goes <strong>${t.direction === 'right' ? '↻ right' : '↺ left'}</strong></div>
        <div>Turn ${t.turns} of at most ${t.turn_cap}</div>
        <div>${plural(t.played || 0, 'card')} played</div>
      </div>
    </div>
    ${phaseNote ? html`<p class="phase-note">${phaseNote}</p>` : null}
    ${me !== null && me !== undefined ? html`<div class="my-hand">
      <div class="hand-title">Your hand · ${plural(hand.length, 'card')} · ${t.hand_points} points
        ${view.actors.includes(me) && !view.over && inPlay(state) ? html`<span class="your-turn">${act ? 'Your turn' : 'to move'}</span>` : null}</div>
      <div class="hand" ref=${handRef} tabindex="-1" aria-label="Your hand">${hand.map((card, i) => {
        const moves = act ? movesFor(legal, card) : [];
        return html`<${DotsCard} key=${`${card}-${i}`} text=${card} face=${cards[card]} match=${match} disabled=${busy}
          playable=${moves.length > 0} onClick=${moves.length ? () => clickCard(card) : null}/>`;
      })}</div>
      ${choosing ? html`<${Chooser} card=${choosing.card} cards=${cards} moves=${choosing.moves} act=${act} busy=${busy} close=${() => setChoosing(null)}/>` : null}
      ${canDraw || extra.length ? html`<div class="extra-moves">
        ${canDraw ? html`<button class="move draw-in-hand" data-move="draw" disabled=${busy} onClick=${() => act('draw')}>Draw a card</button>` : null}
        ${extra.map((m) => html`<button class="move" data-move=${m} disabled=${busy} onClick=${() => act(m)}>${m}</button>`)}</div>` : null}
    </div>` : null}
  </div>`;
}

/** What a turn asks of this seat, for the notification. */
export function turnWhat(state) {
  const phase = state.view.phase;
  if (phase === 'give') return 'give the first player a card';
  if (phase === 'name') return 'name a number';
  return (state.legal || []).some((m) => m.startsWith('play ')) ? 'play a card or draw' : 'draw a card';
}

/** Each player's deals won, the points they brought, and the cards left in hand at the end. */
export function breakdown(state, log) {
  const seats = state.seats.map((s) => s.seat);
  const won = seats.map(() => 0);
  const points = seats.map(() => 0);
  for (const e of log) {
    if (e.kind === 'deal_end' && e.player !== null && e.player !== undefined) {
      won[e.player] += 1;
      points[e.player] += e.points || 0;
    }
  }
  const left = (state.view.table || {}).hand_sizes || [];
  return {
    columns: [{ label: 'Deals won' }, { label: 'Points from others’ hands', help: 'a deal’s winner scores the cards left in the other hands' },
      { label: 'Cards left' }],
    rows: seats.map((s) => [won[s], points[s], left[s] ?? '–']),
    note: 'The winner of a deal scores the points of every card left in the other hands.',
  };
}

export function seatStatus() { return null; }
