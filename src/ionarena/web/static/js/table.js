// A table: the live connection (WebSocket, reconnecting), the game's board, players, moves and the
// log; the projector view is the same table as a spectator in large type, chemistry explained.
import {
  Log, Moves, Panel, SrOnly, Trophy, api, fmtScore, html, seatName, useCallback, useEffect, useRef, useState,
} from './common.js';
import { Breakdown } from './breakdown.js';
import { loadGame } from './games/index.js';
import { tableBus, useBusMessage } from './bus.js';
import { ChatDrawer } from './chat.js';
import { PresenceMark, Watching, usePresenceReport } from './presence.js';
import { RematchBar } from './rematch.js';
import { AlertsMenu, loadAlerts, useTurnSignals } from './turn.js';

const TOKEN_KEY = (id) => `ion.token.${id}`;

/** The seat token: from a seat link (`#token=…`, kept for next time) or from earlier on this browser. */
export function readToken(tableId) {
  const m = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (m) {
    const token = decodeURIComponent(m[1]);
    try { localStorage.setItem(TOKEN_KEY(tableId), token); } catch (_) { /* private mode */ }
    history.replaceState(null, '', location.pathname + location.search);
    return token;
  }
  try { return localStorage.getItem(TOKEN_KEY(tableId)); } catch (_) { return null; }
}

function saveToken(tableId, token) {
  try {
    if (token) localStorage.setItem(TOKEN_KEY(tableId), token);
    else localStorage.removeItem(TOKEN_KEY(tableId));
  } catch (_) { /* private mode */ }
}

/** Merge a state message's events into the log (a message with `since` -1 holds the whole game). */
function mergeLog(log, message) {
  const kept = log.filter((e) => e.version <= message.since);
  return kept.concat(message.events || []);
}

