// Rematch: at a game's end, "Play again" takes each person to the same new table (the server makes
// it once, for everyone who asks); a rematch that waits says whom for, and lets a person who has
// come start it with bots for the others until they come.
import { api, html, seatName, useState } from './common.js';
import { useBusMessage } from './bus.js';

function go(id, token) {
  location.assign(`/t/${encodeURIComponent(id)}${token ? `#token=${encodeURIComponent(token)}` : ''}`);
}

/** The rematch bar of a table (nothing when there is nothing to say). */
export function RematchBar({ tableId, state, token }) {
  const facts = useBusMessage('rematch');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const seated = state.seat !== null && state.seat !== undefined;
  const next = facts && facts.next;
  const of = facts && facts.of;
  const call = async (path) => {
    setBusy(true);
    setError(null);
    try { return await api(path, { method: 'POST', token }); } catch (err) { setError(err.message); return null; } finally { setBusy(false); }
  };
  const playAgain = async () => {
    const made = await call(`/api/tables/${tableId}/rematch`);
    if (!made) return;
    const mine = made.seats.find((s) => s.token);
    go(made.id, mine && mine.token);
  };
  const startNow = () => call(`/api/tables/${tableId}/rematch/start`);
  const problem = error ? html`<span class="error" role="alert">${error}</span>` : null;

  if (state.over) {
    if (!seated && !next) return null;
    const asked = (facts && facts.asked) || [];
    const others = asked.filter((s) => s !== state.seat).map((s) => seatName(state, s));
    const note = asked.includes(state.seat) ? 'You asked for a rematch: the same seats, a new deal.'
      : others.length ? `${others.join(' and ')} ${others.length === 1 ? 'wants' : 'want'} to play again: the same seats, a new deal.`
        : 'The same seats, a new deal: the others are invited.';
    return html`<div class="rematch-bar" data-testid="rematch">
      ${seated ? html`<button class="primary" data-testid="play-again" disabled=${busy} onClick=${playAgain}>${asked.includes(state.seat) ? 'Back to the rematch' : 'Play again'}</button>
        <span>${note}</span>`
        : html`<a class="button" href=${`/t/${next}`} data-testid="watch-rematch">Watch the rematch →</a>`}
      ${problem}
    </div>`;
  }
  if (of && state.status === 'waiting') {
    const waiting = facts.waiting_for || [];
    const mineClaimed = seated && (facts.claimed || []).includes(state.seat);
    const names = waiting.map((s) => seatName(state, s)).join(', ');
    return html`<div class="rematch-bar waiting" data-testid="rematch">
      <span>Rematch of <a href=${`/t/${of}`}>the last game</a>: ${waiting.length
        ? html`waiting for <b data-testid="waiting-for">${names}</b> to press “Play again”.` : 'everyone is here.'}</span>
      ${mineClaimed && waiting.length ? html`<button class="primary" disabled=${busy} onClick=${startNow}
          data-testid="start-rematch">Start now (bots play for them until they come)</button>` : null}
      ${problem}
    </div>`;
  }
  return null;
}
