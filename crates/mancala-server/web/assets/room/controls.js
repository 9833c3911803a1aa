// @ts-check
// A room's buttons: start or rematch (the host, when the server says a
// game may start), resign (asked twice), the pie rule's swap, and pass
// and play's board turning. A view of the state; actions go out through
// `actions`.

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { inProgress, mySeat, passAndPlay, resigned } from './state.js';

/** localStorage: "yes" when pass and play keeps the board fixed. */
const FIXED_BOARD = 'mancala.fixedBoard';

/** Whether pass and play keeps the board fixed (the player's choice). */
export function fixedBoard() {
  return localStorage.getItem(FIXED_BOARD) === 'yes';
}

/**
 * @typedef {{
 *   send: (m: any) => void,
 *   play: (move: string) => void,
 *   rerender: () => void,
 *   canSwap: boolean,
 *   resignArmed: boolean,
 *   armResign: () => void,
 * }} ControlActions
 */

/**
 * @param {HTMLElement} el
 * @param {import('./state.js').RoomState} state
 * @param {ControlActions} actions
 */
export function renderControls(el, state, actions) {
  const room = state.room;
  if (!room) return;
  const mine = mySeat(state);
  const controls = [];
  if (!inProgress(state)) {
    controls.push(...startControls(state, actions));
  } else if (mine !== null && !resigned(state, mine)) {
    controls.push(h('button', {
      type: 'button', dataset: { testid: 'resign' },
      onclick: () => (actions.resignArmed ? actions.send({ type: 'resign' }) : actions.armResign()),
    }, actions.resignArmed ? t('site-resign-confirm') : t('site-resign')));
    if (actions.canSwap) {
      controls.push(' ', h('button', { type: 'button', dataset: { testid: 'swap' }, onclick: () => actions.play('swap') }, t('site-swap')));
    }
  }
  if (passAndPlay(state)) {
    const turn = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', id: 'turn-board', dataset: { testid: 'turn-board' }, checked: !fixedBoard() }));
    turn.addEventListener('change', () => {
      localStorage.setItem(FIXED_BOARD, turn.checked ? 'no' : 'yes');
      actions.rerender();
    });
    controls.push(h('span', { class: 'row' }, turn, h('label', { for: 'turn-board' }, t('site-turn-board'))));
  }
  replace(el, ...controls);
}

/**
 * Between games: the host's start (or rematch) and what it waits for;
 * the others' note that the host starts.
 * @param {import('./state.js').RoomState} state
 * @param {ControlActions} actions
 */
function startControls(state, actions) {
  const room = /** @type {import('./state.js').Room} */ (state.room);
  const again = !!(state.game && state.game.outcome);
  const requeue = again ? requeueButton(state) : null;
  const mine = mySeat(state);
  if (again && room.matched && mine !== null) {
    // Strangers: each asks, and the game starts when all have.
    const asked = (room.rematch || []).includes(mine);
    return [asked
      ? h('span', { class: 'note', dataset: { testid: 'rematch-asked' } }, t('queue-rematch-asked'))
      : h('button', { type: 'button', class: 'primary', dataset: { testid: 'rematch' }, onclick: () => actions.send({ type: 'rematch' }) }, t('site-rematch')),
    ' ', requeue];
  }
  if (room.host !== state.me) {
    return [h('span', { class: 'note' }, again ? t('site-wait-rematch') : t('site-wait-start')), ' ', requeue];
  }
  const ready = !!room.can_start;
  const parts = [h('button', {
    type: 'button', class: 'primary', disabled: !ready,
    dataset: { testid: again ? 'rematch' : 'start-game' },
    onclick: () => actions.send({ type: 'start' }),
  }, again ? t('site-rematch') : t('site-start'))];
  if (!ready) {
    const every = room.min_players >= room.seats.length;
    parts.push(h('span', { class: 'note' }, ' ', every ? t('site-start-needs-all') : t('site-start-needs', { min: room.min_players })));
  }
  if (requeue) parts.push(h('span', {}, ' '), requeue);
  return parts;
}

/**
 * After a game: back into the queue of "Play now" with the same choice
 * (the game, the players of the game just played, rated or casual), for
 * a seated player of a game the queue plays.
 * @param {import('./state.js').RoomState} state
 */
function requeueButton(state) {
  const room = /** @type {import('./state.js').Room} */ (state.room);
  const game = room.house_rules ? 'house' : room.preset;
  if (!game || !state.game || mySeat(state) === null) return null;
  const choice = { game, players: state.game.position.houses.length, rated: room.rated };
  return h('button', {
    type: 'button', dataset: { testid: 'requeue' },
    onclick: () => {
      sessionStorage.setItem('mancala.requeue', JSON.stringify(choice));
      history.pushState(null, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    },
  }, t('queue-requeue'));
}
