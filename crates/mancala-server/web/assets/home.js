// @ts-check
// The home page: your name, play the computer (one click to a game),
// create a room (a preset or the Kalah house rules, the time per turn,
// rated or casual: the choices and defaults are the server's, GET
// /api/site), join by an invite link, the leaderboard, and the games with
// their rules pages.

import { ApiError, request, roomInText } from './api.js';
import { h, replace } from './dom.js';
import { gameName, gameSummary } from './games.js';
import { has, num, orList, t } from './i18n.js';
import { acceptComputer, joinQueue, leaveQueue, offerIn, watchQueue } from './queue.js';

/**
 * @typedef {{name: string, description: string, rules: string, players: number, min_players: number, max_players: number}} PresetRow
 * @typedef {{
 *   house_rules: {
 *     preset: string, houses: {value: number, players: number[]}[], seeds: number[], capture: string[],
 *     players: number[], default: {houses: number, seeds: number, capture: string, rotation: boolean},
 *   },
 *   turn_seconds: number[],
 *   levels: {min: number, max: number, default: number},
 * }} SiteChoices
 */

/**
 * @param {HTMLElement} main
 * @param {import('./api.js').Player} player
 * @param {{go: (path: string) => void, renamed: (name: string) => void}} actions
 */
export function showHome(main, player, actions) {
  const loading = () => h('div', {}, h('p', {}, t('site-loading')));
  const computer = loading();
  const friends = loading();
  const board = loading();
  const games = loading();
  const playNow = loading();
  const counts = h('div', { class: 'queue-counts', dataset: { testid: 'queue-counts' }, 'aria-live': 'polite' });
  replace(
    main,
    h('h1', {}, t('site-title')),
    h('p', { class: 'lead' }, t('site-lead')),
    h('section', { 'aria-labelledby': 'queue-h', class: 'play-now' },
      h('h2', { id: 'queue-h' }, t('queue-title')), h('p', { class: 'note' }, t('queue-lead')), playNow,
      h('h3', {}, t('queue-counts-title')), counts),
    nameSection(player, actions.renamed),
    h('section', { 'aria-labelledby': 'cpu-h' }, h('h2', { id: 'cpu-h' }, t('site-play-computer')), computer),
    h('section', { 'aria-labelledby': 'create-h' }, h('h2', { id: 'create-h' }, t('site-play-friends')), friends),
    joinSection(actions.go),
    h('section', { 'aria-labelledby': 'rules-h' }, h('h2', { id: 'rules-h' }, t('site-games')), games),
    h('section', { 'aria-labelledby': 'lb-h' }, h('h2', { id: 'lb-h' }, t('site-leaderboard')), board),
  );
  // `/?rules=GAME` (a rules page's "play these rules"): that game chosen
  // in both forms.
  const wanted = new URLSearchParams(location.search).get('rules');
  Promise.all([loadPresets(), loadSite()]).then(([presets, site]) => {
    const chosen = presets.some((p) => p.name === wanted) ? wanted : null;
    playNowForm(playNow, presets, chosen);
    createForm(friends, presets, site, player, actions.go, chosen);
    computerForm(computer, presets, site, player, actions.go, chosen);
    gameList(games, presets);
  }).catch(() => {
    for (const el of [playNow, friends, computer, games]) replace(el, h('p', { class: 'error' }, t('site-rules-failed')));
  });
  leaderboard(board);
  queueCounts(counts);
}

/**
 * A queue's game in words: the house rules, or a preset's name.
 * @param {string} game
 */
function queueGameName(game) {
  return game === 'house' ? t('queue-game-house') : gameName(game);
}

/**
 * "Play now": a game, a player count, rated or casual; then where the
 * player stands (the server's `queue`), the countdown to the computer's
 * offer, the offer, and leaving. A request to go back into the queue
 * (a result's "Play someone new") is made on arrival.
 * @param {HTMLElement} container
 * @param {PresetRow[]} presets
 * @param {string|null} chosen
 */
