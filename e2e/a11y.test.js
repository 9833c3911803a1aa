// An accessibility audit of the page with axe-core (the npm package, the
// engine behind most audit tools) in Debian's Chromium: the home page, a
// rules page, a room before its game, a game in progress, a game's replay
// and a player's page, in English
// and in Bengali, on a desktop and on a 360 px phone. No violation of
// impact "serious" or "critical" may be found.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { hostAndGuest, mover, testEnvironment } from './harness.js';

// axe is injected as a script, which the page's Content-Security-Policy
// (its own scripts only) would refuse: the audit's browser bypasses it.
const env = testEnvironment({ playerDefaults: { bypassCSP: true, reducedMotion: 'reduce' } });
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The serious and critical violations axe finds on `page` now.
 * @param {import('playwright-core').Page} page
 */
async function audit(page) {
  await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(async () => {
    // @ts-ignore: injected above
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((/** @type {any} */ v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 3).map((/** @type {any} */ n) => n.target.join(' ')),
    }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * @param {import('playwright-core').Page} page
 * @param {string} where
 */
async function assertAccessible(page, where) {
  const found = await audit(page);
  assert.deepEqual(found, [], `${where}: ${JSON.stringify(found, null, 1)}`);
}

for (const [locale, label] of [['en-GB', 'English'], ['bn-BD', 'Bengali']]) {
  for (const [viewport, device] of [[{ width: 1100, height: 900 }, 'desktop'], [{ width: 360, height: 760 }, 'phone']]) {
    test(`${label}, ${device}: home, rules, a room and a game in progress pass axe`, async () => {
      const options = { locale, viewport, colorScheme: /** @type {'dark'} */ (device === 'phone' ? 'dark' : 'light') };
      const ann = await env.player(options);
      const bob = await env.player(options);
      await ann.page.goto(env.server.url);
      await ann.page.getByTestId('create-room').waitFor();
      await assertAccessible(ann.page, 'home');
      await ann.page.goto(`${env.server.url}/rules/kalah`);
      await ann.page.locator('main h1').waitFor();
      await assertAccessible(ann.page, 'rules of Kalah');
      await hostAndGuest(env.server.url, ann, bob);
      await assertAccessible(ann.page, 'a room before its game');
      await ann.page.getByTestId('start-game').click();
      const first = await mover([ann, bob]);
      assert.ok(first);
      await first.page.locator('[data-ready="yes"]').waitFor();
      await assertAccessible(first.page, 'a game in progress, to move');
      await assertAccessible(first === ann ? bob.page : ann.page, 'a game in progress, waiting');
      env.assertNoConsoleErrors();
    });
  }
}

for (const [locale, label] of [['en-GB', 'English'], ['bn-BD', 'Bengali']]) {
  for (const [viewport, device] of [[{ width: 1100, height: 900 }, 'desktop'], [{ width: 360, height: 760 }, 'phone']]) {
    test(`${label}, ${device}: a game's replay and a player's page pass axe`, async () => {
      const options = { locale, viewport, colorScheme: /** @type {'dark'} */ (device === 'phone' ? 'dark' : 'light') };
      const ann = await env.player(options);
      const bob = await env.player(options);
      await hostAndGuest(env.server.url, ann, bob);
      await ann.page.getByTestId('start-game').click();
      const first = await mover([ann, bob]);
      assert.ok(first);
      await first.page.locator('[data-ready="yes"]').waitFor();
      await first.page.locator('[data-testid^="house-"]:enabled').first().click();
      await ann.page.locator('[data-testid="moves"] li').first().waitFor();
      // A replay of a game being played, then of the game resigned.
      const id = await ann.page.evaluate(async () => {
        const me = JSON.parse(localStorage.getItem('mancala.player') || '{}').id;
        const r = await fetch(`/api/players/${me}/games?scope=all&limit=1`);
        return (await r.json()).games[0].game;
      });
      const watcher = await env.player(options);
      await watcher.page.goto(`${env.server.url}/g/${id}`);
      await watcher.page.locator('[data-testid="replay-ply"][data-ply="1"]').waitFor();
      await assertAccessible(watcher.page, 'a replay of a game being played');
      await watcher.page.getByTestId('replay-seat-0').click();
      await watcher.page.getByTestId('player-games').locator('li[data-game]').first().waitFor();
      await assertAccessible(watcher.page, "a player's page");
    });
  }
}
