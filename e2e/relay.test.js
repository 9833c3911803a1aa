// A relay sowing that lifts the mover's store (`relay_store`,
// docs/rules.md section 3; CrossCapt Eight) in a real browser: the page
// animates every step the `moved` effect carries, the store's lift
// included, so that the store's count goes up by the seed sown into it,
// down to 0 when a relay lifts it, and the board ends as the server says.
//
// The move and its counts are worked out by hand from docs/rules.md (as
// crates/mancala-server/tests/relay_store_and_no_undo.rs), and checked
// against `mancala replay` of the move.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { replay, rulesHostAndGuest, shownCounts, testEnvironment } from './harness.js';

const env = testEnvironment();

/** CrossCapt Eight (crates/mancala-core/rules/crosscapt-eight.toml) as a spec. */
const RULES = 'kalah,relay=next,relay_on=any,relay_limit=64,capture_ends_relay=true,'
  + 'end=any_side_empty,majority,leftover=last_mover,cycle_leftover=owner,relay_store=true';

/**
 * Records on `page` every count shown in Ann's store and Bob's house 1,
 * in the order the counts changed (one observer: its records come in
 * that order), as `window.counts`.
 * @param {import('playwright-core').Page} page
 */
async function watchCounts(page) {
  await page.evaluate(() => {
    const seen = /** @type {any} */ (window);
    seen.counts = [];
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        const el = /** @type {HTMLElement} */ (r.target);
        seen.counts.push(`${el.dataset.testid} ${el.dataset.count}`);
      }
    });
    for (const testid of ['store-0', 'house-1-1']) {
      observer.observe(/** @type {HTMLElement} */ (document.querySelector(`[data-testid="${testid}"]`)), { attributes: true, attributeFilter: ['data-count'] });
    }
  });
}

/** The counts `watchCounts` recorded on `page`. */
function countsSeen(page) {
  return page.evaluate(() => /** @type {any} */ (window).counts);
}

/** The store's lift animated: it empties before its seed reaches Bob's house 1. */
const LIFTED = ['store-0 1', 'house-1-1 5', 'store-0 0', 'house-1-1 6'];

test('a relay that lifts the store is animated to the right counts', async () => {
  const ann = await env.player({ reducedMotion: 'reduce' });
  const bob = await env.player({ viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true, reducedMotion: 'no-preference' });
  await rulesHostAndGuest(env.server.url, RULES, ann, bob);
  await ann.page.getByTestId('start-game').click();
  await ann.page.locator('[data-ready="yes"]').waitFor();
  await bob.page.getByTestId('store-0').waitFor();
  // Every count Bob's page shows in Ann's store and in Bob's house 1, in
  // the order shown, while the move is animated.
  await watchCounts(bob.page);
  // Ann's house 5 from the start: her house 6 and her store (1), Bob's
  // houses 1, 2; relay Bob's house 3 (4): Bob's 4, 5, 6, Ann's 1; relay
  // Ann's house 2 (4): Ann's 3, 4, 5, 6, her last house, so her store is
  // lifted (1, store 0) and its seed goes into Bob's house 1 (6); relay
  // Bob's house 2 (5): Bob's 3, 4, 5, 6, Ann's house 1, before her empty
  // house 2: the end, no capture.
  await ann.page.getByTestId('house-0-5').click();
  await bob.page.locator('[data-testid="moves"] li').first().waitFor({ timeout: 15000 });
  const after = { houses: [[6, 0, 5, 5, 1, 6], [6, 0, 1, 6, 6, 6]], stores: [0, 0] };
  assert.deepEqual(replay(RULES, ['5']).houses, after.houses);
  for (const p of [ann, bob]) assert.deepEqual(await shownCounts(p.page, 2, 6), after);
  // The store's lift is animated: it empties before its seed reaches
  // Bob's house 1 (a page that skipped the lift would show the final
  // board at once, the houses before the stores).
  assert.deepEqual(await countsSeen(bob.page), LIFTED);

  // The replay's step forward sows the move the same way: Bob resigns,
  // and opens the game's page at its start.
  await bob.page.getByTestId('resign').click();
  await bob.page.getByTestId('resign').click();
  await bob.page.getByTestId('result-replay').click();
  await bob.page.waitForURL(/\/g\/[0-9a-f]{32}/);
  const replayUrl = bob.page.url().replace(/#.*$/, '');
  await bob.page.goto('about:blank');
  await bob.page.goto(`${replayUrl}#0`);
  await bob.page.locator('[data-testid="replay-ply"][data-ply="0"]').waitFor();
  await watchCounts(bob.page);
  await bob.page.keyboard.press('ArrowRight');
  await bob.page.locator('[data-testid="replay-ply"][data-ply="1"]').waitFor();
  await bob.page.waitForFunction(() => !document.querySelector('.hand'));
  assert.deepEqual(await shownCounts(bob.page, 2, 6), after);
  assert.deepEqual(await countsSeen(bob.page), LIFTED);
  env.assertNoConsoleErrors();
});
