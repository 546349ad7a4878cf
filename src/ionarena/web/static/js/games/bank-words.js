// Ion (bank) in words for the page: objects by name instead of their typed token (`buy :` is
// "Buy [:] Move Time · 4¢"), times as real seconds from now instead of the game clock's, the
// winning team, and each player's score taken apart at the end.
import { catalogueOf, fmtScore, plural, seatName } from '../common.js';
import { signed } from '../breakdown.js';

/** `team +` / `team −` (a minus sign: "team - · -1600 pts" read as dashes; the move sent stays
 * `team -`, as typed). */
export function teamName(sign) {
  if (sign === '+') return 'team +';
  return sign === '-' ? 'team −' : 'no team yet';
}

/** A presenter's sentence with minus signs: `team -` and `-6` (a charge, points) as `team −`, `−6`. */
export function typeset(text) {
  return (text || '').replace(/\bteam -(?![\w-])/g, 'team −').replace(/(^|[\s(:→,])-(?=\d)/g, '$1−');
}

/** The catalogue entry of an object token (`:`, `x2`, `¢`), or null. */
export function objectOf(token) {
  return catalogueOf('bank')[`object:${token}`] || null;
}

/** `[:] Move Time` for `:` (the token itself when the catalogue is not there yet). */
export function objectName(token) {
  const o = objectOf(token);
  return o ? `${o.symbol} ${o.name}` : token;
}

/** The object a move uses, by its first word (`x2 ++` -> `x2`, `T x3` -> `t`, `& ++` -> `&`), or null. */
export function objectOfMove(move) {
  const first = move.split(' ')[0];
  const token = first === 'T' ? 't' : first;
  return objectOf(token) ? token : null;
}

/** A move in words (its text stays what is sent); `short` leaves out the object the move uses (a
 * chooser under that object's button says it already). */
export function moveWords(move, state, short = false) {
  const words = move.split(' ');
  const [head, ...rest] = words;
  if (move === 'skip') return 'skip my turn (−1000)';
  if (head === 'team') return `join ${teamName(rest[0])}`;
  if (move === 'done') return 'leave the shop';
  if (head === 'buy') {
    const o = objectOf(rest[0]);
    return o ? `buy ${o.symbol} ${o.name} · ${o.price}¢` : move;
  }
  if (head === 'deal' && rest.length === 3) {
    const [what, price, units] = rest;
    return `offer ${objectName(what)} for ${units === '¢' ? `${price}¢` : `${price} × ${objectName(units)}`}`;
  }
  if (head === 'ok') return `accept ${seatName(state, Number(rest[0]))}’s offer`;
  if (head === '&') return `${short ? '' : `${objectName('&')}: `}first ${moveWords(rest.join(' '), state)}, then one more`;
  if (head === 'T') return `${short ? '' : `${objectName('t')}: `}take ${objectName(rest[0])}`;
  if (head === 'x2' || head === 'x3') {
    return `${moveWords(rest.join(' '), state)} ${head === 'x2' ? 'doubled' : 'tripled'}${short ? '' : ` (${objectName(head)})`}`;
  }
  if (/^\?+$/.test(head) && rest.length === 1) return `${objectName(head)} as ${rest[0].repeat(head.length)}`;
  if (objectOf(head) && !rest.length) return `use ${objectName(head)}`;
  return move;
}

/** What a move costs, for the moves that ask twice. */
export const costly = { skip: '−1000 points' };

/**
 * Words for the log where the presenter's speak the game clock's seconds: a round's start, the
 * shop, [:], [+:] and [-:] (the board shows how long is left in real seconds). Null keeps the
 * presenter's sentence.
 */
export function words(event, state) {
  const who = () => seatName(state, event.player);
  switch (event.kind) {
    case 'round_start':
      return `Round ${event.round} of ${event.rounds} starts.`;
    case 'shop': {
      const sale = (event.on_sale || []).map((t) => {
        const o = objectOf(t);
        return o ? `${o.symbol} ${o.name} ${o.price}¢` : t;
      });
      return `The shop opens${sale.length ? `: ${sale.join(', ')}` : ''}.`;
    }
    case 'move_time':
      return `${who()} uses [:] Move Time: more time for this move.`;
    case 'round_time':
      return `${who()} uses [${event.seconds > 0 ? '+:' : '-:'}]: the round is ${plural(Math.abs(event.seconds), 'second')} ${event.seconds > 0 ? 'longer' : 'shorter'}.`;
    default:
      return typeset(event.text) || null;
  }
}

/** The banner's second sentence: the team that won. */
export function resultNote(state) {
  const t = state.view.table || {};
  const teams = t.team_scores || {};
  const score = `(team + ${fmtScore(teams['+'] ?? 0)}, team − ${fmtScore(teams['-'] ?? 0)})`;
  if (t.winning_team === '+' || t.winning_team === '-') return `${teamName(t.winning_team)} wins as a team ${score}.`;
  return `The teams are tied ${score}.`;
}

/** Each player's points by where they came from, read from the log: moves, dumps, the splits at the
 * end of each round, instant objects and powerdowns, timeouts and skips, quitters' shares. */
export function breakdown(state, log) {
  const seats = state.seats.map((s) => s.seat);
  const zero = () => seats.map(() => 0);
  const moves = zero(); const dumps = zero(); const splits = zero(); const instants = zero();
  const penalties = zero(); const penaltyCount = zero(); const shared = zero(); const dumpCount = zero();
  const quit = new Set();
  for (const e of log) {
    if (e.kind === 'play' && e.points) moves[e.player] += e.points;
    else if (e.kind === 'dump') {
      for (const r of e.receivers || []) {
        const share = r === e.dumper ? e.share : e.each;
        dumps[r] += share || 0;
        dumpCount[r] += 1;
      }
    } else if (e.kind === 'round_end') {
      for (const s of seats) if (!quit.has(s)) splits[s] += e.each || 0;
    } else if (e.kind === 'instant') instants[e.player] += e.points || 0;
    else if (e.kind === 'timeout' || e.kind === 'skip') { penalties[e.player] += e.points || 0; penaltyCount[e.player] += 1; }
    else if (e.kind === 'quit') {
      quit.add(e.player);
      for (const s of seats) if (!quit.has(s)) shared[s] += e.each || 0;
      shared[e.player] -= e.points || 0;
    }
  }
  const t = state.view.table || {};
  return {
    columns: [{ label: 'Team' }, { label: 'Moves', help: 'points cards paid straight to the player' },
      { label: 'Dumps', help: 'shares of the pot when your team received a dump' },
      { label: 'Round splits', help: 'the pot split evenly at the end of each round' },
      { label: 'Objects', help: 'instant points and powerdowns' },
      { label: 'Penalties', help: '−1000 for each timeout or skip' },
      ...(shared.some((n) => n) ? [{ label: 'Quits', help: 'points of players who quit, shared' }] : [])],
    rows: seats.map((s) => [
      teamName((t.teams || [])[s]), signed(moves[s]),
      dumpCount[s] ? `${signed(dumps[s])} (${plural(dumpCount[s], 'dump')})` : '–', signed(splits[s]), signed(instants[s]),
      penaltyCount[s] ? `${signed(penalties[s])} (${penaltyCount[s]}×)` : '–',
      ...(shared.some((n) => n) ? [signed(shared[s])] : [])]),
    note: resultNote(state),
  };
}
