// @ts-check
// The rules pages: a game's page (`/rules/GAME`), the page of any rule
// set (`/rules?spec=...`), and the list of games (`/rules`). A page is
// built like the seed documents: aim, setup, how to play, winning and
// scoring, common variants, this site's defaults (and, for the game the
// house rules play, the house rules), glossary, questions and answers.
// What is rules comes from the engine (POST /api/explain: the topics,
// the aim, the terms, the questions); the site's defaults from GET
// /api/site; the history and the variants are written (lore.ftl). The
// page holds none of them.

import { ensurePlayer, request } from './api.js';
import { h, replace } from './dom.js';
import { gameName, gameSummary } from './games.js';
import { language, num, orList, paragraph, phrase, t } from './i18n.js';

/**
 * @typedef {import('./i18n.js').Phrase} Phrase
 * @typedef {{id: string, phrases: Phrase[]}} Topic
 * @typedef {{id: string, name: Phrase, meaning: Phrase[]}} Term
 * @typedef {{id: string, question: Phrase, answer: Phrase[]}} Question
 * @typedef {{min_players: number, max_players: number, rotation: boolean}} RoomFacts
 * @typedef {{
 *   explanation: Topic[], aim: {phrases: Phrase[]}, glossary: Term[],
 *   questions: Question[], room: RoomFacts|null,
 * }} Explanation
 * @typedef {{
 *   house_rules: {
 *     preset: string, houses: {value: number, players: number[]}[], seeds: number[],
 *     capture: string[], capture_players: number[], players: number[],
 *     default: {houses: number, seeds: number, capture: string, rotation: boolean},
 *   },
 *   turn_seconds: number[], takeover_after: number,
 *   rating: {system: string, draw: number}, rotation: boolean,
 * }} Site
 * @typedef {{name: string, rules: string, min_players: number, max_players: number}} PresetRow
 */

/** The topics of the setup and of winning; every other is how to play. */
const SETUP = ['board'];
const WINNING = ['end', 'scoring'];

/**
 * Shows the rules page of `which`: a preset (`slug`), a rule set
 * (`spec`), or the list of games (neither).
 * @param {HTMLElement} main
 * @param {{slug?: string, spec?: string}} which
 * @param {(path: string) => void} go moves to a page of the site
 */
export async function showRules(main, which, go) {
  replace(main, h('p', {}, t('site-loading')));
  try {
    const [{ presets }, site] = await Promise.all([request('GET', '/api/presets'), request('GET', '/api/site')]);
    if (!which.slug && !which.spec) {
      showList(main, presets);
      return;
    }
    /** @type {PresetRow|undefined} */
    const preset = presets.find((/** @type {PresetRow} */ p) => p.name === which.slug);
    const spec = preset ? preset.rules : which.spec;
    if (!spec) throw new Error(`no game ${which.slug}`);
    /** @type {Explanation} */
    const explained = await request('POST', '/api/explain', { rules: spec });
    showPage(main, { slug: preset ? preset.name : null, spec }, explained, site, go);
  } catch {
    replace(main, h('p', { class: 'error' }, t('site-rules-failed')));
  }
}

/**
 * The list of every game, with its line.
 * @param {HTMLElement} main
 * @param {PresetRow[]} presets
 */
function showList(main, presets) {
  document.title = t('site-games');
  replace(main, h('h1', {}, t('site-games')), h('ul', { class: 'games' }, ...presets.map((p) => h('li', {},
    h('a', { href: `/rules/${p.name}`, dataset: { internal: '1' } }, gameName(p.name)), ' ',
    h('span', { class: 'note' }, gameSummary(p.name))))));
}

/**
 * A game's page, or a rule set's.
 * @param {HTMLElement} main
 * @param {{slug: string|null, spec: string}} game
 * @param {Explanation} explained
 * @param {Site} site
 * @param {(path: string) => void} go
 */
