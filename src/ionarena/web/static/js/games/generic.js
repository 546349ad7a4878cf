// Any game without a board of its own: the table's fields, plainly.
import { html } from '../common.js';

function Value({ value }) {
  if (value === null || value === undefined) return html`<span class="muted">—</span>`;
  if (Array.isArray(value)) return html`<span>${value.map((v, i) => html`${i ? ', ' : ''}<${Value} value=${v}/>`)}</span>`;
  if (typeof value === 'object') {
    return html`<dl class="kv">${Object.entries(value).map(([k, v]) => html`<dt>${k}</dt><dd><${Value} value=${v}/></dd>`)}</dl>`;
  }
  return html`<span>${String(value)}</span>`;
}

export function Board({ state }) {
  return html`<div class="generic-board felt"><${Value} value=${state.view.table}/></div>`;
}

export function seatStatus() { return null; }
