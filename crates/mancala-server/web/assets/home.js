// The home page: your name, create a room (a preset and the player
// count), join by an invite link, the leaderboard.

import { ApiError, request, roomInText } from './api.js';
import { h, replace } from './dom.js';

/**
 * @param {HTMLElement} main
 * @param {import('./api.js').Player} player
 * @param {{go: (path: string) => void, renamed: (name: string) => void}} actions
 */
export function showHome(main, player, actions) {
  const presets = h('div', {}, h('p', {}, 'Loading the rules…'));
  const board = h('div', {}, h('p', {}, 'Loading…'));
  replace(
    main,
    h('h1', {}, 'Mancala'),
    nameSection(player, actions.renamed),
    h('section', { 'aria-labelledby': 'create-h' },
      h('h2', { id: 'create-h' }, 'Play with friends'),
      presets),
    h('section', { 'aria-labelledby': 'cpu-h' },
      h('h2', { id: 'cpu-h' }, 'Play the computer'),
      h('button', { type: 'button', disabled: true, 'aria-describedby': 'cpu-note' }, 'Play the computer'),
      h('p', { id: 'cpu-note', class: 'note' },
        'Coming with computer seats on the server. Meanwhile: ', h('code', {}, 'mancala play'), ' in a terminal.')),
    joinSection(actions.go),
    h('section', { 'aria-labelledby': 'lb-h' },
      h('h2', { id: 'lb-h' }, 'Leaderboard'),
      board),
  );
  createForm(presets, player, actions.go);
  leaderboard(board);
}

function nameSection(player, renamed) {
  const input = h('input', { id: 'name', name: 'name', maxlength: 32, value: player.name, autocomplete: 'nickname' });
  const note = h('p', { class: 'note', 'aria-live': 'polite' });
  const form = h('form', { class: 'row' },
    h('label', { for: 'name' }, 'Your name'), input,
    h('button', { type: 'submit' }, 'Rename'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const name = /** @type {HTMLInputElement} */ (input).value.trim();
    try {
      const answer = await request('PATCH', '/api/players/me', { name }, player);
      renamed((answer && answer.name) || name);
      note.textContent = 'Saved.';
    } catch (e) {
      note.textContent = e instanceof ApiError && (e.status === 404 || e.status === 405)
        ? 'This server cannot rename players yet.'
        : 'Not renamed: ' + (e instanceof Error ? e.message : String(e));
    }
  });
  return h('section', { 'aria-label': 'You' }, form, note);
}

async function createForm(container, player, go) {
  let presets;
  try {
    presets = (await request('GET', '/api/presets')).presets;
  } catch (e) {
    replace(container, h('p', { class: 'error' }, 'Cannot load the rules: ' + String(e)));
    return;
  }
  const select = h('select', { id: 'preset', name: 'preset' },
    ...presets.map((/** @type {any} */ p) => h('option', { value: p.name }, p.name)));
  const players = h('select', { id: 'players', name: 'players' },
    ...[2, 3, 4].map((n) => h('option', { value: n }, `${n} players`)));
  const rated = h('input', { type: 'checkbox', id: 'rated', name: 'rated' });
  const describe = h('p', { class: 'note', id: 'preset-note' });
  const error = h('p', { class: 'error', 'aria-live': 'assertive' });
  const showDescription = () => {
    const p = presets.find((/** @type {any} */ p) => p.name === select.value);
    describe.textContent = p ? p.description : '';
  };
  select.addEventListener('change', showDescription);
  showDescription();
  const form = h('form', {},
    h('div', { class: 'row' }, h('label', { for: 'preset' }, 'Rules'), select, players),
    describe,
    h('div', { class: 'row' }, rated, h('label', { for: 'rated' }, 'Rated (changes ratings)')),
    h('button', { type: 'submit', class: 'primary', dataset: { testid: 'create-room' } }, 'Create a room'),
    error);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const n = Number(/** @type {HTMLSelectElement} */ (players).value);
    const name = /** @type {HTMLSelectElement} */ (select).value;
    const rules = n === 2 ? name : `${name},players=${n}`;
    try {
      const room = await request('POST', '/api/rooms',
        { rules, rated: /** @type {HTMLInputElement} */ (rated).checked }, player);
      // The host sits down on arrival (see room.js).
      sessionStorage.setItem('mancala.created', room.code);
      go(`/r/${room.code}`);
    } catch (e) {
      error.textContent = 'Not created: ' + (e instanceof Error ? e.message : String(e));
    }
  });
  replace(container, form);
}

function joinSection(go) {
  const input = h('input', { id: 'join', name: 'join', placeholder: 'https://…/r/…', autocomplete: 'off' });
  const error = h('p', { class: 'error', 'aria-live': 'assertive' });
  const form = h('form', { class: 'row' },
    h('label', { for: 'join' }, 'Invite link'), input, h('button', { type: 'submit' }, 'Join'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const code = roomInText(/** @type {HTMLInputElement} */ (input).value);
    if (code) go(`/r/${code}`);
    else error.textContent = 'That is not an invite link (it ends with /r/ and 32 letters and digits).';
  });
  return h('section', { 'aria-labelledby': 'join-h' }, h('h2', { id: 'join-h' }, 'Join a room'), form, error);
}

async function leaderboard(container) {
  try {
    const { players } = await request('GET', '/api/leaderboard?limit=20');
    if (!players.length) {
      replace(container, h('p', { class: 'note' }, 'No rated games yet.'));
      return;
    }
    replace(container, h('table', { class: 'leaderboard' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, '#'), h('th', { scope: 'col' }, 'Player'),
        h('th', { scope: 'col' }, 'Rating'), h('th', { scope: 'col' }, 'Games'))),
      h('tbody', {}, ...players.map((/** @type {any} */ p, i) => h('tr', {},
        h('td', {}, i + 1), h('td', {}, p.name),
        h('td', {}, `${Math.round(p.rating)} ± ${Math.round(2 * p.deviation)}`), h('td', {}, p.games))))));
  } catch (e) {
    replace(container, h('p', { class: 'error' }, 'Cannot load the leaderboard.'));
  }
}
