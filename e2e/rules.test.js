// The home page's "Rules of the games" in a real browser against the real
// server: every preset is there, closed, and opening Oware's shows its
// rules in words (the sentences are written here from docs/rules.md, not
// taken from the page), on a desktop and on a 360 px phone in the dark.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testEnvironment } from './harness.js';

const env = testEnvironment();

// docs/rules.md section 6: Oware Abapa's grand slam may be played but
// captures nothing; section 7: 25 of the 48 seeds win.
const GRAND_SLAM = 'A move whose capture would take every seed left on your opponent\'s side (a grand slam) may be played, but captures nothing.';
const MAJORITY = 'more than half of the 48 seeds in their store (25 or more)';

/** Opens the home page and Oware's rules; returns the opened `<details>`. */
async function openOware(page) {
  await page.goto(env.server.url);
  await page.getByRole('heading', { level: 2, name: 'Rules of the games' }).waitFor();
  const oware = page.getByTestId('rules-oware');
  await oware.waitFor();
  assert.equal(await oware.evaluate((el) => el.tagName), 'DETAILS');
  assert.equal(await oware.evaluate((el) => /** @type {HTMLDetailsElement} */ (el).open), false);
  const grandSlam = oware.getByText(GRAND_SLAM);
  assert.equal(await grandSlam.isVisible(), false, 'closed until asked');
  await oware.locator('summary').click();
  await grandSlam.waitFor({ state: 'visible' });
  return oware;
}

test('the home page lists every preset and says Oware\'s rules in words', async () => {
  const you = await env.player();
  const oware = await openOware(you.page);
  // The summary: the name and the one-line description.
  const summary = await oware.locator('summary').textContent();
  assert.match(summary, /^oware Oware Abapa: /);
  // Each topic in bold, its text beside it, as text.
  const topic = oware.locator('dt', { hasText: 'Grand slam' });
  assert.equal(await topic.evaluate((el) => getComputedStyle(el).fontWeight), '700');
  assert.equal(await topic.evaluate((el) => el.nextElementSibling?.textContent), GRAND_SLAM);
  assert.ok((await oware.locator('dd', { hasText: MAJORITY }).count()) === 1);
  assert.equal(await oware.locator('dd *').count(), 0, 'the texts hold no markup');
  // Every preset of the server is listed.
  const names = await you.page.locator('[data-testid^="rules-"]').evaluateAll(
    (els) => els.map((e) => /** @type {HTMLElement} */ (e).dataset.testid),
  );
  assert.equal(names.length, 22);
  for (const name of ['rules-kalah', 'rules-toguz-kumalak', 'rules-congkak', 'rules-halusa']) {
    assert.ok(names.includes(name), name);
  }
  env.assertNoConsoleErrors();
});

test('the rules fit a 360 px phone in the dark', async () => {
  const phone = { viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true, colorScheme: 'dark' };
  const you = await env.player(phone);
  const oware = await openOware(you.page);
  await oware.scrollIntoViewIfNeeded();
  const width = await you.page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `page width ${width}`);
  // Text and card differ in the dark scheme (not dark on dark).
  const [fg, bg] = await oware.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
  assert.notEqual(fg, bg);
  assert.equal(bg, 'rgb(33, 27, 21)', 'the dark card colour of style.css');
  env.assertNoConsoleErrors();
});
