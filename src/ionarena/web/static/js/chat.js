// The table chat: a drawer (a bottom sheet on a phone) with the lines of the rooms this page may
// read, quick phrases a thumb can reach, and a line to type. Lines are shown as typed: text, never
// markup. The server decides who reads what (players' room, spectators' room); this only shows it.
import { api, html, useEffect, useRef, useState } from './common.js';
import { tableBus } from './bus.js';

export const MAX_TEXT = 280;
const PHRASES = ['Good game!', 'Well played!', 'Your turn', 'One moment…', 'Thanks!', 'Oops!', 'Hello!'];
const WATCHER_PHRASES = ['Nice move!', 'Good game!', 'Well played!', 'Hello!', 'Wow!'];
const GAME_PHRASES = { bank: ['Anyone selling?', "I'll buy", 'Deal?', 'No deal'] };
const ROOM_NAMES = { players: 'Players', spectators: 'Spectators' };
// a speech bubble drawn here (an emoji needs an emoji font, which many machines lack)
const BUBBLE = html`<svg class="chat-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
  <path d="M4 4h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-9l-5 4v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" fill="currentColor"/>
  <circle cx="8" cy="10.5" r="1.3" fill="#14213d"/><circle cx="12" cy="10.5" r="1.3" fill="#14213d"/><circle cx="16" cy="10.5" r="1.3" fill="#14213d"/></svg>`;

// every line this page has been sent, kept whether or not the drawer is open
const chat = { lines: [], rooms: [], spectators: false, unread: 0, latest: null, open: false };
const watchers = new Set();

function changed() { watchers.forEach((fn) => fn({ ...chat })); }

function add(line, fresh) {
  if (chat.lines.some((l) => l.id === line.id)) return;
  chat.lines = chat.lines.concat([line]).sort((a, b) => a.id - b.id).slice(-400);
  if (fresh && !chat.open) { chat.unread += 1; chat.latest = line; }
}

tableBus.on('chat', (message) => {
  if (message.history) {
    chat.lines = [];
    chat.rooms = message.rooms || [];
    chat.spectators = !!message.spectators;
  }
  (message.lines || []).forEach((line) => add(line, !message.history));
  changed();
});

function useChat() {
  const [state, setState] = useState({ ...chat });
  useEffect(() => {
    watchers.add(setState);
    setState({ ...chat });  // what came between the first render and now
    return () => watchers.delete(setState);
  }, []);
  return state;
}

function storedName() {
  try { return localStorage.getItem('ion.name') || ''; } catch (_) { return ''; }
}

function ChatLine({ line, mine }) {
  return html`<li class=${`chat-line ${mine ? 'mine' : ''} room-${line.room}`} data-id=${line.id} data-room=${line.room}>
    <span class="chat-who">${line.name}${line.seat === null ? html`<small> (watching)</small>` : ''}</span>
    <span class="chat-text">${line.text}</span>
  </li>`;
}

