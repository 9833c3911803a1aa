// @ts-check
// The result of a game (places, scores, rating changes, how it ended)
// and the list of its moves, rebuilt whole from the game's record.

import { houseShort } from '../direction.js';
import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { rankLine, ratingLine, resultSentence, seatName } from './words.js';

/**
 * @param {HTMLElement} el
 * @param {import('./state.js').RoomState} state
 */
export function renderResult(el, state) {
  const outcome = state.game && state.game.outcome;
  el.hidden = !outcome;
  if (!outcome) {
    replace(el);
    return;
  }
  const rows = outcome.seat_ranks.map((rank, seat) => {
    const change = state.ratings && state.ratings.find((r) => r.seat === seat);
    return { seat, rank, score: outcome.seat_scores[seat], change };
  }).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  replace(el,
    h('h2', {}, resultSentence(state)),
    h('ol', { class: 'ranks' }, ...rows.map((r) => h('li', {},
      rankLine(state, r.seat, r.rank, r.score),
      r.change ? [' · ', ratingLine(r.change)] : null))),
    h('p', { class: 'note' }, t('site-ended-by', { reason: t(`site-end-${outcome.reason.replace(/_/g, '-')}`) })),
    state.game ? h('p', {}, h('a', { href: `/g/${state.game.id}`, dataset: { internal: '1', testid: 'result-replay' } }, t('replay-link'))) : null);
}

/**
 * The moves so far, one item an event: who made it and what it was.
 * @param {HTMLElement} el
 * @param {import('./state.js').RoomState} state
 */
export function renderMoves(el, state) {
  // A seat handed to the computer or taken back is said on the seat,
  // not in the list of moves.
  const record = (state.game ? state.game.record : []).filter((entry) => !entry.event.startsWith('computer'));
  replace(el, ...record.map((entry) => h('li', { dataset: { move: entry.event } }, moveLine(state, entry))));
}

/**
 * One move of the record in words: "Ann: 3", "Bob: 2 (computer, away)",
 * "Ann resigned".
 * @param {import('./state.js').RoomState} state
 * @param {import('./state.js').RecordEntry} entry
 */
function moveLine(state, entry) {
  const who = seatName(state, entry.seat);
  if (entry.event.startsWith('resign')) return t('site-move-resigned', { who });
  if (entry.event === 'swap') return t('site-move-swap', { who });
  if (entry.event === 'agreement') return t('site-move-agreement');
  const reason = entry.by === 'computer' && entry.reason && entry.reason !== 'computer_seat' ? entry.reason : 'self';
  return t('site-move', { who, house: houseShort(entry.event), played: reason });
}