function playNowForm(container, presets, chosen) {
  /** @type {[string, string][]} */
  const gameOptions = [['house', t('queue-game-house')], ...presets.map((p) => /** @type {[string, string]} */ ([p.name, gameName(p.name)]))];
  const game = choice('queue-game', t('queue-game'), gameOptions, chosen && chosen !== 'kalah' ? chosen : 'house');
  const players = choice('queue-players', t('queue-players'), [], 2);
  const showPlayers = () => {
    const p = presets.find((q) => q.name === game.select.value);
    const [min, max] = p ? [p.min_players, p.max_players] : [2, 4];
    const was = Number(players.select.value) || 2;
    replace(players.select, ...Array.from({ length: max - min + 1 }, (_, k) => h('option', { value: min + k }, t('queue-players-choice', { players: min + k }))));
    players.select.value = String(Math.min(Math.max(was, min), max));
  };
  game.select.addEventListener('change', showPlayers);
  showPlayers();
  const rated = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', id: 'queue-rated', name: 'queue-rated' }));
  const status = h('div', { class: 'queue-status', 'aria-live': 'polite' });
  const form = h('form', {}, game.row, players.row,
    h('div', { class: 'row' }, rated, h('label', { for: 'queue-rated' }, t('queue-rated'))),
    h('button', { type: 'submit', class: 'primary', dataset: { testid: 'play-now' } }, t('queue-play-now')));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    joinQueue({ game: game.select.value, players: Number(players.select.value), rated: rated.checked });
  });
  replace(container, form, status);
  /** @type {Set<string>} the offers declined: the player waits on */
  const declined = new Set();
  /** @type {import('./queue.js').QueueState} */
  let shown = { tickets: [], error: null };
  const render = () => renderQueue(status, shown, declined, render);
  const stop = watchQueue((s) => { shown = s; render(); });
  const ticker = setInterval(() => {
    if (!container.isConnected) {
      clearInterval(ticker);
      stop();
      return;
    }
    for (const el of status.querySelectorAll('[data-testid="queue-countdown"]')) {
      const ticket = shown.tickets.find((tk) => key(tk) === /** @type {HTMLElement} */ (el).dataset.ticket);
      if (ticket) el.textContent = t('queue-countdown', { seconds: Math.ceil(offerIn(ticket) / 1000) });
    }
  }, 250);
  const again = sessionStorage.getItem('mancala.requeue');
  if (again) {
    sessionStorage.removeItem('mancala.requeue');
    try {
      const c = JSON.parse(again);
      joinQueue({ game: String(c.game), players: Number(c.players), rated: !!c.rated });
    } catch {
      // A bad note is no request.
    }
  }
}

/** @param {import('./queue.js').Choice} c */
function key(c) {
  return `${c.game}:${c.players}:${c.rated}`;
}

/**
 * The tickets of the player: each with its countdown or the computer's
 * offer, and a way out.
 * @param {HTMLElement} el
 * @param {import('./queue.js').QueueState} state
 * @param {Set<string>} declined
 * @param {() => void} rerender
 */
function renderQueue(el, state, declined, rerender) {
  const error = state.error ? h('p', { class: 'error' }, t('queue-failed', { error: errorWords(new ApiError(400, state.error.code, '', state.error.args)) })) : null;
  replace(el, error, ...state.tickets.map((ticket) => {
    const choice = { game: ticket.game, players: ticket.players, rated: ticket.rated };
    const offer = ticket.offer && !declined.has(key(ticket))
      ? h('div', { class: 'queue-offer', dataset: { testid: 'queue-offer-computer' } },
        h('p', {}, t('queue-offer', { level: ticket.offer.level, computers: ticket.offer.computers })),
        h('button', { type: 'button', class: 'primary', dataset: { testid: 'queue-accept-computer' }, onclick: () => acceptComputer(choice) }, t('queue-accept-computer')),
        ' ',
        h('button', { type: 'button', onclick: () => { declined.add(key(ticket)); rerender(); } }, t('queue-keep-waiting')))
      : null;
    return h('div', { class: 'queue-ticket', dataset: { testid: 'queue-waiting', game: ticket.game, players: ticket.players } },
      h('p', {}, t('queue-waiting', { game: queueGameName(ticket.game), players: ticket.players, rated: ticket.rated ? 'yes' : 'no' })),
      ticket.offer ? null : h('p', { class: 'note', dataset: { testid: 'queue-countdown', ticket: key(ticket) } },
        t('queue-countdown', { seconds: Math.ceil(offerIn(ticket) / 1000) })),
      offer,
      h('button', { type: 'button', dataset: { testid: 'queue-leave' }, onclick: () => leaveQueue(choice) }, t('queue-leave')));
  }));
}

