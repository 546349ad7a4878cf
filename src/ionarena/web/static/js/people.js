// The classes' live pages: a teacher's dashboard (students, seating, every table as a small live
// spectator board, pause/resume/end, moving a student) and a student's page (waiting, then their
// table, following them when the teacher moves them). Both read the classes API.
import { html, render, useEffect, useState } from './common.js';
import { TablePage, useGame, useTable } from './table.js';

const root = document.getElementById('people-app');
const { page, code } = root.dataset;
const csrfMeta = document.querySelector('meta[name="csrf-token"]');
const CSRF = csrfMeta ? csrfMeta.content : '';

/** Call the classes API as this browser (its cookies; its CSRF token on changes). */
async function call(path, { method = 'GET', body } = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') headers['X-CSRF-Token'] = CSRF;
  const response = await fetch(path, {
    method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try { data = await response.json(); } catch (_) { data = null; }
  if (!response.ok) {
    const error = new Error((data && data.detail) || response.statusText);
    error.status = response.status;
    throw error;
  }
  return data;
}

/** Poll `path` every `ms` milliseconds; returns [data, error, reload]. */
function usePoll(path, ms) {
  const [data, setData] = useState(null);
  const [error, setError] = useState(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    const load = () => call(path).then((d) => { if (live) { setData(d); setError(null); } })
      .catch((e) => { if (live) setError(e); });
    load();
    const id = setInterval(load, ms);
    return () => { live = false; clearInterval(id); };
  }, [path, ms, tick]);
  return [data, error, () => setTick((t) => t + 1), setData];
}

// -- the teacher's dashboard ----------------------------------------------------------------------

function MiniBoard({ table }) {
  const module = useGame(table.game);
  const { state } = useTable(table.id, { spectator: true });
  if (!state || !module) return html`<p class="muted">Connecting…</p>`;
  const { Board } = module;
  return html`<div class="mini-board" aria-hidden="true"><${Board} state=${state} act=${null}/></div>`;
}

function TableCard({ table }) {
  const names = table.seats.map((s) => html`<span class=${s.kind}>${s.name}</span>`);
  return html`<article class=${`class-table ${table.paused ? 'paused' : ''}`} data-table=${table.number} data-status=${table.status}>
    <div class="class-table-head">
      <h3>Table ${table.number}</h3>
      <span class="muted">${table.game} · ${table.variant}</span>
      <span class=${`status status-${table.status}`}>${table.paused ? 'paused' : table.status}</span>
      <span class="spacer"></span>
      <span class="table-links"><a href=${table.projector} target="_blank" rel="noopener">Projector view</a>
        · <a href=${table.url} target="_blank" rel="noopener">Open</a></span>
    </div>
    <div class="names">${names.map((n, i) => html`${i ? ' · ' : ''}${n}`)}</div>
    <${MiniBoard} table=${table}/>
  </article>`;
}

function SeatForm({ games, waiting, onDone, onError }) {
  const [gameId, setGameId] = useState('compound');
  const game = games.find((g) => g.id === gameId) || games[0];
  const [variant, setVariant] = useState('');
  const [size, setSize] = useState(2);
  const [bots, setBots] = useState('easy');
  const [busy, setBusy] = useState(false);
  if (!game) return null;
  const sizes = [];
  for (let n = game.min_players; n <= Math.min(game.max_players, 8); n += 1) sizes.push(n);
  const chosenSize = Math.min(Math.max(size, game.min_players), Math.min(game.max_players, 8));
  const submit = async (event) => {
    event.preventDefault();
    setBusy(true);
    try {
      const view = await call(`/api/classes/${code}/tables`, { method: 'POST',
        body: { game: game.id, variant: variant || game.default_variant, size: chosenSize, bots } });
      onDone(view);
    } catch (err) { onError(err.message); } finally { setBusy(false); }
  };
  return html`<form class="seat-form" onSubmit=${submit} aria-label="Seat everyone">
    <label class="field">Game <select name="game" value=${game.id} onChange=${(e) => { setGameId(e.currentTarget.value); setVariant(''); }}>
      ${games.map((g) => html`<option value=${g.id}>${g.title}</option>`)}</select></label>
    <label class="field">Variant <select name="variant" value=${variant || game.default_variant} onChange=${(e) => setVariant(e.currentTarget.value)}>
      ${game.variants.map((v) => html`<option value=${v}>${v}</option>`)}</select></label>
    <label class="field">Players a table <select name="size" value=${String(chosenSize)} onChange=${(e) => setSize(Number(e.currentTarget.value))}>
      ${sizes.map((n) => html`<option value=${String(n)}>${n}</option>`)}</select></label>
    <label class="field">Bots in the gaps <select name="bots" value=${bots} onChange=${(e) => setBots(e.currentTarget.value)}>
      ${['easy', 'medium', 'hard', 'random'].map((b) => html`<option value=${b}>${b}</option>`)}</select></label>
    <button class="primary" type="submit" disabled=${busy || !waiting} data-action="seat">
      ${waiting ? `Seat ${waiting === 1 ? 'the waiting student' : `${waiting} waiting students`} and start` : 'Everyone is seated'}</button>
  </form>`;
}

function StudentChip({ student, running, act }) {
  const targets = running.filter((t) => t.number !== student.table);
  return html`<li class="student-chip" data-student=${student.name}>
    <span class="who">${student.name}</span>
    <span class="muted">${student.table ? `table ${student.table}` : 'waiting'}</span>
    ${targets.length ? html`<select aria-label=${`Move ${student.name}`} data-move=${student.name}
        onChange=${(e) => { const n = Number(e.currentTarget.value); e.currentTarget.value = ''; if (n) act(`students/${student.id}/move`, { table: n }); }}>
      <option value="">move to…</option>
      ${targets.map((t) => html`<option value=${String(t.number)}>table ${t.number}</option>`)}</select>` : null}
    <button title="Remove from the class" aria-label=${`Remove ${student.name}`}
      onClick=${() => confirm(`Remove ${student.name} from the class? They may join again with the code.`) && act(`students/${student.id}`, undefined, 'DELETE')}>×</button>
  </li>`;
}

function Dashboard() {
  const [view, error, reload, setView] = usePoll(`/api/classes/${code}`, 3000);
  const [games, setGames] = useState([]);
  const [notice, setNotice] = useState(null);
  useEffect(() => { call('/api/games').then(setGames).catch(() => {}); }, []);
  if (error && !view) return html`<p class="error">${error.message}</p>`;
  if (!view) return html`<p class="loading">Loading…</p>`;
  const act = async (path, body, method = 'POST') => {
    setNotice(null);
    try {
      const answer = await call(`/api/classes/${code}/${path}`, { method, body });
      if (answer && answer.students) setView(answer);
      else if (answer && answer.skipped && Object.keys(answer.skipped).length) {
        setNotice(Object.entries(answer.skipped).map(([n, why]) => `Table ${n}: ${why}`).join(' '));
      }
      reload();
    } catch (err) { setNotice(err.message); }
  };
  const deleteClass = async () => {
    if (!confirm(`Delete ${view.name} now, with its students and all their games? This cannot be undone.`)) return;
    try {
      await call(`/api/classes/${code}`, { method: 'DELETE' });
      location.href = '/account';
    } catch (err) { setNotice(err.message); }
  };
  const running = view.tables.filter((t) => t.status === 'waiting' || t.status === 'playing');
  const finished = view.tables.filter((t) => !(t.status === 'waiting' || t.status === 'playing'));
  const waiting = view.students.filter((s) => !s.table).length;
  const anyPaused = running.some((t) => t.paused);
  return html`<div class="dashboard" data-students=${view.students.length} data-tables=${view.tables.length}>
    <section class="panel class-head">
      <h1>${view.name}</h1>
      <p>Students go to <b>${location.host}/join</b> and type <span class="code-chip big" data-testid="code">${view.spoken}</span></p>
      <span class="spacer"></span>
      <div class="class-actions">
        <a class="button" href=${`/class/${code}/report`}>After-class report</a>
        ${running.length ? html`${anyPaused
          ? html`<button data-action="resume" onClick=${() => act('resume')}>Resume all</button>`
          : html`<button data-action="pause" onClick=${() => act('pause')}>Pause all</button>`}
          <button class="danger" data-action="end" onClick=${() => confirm('End every running table?') && act('end')}>End all</button>` : null}
        <button class="danger" data-action="delete" onClick=${deleteClass}>Delete the class</button>
      </div>
    </section>
    ${notice ? html`<p class="error" role="alert">${notice}</p>` : null}
    <div class="dash-grid">
      <section class="panel">
        <h2>${view.students.length} ${view.students.length === 1 ? 'student' : 'students'}</h2>
        ${view.students.length ? html`<ul class="student-list">${view.students.map((s) => html`<${StudentChip} student=${s} running=${running} act=${act}/>`)}</ul>`
          : html`<p class="muted">Nobody has joined yet. The list fills itself as students join.</p>`}
        <p class="muted"><small>This class, its students and their games are deleted on ${view.delete_after.slice(0, 10)}.</small></p>
      </section>
      <div>
        <section class="panel">
          <h2>Seat everyone</h2>
          <p class="muted">Every student not at a running table goes to a new table; bots fill the gaps; the tables start together.</p>
          <${SeatForm} games=${games} waiting=${waiting} onDone=${(v) => { setView(v); reload(); }} onError=${setNotice}/>
        </section>
        ${running.length ? html`<h2 class="tables-title">Tables</h2><div class="tables-grid">${running.map((t) => html`<${TableCard} key=${t.id} table=${t}/>`)}</div>` : null}
        ${finished.length ? html`<section class="panel"><h3>Finished tables</h3><div class="finished-tables">
          ${finished.map((t) => html`<a class="chip" href=${`/t/${t.id}/replay`} target="_blank" rel="noopener">Table ${t.number} · ${t.game} · ${t.status}</a>`)}</div></section>` : null}
      </div>
    </div>
  </div>`;
}

// -- a student's page -----------------------------------------------------------------------------

function StudentPage() {
  const [me, error] = usePoll(`/api/classes/${code}/me`, 2500);
  if (error && !me) {
    if (error.status === 403 || error.status === 404) location.href = `/join?code=${encodeURIComponent(code)}`;
    return html`<p class="error">${error.message}</p>`;
  }
  if (!me) return html`<p class="loading">Loading…</p>`;
  const seat = me.seat;
  if (!seat) {
    return html`<section class="panel waiting" data-testid="waiting"><h1>Hello ${me.name}!</h1>
      <p>You are in <b>${me.class_name}</b>. Wait here<span class="dots"></span> your teacher will seat you at a table.</p></section>`;
  }
  return html`<div class="student-play" data-table=${seat.table}>
    <div class="student-bar"><h2>${me.name} · table ${seat.number}</h2><span class="muted">${me.class_name}</span></div>
    ${seat.paused ? html`<p class="paused-banner" data-testid="paused">Your teacher has paused the game.</p>` : null}
    <${TablePage} key=${seat.table} tableId=${seat.table} game=${seat.game}/>
  </div>`;
}

function main() {
  root.textContent = '';
  if (page === 'dashboard') render(html`<${Dashboard}/>`, root);
  else if (page === 'student') render(html`<${StudentPage}/>`, root);
  else root.textContent = 'Unknown page.';
}

main();
