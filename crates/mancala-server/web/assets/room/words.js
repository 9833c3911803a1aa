// @ts-check
// A room's sentences: names of seats, what happened (said in the live
// region), whose turn, the result, refusals. Each is a catalog message
// (site.ftl, errors.ftl) with the facts of the state as arguments; the
// grammar (plurals, "you" or a name) is the catalog's.

import { FluentNumber } from '../vendor/fluent-bundle/index.js';
import { parseMove } from '../direction.js';
import { andList, has, num, t } from '../i18n.js';
import { inProgress, mySeat, passAndPlay, seatOf } from './state.js';

/** @typedef {import('./state.js').RoomState} RoomState */
/** @typedef {import('./state.js').Cup} Cup */

/**
 * Who sits in `seat` as the page names them: "You", a name, the
 * computer at its level, or the empty seat's number. Two of one name
 * are told apart by their seats.
 * @param {RoomState} state
 * @param {number|null|undefined} seat
 */
export function seatName(state, seat) {
  if (seat === null || seat === undefined || !state.room) return '?';
  if (isYou(state, seat)) return t('site-you');
  const s = state.room.seats[seat];
  if (!s) return t('site-seat-number', { seat: seat + 1 });
  const name = displayName(s);
  const twin = state.room.seats.some((o, i) => o && i !== seat && displayName(o) === name);
  return twin ? t('site-name-and-seat', { name, seat: seat + 1 }) : name;
}

/**
 * A seated player's name: theirs, or the computer's at its level.
 * @param {import('./state.js').Seat} s
 */
export function displayName(s) {
  if (typeof s.level === 'number') return t('site-computer-level', { level: s.level });
  return s.name || t('site-no-name');
}

/**
 * Whether `seat` is this page's own (in pass and play every seat goes by
 * its name).
 * @param {RoomState} state
 * @param {number} seat
 */
export function isYou(state, seat) {
  return seat === mySeat(state) && !passAndPlay(state);
}

/**
 * The arguments every sentence about `seat` takes: its name, and whether
 * it is the reader (`you`: `yes` or `no`, for the catalog's selectors).
 * @param {RoomState} state
 * @param {number} seat
 */
function who(state, seat) {
  return { who: seatName(state, seat), you: isYou(state, seat) ? 'yes' : 'no' };
}

/**
 * The name of the seat of board side `side`, as `who` gives it.
 * @param {RoomState} state
 * @param {number} side
 */
export function sideWho(state, side) {
  return who(state, seatOf(state, side));
}

/**
 * What the last event was, in words (the live region says it).
 * @param {RoomState} state
 * @returns {string}
 */
export function saidSentence(state) {
  const said = state.said;
  if (!said) return '';
  switch (said.kind) {
    case 'started': return startSentence(state);
    case 'resigned': return t('site-said-resigned', who(state, said.seat));
    case 'over': return resultSentence(state);
    case 'moved': return movedSentences(state, said).join(' ');
    case 'round': {
      const first = state.game ? state.game.to_move : null;
      return first === null ? t('site-round', { round: said.round })
        : t('site-said-round', { round: said.round, ...who(state, first) });
    }
    default: return '';
  }
}

/** @param {RoomState} state */
function startSentence(state) {
  const first = state.game ? state.game.to_move : null;
  if (first === null) return t('site-said-started');
  return t('site-said-started-first', who(state, first));
}

/**
 * The sentences of a move: what was played and, in order, the relays,
 * the capture (or the child made), a new tuzdyk, the extra turn and who was passed over.
 * @param {RoomState} state
 * @param {Extract<import('./state.js').Said, {kind: 'moved'}>} m
 */
