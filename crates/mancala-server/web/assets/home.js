// The home page: your name, play the computer (one click to a game),
// create a room (a preset or the Kalah house rules, the time per turn,
// rated or casual), join by an invite link, the leaderboard, and the
// rules of every preset in words (as the server words them).

import { request, roomInText } from './api.js';
import { h, replace } from './dom.js';

/**
 * @param {HTMLElement} main
 * @param {import('./api.js').Player} player
 * @param {{go: (path: string) => void, renamed: (name: string) => void}} actions
 */
export function showHome(main, player, actions) {
  const presets = h('div', {}, h('p', {}, 'Loading the rules…'));
  const computer = h('div', {}, h('p', {}, 'Loading the rules…'));
  const board = h('div', {}, h('p', {}, 'Loading…'));
  const rules = h('div', {}, h('p', {}, 'Loading the rules…'));
  replace(
    main,
    h('h1', {}, 'Mancala'),
    nameSection(player, actions.renamed),
    h('section', { 'aria-labelledby': 'cpu-h' },
      h('h2', { id: 'cpu-h' }, 'Play the computer'),
      computer),
    h('section', { 'aria-labelledby': 'create-h' },
      h('h2', { id: 'create-h' }, 'Play with friends'),
      presets),
    joinSection(actions.go),
    h('section', { 'aria-labelledby': 'lb-h' },
      h('h2', { id: 'lb-h' }, 'Leaderboard'),
      board),
    h('section', { 'aria-labelledby': 'rules-h' },
      h('h2', { id: 'rules-h' }, 'Rules of the games'),
      rules),
  );
  loadPresets().then((list) => {
    createForm(presets, list, player, actions.go);
    computerForm(computer, list, player, actions.go);
    rulesInWords(rules, list);
  }).catch((e) => {
    for (const el of [presets, computer, rules]) replace(el, h('p', { class: 'error' }, 'Cannot load the rules: ' + String(e)));
  });
  leaderboard(board);
}

function nameSection(player, renamed) {
  const input = h('input', { id: 'name', name: 'name', maxlength: 32, value: player.name, autocomplete: 'nickname', dataset: { testid: 'name' } });
  const note = h('p', { class: 'note', 'aria-live': 'polite' });
  const form = h('form', { class: 'row' },
    h('label', { for: 'name' }, 'Your name'), input,
    h('button', { type: 'submit', dataset: { testid: 'rename' } }, 'Rename'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const name = /** @type {HTMLInputElement} */ (input).value.trim();
    try {
      const answer = await request('PATCH', '/api/players/me', { name }, player);
      renamed((answer && answer.name) || name);
      note.textContent = 'Saved.';
    } catch (e) {
      note.textContent = 'Not renamed: ' + (e instanceof Error ? e.message : String(e));
    }
  });
  return h('section', { 'aria-label': 'You' }, form, note);
}

/** @type {any[]|null} */
let presetCache = null;

async function loadPresets() {
  if (!presetCache) presetCache = (await request('GET', '/api/presets')).presets;
  return /** @type {any[]} */ (presetCache);
}

/** A labelled select of `[value, text]` options. */
function choice(id, label, options, value) {
  const select = h('select', { id, name: id }, ...options.map(([v, text]) => h('option', { value: v }, text)));
  /** @type {HTMLSelectElement} */ (select).value = String(value);
  return { select: /** @type {HTMLSelectElement} */ (select), row: h('div', { class: 'row' }, h('label', { for: id }, label), select) };
}

/** A select of the presets, with the chosen one's description under it. */
function presetChoice(id, presets) {
  const { select, row } = choice(id, 'Rules', presets.map((/** @type {any} */ p) => [p.name, p.name]), 'kalah');
  const describe = h('p', { class: 'note' });
  const show = () => {
    const p = presets.find((/** @type {any} */ p) => p.name === select.value);
    describe.textContent = p ? `${p.description} (${p.players > 2 ? `${p.players} players` : 'from 2 players'}).` : '';
  };
  select.addEventListener('change', show);
  show();
  return { select, row, describe };
}

/** Creates a room with `body`, then goes there; `after` is left for the room page. */
async function createRoom(body, player, go, error, after) {
  try {
    const room = await request('POST', '/api/rooms', body, player);
    // The host sits down on arrival (see room.js).
    sessionStorage.setItem('mancala.created', room.code);
    if (after) sessionStorage.setItem('mancala.autoplay', JSON.stringify({ code: room.code, ...after }));
    go(`/r/${room.code}`);
  } catch (e) {
    error.textContent = 'Not created: ' + (e instanceof Error ? e.message : String(e));
  }
}

