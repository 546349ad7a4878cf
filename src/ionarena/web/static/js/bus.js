// The table's people beside the game: a small bus between the table's WebSocket (table.js) and the
// chat, presence and rematch parts (chat.js, presence.js, rematch.js). One table per page.
import { useEffect, useState } from './common.js';

const listeners = new Map();
const last = new Map();
const openers = new Set();
let socket = null;

export const tableBus = {
  /** The table's socket is open (again): parts that say something on connect say it now. */
  attach(ws) {
    socket = ws;
    openers.forEach((fn) => fn());
  },
  /** A message of a type the game's own code does not read (chat, presence, rematch). */
  receive(message) {
    if (!message || typeof message.type !== 'string') return;
    last.set(message.type, message);
    (listeners.get(message.type) || new Set()).forEach((fn) => fn(message));
  },
  /** Send a message on the table's socket; false when it is not open. */
  send(message) {
    if (!socket || socket.readyState !== 1) return false;
    socket.send(JSON.stringify(message));
    return true;
  },
  /** Call `fn(message)` for every message of `type`; returns the function that stops it. */
  on(type, fn) {
    if (!listeners.has(type)) listeners.set(type, new Set());
    listeners.get(type).add(fn);
    return () => listeners.get(type).delete(fn);
  },
  /** Call `fn()` whenever the socket opens; returns the function that stops it. */
  onOpen(fn) {
    openers.add(fn);
    return () => openers.delete(fn);
  },
  last(type) { return last.get(type) || null; },
};

/** The latest message of `type` (re-rendering when a new one comes). */
export function useBusMessage(type) {
  const [message, setMessage] = useState(() => tableBus.last(type));
  useEffect(() => {
    setMessage(tableBus.last(type));
    return tableBus.on(type, setMessage);
  }, [type]);
  return message;
}
