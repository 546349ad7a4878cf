// Your turn, noticed: the tab's title and icon change; a short sound and a browser notification
// when the tab is hidden (each chosen per browser, off by default); a screen reader hears "Your
// turn" in its own live region; and the keyboard's focus stays on the hand after a move.
import { html, useEffect, useRef, useState } from './common.js';

const PREFS_KEY = 'ion.alerts';
const ICON = '/static/favicon.svg';
const ICON_TURN = '/static/favicon-turn.svg';

/** This browser's choices: `{sound, notify}` (both off until the person turns them on). */
export function loadAlerts() {
  try { return { sound: false, notify: false, ...JSON.parse(localStorage.getItem(PREFS_KEY) || '{}') }; } catch (_) {
    return { sound: false, notify: false };
  }
}

function saveAlerts(prefs) {
  try { localStorage.setItem(PREFS_KEY, JSON.stringify(prefs)); } catch (_) { /* private mode */ }
}

let audio = null;
/** A short two-note chime made on the spot (no sound file to fetch). */
function chime() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    if (audio.state === 'suspended') audio.resume();
    const start = audio.currentTime;
    [660, 880].forEach((freq, i) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, start + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.18, start + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.12 + 0.2);
      osc.connect(gain).connect(audio.destination);
      osc.start(start + i * 0.12);
      osc.stop(start + i * 0.12 + 0.22);
    });
  } catch (_) { /* no audio here */ }
}

function setIcon(href) {
  const link = document.querySelector('link[rel=icon]');
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
}

/** Signal `myTurn` as it comes: title, icon, and (as chosen) sound and notification. Returns the
 * sentence for the page's "your turn" live region. */
export function useTurnSignals({ myTurn, what, prefs, tableId }) {
  const base = useRef(document.title);
  const [said, setSaid] = useState('');
  useEffect(() => {
    document.title = myTurn ? `● Your turn · ${base.current}` : base.current;
    setIcon(myTurn ? ICON_TURN : ICON);
    if (!myTurn) { setSaid(''); return; }
    setSaid(`Your turn${what ? `: ${what}` : '.'}`);
    if (prefs.sound) chime();
    if (prefs.notify && document.hidden && 'Notification' in window && Notification.permission === 'granted') {
      try {
        const note = new Notification('Your turn', { body: `${base.current}${what ? ` — ${what}` : ''}`, tag: `ion-${tableId}`, icon: ICON_TURN });
        note.onclick = () => { window.focus(); note.close(); };
      } catch (_) { /* some browsers only notify from a service worker */ }
    }
  }, [myTurn]);
  useEffect(() => () => { document.title = base.current; setIcon(ICON); }, []);
  return said;
}

/** The "Turn alerts" menu: sound, and a notification when this tab is hidden. */
export function AlertsMenu({ prefs, setPrefs }) {
  const update = (change) => { const next = { ...prefs, ...change }; saveAlerts(next); setPrefs(next); };
  const notifyOn = async (on) => {
    if (!on) { update({ notify: false }); return; }
    if (!('Notification' in window)) { update({ notify: false }); return; }
    const answer = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    update({ notify: answer === 'granted' });
  };
  const soundOn = (on) => { update({ sound: on }); if (on) chime(); };  // the click lets the page play sound
  const can = 'Notification' in window;
  return html`<details class="alerts-menu">
    <summary>Turn alerts</summary>
    <div class="menu-box">
      <p class="muted">On your turn the tab's title and icon change.</p>
      <label class="field check"><input type="checkbox" name="alert-sound" checked=${prefs.sound}
        onChange=${(e) => soundOn(e.currentTarget.checked)}/> a short sound</label>
      <label class="field check"><input type="checkbox" name="alert-notify" checked=${prefs.notify} disabled=${!can}
        onChange=${(e) => notifyOn(e.currentTarget.checked)}/> a notification when this tab is hidden</label>
      ${can && Notification.permission === 'denied' ? html`<small class="muted">This browser blocks notifications from this page.</small>` : null}
    </div>
  </details>`;
}

/** Keep the keyboard on the hand: when a move takes the focused control away (a card played, the
 * draw pile's button gone), focus goes to the hand's next playable card, else to the hand itself
 * (not back to the top of the page). Returns the ref for the hand's box. */
export function useHandFocus() {
  const ref = useRef(null);
  const inside = useRef(false);
  useEffect(() => {
    const track = (event) => {
      const box = ref.current;
      const board = box && (box.closest('.board-col') || box);
      inside.current = !!(board && board.contains(event.target));
    };
    document.addEventListener('focusin', track);
    return () => document.removeEventListener('focusin', track);
  }, []);
  useEffect(() => {
    const box = ref.current;
    if (!box || !inside.current) return;
    const active = document.activeElement;
    if (active && active !== document.body && box.contains(active)) return;  // still there (maybe disabled a moment)
    const next = box.querySelector('button.playable:not(:disabled), button:not(:disabled)');
    (next || box).focus({ preventScroll: true });
  });
  return ref;
}
