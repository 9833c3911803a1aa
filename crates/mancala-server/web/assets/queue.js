// @ts-check
// "Play now": the queue's WebSocket (/ws/queue, docs/protocol.md, The
// queue), one for the whole page so that browsing the rules while
// waiting keeps the place. The server says where the player stands
// (`queue`) and where they are seated (`matched`); this module keeps
// that state and tells whoever listens. A page reloaded while waiting
// connects again at once (sessionStorage remembers that it waited) and
// finds its tickets with their waiting time. The queues it joined are
// remembered too, and joined again whenever the socket connects again:
// with several servers, the one that ran the queue may be gone, and the
// one that runs it now has never seen these tickets (joining a queue one
// waits in already changes nothing).

const PROTOCOL_VERSION = 1;
const WAITING = 'mancala.queued';
const JOINED = 'mancala.queued.choices';

/**
 * @typedef {{game: string, players: number, rated: boolean}} Choice
 * @typedef {Choice & {waited_ms: number, offer_in_ms: number, offer: {level: number, computers: number}|null, at: number}} Ticket
 * @typedef {{tickets: Ticket[], error: {code: string, args: Record<string, number>}|null}} QueueState
 */

/** @type {QueueState} */
let state = { tickets: [], error: null };
/** @type {Set<(s: QueueState) => void>} */
const listeners = new Set();
/** @type {WebSocket|null} */
let ws = null;
let welcomed = false;
/** @type {any[]} requests waiting for the connection */
let pending = [];
/** @type {{id: string, secret: string}|null} */
let me = null;
/** @type {(code: string) => void} */
let onMatched = () => {};
let failures = 0;
/** @type {Choice[]} queues joined again on connecting, not yet confirmed */
let awaiting = [];

/**
 * Sets who this page is and where a match takes it; reconnects at once
 * if this page was waiting before a reload.
 * @param {{id: string, secret: string}} player
 * @param {(code: string) => void} matched
 */
export function startQueue(player, matched) {
  me = player;
  onMatched = matched;
  if (sessionStorage.getItem(WAITING) === 'yes') connect();
}

/**
 * Listens to the queue's state (called at once with the state now);
 * returns the way to stop.
 * @param {(s: QueueState) => void} listener
 */
export function watchQueue(listener) {
  listeners.add(listener);
  listener(state);
  return () => { listeners.delete(listener); };
}

/** @returns {Choice[]} the queues this page joined and did not leave */
function joined() {
  try {
    const choices = JSON.parse(sessionStorage.getItem(JOINED) || '[]');
    return Array.isArray(choices) ? choices : [];
  } catch {
    return [];
  }
}

/** @param {Choice[]} choices */
function remember(choices) {
  if (choices.length) sessionStorage.setItem(JOINED, JSON.stringify(choices));
  else sessionStorage.removeItem(JOINED);
}

/** @param {Choice} a @param {Choice} b */
function same(a, b) { return a.game === b.game && a.players === b.players && a.rated === b.rated; }

/** @param {Choice} choice */
export function joinQueue(choice) {
  const { game, players, rated } = choice;
  remember([...joined().filter((c) => !same(c, choice)), { game, players, rated }]);
  request({ type: 'join', ...choice });
}
/** @param {Choice} choice */
export function leaveQueue(choice) {
  remember(joined().filter((c) => !same(c, choice)));
  request({ type: 'leave', ...choice });
}
/** @param {Choice} choice */
export function acceptComputer(choice) { request({ type: 'computer', ...choice }); }

/** @param {any} message */
function request(message) {
  sessionStorage.setItem(WAITING, 'yes');
  if (ws && welcomed) ws.send(JSON.stringify(message));
  else {
    pending.push(message);
    connect();
  }
}

/** @param {QueueState} next */
function update(next) {
  state = next;
  for (const l of listeners) l(state);
}

function connect() {
  if (ws || !me) return;
  const player = me;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const socket = new WebSocket(`${scheme}://${location.host}/ws/queue`);
  ws = socket;
  socket.addEventListener('open', () => {
    socket.send(JSON.stringify({ type: 'hello', version: PROTOCOL_VERSION, player: player.id, secret: player.secret }));
  });
  socket.addEventListener('message', (event) => {
    let m;
    try {
      m = JSON.parse(event.data);
    } catch {
      return;
    }
    if (m.type === 'welcome') {
      welcomed = true;
      failures = 0;
      // The queues joined before, again, ahead of what waits to be sent.
      awaiting = joined();
      const again = awaiting.filter((c) => !pending.some((p) => p.type === 'join' && same(p, c)));
      for (const c of again) socket.send(JSON.stringify({ type: 'join', ...c }));
      for (const p of pending) socket.send(JSON.stringify(p));
      pending = [];
    } else if (m.type === 'queue') {
      const now = performance.now();
      const tickets = m.tickets.map((/** @type {any} */ t) => ({ ...t, at: now }));
      // Once the queues joined again are confirmed, the server's tickets
      // are the queues joined (a ticket left from another tab, say).
      if (awaiting.every((c) => tickets.some((/** @type {Choice} */ t) => same(t, c)))) awaiting = [];
      if (!awaiting.length) remember(tickets.map((/** @type {Choice} */ t) => ({ game: t.game, players: t.players, rated: t.rated })));
      if (!tickets.length && !pending.length && !awaiting.length) sessionStorage.removeItem(WAITING);
      update({ tickets, error: null });
    } else if (m.type === 'matched') {
      sessionStorage.removeItem(WAITING);
      remember([]);
      onMatched(m.code);
    } else if (m.type === 'error') {
      awaiting = [];
      update({ ...state, error: { code: m.code, args: m.args || {} } });
    }
  });
  socket.addEventListener('close', () => {
    if (ws !== socket) return;
    ws = null;
    welcomed = false;
    // Waiting still: back within the server's grace keeps the tickets.
    if (sessionStorage.getItem(WAITING) === 'yes') {
      failures += 1;
      setTimeout(connect, Math.min(4000, 250 * 2 ** Math.min(failures, 4)));
    }
  });
}

/**
 * How long until the computer is offered for `ticket`, in ms, now.
 * @param {Ticket} ticket
 */
export function offerIn(ticket) {
  return Math.max(0, ticket.offer_in_ms - (performance.now() - ticket.at));
}