export function movedSentences(state, m) {
  const e = m.effect || {};
  const mover = { ...who(state, m.seat), played: playedBy(state, m.seat, m.by, m.reason) };
  if (m.move === 'swap') return [t('site-said-swap', mover)];
  const move = parseMove(m.move);
  const sentences = [move && move.sense
    ? t('site-said-move-way', { ...mover, house: move.house, dir: move.sense })
    : t('site-said-move', { ...mover, house: Number(m.move) })];
  if (e.relays > 0) sentences.push(t('site-said-relays', { relays: e.relays }));
  // A child's making takes its seeds (in `captured`), but is no capture
  // (`children`, docs/rules.md section 5): the effect's `child` names it.
  if (e.child) sentences.push(t('site-said-child', { ...who(state, m.seat), cup: cupName(state, e.child), seeds: e.captured || 0 }));
  else if (e.captured > 0) sentences.push(t('site-said-capture', { ...who(state, m.seat), seeds: e.captured }));
  if (e.tuzdyk) sentences.push(t('site-said-tuzdyk', { ...who(state, m.seat), cup: cupName(state, e.tuzdyk) }));
  if (e.extra_turn) sentences.push(t('site-said-extra-turn', who(state, m.seat)));
  if (m.passed && m.passed.length) {
    const names = m.passed.map((seat) => seatName(state, seat));
    const you = m.passed.some((seat) => isYou(state, seat)) ? 'yes' : 'no';
    sentences.push(t('site-said-passed', { who: andList(names), count: names.length, you }));
  }
  return sentences;
}

/**
 * `by-self`, or who played for the seat and why: the computer of a
 * computer seat, or the computer for a person (away, out of time,
 * resigned), for the catalog's selector `$played`.
 * @param {RoomState} state
 * @param {number} seat
 * @param {string|undefined} by
 * @param {string|null|undefined} reason
 */
function playedBy(state, seat, by, reason) {
  const s = state.room && state.room.seats[seat];
  if (by !== 'computer' || !reason || reason === 'computer_seat' || (s && typeof s.level === 'number')) return 'self';
  return reason;
}

/**
 * A cup in words: "your store", "Ann's house 3".
 * @param {RoomState} state
 * @param {Cup|null|undefined} cup
 */
export function cupName(state, cup) {
  if (!cup) return t('site-cup-nowhere');
  const owner = sideWho(state, cup.side);
  return cup.kind === 'store'
    ? t('site-cup-store', owner)
    : t('site-cup-house', { ...owner, house: cup.number });
}

/**
 * What the preview of move `n` says (a house, or `3cw` for a house and
 * the direction chosen): where the last seed lands, what it captures,
 * whether the mover moves again; for a move that makes a child, that it
 * does (its seeds are no capture).
 * @param {RoomState} state
 * @param {number|string} n
 * @param {any} effect
 */
export function previewSentence(state, n, effect) {
  const move = typeof n === 'string' ? parseMove(n) : null;
  const args = {
    house: move ? move.house : n,
    cup: cupName(state, effect.last),
    seeds: effect.child ? 0 : effect.captured || 0,
    again: effect.extra_turn ? 'yes' : 'no',
  };
  const said = move && move.sense ? t('site-preview-way', { ...args, dir: move.sense }) : t('site-preview', args);
  if (!effect.child) return said;
  return `${said} ${t('site-preview-child', { cup: cupName(state, effect.child), seeds: effect.captured || 0 })}`;
}

/**
 * Whose turn it is, for the line above the board.
 * @param {RoomState} state
 */
export function toMoveSentence(state) {
  const game = state.game;
  if (!game) return t('site-to-move-not-started');
  if (!inProgress(state) || game.to_move === null) return t('site-to-move-over');
  const mine = mySeat(state);
  if (game.to_move === mine && state.room) {
    const seat = state.room.seats[mine];
    const name = passAndPlay(state) ? seatName(state, mine) : (seat ? displayName(seat) : '');
    return t('site-to-move-you', { name });
  }
  return t('site-to-move-other', who(state, game.to_move));
}

/**
 * The turn clock in words: "Clock: you have 12 s."
 * @param {RoomState} state
 * @param {number} left milliseconds
 */
