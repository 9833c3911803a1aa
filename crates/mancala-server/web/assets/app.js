// @ts-check
// The page's entry point: loads the words of the language to speak,
// makes sure this device has a player, draws the header (the language
// menu on every page), then shows the page of the address: the home page
// at `/`, a room at `/r/CODE` (the invite link), the rules of a game at
// `/rules/GAME` (or `/rules?spec=...` for any rule set), a game's replay
// at `/g/ID`, a player's page at `/p/ID`.

import { ensurePlayer, roomInPath, storePlayer } from './api.js';
import { h, replace } from './dom.js';
import { allLanguages, language, onLanguage, setLanguage, startWords, t } from './i18n.js';
import { showHome } from './home.js';
import { showRules } from './rules.js';
import { RoomPage } from './room/index.js';
import { PlayerPage } from './player.js';
import { ReplayPage } from './replay.js';
import { startQueue } from './queue.js';
import { soundSwitch } from './sound.js';

/** @type {{close: () => void}|null} */
let current = null;
/** @type {import('./api.js').Player|null} */
let player = null;

/** Shows the page for the current address. */
async function route() {
  const main = /** @type {HTMLElement} */ (document.getElementById('main'));
  if (current) {
    current.close();
    current = null;
  }
  document.title = t('site-title');
  const rules = rulesInPath();
  if (rules) {
    showRules(main, rules, navigate);
    return;
  }
  let me;
  try {
    // A first name until the person gives theirs: "Player 472" in the
    // language of the page.
    me = await ensurePlayer(() => t('site-default-name', { number: 100 + Math.floor(Math.random() * 900) }));
  } catch (e) {
    replace(main, h('p', { class: 'error' }, t('site-server-unreachable')));
    return;
  }
  player = me;
  startQueue(me, (code) => navigate(`/r/${code}`));
  showWho();
  const code = roomInPath();
  const game = location.pathname.match(/^\/g\/([0-9a-f]{32})\/?$/);
  const someone = location.pathname.match(/^\/p\/([0-9a-f]{32}|ai:[0-9]{1,2})\/?$/);
  if (code) {
    current = new RoomPage(main, me, code);
  } else if (game) {
    current = new ReplayPage(main, me, game[1]);
  } else if (someone) {
    current = new PlayerPage(main, me, someone[1]);
  } else {
    showHome(main, me, {
      go: navigate,
      renamed: (name) => {
        me.name = name;
        storePlayer(me);
        showWho();
      },
    });
  }
}

/**
 * The game or rule set of a rules page's address: `/rules/kalah` gives
 * `{slug: 'kalah'}`, `/rules?spec=...` the spec, `/rules` the list.
 * @returns {{slug?: string, spec?: string}|null}
 */
function rulesInPath() {
  const m = location.pathname.match(/^\/rules(?:\/([a-z0-9-]+))?\/?$/);
  if (!m) return null;
  if (m[1]) return { slug: m[1] };
  const spec = new URLSearchParams(location.search).get('spec');
  return spec ? { spec } : {};
}

/** Shows who this device plays as, in the header. */
function showWho() {
  const who = document.getElementById('who');
  if (who && player) who.textContent = player.name;
}

/** The header: the site's name, the games' rules, the sound switch, the language menu. */
function header() {
  const top = document.getElementById('top');
  if (!top) return;
  const menu = /** @type {HTMLSelectElement} */ (h('select', {
    id: 'language', dataset: { testid: 'language' }, 'aria-label': t('site-language'),
  }, ...allLanguages().map((l) => h('option', { value: l.code, lang: l.code }, l.name))));
  menu.value = language().code;
  menu.addEventListener('change', () => { setLanguage(menu.value); });
  replace(top,
    h('a', { class: 'brand', href: '/', dataset: { internal: '1' } }, t('site-title')),
    h('nav', { 'aria-label': t('site-nav') }, h('a', { href: '/rules', dataset: { internal: '1' } }, t('site-nav-rules'))),
    h('span', { class: 'who', id: 'who' }),
    soundSwitch(),
    menu);
  showWho();
}

/**
 * Goes to `path` inside the page (no reload).
 * @param {string} path
 */
export function navigate(path) {
  history.pushState(null, '', path);
  const status = document.getElementById('status');
  if (status) status.textContent = '';
  route();
}

window.addEventListener('popstate', () => route());
document.addEventListener('click', (event) => {
  // Links inside the page move without a reload.
  const target = /** @type {Element} */ (event.target);
  const a = target.closest && target.closest('a[data-internal]');
  if (a && event.button === 0 && !event.metaKey && !event.ctrlKey) {
    event.preventDefault();
    navigate(a.getAttribute('href') || '/');
  }
});

startWords().then(() => {
  header();
  // A room redraws itself in a new language; the other pages are drawn again.
  onLanguage(() => {
    header();
    document.title = t('site-title');
    if (!(current instanceof RoomPage)) route();
  });
  route();
});
