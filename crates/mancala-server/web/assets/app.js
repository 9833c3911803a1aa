// The page's entry point: makes sure this device has a player, then
// shows the home page at `/` or a room at `/r/CODE` (the invite link).

import { ensurePlayer, roomInPath, storePlayer } from './api.js';
import { replace, h, say } from './dom.js';
import { showHome } from './home.js';
import { RoomPage } from './room.js';

/** @type {RoomPage|null} */
let current = null;

/** Shows the page for the current address. */
async function route() {
  const main = /** @type {HTMLElement} */ (document.getElementById('main'));
  if (current) {
    current.close();
    current = null;
  }
  let player;
  try {
    player = await ensurePlayer();
  } catch (e) {
    replace(main, h('p', { class: 'error' }, 'Cannot reach the server: ' + errorText(e)));
    return;
  }
  showWho(player);
  const code = roomInPath();
  if (code) {
    current = new RoomPage(main, player, code);
  } else {
    showHome(main, player, {
      go: navigate,
      renamed: (name) => {
        player.name = name;
        storePlayer(player);
        showWho(player);
      },
    });
  }
}

/** Shows who this device plays as, in the header. */
function showWho(player) {
  const who = document.getElementById('who');
  if (who) who.textContent = player.name;
}

/** Goes to `path` inside the page (no reload). */
export function navigate(path) {
  history.pushState(null, '', path);
  say('');
  route();
}

/** @param {unknown} e */
function errorText(e) {
  return e instanceof Error ? e.message : String(e);
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
route();
