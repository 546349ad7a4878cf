// The end of a game in numbers: each player's score taken apart, as the game's module says
// (`breakdown(state, log)` -> {columns: [{label, help}], rows: [[cell, …] per seat], note}).
// Built from what the page already has: the final view and the events in the log.
import { fmtScore, html, seatName } from './common.js';

/** A signed number as a cell: `+300`, `−1000`, `0` shown as `–`. */
export function signed(n) {
  if (!n) return '–';
  return n > 0 ? `+${fmtScore(n)}` : `−${fmtScore(-n)}`;
}

export function Breakdown({ state, log, game }) {
  if (!state.view.over || !game || !game.breakdown) return null;
  let table = null;
  try { table = game.breakdown(state, log); } catch (err) { console.error('breakdown', err); }
  if (!table) return null;
  const winners = state.view.winners || [];
  return html`<section class="breakdown" aria-label="How the scores were made" data-testid="breakdown">
    <h3>How the scores were made</h3>
    <div class="breakdown-scroll"><table>
      <thead><tr><th scope="col">Player</th>
        ${table.columns.map((c) => html`<th scope="col" title=${c.help || ''}>${c.label}</th>`)}
        <th scope="col">Score</th></tr></thead>
      <tbody>${(state.seats || []).map(({ seat }) => html`<tr data-seat=${seat} class=${winners.includes(seat) ? 'winner' : ''}>
        <th scope="row">${seatName(state, seat)}</th>
        ${(table.rows[seat] || []).map((cell) => html`<td>${cell}</td>`)}
        <td class="total">${fmtScore(state.view.scores[seat])}</td></tr>`)}
      </tbody></table></div>
    ${table.note ? html`<p class="muted breakdown-note">${table.note}</p>` : null}
  </section>`;
}
