// @ts-check
// The seats of a room (who sits where, sit, stand, the host's computer
// seats) and who watches: a view of the state. Actions go out through
// `send`.

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { inProgress, mySeat, mySeats } from './state.js';
import { displayName, seatName } from './words.js';

/** The computer levels a host may seat. */
const LEVELS = Array.from({ length: 10 }, (_, k) => k + 1);

/**
 * Fills `list` with the seats and `watchers` with the spectators.
 * @param {HTMLElement} list
 * @param {HTMLElement} watchers
 * @param {import('./state.js').RoomState} state
 * @param {(m: any) => void} send
 */
export function renderSeats(list, watchers, state, send) {
  const room = state.room;
  if (!room) return;
  const between = !inProgress(state);
  const ctx = { state, send, between, mine: mySeat(state), seats: mySeats(state), host: room.host === state.me };
  replace(list, ...room.seats.map((s, i) => {
    // During a game the seats left empty are not part of it.
    if (!s && !between) return null;
    /** @type {import('../dom.js').Child[]} */
    const parts = [h('span', { class: 'seat-no' }, t('site-seat-number', { seat: i + 1 })), ' '];
    parts.push(...(s ? taken(ctx, i, s) : empty(ctx, i)));
    const turn = inProgress(state) && !!state.game && state.game.to_move === i;
    const mine = ctx.seats.includes(i) ? 'yes' : undefined;
    return h('li', { class: turn ? 'seat to-move' : 'seat', dataset: { testid: `seat-${i}`, mine } }, ...parts);
  }));
  const names = room.spectators.map((w) => w.name);
  replace(watchers,
    names.length ? t('site-watching', { names: names.join(', ') }) : '',
    ctx.mine === null ? [names.length ? ' ' : '', t('site-you-watch')] : null);
}

/**
 * @typedef {{
 *   state: import('./state.js').RoomState, send: (m: any) => void,
 *   between: boolean, mine: number|null, seats: number[], host: boolean,
 * }} SeatContext
 */

/**
 * An empty seat: sit, sit too (pass and play), or the host's computer.
 * @param {SeatContext} ctx
 * @param {number} i
 */
function empty(ctx, i) {
  /** @type {import('../dom.js').Child[]} */
  const parts = [h('span', { class: 'empty' }, t('site-seat-empty'))];
  if (!ctx.between) return parts;
  if (ctx.mine === null) {
    parts.push(' ', h('button', { type: 'button', dataset: { testid: `sit-${i}` }, onclick: () => ctx.send({ type: 'sit', seat: i }) }, t('site-sit')));
  }
  // Pass and play: one device, several seats (casual rooms only).
  if (ctx.mine !== null && ctx.state.room && !ctx.state.room.rated) {
    parts.push(' ', h('button', {
      type: 'button', dataset: { testid: `sit-also-${i}` }, title: t('site-sit-also-title'),
      onclick: () => ctx.send({ type: 'sit', seat: i, also: true }),
    }, t('site-sit-also')));
  }
  if (ctx.host) parts.push(' ', computerPicker(ctx, i, null));
  return parts;
}

/**
 * A taken seat: the name, tags (host, away, played by the computer) and,
 * between games, the host's computer level and standing up.
 * @param {SeatContext} ctx
 * @param {number} i
 * @param {import('./state.js').Seat} s
 */
function taken(ctx, i, s) {
  const room = /** @type {import('./state.js').Room} */ (ctx.state.room);
  const computer = typeof s.level === 'number';
  const name = ctx.seats.includes(i) ? t('site-seat-you', { name: displayName(s) }) : seatName(ctx.state, i);
  /** @type {import('../dom.js').Child[]} */
  // The name links to the player's page (ids are hex or `ai:N`: safe in a path).
  const parts = [h('a', { class: 'name', href: `/p/${s.player}`, dataset: { internal: '1' } }, name)];
  if (s.player === room.host) parts.push(h('span', { class: 'tag' }, t('site-tag-host')));
  if (s.away) parts.push(h('span', { class: 'tag away', dataset: { testid: `away-${i}` } }, t('site-tag-away')));
  if (s.played_by === 'computer' && !computer) {
    parts.push(h('span', { class: 'tag takeover', dataset: { testid: `played-by-${i}` } }, t('site-tag-takeover', { name: displayName(s) })));
  }
  if (ctx.between && ctx.host && computer) {
    parts.push(' ', computerPicker(ctx, i, /** @type {number} */ (s.level)),
      ' ', h('button', { type: 'button', dataset: { testid: `empty-${i}` }, onclick: () => ctx.send({ type: 'computer', seat: i, level: null }) }, t('site-seat-clear')));
  }
  if (ctx.between && i === ctx.seats[0]) {
    parts.push(' ', h('button', { type: 'button', dataset: { testid: 'stand' }, onclick: () => ctx.send({ type: 'stand' }) },
      t('site-stand', { seats: ctx.seats.length })));
  }
  return parts;
}

/**
 * The host's computer for seat `seat`: a level and a button that seats
 * it there, or (for a computer seat) a level that changes it.
 * @param {SeatContext} ctx
 * @param {number} seat
 * @param {number|null} level the computer's level, null for an empty seat
 */
function computerPicker(ctx, seat, level) {
  const select = /** @type {HTMLSelectElement} */ (h('select', {
    'aria-label': t('site-level-for-seat', { seat: seat + 1 }), dataset: { testid: `level-${seat}` },
  }, ...LEVELS.map((k) => h('option', { value: k }, t('site-level', { level: k })))));
  select.value = String(level ?? 3);
  if (level !== null) {
    select.addEventListener('change', () => ctx.send({ type: 'computer', seat, level: Number(select.value) }));
    return select;
  }
  return h('span', { class: 'picker' }, select, ' ', h('button', {
    type: 'button', dataset: { testid: `computer-${seat}` },
    onclick: () => ctx.send({ type: 'computer', seat, level: Number(select.value) }),
  }, t('site-computer')));
}