/** How often the home page asks again how many wait and play, in ms. */
const COUNTS_EVERY = 5000;

/**
 * How many wait and play each game now (counts only: rooms stay
 * unlisted), asked again every few seconds while the page shows them.
 * @param {HTMLElement} el
 */
async function queueCounts(el) {
  if (!el.isConnected && el.dataset.asked) return;
  el.dataset.asked = 'yes';
  try {
    const { games } = await request('GET', '/api/queue/counts');
    const busy = games.filter((/** @type {any} */ g) => g.waiting > 0 || g.playing > 0);
    replace(el, busy.length
      ? h('ul', {}, ...busy.map((/** @type {any} */ g) => h('li', { dataset: { game: g.game, waiting: g.waiting, playing: g.playing } },
        t('queue-count-line', { game: queueGameName(g.game), waiting: g.waiting, playing: g.playing }))))
      : h('p', { class: 'note' }, t('queue-counts-none')));
  } catch {
    // Counts are a nicety: the next try may reach the server.
  }
  setTimeout(() => { if (el.isConnected) queueCounts(el); }, COUNTS_EVERY);
}

/**
 * @param {import('./api.js').Player} player
 * @param {(name: string) => void} renamed
 */
function nameSection(player, renamed) {
  const input = /** @type {HTMLInputElement} */ (h('input', { id: 'name', name: 'name', maxlength: 32, value: player.name, autocomplete: 'nickname', dataset: { testid: 'name' } }));
  const note = h('p', { class: 'note', 'aria-live': 'polite' });
  const form = h('form', { class: 'row' },
    h('label', { for: 'name' }, t('site-your-name')), input,
    h('button', { type: 'submit', dataset: { testid: 'rename' } }, t('site-rename')));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    try {
      const answer = await request('PATCH', '/api/players/me', { name }, player);
      renamed((answer && answer.name) || name);
      note.textContent = t('site-renamed');
    } catch (e) {
      note.textContent = t('site-not-renamed', { error: errorWords(e) });
    }
  });
  return h('section', { 'aria-label': t('site-you') }, form, note);
}

/** @type {PresetRow[]|null} */
let presetCache = null;
/** @type {SiteChoices|null} */
let siteCache = null;

/** @returns {Promise<PresetRow[]>} */
export async function loadPresets() {
  if (!presetCache) presetCache = (await request('GET', '/api/presets')).presets;
  return /** @type {PresetRow[]} */ (presetCache);
}

/** @returns {Promise<SiteChoices>} */
async function loadSite() {
  if (!siteCache) siteCache = await request('GET', '/api/site');
  return /** @type {SiteChoices} */ (siteCache);
}

/**
 * A labelled select of `[value, text]` options.
 * @param {string} id
 * @param {string} label
 * @param {[string|number, string][]} options
 * @param {string|number} value
 */
function choice(id, label, options, value) {
  const select = /** @type {HTMLSelectElement} */ (h('select', { id, name: id }, ...options.map(([v, text]) => h('option', { value: v }, text))));
  select.value = String(value);
  return { select, row: h('div', { class: 'row' }, h('label', { for: id }, label), select) };
}

/**
 * A select of the presets by their names, the chosen one's summary under it.
 * @param {string} id
 * @param {PresetRow[]} presets
 * @param {string|null} [chosen] the preset chosen first (else Kalah)
 */
function presetChoice(id, presets, chosen) {
  const { select, row } = choice(id, t('site-rules'), presets.map((p) => [p.name, gameName(p.name)]), chosen || 'kalah');
  const describe = h('p', { class: 'note' });
  const show = () => {
    const p = presets.find((p) => p.name === select.value);
    describe.textContent = p ? t('site-preset-note', {
      summary: gameSummary(p.name), min: p.min_players, max: p.max_players,
      range: p.min_players === p.max_players ? 'fixed' : 'range',
    }) : '';
  };
  select.addEventListener('change', show);
  show();
  return { select, row, describe };
}

/**
 * Creates a room with `body`, then goes there; `after` is left for the
 * room page.
 * @param {any} body
 * @param {import('./api.js').Player} player
 * @param {(path: string) => void} go
 * @param {HTMLElement} error
 * @param {{level: number}|null} after
 */