function showPage(main, game, explained, site, go) {
  const { slug, spec } = game;
  const name = slug ? gameName(slug) : t('site-custom-rules');
  document.title = t('lore-page-title', { game: name });
  const topics = explained.explanation;
  const houseRules = slug !== null && slug === site.house_rules.preset;
  replace(main,
    h('article', { class: 'rules-page' },
      h('h1', {}, name),
      slug ? h('p', { class: 'lead' }, gameSummary(slug))
        : h('p', { class: 'lead' }, t('lore-custom-lead'), ' ', h('code', { class: 'spec', translate: 'no' }, spec)),
      playAction(game, go, 'play-rules'),
      section('aim', t('lore-section-aim'), h('p', {}, paragraph(explained.aim.phrases.map(phrase)))),
      slug ? section('history', t('lore-section-history'), h('p', {}, t(`lore-${slug}-history`))) : null,
      section('setup', t('lore-section-setup'), sentences(topics.filter((x) => SETUP.includes(x.id)).flatMap((x) => x.phrases))),
      section('play', t('lore-section-play'), ...topicBlocks(topics.filter((x) => !SETUP.includes(x.id) && !WINNING.includes(x.id)))),
      section('winning', t('lore-section-winning'), ...topicBlocks(topics.filter((x) => WINNING.includes(x.id)))),
      slug ? section('variants', t('lore-section-variants'), lines(t(`lore-${slug}-variants`))) : null,
      section('site', t('lore-section-site'), siteTable(site, houseRules ? houseRulesRoom(site) : explained.room)),
      houseRules ? section('house-rules', t('lore-section-house-rules'),
        h('p', {}, t('lore-house-rules-intro')), houseRulesTable(site)) : null,
      section('glossary', t('lore-section-glossary'), glossary(explained.glossary)),
      section('questions', t('lore-section-questions'), questions(explained.questions)),
      h('p', { class: 'rules-end' }, playAction(game, go, 'play-rules-end'), ' ',
        h('a', { href: '/rules', dataset: { internal: '1' } }, t('lore-all-games')))));
}

/**
 * A section of the page, titled (an h2 that names it for assistive
 * technology too).
 * @param {string} id
 * @param {string} title
 * @param {...import('./dom.js').Child} children
 */
function section(id, title, ...children) {
  const heading = `rules-${id}-h`;
  return h('section', { 'aria-labelledby': heading, dataset: { section: id } },
    h('h2', { id: heading }, title), ...children);
}

/**
 * Sentences of the engine's, one to a list item.
 * @param {Phrase[]} phrases
 */
function sentences(phrases) {
  return h('ul', {}, ...phrases.map((p) => h('li', {}, phrase(p))));
}

/**
 * Each topic under its title (an h3), its sentences listed.
 * @param {Topic[]} topics
 */
function topicBlocks(topics) {
  return topics.map((topic) => h('div', { class: 'topic', dataset: { topic: topic.id } },
    h('h3', {}, t(`rules-topic-${topic.id.replace(/_/g, '-')}`)),
    sentences(topic.phrases)));
}

/**
 * A written message of several lines as a list, one item a line.
 * @param {string} text
 */
function lines(text) {
  return h('ul', {}, ...text.split('\n').filter((l) => l.trim()).map((l) => h('li', {}, l.trim())));
}

/**
 * The link (a preset: to the home page with it chosen) or button (a rule
 * set: a new room of it) that plays these rules.
 * @param {{slug: string|null, spec: string}} game
 * @param {(path: string) => void} go
 * @param {string} testid
 */
function playAction(game, go, testid) {
  if (game.slug) {
    return h('a', { class: 'button primary', href: `/?rules=${encodeURIComponent(game.slug)}`, dataset: { internal: '1', testid } }, t('lore-play'));
  }
  const error = h('span', { class: 'error', 'aria-live': 'assertive' });
  const button = h('button', { type: 'button', class: 'primary', dataset: { testid } }, t('lore-play'));
  button.addEventListener('click', async () => {
    try {
      const me = await ensurePlayer(() => t('site-default-name', { number: 100 + Math.floor(Math.random() * 900) }));
      const room = await request('POST', '/api/rooms', { rules: game.spec }, me);
      // The host sits down on arrival (see room/index.js).
      sessionStorage.setItem('mancala.created', room.code);
      go(`/r/${room.code}`);
    } catch {
      error.textContent = t('site-rules-failed');
    }
  });
  return h('span', {}, button, ' ', error);
}

/**
 * The room the house rules make: their player counts and rotation.
 * @param {Site} site
 * @returns {RoomFacts}
 */
function houseRulesRoom(site) {
  const players = site.house_rules.players;
  return { min_players: Math.min(...players), max_players: Math.max(...players), rotation: site.house_rules.default.rotation };
}

/**
 * A table of rows, each a header cell and cells, under column headers.
 * @param {string} testid
 * @param {string[]} columns
 * @param {[string, ...import('./dom.js').Child[]][]} rows
 */
