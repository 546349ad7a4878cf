// Ion (bank): real time. The bank's charge gauge and pot, the move clock and the round clock,
// the turn order with teams, your hand of charge cards and your objects.
import { Clock, gameNow, html, plural, seatName, secondsLeft, useTick } from '../common.js';

function family(card) {
  const c = String(card || '');
  if (c.startsWith('±')) return 'bipolar';
  if (c.startsWith('+')) return 'plus';
  if (c.startsWith('-')) return 'minus';
  if (c.startsWith('=')) return 'neutral';
  return 'other';
}

function BankCard({ card, onClick }) {
  const cls = `bcard f-${family(card)} ${onClick ? 'clickable playable' : ''}`;
  return onClick
    ? html`<button class=${cls} data-card=${card} data-move=${card} onClick=${onClick}>${card}</button>`
    : html`<div class=${cls} data-card=${card}>${card}</div>`;
}

function Gauge({ charge, full }) {
  const span = Math.max(1, full || 10);
  const pos = Math.max(-span, Math.min(span, charge || 0));
  const pct = 50 + (pos / span) * 50;
  return html`<div class="gauge" role="meter" aria-valuemin=${-span} aria-valuemax=${span} aria-valuenow=${pos}
      aria-label="the bank's charge">
    <div class="gauge-track">
      <span class="gauge-end minus">−${span}</span>
      <div class="gauge-fill" style=${`left:${Math.min(50, pct)}%;width:${Math.abs(pct - 50)}%`}></div>
      <div class="gauge-zero"></div>
      <div class="gauge-needle" style=${`left:${pct}%`}><span>${pos > 0 ? `+${pos}` : pos}</span></div>
      <span class="gauge-end plus">+${span}</span>
    </div>
  </div>`;
}

export function seatStatus() { return null; }

export function Board({ state, act, projector }) {
  const view = state.view;
  const t = view.table || {};
  const legal = state.legal || [];
  const me = state.seat;
  useTick(100, !view.over && state.status === 'playing');
  const bank = t.bank || {};
  const now = gameNow(state);
  const moveLeft = secondsLeft(state);
  const roundLeft = t.round_ends_at !== null && t.round_ends_at !== undefined && now !== null
    ? Math.max(0, t.round_ends_at - now) : null;
  const phase = t.phase || view.phase;
  const everyone = Array.from({ length: view.players }, (_, s) => s);
  const order = t.order && t.order.length === view.players ? t.order : everyone;
  const turn = phase === 'play' && view.actors.length === 1 ? view.actors[0] : null;
  const hand = t.hand || (t.you && t.you.hand) || [];
  const inventory = t.inventory || (t.you && t.you.inventory) || {};
  const coins = t.coins !== undefined ? t.coins : t.you && t.you.coins;
  const teams = t.teams || [];
  return html`<div class=${`bank-board ${projector ? 'projector' : ''}`}>
    <div class="round-line">Round <b>${t.round || 0}</b> of ${t.rounds}${' · '}phase <b>${phase}</b>${' · '}team + <b>${(t.team_scores || {})['+'] ?? 0}</b>${' · '}team − <b>${(t.team_scores || {})['-'] ?? 0}</b></div>
    <div class="felt bank-felt">
      <div class="bank-vault">
        <div class="vault-title">The bank</div>
        <${Gauge} charge=${bank.charge} full=${bank.full_charge}/>
        <div class="pot">Pot <b>${bank.pot ?? 0}</b></div>
        ${bank.invincible_moves ? html`<div class="badge wait">invincible for ${plural(bank.invincible_moves, 'move')}</div>` : null}
      </div>
      <div class="bank-clocks">
        <${Clock} left=${moveLeft} total=${phase === 'play' ? (t.move_time || 3) : null}
          label=${phase === 'play' ? (turn === me ? 'your move' : 'move') : phase === 'shop' ? 'shop' : phase === 'lobby' ? 'start' : 'time'} big=${true}/>
        ${roundLeft !== null ? html`<div class="round-clock">round ends in <b>${Math.floor(roundLeft / 60)}:${String(Math.floor(roundLeft % 60)).padStart(2, '0')}</b></div>` : null}
      </div>
    </div>
    <div class="turn-order">${order.map((s) => html`<div class=${`bseat team-${teams[s] === '+' ? 'plus' : teams[s] === '-' ? 'minus' : 'none'} ${s === turn ? 'acting' : ''} ${s === me ? 'mine' : ''}`} data-seat=${s}>
      <div class="bseat-name">${s === turn ? html`<span class="turn-dot"></span>` : null}${seatName(state, s)}</div>
      <div class="bseat-meta">team ${teams[s] || '?'} · ${(t.scores || view.scores)[s]} pts</div>
      <div class="bseat-meta">${plural((t.cards || [])[s] || 0, 'card')} · ${plural((t.objects || [])[s] || 0, 'object')}${(t.quit || [])[s] ? ' · quit' : ''}</div>
    </div>`)}</div>
    ${me !== null && me !== undefined ? html`<div class="my-hand">
      <div class="hand-title">Your hand ${coins !== undefined ? html`· <b>${coins}</b> coins` : null}
        ${turn === me && !view.over ? html`<span class="your-turn">${act ? 'Your move!' : 'to move'}</span>` : null}</div>
      <div class="hand">${hand.map((c, i) => html`<${BankCard} key=${`${c}-${i}`} card=${c}
        onClick=${act && legal.includes(c) ? () => act(c) : null}/>`)}</div>
      ${Object.keys(inventory).length ? html`<div class="inventory"><span class="muted">Objects:</span>
        ${Object.entries(inventory).map(([k, n]) => html`<span class="chip">${k} × ${n}</span>`)}</div>` : null}
    </div>` : null}
  </div>`;
}

/** Real time: moves go to the game as it is (versions move while a person decides). */
export const realtime = true;