async function createRoom(body, player, go, error, after) {
  try {
    const room = await request('POST', '/api/rooms', body, player);
    // The host sits down on arrival (see room/index.js).
    sessionStorage.setItem('mancala.created', room.code);
    if (after) sessionStorage.setItem('mancala.autoplay', JSON.stringify({ code: room.code, ...after }));
    go(`/r/${room.code}`);
  } catch (e) {
    error.textContent = t('site-not-created', { error: errorWords(e) });
  }
}

/**
 * "Play the computer": a rule set and a level, one click to a game.
 * @param {HTMLElement} container
 * @param {PresetRow[]} presets
 * @param {SiteChoices} site
 * @param {import('./api.js').Player} player
 * @param {(path: string) => void} go
 * @param {string|null} chosen the preset to choose first, if any
 */
function computerForm(container, presets, site, player, go, chosen) {
  const rules = presetChoice('cpu-rules', presets, chosen);
  const { min, max } = site.levels;
  /** @type {[number, string][]} */
  const levels = Array.from({ length: max - min + 1 }, (_, k) => {
    const level = min + k;
    const end = level === min ? 'easiest' : level === max ? 'strongest' : 'other';
    return [level, t('site-level-choice', { level, end })];
  });
  const level = choice('cpu-level', t('site-level-label'), levels, site.levels.default);
  const error = h('p', { class: 'error', 'aria-live': 'assertive' });
  const form = h('form', {}, rules.row, rules.describe, level.row,
    h('button', { type: 'submit', class: 'primary', dataset: { testid: 'play-computer' } }, t('site-play-computer')),
    error);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    createRoom({ rules: rules.select.value, rated: false }, player, go, error, { level: Number(level.select.value) });
  });
  replace(container, form);
}

/**
 * "Play with friends": a preset or the Kalah house rules, the time per
 * turn, rated or casual, first-player rotation; every default the
 * server's (the seed's table of house rules).
 * @param {HTMLElement} container
 * @param {PresetRow[]} presets
 * @param {SiteChoices} site
 * @param {import('./api.js').Player} player
 * @param {(path: string) => void} go
 * @param {string|null} chosen the preset to choose first, if any (the
 *   house rules stay chosen for the preset they play)
 */
function createForm(container, presets, site, player, go, chosen) {
  const offer = site.house_rules;
  const byPreset = chosen !== null && chosen !== offer.preset;
  const modeHouse = /** @type {HTMLInputElement} */ (h('input', { type: 'radio', name: 'mode', id: 'mode-house', value: 'house', checked: !byPreset }));
  const modePreset = /** @type {HTMLInputElement} */ (h('input', { type: 'radio', name: 'mode', id: 'mode-preset', value: 'preset', checked: byPreset }));
  const preset = presetChoice('preset', presets, chosen);
  const houses = choice('hr-houses', t('site-houses-label'), offer.houses.map((c) => [c.value, housesWords(c, offer.players)]), offer.default.houses);
  const seedCount = choice('hr-seeds', t('site-seeds-label'), offer.seeds.map((s) => [s, t('site-seeds-choice', { seeds: s })]), offer.default.seeds);
  const capture = choice('hr-capture', t('site-capture-label'), offer.capture.map((c) => [c, t('site-capture-choice', { capture: c })]), offer.default.capture);
  const presetBox = h('fieldset', { class: 'choice', hidden: true }, h('legend', {}, t('site-rule-set')), preset.row, preset.describe);
  const houseBox = h('fieldset', { class: 'choice' }, h('legend', {}, t('site-house-rules')),
    houses.row, seedCount.row, capture.row,
    h('p', { class: 'note' }, t('site-house-rules-note')));
  const rotation = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', id: 'rotation', name: 'rotation', checked: offer.default.rotation, dataset: { testid: 'rotation' } }));
  /** @type {[string|number, string][]} */
  const times = [['', t('site-turn-none')], ...site.turn_seconds.map((s) => /** @type {[number, string]} */ ([s, t('site-turn-seconds', { seconds: s })]))];
  const turn = choice('turn-seconds', t('site-turn-label'), times, '');
  const rated = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', id: 'rated', name: 'rated' }));
  const error = h('p', { class: 'error', 'aria-live': 'assertive' });
  const showMode = () => {
    presetBox.hidden = modeHouse.checked;
    houseBox.hidden = !modeHouse.checked;
  };
  modePreset.addEventListener('change', showMode);
  modeHouse.addEventListener('change', showMode);
  showMode();
  const form = h('form', {},
    h('div', { class: 'row', role: 'radiogroup', 'aria-label': t('site-rules') },
      modeHouse, h('label', { for: 'mode-house' }, t('site-house-rules')),
      modePreset, h('label', { for: 'mode-preset' }, t('site-rule-set'))),
    houseBox, presetBox,
    h('div', { class: 'row' }, rotation, h('label', { for: 'rotation' }, t('site-rotation'))),
    turn.row,
    h('div', { class: 'row' }, rated, h('label', { for: 'rated' }, t('site-rated'))),
    h('button', { type: 'submit', class: 'primary', dataset: { testid: 'create-room' } }, t('site-create-room')),
    error);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const seconds = turn.select.value ? Number(turn.select.value) : null;
    const body = modeHouse.checked
      ? {
        house_rules: {
          houses: Number(houses.select.value), seeds: Number(seedCount.select.value),
          capture: capture.select.value, rotation: rotation.checked,
        },
        rated: rated.checked, turn_seconds: seconds,
      }
      : { rules: preset.select.value, rotation: rotation.checked, rated: rated.checked, turn_seconds: seconds };
    createRoom(body, player, go, error, null);
  });
  replace(container, form);
}

