// Ion (bank): real time. The bank's charge gauge and pot, the move clock (red in its last second)
// and the round clock in real seconds, a countdown before each round, a flash on every timeout,
// the turn order with teams, your hand, your objects (clickable), the shop, and `skip` asking twice.
import {
  Clock, SrOnly, fmtScore, gameNow, html, mmss, plural, seatName, secondsLeft, useArmed, useCatalogue, useEffect, useState, useTick,
} from '../common.js';
import { useHandFocus } from '../turn.js';
import { moveWords, objectName, objectOf, objectOfMove, teamName } from './bank-words.js';

export { breakdown, costly, resultNote, words } from './bank-words.js';

/** Real time: moves go to the game as it is (versions move while a person decides). */
export const realtime = true;

export function moveLabel(move, state) { return moveWords(move, state); }

function family(card) {
  const c = String(card || '');
  if (c.startsWith('±')) return 'bipolar';
  if (c.startsWith('+')) return 'plus';
  if (c.startsWith('-')) return 'minus';
  if (c.startsWith('=')) return 'neutral';
  return 'other';
}

function BankCard({ card, onClick, disabled }) {
  const cls = `bcard f-${family(card)} ${onClick ? 'clickable playable' : ''}`;
  return onClick
    ? html`<button class=${cls} data-card=${card} data-move=${card} onClick=${onClick} disabled=${disabled}>${card}</button>`
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
      <div class="gauge-needle" style=${`left:${pct}%`}><span>${pos > 0 ? `+${pos}` : fmtScore(pos)}</span></div>
      <span class="gauge-end plus">+${span}</span>
    </div>
  </div>`;
}

export function seatStatus() { return null; }

/** A flash for each timeout or skip that just happened (never for the history a page loads). */
function usePenaltyFlash(state) {
  const [flash, setFlash] = useState(null);
  useEffect(() => {
    if (state.since === undefined || state.since < 0) return undefined;
    const hit = (state.events || []).filter((e) => e.kind === 'timeout' || e.kind === 'skip');
    if (!hit.length) return undefined;
    const e = hit[hit.length - 1];
    setFlash({ seat: e.player, points: e.points, kind: e.kind, mine: e.player === state.seat, at: state.version });
    const id = setTimeout(() => setFlash(null), e.player === state.seat ? 2600 : 1600);
    return () => clearTimeout(id);
  }, [state.version]);
  return flash;
}

function PenaltyFlash({ flash, state }) {
  if (!flash) return null;
  const points = flash.points < 0 ? `−${-flash.points}` : `${flash.points}`;
  const what = flash.kind === 'skip' ? 'skipped' : 'ran out of time';
  return flash.mine
    ? html`<div class="penalty-flash mine" role="alert" data-testid="penalty-flash"><b>${flash.kind === 'skip' ? 'Skipped' : 'Time’s up!'}</b>
        <span class="penalty-points">${points} points</span></div>`
    : html`<div class="penalty-flash" data-testid="penalty-flash">${seatName(state, flash.seat)} ${what}: <b>${points}</b></div>`;
}

/** Before a round: the countdown (the lobby's or the shop's deadline, or the pause before a round's
 * first turn), in real seconds, big in its last seconds. */
function RoundCountdown({ state, phase, t, left }) {
  const view = state.view;
  if (view.over || left === null) return null;
  const next = phase === 'lobby' ? 1 : phase === 'shop' ? (t.round || 0) + 1 : t.round;
  const ready = phase === 'play' && !view.actors.length;
  if (phase !== 'lobby' && phase !== 'shop' && !ready) return null;
  const early = phase === 'lobby' ? 'or as soon as everyone has picked a team'
    : phase === 'shop' ? 'or as soon as everyone has left the shop' : 'get ready';
  const big = left <= 5;
  return html`<div class=${`round-countdown ${big ? 'big' : ''}`} role="timer" aria-live=${big ? 'assertive' : 'off'} data-testid="round-countdown">
    <span>Round ${next} starts in</span> <b>${big ? Math.ceil(left) : mmss(left)}</b>${big ? null : html` <small>(${early})</small>`}
  </div>`;
}

/** The last card played (who, what it did): the last move, highlighted. */
function LastPlay({ state, log }) {
  for (let i = (log || []).length - 1; i >= 0; i -= 1) {
    const e = log[i];
    if (e.kind === 'round_start' || e.kind === 'round_end') return null;
    if (e.kind === 'play') {
      return html`<div class="last-play" key=${e.version} data-testid="last-move">
        <span class=${`bcard mini f-${family(e.card)}`}>${e.card}${e.times > 1 ? `×${e.times}` : ''}</span>
        <span><b>${seatName(state, e.player)}</b>: ${e.before > 0 ? `+${e.before}` : fmtScore(e.before)} → ${e.charge > 0 ? `+${e.charge}` : fmtScore(e.charge)}</span>
      </div>`;
    }
  }
  return null;
}

/** Your objects: each a button when it can be used now (one move: at once; several: choose). */
function Inventory({ inventory, legal, act, busy, state }) {
  const [open, setOpen] = useState(null);
  const entries = Object.entries(inventory);
  if (!entries.length) return null;
  const usesOf = (token) => legal.filter((m) => objectOfMove(m) === token);
  return html`<div class="inventory" aria-label="Your objects">
    <span class="muted">Objects:</span>
    ${entries.map(([token, n]) => {
      const o = objectOf(token);
      const uses = act ? usesOf(token) : [];
      const label = html`${o ? html`<b>${o.symbol}</b> ${o.name}` : token} ×${n}`;
      const click = uses.length === 1 ? () => act(uses[0]) : uses.length > 1 ? () => setOpen(open === token ? null : token) : null;
      return click
        ? html`<button class="chip object playable" data-object=${token} title=${o ? o.help : token} disabled=${busy} onClick=${click}
            aria-expanded=${uses.length > 1 ? (open === token ? 'true' : 'false') : undefined}>${label}</button>`
        : html`<span class="chip object" data-object=${token} title=${o ? o.help : token}>${label}</span>`;
    })}
    ${open && act ? html`<div class="chooser" role="group" aria-label=${`Use ${objectName(open)}`}>
      <div class="move-buttons">${usesOf(open).map((m) => html`<button class="move" data-move=${m} disabled=${busy}
        onClick=${() => { setOpen(null); act(m); }}>${moveWords(m, state, true)}</button>`)}</div>
      <button class="link" onClick=${() => setOpen(null)}>cancel</button></div>` : null}
  </div>`;
}

/** The shop between rounds: what is on sale, offers from the others, your own offer, done. */
function Shop({ state, t, legal, act, busy }) {
  const shop = t.shop || {};
  const [deal, setDeal] = useState('');
  const deals = legal.filter((m) => m.startsWith('deal '));
  const oks = legal.filter((m) => m.startsWith('ok '));
  return html`<div class="shop" aria-label="The shop">
    <h4>The shop</h4>
    <div class="shop-items">${(shop.on_sale || []).map((item) => {
      const move = `buy ${item.object}`;
      const o = objectOf(item.object);
      return html`<button class="shop-item" data-move=${move} disabled=${!act || busy || !legal.includes(move)}
          title=${o ? o.help : item.name} onClick=${() => act(move)}>
        <b>${o ? o.symbol : item.object}</b> ${item.name} <span class="price">${item.price}¢</span></button>`;
    })}</div>
    ${(shop.offers || []).length ? html`<div class="offers">${shop.offers.map((offer) => {
      const move = `ok ${offer.seller}`;
      return html`<div class="offer">${seatName(state, offer.seller)} offers <b>${objectName(offer.object)}</b> for
        ${offer.units === '¢' ? `${offer.price}¢` : `${offer.price} × ${objectName(offer.units)}`}
        ${oks.includes(move) && act ? html`<button class="move" data-move=${move} disabled=${busy} onClick=${() => act(move)}>accept</button>` : null}</div>`;
    })}</div>` : null}
    ${deals.length && act ? html`<details class="make-offer"><summary>Offer one of your objects…</summary>
      <select aria-label="Your offer" value=${deal} onChange=${(e) => setDeal(e.currentTarget.value)}>
        <option value="">choose an offer</option>
        ${deals.map((m) => html`<option value=${m}>${moveWords(m, state)}</option>`)}</select>
      <button class="move" disabled=${busy || !deal} onClick=${() => act(deal)}>Offer</button></details>` : null}
  </div>`;
}

export function Board({ state, act, busy, log, projector }) {
  useCatalogue('bank');
  const handRef = useHandFocus();
  const { armed, press } = useArmed();
  const view = state.view;
  const t = view.table || {};
  const legal = state.legal || [];
  const me = state.seat;
  const flash = usePenaltyFlash(state);
  useTick(100, !view.over && state.status === 'playing');
  const bank = t.bank || {};
  const now = gameNow(state);
  const left = secondsLeft(state);
  const roundLeft = t.round_ends_at !== null && t.round_ends_at !== undefined && now !== null
    ? Math.max(0, t.round_ends_at - now) : null;
  const phase = view.over ? 'over' : (t.phase || view.phase);
  const everyone = Array.from({ length: view.players }, (_, s) => s);
  const order = t.order && t.order.length === view.players ? t.order : everyone;
  const turn = phase === 'play' && view.actors.length === 1 ? view.actors[0] : null;
  const hand = t.hand || [];
  const inventory = t.inventory || {};
  const coins = t.coins;
  const teams = t.teams || [];
  const seated = me !== null && me !== undefined;
  const myTurn = turn === me && seated && !!act;
  const teamMoves = legal.filter((m) => m.startsWith('team '));
  const phaseWords = { lobby: 'picking teams', play: 'playing', shop: 'the shop', over: 'over' }[phase] || phase;
  return html`<div class=${`bank-board ${projector ? 'projector' : ''} ${myTurn ? 'my-move' : ''}`}>
    <div class="round-line">${phase === 'lobby' ? html`<b>Picking teams</b> · ${plural(t.rounds || 0, 'round')} to play`
      : html`Round <b>${t.round || 0}</b> of ${t.rounds}${' · '}<b>${phaseWords}</b>`}${' · '}team + <b>${fmtScore((t.team_scores || {})['+'] ?? 0)}</b>${' · '}team − <b>${fmtScore((t.team_scores || {})['-'] ?? 0)}</b></div>
    <${RoundCountdown} state=${state} phase=${phase} t=${t} left=${left}/>
    <div class="felt bank-felt">
      <div class="bank-vault">
        <div class="vault-title">The bank</div>
        <${Gauge} charge=${bank.charge} full=${bank.full_charge}/>
        <div class="pot">Pot <b>${bank.pot ?? 0}</b></div>
        ${bank.invincible_moves ? html`<div class="badge wait">invincible for ${plural(bank.invincible_moves, 'move')}</div>` : null}
        <${LastPlay} state=${state} log=${log}/>
      </div>
      <div class="bank-clocks">
        ${phase === 'play' && turn !== null ? html`<${Clock} left=${left} total=${t.move_time || 3}
          label=${turn === me ? 'your move' : `${seatName(state, turn)} to move`} big=${true}/>` : null}
        ${roundLeft !== null && phase === 'play' && turn !== null ? html`<div class="round-clock">round ends in <b>${mmss(roundLeft)}</b></div>` : null}
      </div>
      <${PenaltyFlash} flash=${flash} state=${state}/>
    </div>
    <div class="turn-order" aria-label="Turn order">${order.map((s) => html`<div class=${`bseat team-${teams[s] === '+' ? 'plus' : teams[s] === '-' ? 'minus' : 'none'} ${s === turn ? 'acting' : ''} ${s === me ? 'mine' : ''}`}
        data-seat=${s} aria-current=${s === turn ? 'true' : undefined}>
      <div class="bseat-name">${s === turn ? html`<span class="turn-dot" aria-hidden="true"></span>` : null}${seatName(state, s)}${s === turn ? html`<${SrOnly}> (to move)</${SrOnly}>` : null}</div>
      <div class="bseat-meta"><span class="team-tag">${teamName(teams[s])}</span> · ${fmtScore((t.scores || view.scores)[s])} pts</div>
      <div class="bseat-meta">${plural((t.cards || [])[s] || 0, 'card')} · ${plural((t.objects || [])[s] || 0, 'object')}${(t.quit || [])[s] ? ' · quit' : ''}</div>
    </div>`)}</div>
    ${seated ? html`<div class="my-hand">
      <div class="hand-title">${phase === 'lobby' ? 'Pick your team' : html`Your hand ${coins !== undefined ? html`· <b>${coins}</b>¢ coins` : null}`}
        ${myTurn && !view.over ? html`<span class="your-turn">Your move!</span>` : null}</div>
      ${teamMoves.length && act ? html`<div class="team-pick">${teamMoves.map((m) => html`<button class="primary big" data-move=${m} disabled=${busy}
        onClick=${() => act(m)}>Join ${teamName(m.split(' ')[1])}</button>`)}</div>` : null}
      <div class="hand" ref=${handRef} tabindex="-1" aria-label="Your hand">${hand.map((c, i) => html`<${BankCard} key=${`${c}-${i}`} card=${c} disabled=${busy}
        onClick=${act && legal.includes(c) ? () => act(c) : null}/>`)}
        ${act && legal.includes('skip') ? html`<button class=${`move costly skip ${armed === 'skip' ? 'armed' : ''}`} data-move="skip" disabled=${busy}
          onClick=${() => press('skip', () => act('skip'))}>${armed === 'skip' ? 'Really skip? −1000' : 'skip (−1000)'}</button>` : null}
      </div>
      <${Inventory} inventory=${inventory} legal=${legal} act=${act} busy=${busy} state=${state}/>
      ${phase === 'shop' ? html`<${Shop} state=${state} t=${t} legal=${legal} act=${act} busy=${busy}/>` : null}
      ${act && legal.includes('done') ? html`<div class="extra-moves"><button class="move" data-move="done" disabled=${busy} onClick=${() => act('done')}>Leave the shop</button></div>` : null}
    </div>` : null}
  </div>`;
}

/** What a turn asks of this seat, for the notification. */
export function turnWhat(state) {
  return { lobby: 'pick a team', play: 'move now', shop: 'the shop is open' }[state.view.phase] || '';
}
