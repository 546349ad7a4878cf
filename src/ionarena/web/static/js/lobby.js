// The lobby: make a table (game, variant, players, who sits where, public or by invite, clocks),
// join an open seat, watch, and find running and finished tables.
import { api, html, useEffect, useState } from './common.js';

const BOTS = [
  ['bot:easy', 'Bot · easy'], ['bot:medium', 'Bot · medium'], ['bot:hard', 'Bot · hard'],
  ['bot:random', 'Bot · random'],
];

/** Options a table made here starts with (each still editable): bank gets a countdown before each
 * round, so its 3-second clock never starts by surprise. */
const LOBBY_DEFAULTS = { bank: { countdown: 3 } };
/** "New to bank?": the move time a beginner gets instead of the rulebook's 3 seconds. */
const BEGINNER_MOVE_TIME = 6;

function defaultSeats(count) {
  return Array.from({ length: count }, (_, i) => (i === 0 ? 'me' : 'bot:medium'));
}

function OptionField({ option, value, set }) {
  const id = `opt-${option.name}`;
  if (option.type === 'bool') {
    return html`<label class="field check" title=${option.help}><input id=${id} type="checkbox" checked=${value ?? option.default}
      onChange=${(e) => set(e.currentTarget.checked)}/> ${option.name.replaceAll('_', ' ')}</label>`;
  }
  if (option.choices) {
    return html`<label class="field" title=${option.help}>${option.name.replaceAll('_', ' ')}
      <select id=${id} value=${value ?? option.default} onChange=${(e) => set(e.currentTarget.value)}>
        ${option.choices.map((c) => html`<option value=${c}>${c}</option>`)}</select></label>`;
  }
  return html`<label class="field" title=${option.help}>${option.name.replaceAll('_', ' ')}
    <input id=${id} type=${option.type === 'str' ? 'text' : 'number'} step=${option.type === 'float' ? 'any' : '1'}
      min=${option.min ?? undefined} max=${option.max ?? undefined} placeholder=${String(option.default ?? '')}
      value=${value ?? ''} onInput=${(e) => set(e.currentTarget.value === '' ? undefined
        : option.type === 'str' ? e.currentTarget.value : Number(e.currentTarget.value))}/>
    <small>${option.help}</small></label>`;
}