/**
 * A house count as the form offers it: "6", or "7 (2 players)" when it
 * suits only some of the player counts.
 * @param {{value: number, players: number[]}} c
 * @param {number[]} all the player counts of the house rules
 */
function housesWords(c, all) {
  if (c.players.length === all.length) return num(c.value);
  return t('site-houses-choice', { houses: c.value, players: orList(c.players) });
}

/**
 * Every game: its name, a line, and a link to its rules page.
 * @param {HTMLElement} container
 * @param {PresetRow[]} presets
 */
function gameList(container, presets) {
  replace(container, h('ul', { class: 'games' }, ...presets.map((p) => h('li', { dataset: { testid: `rules-${p.name}` } },
    h('a', { href: `/rules/${p.name}`, dataset: { internal: '1' } }, gameName(p.name)),
    ' ', h('span', { class: 'note' }, gameSummary(p.name))))));
}

/** @param {(path: string) => void} go */
function joinSection(go) {
  const input = /** @type {HTMLInputElement} */ (h('input', { id: 'join', name: 'join', placeholder: 'https://…/r/…', autocomplete: 'off' }));
  const error = h('p', { class: 'error', 'aria-live': 'assertive' });
  const form = h('form', { class: 'row' },
    h('label', { for: 'join' }, t('site-invite-link')), input, h('button', { type: 'submit' }, t('site-join')));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const code = roomInText(input.value);
    if (code) go(`/r/${code}`);
    else error.textContent = t('site-not-an-invite');
  });
  return h('section', { 'aria-labelledby': 'join-h' }, h('h2', { id: 'join-h' }, t('site-join-room')), form, error);
}

/** @param {HTMLElement} container */
async function leaderboard(container) {
  try {
    const { players } = await request('GET', '/api/leaderboard?limit=20');
    if (!players.length) {
      replace(container, h('p', { class: 'note' }, t('site-no-rated-games')));
      return;
    }
    replace(container, h('table', { class: 'leaderboard' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, '#'), h('th', { scope: 'col' }, t('site-player')),
        h('th', { scope: 'col' }, t('site-rating')), h('th', { scope: 'col' }, t('site-games-played')))),
      h('tbody', {}, ...players.map((/** @type {any} */ p, /** @type {number} */ i) => h('tr', {},
        h('td', {}, num(i + 1)),
        h('td', {}, h('a', { href: `/p/${p.player}`, dataset: { internal: '1', testid: 'leaderboard-player' } }, p.name)),
        h('td', {}, t('site-rating-value', { rating: Math.round(p.rating), deviation: Math.round(2 * p.deviation) })),
        h('td', {}, num(p.games)))))));
  } catch {
    replace(container, h('p', { class: 'error' }, t('site-leaderboard-failed')));
  }
}

/**
 * A failed request in words: the server's refusal by its code.
 * @param {unknown} e
 */
export function errorWords(e) {
  const code = e instanceof ApiError ? e.code : '';
  const id = `error-${code.replace(/_/g, '-')}`;
  if (e instanceof ApiError && has(id)) return t(id, e.args);
  return t('error-unknown', { code: code || String(e) });
}
