// Presence: each person's seat shows connected, away (their tab hidden) or disconnected, as the
// server pushes it; this page says when its own tab is hidden or shown again.
import { html, useEffect } from './common.js';
import { tableBus, useBusMessage } from './bus.js';

const WORDS = { connected: 'connected', away: 'away (tab hidden)', disconnected: 'disconnected' };
const SHORT = { away: 'away', disconnected: 'offline' };

function report() {
  tableBus.send({ type: 'presence', away: document.visibilityState === 'hidden' });
}

/** Tell the table when this tab is hidden or shown (and on every (re)connection). */
export function usePresenceReport() {
  useEffect(() => {
    document.addEventListener('visibilitychange', report);
    const stop = tableBus.onOpen(report);
    report();
    return () => { document.removeEventListener('visibilitychange', report); stop(); };
  }, []);
}

/** The presence of a person's seat: a dot, and a word when they are not there (nothing for bots and open seats). */
export function PresenceMark({ seat, kind }) {
  const message = useBusMessage('presence');
  if (kind !== 'person' || !message) return null;
  const found = (message.seats || []).find((s) => s.seat === seat);
  if (!found) return null;
  const word = WORDS[found.presence] || found.presence;
  return html`<span class=${`presence presence-${found.presence}`} data-presence=${found.presence}
    title=${word} role="img" aria-label=${word}>${SHORT[found.presence] ? html`<span class="presence-word" aria-hidden="true">${SHORT[found.presence]}</span>` : null}</span>`;
}

/** "3 watching", from the presence message. */
export function Watching() {
  const message = useBusMessage('presence');
  const n = message ? message.watching : 0;
  if (!n) return null;
  return html`<span class="watching" data-watching=${n}>${n} watching</span>`;
}