function NewTable({ games }) {
  const [gameId, setGameId] = useState('dots');
  const game = games.find((g) => g.id === gameId) || games[0];
  const [variant, setVariant] = useState(null);
  const [players, setPlayers] = useState(null);
  const [seats, setSeats] = useState(null);
  const [name, setName] = useState(() => { try { return localStorage.getItem('ion.name') || ''; } catch (_) { return ''; } });
  const [isPublic, setPublic] = useState(true);
  const [moveLimit, setMoveLimit] = useState('');
  const [options, setOptions] = useState(() => ({ ...(LOBBY_DEFAULTS.dots || {}) }));
  const [seed, setSeed] = useState('');
  const [error, setError] = useState(null);
  const [working, setWorking] = useState(false);
  if (!game) return null;
  const count = players ?? game.default_players;
  const plan = seats && seats.length === count ? seats : defaultSeats(count);
  const chooseGame = (id) => { setGameId(id); setVariant(null); setPlayers(null); setSeats(null); setOptions({ ...(LOBBY_DEFAULTS[id] || {}) }); };
  const beginner = game.id === 'bank' && options.move_time === BEGINNER_MOVE_TIME;
  const setBeginner = (on) => {
    const next = { ...options };
    if (on) next.move_time = BEGINNER_MOVE_TIME; else delete next.move_time;
    setOptions(next);
  };
  const setSeat = (i, value) => {
    const next = plan.map((s, j) => (j === i ? value : value === 'me' && s === 'me' ? 'open' : s));
    setSeats(next);
  };
  const create = async (event) => {
    event.preventDefault();
    setError(null);
    const mine = plan.indexOf('me');
    if (mine >= 0 && !name.trim()) { setError('Type your name, or make every seat open or a bot to watch.'); return; }
    setWorking(true);
    try {
      const body = {
        game: game.id, variant: variant || game.default_variant, players: count,
        seats: plan.map((s) => (s === 'me' ? 'human' : s)),
        names: plan.map((s) => (s === 'me' ? name.trim() : null)),
        public: isPublic,
        options: Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined && v !== '')),
      };
      if (moveLimit && !game.timed) body.move_limit = Number(moveLimit);
      if (seed.trim()) {
        // as text: a seed has 64 bits, a JavaScript number keeps 53
        if (!/^\d{1,20}$/.test(seed.trim())) { setError('A seed is a whole number (digits only).'); setWorking(false); return; }
        body.seed = seed.trim();
      }
      const made = await api('/api/tables', { method: 'POST', body });
      try { localStorage.setItem('ion.name', name.trim()); } catch (_) { /* private mode */ }
      const token = mine >= 0 ? made.seats[mine].token : null;
      location.href = token ? `/t/${made.id}#token=${encodeURIComponent(token)}` : `/t/${made.id}`;
    } catch (err) {
      setError(err.message);
      setWorking(false);
    }
  };
  const range = [];
  for (let n = game.min_players; n <= Math.min(game.max_players, 10); n += 1) range.push(n);
  return html`<form class="new-table panel" onSubmit=${create} aria-label="New table">
    <h2>New table</h2>
    <div class="game-picker">${games.map((g) => html`<button type="button" class=${`game-tile ${g.id === game.id ? 'chosen' : ''}`}
        data-game=${g.id} onClick=${() => chooseGame(g.id)}>
      <b>${g.title}</b><small>${g.min_players}–${g.max_players} players · ${g.timed ? 'real time' : g.simultaneous ? 'simultaneous picks' : 'turns'}</small>
    </button>`)}</div>
    <p class="game-summary">${game.summary} <a href=${`/rules/${game.id}`} target="_blank" rel="noopener">Rules ↗</a></p>
    <div class="row">
      <label class="field">Variant <select name="variant" value=${variant || game.default_variant} onChange=${(e) => setVariant(e.currentTarget.value)}>
        ${game.variants.map((v) => html`<option value=${v}>${v}</option>`)}</select></label>
      <label class="field">Players <select name="players" value=${String(count)} onChange=${(e) => { setPlayers(Number(e.currentTarget.value)); setSeats(null); }}>
        ${range.map((n) => html`<option value=${String(n)}>${n}</option>`)}</select></label>
      <label class="field">Your name <input name="name" value=${name} maxlength="32" placeholder="e.g. Ada"
        onInput=${(e) => setName(e.currentTarget.value)}/></label>
    </div>
    <fieldset class="seats"><legend>Who sits where</legend>
      ${plan.map((s, i) => html`<label class="seat-choice">Seat ${i}
        <select name=${`seat-${i}`} value=${s} onChange=${(e) => setSeat(i, e.currentTarget.value)}>
          <option value="me">You</option>
          <option value="open">Open (a friend joins)</option>
          ${BOTS.map(([v, label]) => html`<option value=${v}>${label}</option>`)}
        </select></label>`)}
    </fieldset>
    <div class="row">
      <label class="field check"><input type="checkbox" checked=${isPublic} onChange=${(e) => setPublic(e.currentTarget.checked)}/>
        listed in the lobby (otherwise only people with the link find it)</label>
      ${game.timed ? null : html`<label class="field">Seconds per move <input type="number" min="1" max="86400" value=${moveLimit}
        placeholder="no limit" onInput=${(e) => setMoveLimit(e.currentTarget.value)}/></label>`}
    </div>
    ${game.id === 'bank' ? html`<label class="beginner" data-testid="new-to-bank">
      <input type="checkbox" name="new-to-bank" checked=${beginner} onChange=${(e) => setBeginner(e.currentTarget.checked)}/>
      <span><b>New to bank?</b> ${BEGINNER_MOVE_TIME} seconds a move instead of the rulebook's 3 (missing a move costs 1000 points).
        Every round starts after a ${options.countdown ?? 0}-second countdown.</span></label>` : null}
    ${game.options.length ? html`<details class="options" open=${game.timed}><summary>Game options</summary>
      <div class="row wrap">${game.options.map((o) => html`<${OptionField} option=${o} value=${options[o.name]}
        set=${(v) => setOptions({ ...options, [o.name]: v })}/>`)}</div></details>` : null}
    <details class="options"><summary>Seed</summary>
      <label class="field">Seed <input name="seed" inputmode="numeric" pattern="[0-9]*" value=${seed} placeholder="random" onInput=${(e) => setSeed(e.currentTarget.value)}/>
        <small>A chosen seed makes a practice deal: it gives away every hand, so everyone who joins is shown it.</small></label>
    </details>
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
    <button class="primary big" type="submit" disabled=${working}>${working ? 'Making the table…' : 'Start the table'}</button>
  </form>`;
}