function table(testid, columns, rows) {
  return h('div', { class: 'table-wrap' }, h('table', { class: 'rules-table', dataset: { testid } },
    h('thead', {}, h('tr', {}, ...columns.map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, ...rows.map(([head, ...cells]) => h('tr', {},
      h('th', { scope: 'row' }, head), ...cells.map((c) => h('td', {}, c)))))));
}

/**
 * This site's defaults for a room of these rules (the seed's first table).
 * @param {Site} site
 * @param {RoomFacts|null} room
 */
function siteTable(site, room) {
  /** @type {[string, ...import('./dom.js').Child[]][]} */
  const rows = [];
  if (room) {
    const fixed = room.min_players === room.max_players;
    rows.push([t('lore-site-players'), valued(t('lore-site-players-value', {
      min: room.min_players, max: room.max_players, range: fixed ? 'fixed' : 'range',
    }), { min: room.min_players, max: room.max_players })]);
  }
  rows.push(
    [t('lore-site-turn'), valued(t('lore-site-turn-value', { choices: orList(site.turn_seconds), count: site.turn_seconds.length }), { value: 'none', choices: site.turn_seconds.join(',') })],
    [t('lore-site-dropped'), valued(t('lore-site-dropped-value', { seconds: site.takeover_after }), { value: site.takeover_after })],
    [t('lore-site-draw'), valued(t('lore-site-draw-value', { score: site.rating.draw }), { value: site.rating.draw })],
  );
  if (room) {
    rows.push([t('lore-site-rotation'), valued(t('lore-site-rotation-value', { rotation: room.rotation ? 'on' : 'off' }), { value: String(room.rotation) })]);
  }
  return table('site-defaults', [t('lore-site-item'), t('lore-site-default')], rows);
}

/**
 * Text with the value it says kept as data (`data-value`, ...), for
 * tests and tools that compare the page with the server.
 * @param {string} text
 * @param {Record<string, string|number>} data
 */
function valued(text, data) {
  return h('span', { dataset: data }, text);
}

/**
 * Items as the language says "a, b or c".
 * @param {string[]} items
 */
function orTexts(items) {
  return new Intl.ListFormat(language().code, { type: 'disjunction' }).format(items);
}

/**
 * Items as the language says "a, b and c".
 * @param {string[]} items
 */
function andTexts(items) {
  return new Intl.ListFormat(language().code, { type: 'conjunction' }).format(items);
}

/**
 * The house rules' choices and defaults (the seed's second table), all
 * from GET /api/site.
 * @param {Site} site
 */
function houseRulesTable(site) {
  const offer = site.house_rules;
  const d = offer.default;
  const yes = t('lore-house-rules-yes');
  const houses = andTexts(offer.houses.map((c) => t('lore-house-rules-houses-choice', { houses: c.value, players: orList(c.players) })));
  const captures = orTexts(offer.capture.map((c) => t('site-capture-choice', { capture: c })));
  /** @type {[string, ...import('./dom.js').Child[]][]} */
  const rows = [
    [t('lore-house-rules-houses'), t('lore-house-rules-houses-details', { choices: houses, fallback: d.houses }),
      valued(num(d.houses), { value: d.houses }), yes],
    [t('lore-house-rules-seeds'), t('lore-house-rules-seeds-details', { choices: orList(offer.seeds) }),
      valued(num(d.seeds), { value: d.seeds }), yes],
    [t('lore-house-rules-capture'), t('lore-house-rules-capture-details', { players: orList(offer.capture_players), choices: captures }),
      valued(t('site-capture-choice', { capture: d.capture }), { value: d.capture }), yes],
    [t('lore-house-rules-rotation'), t('lore-house-rules-rotation-details'),
      valued(d.rotation ? t('lore-on') : t('lore-off'), { value: String(d.rotation) }), yes],
  ];
  return table('house-rules', [t('lore-house-rules-name'), t('lore-house-rules-details'), t('lore-house-rules-default'), t('lore-house-rules-changeable')], rows);
}

/**
 * The terms these rules use, each with its meaning.
 * @param {Term[]} terms
 */
function glossary(terms) {
  return h('dl', { class: 'glossary' }, ...terms.flatMap((term) => [
    h('dt', { dataset: { term: term.id } }, phrase(term.name)),
    h('dd', {}, paragraph(term.meaning.map(phrase)))]));
}

/**
 * The questions, each with its answer.
 * @param {Question[]} list
 */
function questions(list) {
  return h('dl', { class: 'faq' }, ...list.flatMap((q) => [
    h('dt', { dataset: { question: q.id } }, phrase(q.question)),
    h('dd', {}, paragraph(q.answer.map(phrase)))]));
}
