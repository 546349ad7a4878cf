// Shared pieces of every page: preact + htm, the API, names, clocks, the log, the move panel,
// and element cards (compound, valence). Per-game drawing lives in games/<game>.js.
import { h, render } from 'preact';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import htm from 'htm';

export const html = htm.bind(h);
export { h, render, useCallback, useEffect, useMemo, useRef, useState };

/** Call the open API; throws an Error with `.status` and the server's one-sentence `.message`. */
export async function api(path, { method = 'GET', body, token, raw } = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method, headers, credentials: 'same-origin',
    body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
  });
  let data = null;
  try { data = await response.json(); } catch (_) { data = null; }
  if (!response.ok) {
    const error = new Error((data && data.detail) || response.statusText || 'request failed');
    error.status = response.status;
    error.data = data;
    throw error;
  }
  return data;
}

/** The name a page shows for a seat: the display name, "(you)" for the reader. */
export function seatName(state, seat) {
  if (seat === null || seat === undefined) return 'nobody';
  const names = state.names || [];
  const base = names[seat] || `Player ${seat}`;
  return seat === state.seat ? `${base} (you)` : base;
}

export function plural(n, noun, many) {
  return `${n} ${n === 1 ? noun : many || `${noun}s`}`;
}

export function fmtScore(x) {
  if (x === null || x === undefined) return '–';
  const text = Number.isInteger(x) ? String(Math.abs(x)) : Math.abs(x).toFixed(1);
  return x < 0 ? `−${text}` : text;  // a minus sign, never a hyphen that reads as a dash
}

/** True while the table's game is being played (not waiting for players, adjourned or over): only
 * then is anyone "to move". A state without a status (a replay's frame) counts as played. */
export function inPlay(state) {
  return !state.status || state.status === 'playing';
}

/** Re-render every `ms` milliseconds while `active` (for clocks). */
export function useTick(ms, active = true) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return undefined;
    const id = setInterval(() => setTick((t) => t + 1), ms);
    return () => clearInterval(id);
  }, [ms, active]);
}

/** Seconds left until the state's deadline (counted on this page's clock from when it arrived). */
export function secondsLeft(state) {
  const clock = state && state.clock;
  if (!clock || clock.deadline_in === null || clock.deadline_in === undefined) return null;
  const elapsed = (performance.now() - (state.received || performance.now())) / 1000;
  return Math.max(0, clock.deadline_in - elapsed);
}

/** A timed game's clock (game seconds) now, from the state's `game_now` and the time since it came. */
export function gameNow(state) {
  const clock = state && state.clock;
  if (!clock || clock.game_now === null || clock.game_now === undefined) return null;
  if (state.over || state.status !== 'playing') return clock.game_now;
  return clock.game_now + (performance.now() - (state.received || performance.now())) / 1000;
}

/** A ring clock: seconds left of `total`; urgent near the end, `last-second` (red, pulsing) in its
 * last second, so a timeout never comes unannounced. */
export function Clock({ left, total, label, big }) {
  if (left === null || left === undefined) return null;
  const fraction = total ? Math.max(0, Math.min(1, left / total)) : 1;
  const r = 26;
  const circumference = 2 * Math.PI * r;
  const urgent = left < Math.min(5, (total || 10) * 0.34);
  const last = left > 0 && left <= 1;
  return html`<div class="clock-wrap"><div class=${`clock ${urgent ? 'urgent' : ''} ${last ? 'last-second' : ''} ${big ? 'big' : ''}`}
      role="timer" aria-label=${label || 'time left'} data-left=${left.toFixed(1)}>
    <svg viewBox="0 0 64 64" aria-hidden="true">
      <circle cx="32" cy="32" r=${r} class="clock-track"/>
      <circle cx="32" cy="32" r=${r} class="clock-arc" stroke-dasharray=${`${circumference * fraction} ${circumference}`}
        transform="rotate(-90 32 32)"/>
    </svg>
    <span class="clock-text">${left >= 10 ? Math.ceil(left) : left.toFixed(1)}</span>
  </div>${label ? html`<span class="clock-label">${label}</span>` : null}</div>`;
}