function TableRow({ row, games }) {
  const game = games.find((g) => g.id === row.game);
  const names = row.seats ? row.seats.map((s) => (s.kind === 'open' ? 'open seat' : s.name || (s.bot ? `bot (${s.bot})` : `Player ${s.seat}`)))
    : row.names || [];
  const link = row.status === 'over' || row.status === 'abandoned' ? `/t/${row.id}/replay` : `/t/${row.id}`;
  const action = row.status === 'waiting' && row.open && row.open.length ? 'Join'
    : row.status === 'playing' ? 'Watch' : row.status === 'over' ? 'Replay' : 'Open';
  return html`<li class=${`table-row status-${row.status}`} data-table=${row.id}>
    <span class="tr-game"><b>${game ? game.title : row.game}</b> <small>${row.variant}</small>${row.practice
      ? html` <small class="practice" title=${`seed ${row.practice}: whoever made this table can know every hand`}>practice deal</small>` : null}</span>
    <span class="tr-names">${names.join(' · ')}</span>
    <span class=${`status status-${row.status}`}>${row.status}</span>
    <a class="button" href=${link}>${action}</a>
  </li>`;
}

function Tables({ games }) {
  const [data, setData] = useState({ tables: [], finished: [] });
  useEffect(() => {
    let live = true;
    const load = () => api('/api/tables').then((d) => { if (live) setData(d); }).catch(() => {});
    load();
    const id = setInterval(load, 3000);
    return () => { live = false; clearInterval(id); };
  }, []);
  const live = data.tables.filter((t) => t.status === 'waiting' || t.status === 'playing' || t.status === 'adjourned');
  const liveIds = new Set(live.map((t) => t.id));
  const active = [...live, ...(data.adjourned || []).filter((t) => !liveIds.has(t.id))];
  const shownIds = new Set(active.map((t) => t.id));
  const finished = [...data.tables.filter((t) => t.status === 'over'), ...data.finished]
    .filter((t) => (shownIds.has(t.id) ? false : (shownIds.add(t.id), true))).slice(0, 20);
  return html`<section class="panel tables" aria-label="Tables">
    <h2>Tables</h2>
    ${active.length ? html`<ul class="table-list">${active.map((r) => html`<${TableRow} row=${r} games=${games}/>`)}</ul>`
      : html`<p class="muted">No table is waiting or playing. Start one!</p>`}
    <h3>Finished</h3>
    ${finished.length ? html`<ul class="table-list">${finished.map((r) => html`<${TableRow} row=${r} games=${games}/>`)}</ul>`
      : html`<p class="muted">None yet.</p>`}
  </section>`;
}

export function LobbyPage() {
  const [games, setGames] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => { api('/api/games').then(setGames).catch((e) => setError(e.message)); }, []);
  if (error) return html`<p class="error">${error}</p>`;
  if (!games) return html`<p class="loading">Loading…</p>`;
  return html`<div class="lobby">
    <section class="hero"><h1>Four card games named Ion</h1>
      <p>Play with friends and bots in your browser, show a game to a class on a projector, step through finished games.
      Bots in any language can play too: <a href="/docs/api">the open API</a>.</p></section>
    <div class="lobby-grid"><${NewTable} games=${games}/><${Tables} games=${games}/></div>
  </div>`;
}