/** "Play the computer": a rule set and a level, one click to a game. */
function computerForm(container, presets, player, go) {
  const rules = presetChoice('cpu-rules', presets);
  const level = choice('cpu-level', 'Level', Array.from({ length: 10 }, (_, k) => [k + 1, `${k + 1}${k === 0 ? ' (easiest)' : k === 9 ? ' (strongest)' : ''}`]), 3);
  const error = h('p', { class: 'error', 'aria-live': 'assertive' });
  const form = h('form', {}, rules.row, rules.describe, level.row,
    h('button', { type: 'submit', class: 'primary', dataset: { testid: 'play-computer' } }, 'Play the computer'),
    error);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    createRoom({ rules: rules.select.value, rated: false }, player, go, error, { level: Number(level.select.value) });
  });
  replace(container, form);
}

/** "Play with friends": a preset or the Kalah house rules, the time per turn, rated or casual. */
function createForm(container, presets, player, go) {
  const modePreset = h('input', { type: 'radio', name: 'mode', id: 'mode-preset', value: 'preset', checked: true });
  const modeHouse = h('input', { type: 'radio', name: 'mode', id: 'mode-house', value: 'house' });
  const preset = presetChoice('preset', presets);
  const houses = choice('hr-houses', 'Houses', [[6, '6'], [7, '7 (two players)'], [4, '4 (three or four players)']], 6);
  const seedCount = choice('hr-seeds', 'Seeds', [[4, '4 a house'], [3, '3 a house']], 4);
  const capture = choice('hr-capture', 'Captures (3-4 players) take from', [['next', 'the next player'], ['opposite', 'the player across'], ['all', 'all the others']], 'next');
  const presetBox = h('fieldset', { class: 'choice' }, h('legend', {}, 'Rule set'), preset.row, preset.describe);
  const houseBox = h('fieldset', { class: 'choice', hidden: true }, h('legend', {}, 'Kalah house rules'),
    houses.row, seedCount.row, capture.row,
    h('p', { class: 'note' }, 'Sow counter-clockwise through your own store; the last seed in your store gives another turn; the last seed in an empty house of yours captures the corresponding houses. 2 to 4 players: the count follows who sits down.'));
  const rotation = h('input', { type: 'checkbox', id: 'rotation', name: 'rotation' });
  const turn = choice('turn-seconds', 'Time per turn', [['', 'none'], [30, '30 s'], [60, '60 s']], '');
  const rated = h('input', { type: 'checkbox', id: 'rated', name: 'rated' });
  const error = h('p', { class: 'error', 'aria-live': 'assertive' });
  const showMode = () => {
    const house = /** @type {HTMLInputElement} */ (modeHouse).checked;
    presetBox.hidden = house;
    houseBox.hidden = !house;
  };
  modePreset.addEventListener('change', showMode);
  modeHouse.addEventListener('change', showMode);
  const form = h('form', {},
    h('div', { class: 'row', role: 'radiogroup', 'aria-label': 'Rules' },
      modePreset, h('label', { for: 'mode-preset' }, 'A rule set'),
      modeHouse, h('label', { for: 'mode-house' }, 'Kalah house rules')),
    presetBox, houseBox,
    h('div', { class: 'row' }, rotation, h('label', { for: 'rotation' }, 'Rotate the first player at each rematch')),
    turn.row,
    h('div', { class: 'row' }, rated, h('label', { for: 'rated' }, 'Rated (changes ratings)')),
    h('button', { type: 'submit', class: 'primary', dataset: { testid: 'create-room' } }, 'Create a room'),
    error);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const seconds = turn.select.value ? Number(turn.select.value) : null;
    const isRated = /** @type {HTMLInputElement} */ (rated).checked;
    const rotate = /** @type {HTMLInputElement} */ (rotation).checked;
    const body = /** @type {HTMLInputElement} */ (modeHouse).checked
      ? {
        house_rules: {
          houses: Number(houses.select.value), seeds: Number(seedCount.select.value),
          capture: capture.select.value, rotation: rotate,
        },
        rated: isRated, turn_seconds: seconds,
      }
      : { rules: preset.select.value, rotation: rotate, rated: isRated, turn_seconds: seconds };
    createRoom(body, player, go, error, null);
  });
  replace(container, form);
}

/**
 * Every preset's rules in words, one closed `<details>` each: the name
 * and description to open, then each topic (bold) and its text. The
 * texts come from the server and are set as text, never as markup.
 */
function rulesInWords(container, presets) {
  replace(container, ...presets.map((/** @type {any} */ p) => h('details', { class: 'rules', dataset: { testid: `rules-${p.name}` } },
    h('summary', {}, h('strong', {}, p.name), ' ', h('span', { class: 'note' }, p.description)),
    h('dl', {}, ...(p.explanation || []).flatMap((/** @type {{topic: string, text: string}} */ t) => [
      h('dt', {}, t.topic), h('dd', {}, t.text),
    ])))));
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