export function clockSentence(state, left) {
  const clock = state.clock;
  if (!clock) return '';
  return t('site-clock', { ...who(state, clock.seat), seconds: Math.ceil(left / 1000) });
}

/**
 * The result's headline.
 * @param {RoomState} state
 */
export function resultSentence(state) {
  const outcome = state.game && state.game.outcome;
  if (!outcome) return '';
  if (outcome.winner_seat === null || outcome.winner_seat === undefined) return t('site-result-draw');
  return t('site-result-win', who(state, outcome.winner_seat));
}

/**
 * A refusal of the server (or of the page: not connected) in words: the
 * catalog's `error-<code>`, seats named as people see them.
 * @param {RoomState} state
 * @param {import('./state.js').Refusal} refusal
 */
export function refusalSentence(state, refusal) {
  /** @type {Record<string, string|number>} */
  const args = {};
  for (const [key, value] of Object.entries(refusal.args || {})) args[key] = value;
  // The seat to move goes by its player's name; a seat asked for, by its number.
  const seat = refusal.args.seat;
  if (typeof seat === 'number') {
    args.seat = refusal.code === 'not_your_turn' ? seatName(state, seat) : t('site-seat-number', { seat: seat + 1 });
  }
  if (refusal.code === 'not_connected') return t('error-not-connected');
  const id = `error-${refusal.code.replace(/_/g, '-')}`;
  return has(id) ? t(id, args) : t('error-unknown', { code: refusal.code });
}

/**
 * The rank of a seat at the end: "1st: Ann, 25 seeds".
 * @param {RoomState} state
 * @param {number} seat
 * @param {number} rank
 * @param {number} score
 */
export function rankLine(state, seat, rank, score) {
  // An ordinal: @fluent/bundle's NUMBER() does not take `type`, so the
  // rank comes typed (the catalogs select on its CLDR ordinal category).
  return t('site-rank', { rank: new FluentNumber(rank, /** @type {Intl.NumberFormatOptions} */ (/** @type {unknown} */ ({ type: 'ordinal' }))), who: seatName(state, seat), seeds: score });
}

/**
 * A rating change: "rating 1500 → 1520 (+20)".
 * @param {{rating_before: number, rating_after: number}} change
 */
export function ratingLine(change) {
  const before = Math.round(change.rating_before);
  const after = Math.round(change.rating_after);
  const diff = after - before;
  const signed = diff > 0 ? `+${num(diff)}` : diff < 0 ? `−${num(-diff)}` : num(0);
  return t('site-rating-change', { before, after, change: signed });
}

/**
 * In a match of rounds, the round being played ("Round 2"); '' outside
 * a match.
 * @param {RoomState} state
 */
export function roundSentence(state) {
  const round = state.game && state.game.round;
  return round ? t('site-round', { round: round.number }) : '';
}

/**
 * In a match of rounds, the rounds each seat has won ("Rounds won: You
 * 0, Bob 1"); '' outside a match.
 * @param {RoomState} state
 */
/**
 * In a round whose houses changed hands (`rounds = territory`), the
 * legend under the board for the player of `side`: how many of their
 * houses are on the other row (marked ▼) and how many of their row are
 * the opponent's (▲); '' when none changed hands or for a spectator.
 * @param {import('../board.js').OwnedHouse[][]|null} territory
 * @param {number|null} side
 * @returns {string}
 */
export function territorySentence(territory, side) {
  if (!territory || side === null || !territory[side]) return '';
  const yours = territory.filter((_, row) => row !== side).flat().filter((c) => c.owner === side).length;
  const theirs = territory[side].filter((c) => c.owner !== side).length;
  if (yours === 0 && theirs === 0) return '';
  return t('site-territory-note', { yours, theirs });
}

export function roundsWonSentence(state) {
  const round = state.game && state.game.round;
  if (!round) return '';
  const seats = round.rounds_won.map((won, seat) => t('site-rounds-won-seat', { who: seatName(state, seat), won }));
  return t('site-rounds-won', { seats: seats.join(', ') });
}
