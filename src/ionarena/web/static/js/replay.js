// Replays: a finished game (or an uploaded record) move by move, from any seat's view or as a
// spectator; large type for a class with one click.
import { Log, Panel, api, html, seatName, useEffect, useRef, useState } from './common.js';
import { useGame } from './table.js';
import { ReplayChat } from './chat.js';

function frameState(replay, frame) {
  return {
    view: frame.view, legal: [], seat: replay.seat, names: replay.names, actors: frame.view.actors || [],
    seats: replay.names.map((_, seat) => ({ seat, kind: 'person', name: replay.names[seat] })),
    clock: { deadline_in: null, game_now: frame.view.now ?? null }, status: frame.view.over ? 'over' : 'playing',
    over: frame.view.over, version: frame.version, received: performance.now(),
  };
}

function Viewer({ replay, game, tableId, seat, setSeat }) {
  const module = useGame(game);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [big, setBig] = useState(false);
  const frames = replay.frames;
  const last = frames.length - 1;
  const shown = useRef(null);
  // another seat's view of the same game: stay at the same move (its frames differ: a seat has a
  // frame wherever it learns something), not back to the start
  useEffect(() => {
    const before = shown.current;
    shown.current = frames;
    if (!before) return;
    setIndex((i) => {
      const step = before[Math.min(i, before.length - 1)].step;
      let at = 0;
      frames.forEach((f, k) => { if (f.step <= step) at = k; });
      return at;
    });
  }, [replay]);
  useEffect(() => {
    if (!playing) return undefined;
    if (index >= last) { setPlaying(false); return undefined; }
    const id = setTimeout(() => setIndex((i) => Math.min(last, i + 1)), 900);
    return () => clearTimeout(id);
  }, [playing, index, last]);
  useEffect(() => {
    const key = (e) => {
      if (e.target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target.tagName)) return;
      if (e.key === 'ArrowRight') setIndex((i) => Math.min(last, i + 1));
      if (e.key === 'ArrowLeft') setIndex((i) => Math.max(0, i - 1));
    };
    addEventListener('keydown', key);
    return () => removeEventListener('keydown', key);
  }, [last]);
  if (!module) return html`<p class="loading">Loading…</p>`;
  const frame = frames[Math.min(index, last)];
  const state = frameState(replay, frame);
  const events = frames.slice(0, index + 1).flatMap((f) => f.events);
  const explained = frame.events.filter((e) => e.explain);
  const { Board } = module;
  return html`<div class=${`replay-page ${big ? 'projector-mode' : ''}`} data-step=${index}>
    <div class="table-head"><h1>Replay: ${replay.title || replay.game} <small>${replay.variant}</small></h1>
      <label>Seen by <select value=${seat === null ? '' : String(seat)} aria-label="Whose view"
          onChange=${(e) => setSeat(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}>
        <option value="">a spectator</option>
        ${replay.names.map((n, s) => html`<option value=${String(s)}>${n}</option>`)}
      </select></label>
      <label><input type="checkbox" checked=${big} onChange=${(e) => setBig(e.currentTarget.checked)}/> large type (class)</label>
      ${tableId ? html`<a href=${`/api/tables/${tableId}/record`} download>Download the record</a>` : null}
    </div>
    <div class="replay-controls">
      <button onClick=${() => setIndex(0)} aria-label="first" title="first">|◀</button>
      <button onClick=${() => setIndex(Math.max(0, index - 1))} aria-label="back" title="back (←)" data-testid="back">◀</button>
      <button onClick=${() => setPlaying(!playing)} aria-label=${playing ? 'pause' : 'play'}>${playing ? 'pause' : 'play ▶'}</button>
      <button onClick=${() => setIndex(Math.min(last, index + 1))} aria-label="forward" title="forward (→)" data-testid="forward">▶</button>
      <button onClick=${() => setIndex(last)} aria-label="last" title="last">▶|</button>
      <input type="range" min="0" max=${last} value=${index} onInput=${(e) => setIndex(Number(e.currentTarget.value))} aria-label="step"/>
      <span class="muted">step ${index} of ${last} · move ${frame.step}</span>
    </div>
    ${replay.verified ? html`<p class="verified" data-testid="verified">✓ Verified as <code>ion replay</code> verifies: ${replay.verified}</p>` : null}
    <div class="table-grid">
      <div class="board-col"><${Board} state=${state} act=${null} projector=${big} log=${events}/></div>
      <aside class="side-col">
        ${explained.length ? html`<section class="chemistry"><h2>Chemistry</h2>
          ${explained.map((e) => html`<p>${e.text}</p><p class="explain-big">${e.explain}</p>`)}</section>` : null}
        <${Panel} title="This move" cls="now-panel">${frame.events.length
          ? html`<ul class="now">${frame.events.map((e) => html`<li>${e.text}</li>`)}</ul>`
          : html`<p class="muted">—</p>`}</${Panel}>
        <${Panel} title="So far" cls="log-panel"><${Log} events=${events} big=${big} words=${module.words ? (e) => module.words(e, state) : null}/></${Panel}>
        ${tableId ? html`<${ReplayChat} tableId=${tableId} version=${frame.version}/>` : null}
        <${Panel} title="Scores">${replay.names.map((n, s) => html`<div>${seatName(state, s)}: <b>${frame.view.scores[s]}</b></div>`)}</${Panel}>
      </aside>
    </div>
  </div>`;
}

export function ReplayPage({ tableId, game }) {
  const params = new URLSearchParams(location.search);
  const initialSeat = params.get('seat');
  const [seat, setSeat] = useState(initialSeat === null || initialSeat === '' ? null : Number(initialSeat));
  const [record, setRecord] = useState(null);
  const [replay, setReplay] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    setError(null);
    const query = seat === null ? '' : `?seat=${seat}`;
    if (tableId) {
      api(`/api/tables/${tableId}/replay${query}`).then(setReplay).catch((err) => setError(err.message));
    } else if (record) {
      api(`/api/replay${query}`, { method: 'POST', body: record, raw: true }).then(setReplay).catch((err) => setError(err.message));
    }
  }, [tableId, record, seat]);
  const upload = async (event) => {
    const file = event.currentTarget.files[0];
    if (!file) return;
    const text = (await file.text()).split('\n').find((line) => line.trim()) || '';
    setRecord(text);
  };
  if (!tableId && !record) {
    return html`<div class="doc-page upload-page"><h1>Watch a record</h1>
      <p>Choose a game record (a <code>.json</code> file downloaded from a finished table, or a line of a
      records file from <code>ion simulate --records</code>) to step through it move by move.</p>
      <input type="file" accept=".json,.jsonl,application/json" onChange=${upload} aria-label="Record file"/>
      ${error ? html`<p class="error">${error}</p>` : null}</div>`;
  }
  if (error) {
    return html`<div class="doc-page" data-testid="replay-refused"><h1>${tableId ? 'Cannot replay' : 'This record does not verify'}</h1>
      ${tableId ? null : html`<p>It was checked as <code>ion replay</code> checks a record: every move in turn, then the scores and winners it claims.</p>`}
      <p class="error" role="alert">${error}</p><p><a href="/replay">Choose another record</a></p></div>`;
  }
  if (!replay) return html`<p class="loading">Replaying…</p>`;
  return html`<${Viewer} replay=${replay} game=${replay.game || game} tableId=${tableId} seat=${seat} setSeat=${setSeat}/>`;
}