/** The chat button (with unread lines and the newest line's preview) and its drawer. */
export function ChatDrawer({ tableId, state, token }) {
  const talk = useChat();
  const [open, setOpen] = useState(false);
  const [room, setRoom] = useState(null);
  const [text, setText] = useState('');
  const [name, setName] = useState(storedName);
  const [error, setError] = useState(null);
  const [sending, setSending] = useState(false);
  const list = useRef(null);
  const input = useRef(null);
  const seated = state.seat !== null && state.seat !== undefined;
  const mine = seated ? 'players' : (talk.spectators ? 'spectators' : null);
  const rooms = talk.rooms.length ? talk.rooms : (mine ? [mine] : []);
  const shownRoom = rooms.includes(room) ? room : (rooms.includes(mine) ? mine : rooms[0]);
  const shown = talk.lines.filter((l) => l.room === shownRoom);
  const canWrite = mine !== null && shownRoom === mine;

  useEffect(() => {
    chat.open = open;
    if (open) {
      chat.unread = 0;
      chat.latest = null;
      changed();
      if (input.current && matchMedia('(pointer: fine)').matches) input.current.focus();  // no keyboard pop-up on a phone
    }
  }, [open]);
  useEffect(() => { if (list.current) list.current.scrollTop = list.current.scrollHeight; }, [shown.length, open, shownRoom]);
  useEffect(() => {
    if (!talk.latest) return undefined;
    const id = setTimeout(() => { chat.latest = null; changed(); }, 5000);
    return () => clearTimeout(id);
  }, [talk.latest && talk.latest.id]);
  if (!rooms.length && !mine) return null;

  const say = async (line) => {
    const said = (line || '').trim();
    if (!said || sending) return;
    setError(null);
    if (!seated && !name.trim()) { setError('Type your name first: spectators chat under a name.'); return; }
    setSending(true);
    try {
      const body = seated ? { text: said } : { text: said, name: name.trim() };
      const answer = await api(`/api/tables/${tableId}/chat`, { method: 'POST', token: seated ? token : null, body });
      if (!seated) { try { localStorage.setItem('ion.name', name.trim()); } catch (_) { /* private mode */ } }
      add(answer, false);
      changed();
      if (!line || line === text) setText('');
    } catch (err) {
      setError(err.message);
    } finally {
      setSending(false);
    }
  };
  const toggleSpectators = async (event) => {
    const wanted = event.currentTarget.checked;
    try {
      await api(`/api/tables/${tableId}/chat/spectators`, { method: 'PUT', token, body: { open: wanted } });
    } catch (err) { setError(err.message); }
  };
  const phrases = seated ? PHRASES.concat(GAME_PHRASES[state.game] || []) : WATCHER_PHRASES;
  const submit = (event) => { event.preventDefault(); say(text); };
  const meSeat = seated ? state.seat : null;
  return html`<div class=${`chat ${open ? 'chat-open' : ''}`} data-testid="chat">
    ${!open && talk.latest ? html`<button class="chat-preview" onClick=${() => setOpen(true)} aria-label="Open the chat">
      <b>${talk.latest.name}</b>: ${talk.latest.text}</button>` : null}
    <button class="chat-toggle" aria-expanded=${open} aria-controls="chat-drawer" onClick=${() => setOpen(!open)}
        data-testid="chat-toggle">
      ${BUBBLE}<span class="chat-word">Chat</span>${talk.unread ? html` <span class="chat-unread" data-unread=${talk.unread}>${talk.unread}</span>` : null}
    </button>
    ${open ? html`<section id="chat-drawer" class="chat-drawer" role="dialog" aria-label="Table chat"
        onKeyDown=${(e) => { if (e.key === 'Escape') setOpen(false); }}>
      <div class="chat-head">
        <h2>Table chat</h2>
        ${rooms.length > 1 ? html`<div class="chat-rooms" role="tablist">${rooms.map((r) => html`<button role="tab"
            aria-selected=${r === shownRoom} class=${r === shownRoom ? 'chosen' : ''} data-room=${r}
            onClick=${() => setRoom(r)}>${ROOM_NAMES[r] || r}</button>`)}</div>` : null}
        <button class="chat-close" onClick=${() => setOpen(false)} aria-label="Close the chat">✕</button>
      </div>
      ${seated ? html`<label class="chat-setting"><input type="checkbox" checked=${talk.spectators}
          onChange=${toggleSpectators} data-testid="spectator-chat"/> let spectators chat (in a room of their own)</label>` : null}
      <ol class="chat-lines" ref=${list} aria-live="polite" data-room=${shownRoom}>
        ${shown.length ? shown.map((l) => html`<${ChatLine} key=${l.id} line=${l} mine=${l.room === 'players' ? l.seat === meSeat && meSeat !== null : false}/>`)
          : html`<li class="chat-empty muted">${shownRoom === 'spectators' ? 'No spectator has said anything yet.' : 'Nothing said yet.'}</li>`}
      </ol>
      ${canWrite ? html`<div class="chat-phrases" aria-label="Quick phrases">
          ${phrases.map((p) => html`<button class="chat-phrase" disabled=${sending} onClick=${() => say(p)}>${p}</button>`)}
        </div>
        <form class="chat-form" onSubmit=${submit}>
          ${!seated ? html`<input class="chat-name" value=${name} maxlength="32" placeholder="your name"
              aria-label="Your name" onInput=${(e) => setName(e.currentTarget.value)}/>` : null}
          <input ref=${input} class="chat-input" value=${text} maxlength=${MAX_TEXT} placeholder="Say something…"
            aria-label="Chat line" autocomplete="off" enterkeyhint="send" onInput=${(e) => setText(e.currentTarget.value)}/>
          <button class="primary" type="submit" disabled=${sending || !text.trim()}>Send</button>
        </form>`
      : html`<p class="chat-note muted">${mine === null ? "The spectators' chat is closed at this table." : 'You read this room; you write in yours.'}</p>`}
      ${error ? html`<p class="chat-error error" role="alert">${error}</p>` : null}
    </section>` : null}
  </div>`;
}

/** The chat lines said by the time of a replay's frame (a finished table's, as the reader may read). */
export function ReplayChat({ tableId, version }) {
  const [lines, setLines] = useState(null);
  useEffect(() => {
    let token = null;
    try { token = localStorage.getItem(`ion.token.${tableId}`); } catch (_) { token = null; }
    api(`/api/tables/${tableId}/chat`, { token }).then((data) => setLines(data.lines || []))
      .catch(() => api(`/api/tables/${tableId}/chat`).then((data) => setLines(data.lines || [])).catch(() => setLines([])));
  }, [tableId]);
  if (!lines || !lines.length) return null;
  const said = lines.filter((l) => l.version <= version);
  return html`<section class="panel chat-replay" data-testid="replay-chat"><h3>Chat</h3>
    ${said.length ? html`<ol class="chat-lines">${said.map((l) => html`<${ChatLine} key=${l.id} line=${l}/>`)}</ol>`
      : html`<p class="muted">Nothing said yet at this point.</p>`}
  </section>`;
}