/** `m:ss` of a number of seconds (rounded up, so 0:00 means it is over). */
export function mmss(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The trophy of a winner, drawn (an emoji needs a font a projector's browser may not have). */
export function Trophy({ label = 'winner' }) {
  return html`<svg class="trophy" viewBox="0 0 24 24" role="img" aria-label=${label}>
    <path d="M7 3h10v3h3.5v2.2A4.8 4.8 0 0 1 16.4 13 5.6 5.6 0 0 1 13 15.3V18h3v3H8v-3h3v-2.7A5.6 5.6 0 0 1 7.6 13
      4.8 4.8 0 0 1 3.5 8.2V6H7V3zm0 5H5.5v.2A2.8 2.8 0 0 0 7.3 10.8 7 7 0 0 1 7 9V8zm10 0v1c0 .6-.1 1.2-.3 1.8a2.8 2.8 0 0 0 1.8-2.6V8H17z"/>
  </svg>`;
}

/** Text only a screen reader reads. */
export function SrOnly({ children }) {
  return html`<span class="sr-only">${children}</span>`;
}

/** The log in words: every event the seat may see, newest last; chemistry explained below a line.
 * `words(event)`, when given, may reword an event for this page (null keeps the presenter's). A
 * polite live region: a screen reader reads each move as it happens ("your turn" has its own). */
export function Log({ events, big, limit, words }) {
  const box = useRef(null);
  const shown = limit ? events.slice(-limit) : events;
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [events.length]);
  return html`<ol class=${`log ${big ? 'big' : ''}`} ref=${box} aria-live="polite" data-testid="log" aria-label="What happened" tabindex="0">
    ${shown.map((e, i) => html`<li key=${`${e.version}-${i}`} class=${`ev ev-${e.kind}`} data-version=${e.version}>
      <span class="ev-text">${(words && words(e)) || e.text}</span>
      ${e.explain ? html`<span class="ev-explain">⚗ ${e.explain}</span>` : null}
    </li>`)}
  </ol>`;
}

/** A move that costs something asks twice: the first tap arms it ("Really? …"), the second, within
 * `ms`, sends it. Non-blocking, unlike `confirm()`, so a running clock is never frozen behind a dialog. */
export function useArmed(ms = 2500) {
  const [armed, setArmed] = useState(null);
  useEffect(() => {
    if (armed === null) return undefined;
    const id = setTimeout(() => setArmed(null), ms);
    return () => clearTimeout(id);
  }, [armed]);
  const press = (move, go) => {
    if (armed === move) { setArmed(null); go(); } else setArmed(move);
  };
  return { armed, press };
}

/** Every legal move as a button (grouped by their first word), and a box to type one. `costly` maps a
 * move to what it costs (it then asks twice); `label(move)` may word a move (its text stays the
 * button's `data-move`). */
export function Moves({ legal, act, busy, hint, costly, label }) {
  const [text, setText] = useState('');
  const { armed, press } = useArmed();
  const groups = useMemo(() => {
    const out = new Map();
    for (const move of legal || []) {
      const first = move.split(' ')[0];
      const key = /^[a-z]/i.test(first) ? first : 'play';
      if (!out.has(key)) out.set(key, []);
      out.get(key).push(move);
    }
    return [...out.entries()];
  }, [legal]);
  if (!act) return null;
  const submit = (event) => {
    event.preventDefault();
    const move = text.trim();
    if (!move) return;
    act(move);
    setText('');
  };
  const button = (m) => {
    const cost = costly && costly[m];
    const onClick = cost ? () => press(m, () => act(m)) : () => act(m);
    const shown = label ? label(m) : m;
    return html`<button class=${`move ${cost ? 'costly' : ''} ${armed === m ? 'armed' : ''}`} data-move=${m}
        disabled=${busy} onClick=${onClick} title=${cost ? `${m}: ${cost}` : m}>
      ${armed === m ? `Really ${shown}? ${cost}` : shown}</button>`;
  };
  return html`<section class="moves" aria-label="Your moves">
    <h3>Your moves ${hint ? html`<small>${hint}</small>` : null}</h3>
    ${legal && legal.length ? groups.map(([key, moves]) => (moves.length > 18
      ? html`<details class="move-group"><summary>${key} … (${moves.length})</summary>
          <div class="move-buttons">${moves.map(button)}</div>
        </details>`
      : html`<div class="move-buttons">${moves.map(button)}</div>`))
      : html`<p class="muted">Nothing to do right now.</p>`}
    <form class="type-move" onSubmit=${submit}>
      <input list="legal-moves" name="move" placeholder="or type a move…" autocomplete="off" value=${text}
        onInput=${(e) => setText(e.currentTarget.value)} aria-label="Type a move"/>
      <datalist id="legal-moves">${(legal || []).map((m) => html`<option value=${m}/>`)}</datalist>
      <button type="submit" disabled=${busy || !text.trim()}>Play</button>
    </form>
  </section>`;
}

// -- element cards (compound, valence) ------------------------------------------------------------

const SUPERSCRIPT = { '-': '⁻', '+': '⁺', 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };

/** A charge as a chemist writes it: 2+, 1−, 0. */
export function chargeText(charge) {
  if (charge === undefined || charge === null) return '';
  if (charge === 0) return '0';
  return `${Math.abs(charge)}${charge > 0 ? '+' : '−'}`;
}

export function superscript(text) {
  return String(text).split('').map((c) => SUPERSCRIPT[c] || c).join('');
}

/** A formula with its digits as subscripts: Mg(OH)2 -> Mg(OH)₂. */
export function Formula({ text }) {
  const parts = [];
  const re = /(\d+)|([^\d]+)/g;
  let m;
  let k = 0;
  while ((m = re.exec(String(text || ''))) !== null) {
    parts.push(m[1] ? html`<sub key=${k++}>${m[1]}</sub>` : html`<span key=${k++}>${m[2]}</span>`);
  }
  return html`<span class="formula">${parts}</span>`;
}

/** One element card: category colour, symbol, charge or valence, points, name. */
export function ElementCard({ token, face, onClick, selected, playable, small, title, label, disabled, cls }) {
  const f = face || {};
  const category = f.category || 'unknown';
  const charge = f.charge !== undefined ? chargeText(f.charge)
    : f.charges ? f.charges.map(chargeText).join('/') : f.valence !== undefined ? `v${f.valence}` : '';
  const points = Array.isArray(f.points) ? f.points.join('/') : f.points;
  const classes = ['ecard', `cat-${category}`, small ? 'small' : '', selected ? 'selected' : '',
    playable ? 'playable' : '', onClick ? 'clickable' : '', cls || ''].join(' ');
  const Tag = onClick ? 'button' : 'div';
  return html`<${Tag} class=${classes} onClick=${onClick} data-card=${token} disabled=${onClick ? !!disabled : undefined}
      title=${title || (f.name ? `${f.name}${charge ? ` (${charge})` : ''}${points !== undefined ? `, ${points} points` : ''}` : token)}>
    <span class="ecard-charge">${charge}</span>
    <span class="ecard-symbol"><${Formula} text=${f.symbol || token}/></span>
    <span class="ecard-name">${label || f.name || ''}</span>
    ${points !== undefined ? html`<span class="ecard-points">${points}</span>` : null}
    ${f.decay ? html`<span class="ecard-points">☢${f.decay}</span>` : null}
  </${Tag}>`;
}

/** The catalogue of a game's card faces (fetched once per page). */
const catalogues = new Map();

/** The catalogue of `game` if this page has fetched it already (else empty): for words outside a board. */
export function catalogueOf(game) {
  return catalogues.get(game) || {};
}

export function useCatalogue(game) {
  const [cards, setCards] = useState(catalogues.get(game) || {});
  useEffect(() => {
    if (!game || catalogues.has(game)) return;
    api(`/api/games/${encodeURIComponent(game)}/cards`).then((data) => {
      catalogues.set(game, data || {});
      setCards(data || {});
    }).catch(() => catalogues.set(game, {}));
  }, [game]);
  return cards;
}

/** A titled box. */
export function Panel({ title, children, cls }) {
  return html`<section class=${`panel ${cls || ''}`}>${title ? html`<h3>${title}</h3>` : null}${children}</section>`;
}