/** The live table: state, log, connection status, and `act`/`ask`. */
export function useTable(tableId, { token, spectator = false, realtime = false } = {}) {
  const [state, setState] = useState(null);
  const [log, setLog] = useState([]);
  const [conn, setConn] = useState('connecting');
  const [notice, setNotice] = useState(null);
  const [busy, setBusy] = useState(false);
  const [generation, setGeneration] = useState(0);
  const socket = useRef(null);
  const counter = useRef(0);
  const latest = useRef(null);
  const inFlight = useRef(null);
  const landed = () => {
    clearTimeout(inFlight.current);
    inFlight.current = null;
    setBusy(false);
  };

  useEffect(() => {
    let stopped = false;
    let retry = 0;
    let timer = null;
    const connect = () => {
      const url = new URL(`/api/tables/${encodeURIComponent(tableId)}/ws`, location.href);
      url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
      if (token && !spectator) url.searchParams.set('token', token);
      if (spectator) url.searchParams.set('token', '');
      const ws = new WebSocket(url);
      socket.current = ws;
      ws.onopen = () => { retry = 0; setConn('live'); tableBus.attach(ws); };
      ws.onmessage = (event) => {
        let message;
        try { message = JSON.parse(event.data); } catch (_) { return; }
        if (message.type === 'state') {
          message.received = performance.now();
          latest.current = message;
          setState(message);
          setLog((old) => mergeLog(old, message));
        } else if (message.type === 'ok') {
          landed();
        } else if (message.type === 'error') {
          landed();
          setNotice({ text: message.code === 409 ? 'The game moved on: choose again.' : message.detail, at: Date.now() });
        } else if (message.type === 'answer') {
          setNotice({ text: message.text, at: Date.now(), info: true });
        } else {
          tableBus.receive(message);  // chat, presence, rematch
        }
      };
      ws.onclose = (event) => {
        landed();
        if (stopped) return;
        if (event.code === 4404) { setConn('gone'); return; }
        if (event.code === 4403) {
          saveToken(tableId, null);
          setNotice({ text: 'This browser no longer holds a seat here; you are watching.', at: Date.now() });
          setConn('reconnecting');
          setTimeout(() => setGeneration((g) => g + 1), 200);
          return;
        }
        setConn('reconnecting');
        timer = setTimeout(connect, Math.min(4000, 250 * 2 ** retry));
        retry += 1;
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      if (socket.current) socket.current.close();
    };
  }, [tableId, token, spectator, generation]);

  /** Send a move. One at a time: while a move is in flight (until its answer, at most 4 s) another
   * is not sent, so a double-click plays one card, not one and then a stale second. */
  const act = useCallback((text) => {
    const ws = socket.current;
    const current = latest.current;
    if (!ws || ws.readyState !== 1 || !current) {
      setNotice({ text: 'Not connected yet: try again in a moment.', at: Date.now() });
      return;
    }
    if (inFlight.current !== null) return;
    counter.current += 1;
    setBusy(true);
    inFlight.current = setTimeout(landed, 4000);
    ws.send(JSON.stringify({ type: 'move', action: text, version: realtime ? null : current.version, id: counter.current }));
  }, [realtime]);

  const ask = useCallback((text) => {
    const ws = socket.current;
    if (ws && ws.readyState === 1) ws.send(JSON.stringify({ type: 'ask', text }));
  }, []);

  return { state, log, conn, notice, setNotice, busy, act, ask, reconnect: () => setGeneration((g) => g + 1) };
}

/** The game module (board and seat badges) for `game`. */
export function useGame(game) {
  const [module, setModule] = useState(null);
  useEffect(() => { loadGame(game).then(setModule); }, [game]);
  return module;
}

function resultText(state, game) {
  const view = state.view;
  if (!view.over) return null;
  const winners = view.winners || [];
  const note = game && game.resultNote ? game.resultNote(state) : '';
  if (!winners.length) return `The game ends without a winner.${note ? ` ${note}` : ''}`;
  const names = winners.map((s) => seatName(state, s));
  const text = names.length === 1 ? `${names[0]} wins!` : `${names.join(' and ')} share the win!`;
  return note ? `${text} ${note}` : text;
}

/** Is it this page's seat's turn (a move of its own to make now)? */
export function isMyTurn(state) {
  if (!state) return false;
  const seated = state.seat !== null && state.seat !== undefined;
  return seated && state.status === 'playing' && !state.over && (state.actors || []).includes(state.seat)
    && (state.legal || []).length > 0;
}

function Players({ state, game }) {
  const view = state.view;
  return html`<${Panel} title="Players" cls="players">
    <ol class="seat-list">${state.seats.map((info) => {
      const s = info.seat;
      const acting = view.actors.includes(s) && !view.over && state.status === 'playing';
      const winner = view.over && (view.winners || []).includes(s);
      return html`<li class=${`seat-row ${acting ? 'acting' : ''} ${s === state.seat ? 'mine' : ''} ${winner ? 'winner' : ''}`} data-seat=${s}
          aria-current=${acting ? 'true' : undefined}>
        <span class="seat-name">${acting ? html`<span class="turn-dot" aria-hidden="true"></span>` : null}${seatName(state, s)}<${PresenceMark} seat=${s} kind=${info.kind}/>${acting ? html`<${SrOnly}> (to move)</${SrOnly}>` : null}</span>
        <span class="seat-kind">${info.kind === 'bot' ? `bot · ${info.bot}` : info.kind === 'open' ? 'open seat' : ''}</span>
        ${game && game.seatStatus ? game.seatStatus(state, s) : null}
        <span class="seat-score">${winner ? html`<${Trophy}/> ` : ''}${fmtScore(view.scores[s])}</span>
      </li>`;
    })}</ol>
  </${Panel}>`;
}

function JoinBar({ tableId, state, onSeated }) {
  const [name, setName] = useState(() => { try { return localStorage.getItem('ion.name') || ''; } catch (_) { return ''; } });
  const [error, setError] = useState(null);
  const open = state.seats.filter((s) => s.kind === 'open' || (s.kind === 'bot' && s.takeover));
  if (state.seat !== null || state.over || !open.length) return null;
  const join = async (seat) => {
    setError(null);
    if (!name.trim()) { setError('Type your name first.'); return; }
    try {
      const answer = await api(`/api/tables/${tableId}/seats/${seat}`, { method: 'POST', body: { name: name.trim() } });
      try { localStorage.setItem('ion.name', name.trim()); } catch (_) { /* private mode */ }
      onSeated(answer.token);
    } catch (err) { setError(err.message); }
  };
  return html`<div class="join-bar">
    ${state.practice ? html`<p class="practice-note" role="note" style="flex-basis: 100%; margin: 0 0 .25rem"><strong>Practice deal</strong> (seed ${state.practice}):
      whoever made this table chose the cards, and can know every hand.</p>` : null}
    <span>You are watching. Take a seat:</span>
    <input placeholder="your name" value=${name} maxlength="32" aria-label="Your name" onInput=${(e) => setName(e.currentTarget.value)}/>
    ${open.map((s) => html`<button class="primary" data-join=${s.seat} onClick=${() => join(s.seat)}>Join as ${seatName(state, s.seat)}</button>`)}
    ${error ? html`<span class="error">${error}</span>` : null}
  </div>`;
}

const FILL_BOTS = [['medium', 'medium bots'], ['easy', 'easy bots'], ['hard', 'hard bots'], ['random', 'random bots']];

/** A seated person's "fill the empty seats with bots and start" (the table starts once no seat is open). */
function FillBar({ tableId, state, token, onError }) {
  const [bot, setBot] = useState('medium');
  const [busy, setBusy] = useState(false);
  const open = state.seats.filter((s) => s.kind === 'open');
  if (state.seat === null || state.seat === undefined || state.status !== 'waiting' || !open.length) return null;
  const fill = async () => {
    setBusy(true);
    try {
      for (const s of open) {
        await api(`/api/tables/${tableId}/seats/${s.seat}/bot`, { method: 'POST', token, body: { bot } });
      }
    } catch (err) {
      if (err.status !== 422) onError(err.message);  // 422: someone took that seat meanwhile
    } finally { setBusy(false); }
  };
  return html`<div class="join-bar fill-bar">
    <span>${open.length === 1 ? 'One seat is' : `${open.length} seats are`} still open.</span>
    <select aria-label="Which bots" value=${bot} onChange=${(e) => setBot(e.currentTarget.value)}>
      ${FILL_BOTS.map(([value, label]) => html`<option value=${value}>${label}</option>`)}
    </select>
    <button class="primary" data-fill="bots" disabled=${busy} onClick=${fill}>Fill the empty seats with bots and start</button>
  </div>`;
}

function Toast({ notice, clear }) {
  useEffect(() => {
    if (!notice) return undefined;
    const id = setTimeout(clear, notice.info ? 12000 : 5000);
    return () => clearTimeout(id);
  }, [notice && notice.at]);
  if (!notice) return null;
  return html`<div class=${`toast ${notice.info ? 'info' : 'error'}`} role="status" onClick=${clear}><pre>${notice.text}</pre></div>`;
}

function SeatLink({ tableId, token }) {
  const [shown, setShown] = useState(false);
  if (!token) return null;
  const link = `${location.origin}/t/${tableId}#token=${encodeURIComponent(token)}`;
  return html`<span class="seat-link">${shown
    ? html`<input readonly value=${link} onFocus=${(e) => e.currentTarget.select()} aria-label="Your seat link"/>
      <small>Keep it secret: it is your seat.</small>`
    : html`<button class="link" onClick=${() => setShown(true)}>your seat link</button>`}</span>`;
}

/** "Copy invite link": the table's address (never a seat token), for a friend to join or watch. */
function InviteButton({ tableId }) {
  const [done, setDone] = useState(null);
  const link = `${location.origin}/t/${tableId}`;
  const copy = async () => {
    let ok = false;
    try { await navigator.clipboard.writeText(link); ok = true; } catch (_) {
      const box = document.createElement('textarea');  // pages served over plain http on a LAN have no clipboard API
      box.value = link;
      box.setAttribute('readonly', '');
      box.style.position = 'fixed';
      box.style.opacity = '0';
      document.body.appendChild(box);
      box.select();
      try { ok = document.execCommand('copy'); } catch (__) { ok = false; }
      box.remove();
    }
    setDone(ok ? 'copied' : 'manual');
    setTimeout(() => setDone(null), 4000);
  };
  return html`<span class="invite">
    <button class="invite-button" type="button" onClick=${copy} data-testid="invite">${done === 'copied' ? 'Link copied ✓' : 'Copy invite link'}</button>
    ${done === 'manual' ? html`<input readonly value=${link} aria-label="Invite link" onFocus=${(e) => e.currentTarget.select()}/>` : null}
    <span class="sr-only" role="status">${done === 'copied' ? 'The invite link is copied.' : ''}</span>
  </span>`;
}

export function TablePage({ tableId, game }) {
  const [token, setToken] = useState(() => readToken(tableId));
  useEffect(() => {  // a seat's link opened in a tab already on this table changes only the hash
    const linked = () => { if (/(?:^#|&)token=/.test(location.hash)) setToken(readToken(tableId)); };
    addEventListener('hashchange', linked);
    return () => removeEventListener('hashchange', linked);
  }, [tableId]);
  const [alerts, setAlerts] = useState(loadAlerts);
  const [menu, setMenu] = useState(false);
  const module = useGame(game);
  const realtime = !!(module && module.realtime);
  const { state, log, conn, notice, setNotice, busy, act } = useTable(tableId, { token, realtime });
  usePresenceReport();
  const rematchFacts = useBusMessage('rematch');  // a rematch says itself whom it waits for
  const myTurn = isMyTurn(state);
  const said = useTurnSignals({
    myTurn, what: myTurn && module && module.turnWhat ? module.turnWhat(state) : '', prefs: alerts, tableId,
  });
  if (conn === 'gone') return html`<div class="doc-page"><h1>No such table</h1><p><a href="/">Back to the lobby</a></p></div>`;
  if (!state || !module) return html`<p class="loading">Connecting to the table…</p>`;
  const seated = state.seat !== null && state.seat !== undefined;
  const canAct = seated && state.status === 'playing' && !state.over;
  const moveAct = canAct ? act : null;
  const leave = async () => {
    if (!confirm('Leave your seat? A bot plays on for you.')) return;
    try { await api(`/api/tables/${tableId}/leave`, { method: 'POST', token }); } catch (err) { setNotice({ text: err.message, at: Date.now() }); }
    saveToken(tableId, null);
    setToken(null);
  };
  const seatedNow = (newToken) => { saveToken(tableId, newToken); setToken(newToken); };
  const { Board } = module;
  const title = state.title || state.view.game;
  const result = resultText(state, module);
  const words = module.words ? (event) => module.words(event, state) : null;
  return html`<div class=${`table-page game-${game} ${myTurn ? 'my-turn' : ''}`} data-version=${state.version} data-status=${state.status}>
    <div class="table-head">
      <h1>${title} <small>${state.view.variant}</small></h1>
      <span class=${`status status-${state.status}`}>${state.status === 'waiting' ? html`waiting<span class="wide-only"> for players</span>` : state.status}</span>
      <span class=${`conn conn-${conn}`} title="connection">${conn === 'live' ? html`●<span class="wide-only"> live</span>` : '○ reconnecting…'}</span>
      <${Watching}/>
      <span class="spacer"></span>
      <${ChatDrawer} tableId=${tableId} state=${state} token=${token}/>
      <button class="menu-toggle" type="button" aria-expanded=${menu ? 'true' : 'false'} aria-controls="table-menu"
        onClick=${() => setMenu(!menu)}>${menu ? 'Close' : 'Menu'}</button>
      <div class=${`head-links ${menu ? 'open' : ''}`} id="table-menu">
        <${InviteButton} tableId=${tableId}/>
        ${seated ? html`<${AlertsMenu} prefs=${alerts} setPrefs=${setAlerts}/>` : null}
        <a href=${`/rules/${game}`} target="_blank" rel="noopener" class="rules-link">Rules ↗</a>
        <a href=${`/t/${tableId}/projector`} target="_blank" rel="noopener">Projector view</a>
        ${seated ? html`<${SeatLink} tableId=${tableId} token=${token}/>` : null}
        ${seated && !state.over ? html`<button class="link" onClick=${leave}>Leave seat</button>` : null}
      </div>
    </div>
    <${JoinBar} tableId=${tableId} state=${state} onSeated=${seatedNow}/>
    <${FillBar} tableId=${tableId} state=${state} token=${token} onError=${(text) => setNotice({ text, at: Date.now() })}/>
    ${state.status === 'waiting' && !(rematchFacts && rematchFacts.of) ? html`<p class="phase-note" data-testid="waiting-note">The game starts when every seat is taken. Share this page's address: <span class="address">${location.origin}/t/${tableId}</span></p>` : null}
    ${state.status === 'adjourned' ? html`<p class="phase-note" data-testid="adjourned">This game is adjourned: nobody was at it for a while. It goes on when one of its players comes back.</p>` : null}
    ${result ? html`<div class="result-banner" data-testid="result"><strong>${result}</strong>
      <a href=${`/t/${tableId}/replay${seated ? `?seat=${state.seat}` : ''}`}>Replay move by move</a>
      <a href=${`/api/tables/${tableId}/record`} download>Download the record (JSON)</a>
      <${Breakdown} state=${state} log=${log} game=${module}/></div>` : null}
    <${RematchBar} tableId=${tableId} state=${state} token=${token}/>
    <div class="table-grid">
      <div class="board-col"><${Board} state=${state} act=${moveAct} busy=${busy} log=${log}/></div>
      <aside class="side-col">
        <${Players} state=${state} game=${module}/>
        ${canAct ? html`<${Moves} legal=${state.legal} act=${act} busy=${busy} costly=${module.costly}
          label=${module.moveLabel ? (m) => module.moveLabel(m, state) : null}/>` : null}
        <${Panel} title="What happened" cls="log-panel"><${Log} events=${log} words=${words}/></${Panel}>
      </aside>
    </div>
    <div class="sr-only" role="status" aria-live="polite" data-testid="turn-announcer">${said}</div>
    <${Toast} notice=${notice} clear=${() => setNotice(null)}/>
  </div>`;
}

/** The classroom's view: a spectator filling the screen in large type; each compound or molecule
 * explained; the scores always in sight. */
export function ProjectorPage({ tableId, game }) {
  const module = useGame(game);
  const { state, log, conn } = useTable(tableId, { spectator: true });
  if (conn === 'gone') return html`<h1>No such table</h1>`;
  if (!state || !module) return html`<p class="loading">Connecting…</p>`;
  const { Board } = module;
  const explained = log.filter((e) => e.explain);
  const last = explained[explained.length - 1];
  const result = resultText(state, module);
  const words = module.words ? (event) => module.words(event, state) : null;
  return html`<div class=${`projector-page game-${game}`} data-version=${state.version}>
    <div class="table-head"><h1>${state.title || state.view.game} <small>${state.view.variant}</small></h1>
      <span class=${`status status-${state.status}`}>${state.status}</span>
      <span class=${`conn conn-${conn}`}>${conn === 'live' ? '● live' : '○ reconnecting…'}</span>
      <span class="spacer"></span>
      <span class="projector-address">${location.host}/t/${tableId}</span></div>
    ${result ? html`<div class="result-banner"><strong>${result}</strong><${Breakdown} state=${state} log=${log} game=${module}/></div>` : null}
    <div class="projector-grid">
      <div class="board-col"><${Board} state=${state} act=${null} projector=${true} log=${log}/></div>
      <aside class="side-col">
        <${Players} state=${state} game=${module}/>
        ${last ? html`<section class="chemistry" data-testid="chemistry"><h2>Chemistry</h2><p>${last.text}</p>
          <p class="explain-big">${last.explain}</p></section>` : null}
        <${Panel} title="Move by move" cls="log-panel"><${Log} events=${log} big=${true} limit=${40} words=${words}/></${Panel}>
      </aside>
    </div>
  </div>`;
}
